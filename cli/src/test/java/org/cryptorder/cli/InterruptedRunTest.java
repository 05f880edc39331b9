package org.cryptorder.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.cryptorder.experiment.Tables;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A sweep killed half way (SIGKILL, as the kernel's OOM killer or {@code kill -9} would) keeps
 * every finished run, and {@code run --resume} then gives the same tables as a run never
 * interrupted.
 */
@Tag("extensive")
class InterruptedRunTest {
    @TempDir
    Path tmp;

    static final String SWEEP = """
            {"name": "sweep", "hosts": {"cpus": 2},
             "crypto": {"policy": "async-unordered"},
             "traffic": [{"kind": "udp", "rateMbps": 2000}],
             "run": {"durationS": 0.03, "warmupS": 0.003, "replications": 2, "seed": 5},
             "sweep": {"contention.kernelFpuBusy": [0, 0.1, 0.2, 0.3, 0.4, 0.5]}}
            """;

    static long dataRows(Path csv) throws Exception {
        if (!Files.exists(csv)) {
            return 0;
        }
        return Files.readAllLines(csv).stream().filter(l -> !l.startsWith("#")).count() - 1;
    }

    @Test
    void aKilledSweepResumesToTheTablesOfAnUninterruptedOne() throws Exception {
        Path file = tmp.resolve("sweep.json");
        Files.writeString(file, SWEEP);
        Path killed = tmp.resolve("killed");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), "-Djava.awt.headless=true",
                Main.class.getName(), "run", "--quiet", "--jobs", "1", "--out", killed.toString(), file.toString())
                .redirectErrorStream(true).redirectOutput(tmp.resolve("child.log").toFile()).start();
        Path runs = killed.resolve("runs.csv");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (dataRows(runs) < 3 && p.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        p.destroyForcibly();
        assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        long kept = dataRows(runs);
        assertThat(kept).as("killed half way (see %s)", tmp.resolve("child.log")).isBetween(3L, 11L);
        assertThat(killed.resolve("summary.csv")).doesNotExist();

        CliRun resumed = CliRun.of("run", "--quiet", "--resume", "--jobs", "2", "--out", killed.toString(), file.toString());
        assertThat(resumed.status()).as(resumed.err()).isZero();
        CliRun whole = CliRun.of("run", "--quiet", "--jobs", "2", "--out", tmp.resolve("whole").toString(), file.toString());
        assertThat(whole.status()).isZero();
        for (String table : List.of("runs.csv", "summary.csv")) {
            assertThat(Tables.withoutWallClock(killed.resolve(table)))
                    .as(table).isEqualTo(Tables.withoutWallClock(tmp.resolve("whole").resolve(table)));
        }
        assertThat(dataRows(runs)).isEqualTo(12);
        try (var left = Files.list(killed)) {
            assertThat(left.map(f -> f.getFileName().toString())).as("temporary files left")
                    .noneMatch(n -> n.endsWith(".tmp"));
        }
    }
}
