package org.cryptorder.cli.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.cryptorder.experiment.file.ExperimentFile;
import org.cryptorder.experiment.ExperimentRunner;
import org.cryptorder.experiment.output.Csv;
import org.cryptorder.experiment.replication.DatapathRunModel;
import org.cryptorder.experiment.wiring.Profiles;

/**
 * A sweep of independent runs (the replications of one scenario) through the experiment runner,
 * as {@code run --jobs N} runs it, once on one thread and once on N; tables go to a temporary
 * folder that is deleted afterwards. Besides the wall time, the process's CPU time over the
 * sweep says how many cores it actually had (another process on the machine takes them away).
 */
public final class SweepBenchmark {
    /** One sweep. */
    public record Pass(int jobs, double wallSeconds, double processCpuSeconds, List<String> rows) {
        /** CPU seconds per wall second: the cores the sweep used. */
        public double coresUsed() {
            return processCpuSeconds / wallSeconds;
        }
    }

    private SweepBenchmark() {
    }

    /** Runs every replication of {@code scenario} on {@code jobs} threads. */
    public static Pass pass(BenchScenario scenario, int jobs, Profiles profiles) throws Exception {
        ExperimentFile file = scenario.file(profiles);
        Path folder = Files.createTempDirectory("cryptorder-bench-sweep");
        try {
            ExperimentRunner runner = new ExperimentRunner(new DatapathRunModel(profiles),
                    new ExperimentRunner.Options(folder, jobs, false, "bench"));
            long cpu0 = processCpuNanos();
            long t0 = System.nanoTime();
            ExperimentRunner.Report report = runner.run(file, ExperimentRunner.Progress.NONE);
            long t1 = System.nanoTime();
            long cpu1 = processCpuNanos();
            if (!report.complete()) {
                throw new IllegalStateException("the sweep did not finish");
            }
            return new Pass(jobs, (t1 - t0) / 1e9, (cpu1 - cpu0) / 1e9,
                    withoutWallSeconds(Files.readAllLines(folder.resolve("runs.csv"), StandardCharsets.UTF_8)));
        } finally {
            deleteTree(folder);
        }
    }

    /** The table's rows with the {@code wall_seconds} column left out (the only one that may differ). */
    static List<String> withoutWallSeconds(List<String> lines) {
        List<String> out = new ArrayList<>();
        int column = -1;
        for (String line : lines) {
            if (line.startsWith("#")) {
                continue;
            }
            List<String> cells = new ArrayList<>(Csv.cells(line));
            if (column < 0) {
                column = cells.indexOf(ExperimentRunner.WALL_SECONDS);
                if (column < 0) {
                    throw new IllegalStateException("runs.csv without a " + ExperimentRunner.WALL_SECONDS + " column");
                }
            }
            cells.remove(column);
            out.add(Csv.line(cells));
        }
        return out;
    }

    private static long processCpuNanos() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime();
        }
        return 0;
    }

    private static void deleteTree(Path folder) throws IOException {
        try (Stream<Path> files = Files.walk(folder)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
