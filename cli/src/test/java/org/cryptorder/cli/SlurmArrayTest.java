package org.cryptorder.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.cryptorder.experiment.Tables;
import org.cryptorder.testing.RequiredTool;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code scripts/slurm-array.sh} on a real Slurm: starts a one-node cluster on this machine
 * ({@code scripts/slurm-one-node.sh}, which installs Debian's slurm-wlm and munge if missing; needs
 * root), submits a 4-way array of a small experiment, waits for every task to be logged as
 * completed, merges the shards and compares the tables with a local run of the whole experiment,
 * then stops the daemons. Tagged {@code slurm}: skip it with {@code -Dcryptorder.excludedGroups=slurm}.
 */
@Tag("slurm")
class SlurmArrayTest {
    private static final Duration START = Duration.ofMinutes(10);  // includes installing Slurm
    private static final Duration ARRAY = Duration.ofMinutes(5);
    private static final int SHARDS = 4;

    @TempDir
    Path tmp;

    @Test
    void aFourWayArrayMergedGivesTheTablesOfALocalRun() throws Exception {
        // the script installs slurm-wlm and munge when they are missing: only when installing is allowed
        RequiredTool.need(RequiredTool.onPath("slurmctld") && RequiredTool.onPath("munged")
                || RequiredTool.installAllowed(), "slurm", "slurmctld and munged are not on the PATH and"
                + " -Dcryptorder.installTools=true is not set", "slurm-wlm munge");
        Path home = ProjectPaths.home().toAbsolutePath();
        Path cluster = tmp.resolve("cluster");
        Path script = home.resolve("scripts/slurm-one-node.sh");
        Result started = run(List.of("bash", script.toString(), "start", cluster.toString()), tmp, Map.of(), START);
        assertThat(started.status()).as("starting the one-node cluster:\n%s", started.output()).isZero();
        try {
            Map<String, String> env = Map.of("SLURM_CONF", cluster.resolve("slurm.conf").toString(),
                    "CRYPTORDER", launcher(home).toString());
            Path file = tmp.resolve("small.json");
            Files.writeString(file, RunCommandTest.SMALL);
            Path shards = tmp.resolve("shards");
            Result submitted = run(List.of("sbatch", "--parsable", "--array=0-" + (SHARDS - 1),
                    "--output=" + tmp.resolve("slurm-%A_%a.out"), home.resolve("scripts/slurm-array.sh").toString(),
                    file.toString(), shards.toString()), tmp, env, Duration.ofMinutes(1));
            assertThat(submitted.status()).as(submitted.output()).isZero();
            String job = submitted.output().strip().split(";")[0];

            List<String> done = waitForArray(cluster.resolve("log/jobcomp.txt"), job);
            assertThat(done).as("every task completed with exit code 0; task output:\n%s", taskOutput())
                    .hasSize(SHARDS).allSatisfy(l -> assertThat(l).contains("JobState=COMPLETED", "ExitCode=0:0"));
            for (int i = 0; i < SHARDS; i++) {
                assertThat(shards.resolve("runs.shard-" + i + "-of-" + SHARDS + ".csv")).exists();
            }

            CliRun merged = CliRun.of("merge", "--quiet", shards.toString());
            assertThat(merged.status()).as(merged.err()).isZero();
            Path whole = tmp.resolve("whole");
            assertThat(CliRun.of("run", "--quiet", "--out", whole.toString(), file.toString()).status()).isZero();
            for (String table : List.of("runs.csv", "summary.csv")) {
                assertThat(Tables.withoutWallClock(shards.resolve(table))).as(table)
                        .isEqualTo(Tables.withoutWallClock(whole.resolve(table)));
            }
        } finally {
            Result stopped = run(List.of("bash", script.toString(), "stop", cluster.toString()), tmp, Map.of(),
                    Duration.ofMinutes(1));
            assertThat(stopped.status()).as(stopped.output()).isZero();
        }
    }

    /** A launcher running this build's classes (the test's class path), as ./cryptorder runs the jar. */
    private Path launcher(Path home) throws IOException {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path launcher = tmp.resolve("cryptorder");
        Files.writeString(launcher, "#!/bin/sh\nCRYPTORDER_HOME='" + home + "' exec '" + java + "' -Djava.awt.headless=true"
                + " -cp '" + System.getProperty("java.class.path") + "' org.cryptorder.cli.Main \"$@\"\n");
        Files.setPosixFilePermissions(launcher, PosixFilePermissions.fromString("rwxr-xr-x"));
        return launcher;
    }

    /** The job-completion log lines of the array's tasks, once all are there (or what is there at the timeout). */
    private static List<String> waitForArray(Path jobcomp, String job) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + ARRAY.toNanos();
        List<String> lines = List.of();
        while (System.nanoTime() < deadline) {
            if (Files.exists(jobcomp)) {
                lines = Files.readAllLines(jobcomp).stream().filter(l -> l.contains(" ArrayJobId=" + job + " ")).toList();
                if (lines.size() >= SHARDS) {
                    return lines;
                }
            }
            Thread.sleep(500);
        }
        return lines;
    }

    private String taskOutput() throws IOException {
        StringBuilder b = new StringBuilder();
        try (Stream<Path> files = Files.list(tmp)) {
            for (Path p : files.filter(p -> p.getFileName().toString().startsWith("slurm-")).sorted().toList()) {
                b.append("== ").append(p.getFileName()).append('\n').append(Files.readString(p));
            }
        }
        return b.toString();
    }

    private record Result(int status, String output) {
    }

    private static Result run(List<String> command, Path dir, Map<String, String> env, Duration timeout)
            throws IOException, InterruptedException {
        Path log = Files.createTempFile(dir, "command", ".log");
        ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(command)).directory(dir.toFile())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            p.destroyForcibly();
            return new Result(-1, String.join(" ", command) + ": still running after " + timeout + "\n"
                    + Files.readString(log, StandardCharsets.UTF_8));
        }
        return new Result(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    }
}
