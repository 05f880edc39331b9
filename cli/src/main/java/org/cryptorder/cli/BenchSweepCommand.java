package org.cryptorder.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.cryptorder.cli.bench.BenchScenario;
import org.cryptorder.cli.bench.DatapathBenchmark;
import org.cryptorder.cli.bench.SweepBenchmark;
import org.cryptorder.crypto.Policy;
import org.cryptorder.experiment.wiring.Profiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code cryptorder bench sweep}: the parallel speed-up of the experiment runner on the
 * replications of the TCP async scenario, 1 thread against {@code --jobs}, and whether every pass
 * writes the same table. Exit status 1 when the tables differ.
 */
@Command(name = "sweep", mixinStandardHelpOptions = true,
        description = {"Parallel speed-up of a sweep.",
            "The replications of the TCP async scenario as one experiment, through the experiment runner as"
                + " 'run --jobs' runs them: one unmeasured pass on --jobs threads (JIT warm-up), then --rounds"
                + " rounds of a pass on 1 thread and a pass on --jobs threads; speed-up = median 1-thread wall time"
                + " / median --jobs wall time. Checks that every pass gives the same runs.csv apart from"
                + " wall_seconds. Default 8 runs of 0.25 simulated s, 2 threads, 2 rounds: about 15 s on a quiet"
                + " 2-core machine."})
final class BenchSweepCommand extends BenchSubcommand {
    @Option(names = "--runs", paramLabel = "N", defaultValue = "8", description = "Replications in the sweep (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--sim-seconds", paramLabel = "S", defaultValue = "0.25", description = "Simulated seconds per run (default: ${DEFAULT-VALUE}).")
    double simSeconds;

    @Option(names = "--jobs", paramLabel = "N", defaultValue = "2", description = "Threads of the parallel passes (default: ${DEFAULT-VALUE}).")
    int jobs;

    @Option(names = "--rounds", paramLabel = "N", defaultValue = "2", description = "Rounds of a 1-thread and a parallel pass (default: ${DEFAULT-VALUE}).")
    int rounds;

    private static final OptionRange RUNS = new OptionRange("--runs", 1, 1000);
    private static final OptionRange SIM_SECONDS = BenchOptions.simulatedSeconds("--sim-seconds");
    private static final OptionRange JOBS = new OptionRange("--jobs", 2, 1024);
    private static final OptionRange ROUNDS = new OptionRange("--rounds", 1, 100);

    @Override
    int measure(PrintWriter out) throws Exception {
        RUNS.check(spec, runs);
        SIM_SECONDS.check(spec, simSeconds);
        JOBS.check(spec, jobs);
        ROUNDS.check(spec, rounds);
        Profiles profiles = ExperimentFiles.profiles();
        out.printf(Locale.ROOT, "bench sweep: %d replications of tcp async, %s simulated s each, through the"
                + " experiment runner; %d rounds after one unmeasured pass%n", runs, OptionRange.number(simSeconds), rounds);
        out.println();
        out.println("| threads | wall s per round | median wall s | process CPU s (median) | cores used | speed-up |");
        out.println("|---:|---|---:|---:|---:|---:|");
        out.flush();
        BenchScenario sweep = new BenchScenario(BenchScenario.Traffic.TCP, Policy.ASYNC, simSeconds, runs);
        List<String> rows = SweepBenchmark.pass(sweep, jobs, profiles).rows();
        boolean same = true;
        double[][] wall = new double[2][rounds];
        double[][] cpu = new double[2][rounds];
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < 2; k++) {
                SweepBenchmark.Pass pass = SweepBenchmark.pass(sweep, k == 0 ? 1 : jobs, profiles);
                wall[k][r] = pass.wallSeconds();
                cpu[k][r] = pass.processCpuSeconds();
                same &= pass.rows().equals(rows);
            }
        }
        for (int k = 0; k < 2; k++) {
            List<String> each = new ArrayList<>();
            for (double w : wall[k]) {
                each.add(String.format(Locale.ROOT, "%.2f", w));
            }
            out.printf(Locale.ROOT, "| %d | %s | %.2f | %.2f | %.2f | %s |%n", k == 0 ? 1 : jobs, String.join(", ", each),
                    DatapathBenchmark.median(wall[k]), DatapathBenchmark.median(cpu[k]), DatapathBenchmark.median(cpu[k]) / DatapathBenchmark.median(wall[k]),
                    k == 0 ? "1" : String.format(Locale.ROOT, "%.2f", DatapathBenchmark.median(wall[0]) / DatapathBenchmark.median(wall[1])));
        }
        out.println();
        out.println("runs.csv of every pass, apart from wall_seconds: " + (same ? "identical" : "DIFFERENT"));
        out.println("cores used: process CPU time over wall time (JIT and GC threads included).");
        return same ? 0 : 1;
    }
}
