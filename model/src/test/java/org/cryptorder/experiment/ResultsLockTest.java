package org.cryptorder.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.cryptorder.experiment.file.ExperimentFile;
import org.cryptorder.experiment.output.ResultsNotWrittenException;
import org.cryptorder.experiment.replication.DatapathRunModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One command at a time in a results folder. */
class ResultsLockTest {
    @TempDir
    Path dir;

    @Test
    void aSecondCommandOnAHeldFolderIsRefusedNamingTheHolder() throws Exception {
        try (ResultsLock held = ResultsLock.acquire(dir, "run")) {
            assertThat(held.takenOver()).isNull();
            assertThatThrownBy(() -> ResultsLock.acquire(dir, "merge")).isInstanceOf(ResultsLock.InUse.class)
                    .hasMessageContaining("it is in use by cryptorder run (pid " + ProcessHandle.current().pid());
        }
        assertThat(dir.resolve(ResultsLock.FILE)).as("released").doesNotExist();
        try (ResultsLock again = ResultsLock.acquire(dir, "merge")) {
            assertThat(again.takenOver()).isNull();
        }
    }

    @Test
    void aLockWhoseHolderIsGoneIsTakenOverWithANotice() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        String host = System.getenv().getOrDefault("HOSTNAME", java.net.InetAddress.getLocalHost().getHostName());
        Files.writeString(dir.resolve(ResultsLock.FILE), "pid " + gone.pid() + "\nhost " + host.strip()
                + "\nsince 2026-01-01T00:00:00Z\ncommand cryptorder run\n");
        try (ResultsLock lock = ResultsLock.acquire(dir, "run")) {
            assertThat(lock.takenOver()).contains("took over", "pid " + gone.pid(), "no longer running");
        }
    }

    @Test
    void twoRunsIntoOneFolderDoNotMix() throws Exception {
        try (ResultsLock held = ResultsLock.acquire(dir, "run")) {
            ExperimentFile f = Experiments.shortened("quickstart.json", 0.005, 1);
            assertThatThrownBy(() -> new ExperimentRunner(new DatapathRunModel(Experiments.PROFILES),
                    new ExperimentRunner.Options(dir, 1, false, "test")).run(f, ExperimentRunner.Progress.NONE))
                    .isInstanceOf(ResultsNotWrittenException.class)
                    .hasMessageStartingWith("cannot write the results to " + dir + ": it is in use by cryptorder run");
            assertThat(dir.resolve("runs.csv")).as("nothing written").doesNotExist();
        }
    }
}
