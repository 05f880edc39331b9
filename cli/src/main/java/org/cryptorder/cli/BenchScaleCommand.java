package org.cryptorder.cli;

import java.io.PrintWriter;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.cryptorder.cli.bench.BenchScenario;
import org.cryptorder.cli.bench.DatapathBenchmark;
import org.cryptorder.crypto.Policy;
import org.cryptorder.engine.EventListKind;
import org.cryptorder.experiment.replication.DatapathRunModel;
import org.cryptorder.experiment.wiring.Profiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code cryptorder bench scale}: wall and CPU time per simulated second against the simulated
 * duration, the fastest of {@code --rounds} rounds, as ratios to the run of 1 simulated s (or the
 * first duration).
 */
@Command(name = "scale", mixinStandardHelpOptions = true,
        description = {"Time against simulated duration.",
            "After two unmeasured runs of 1 simulated s (or the longest duration below it), --rounds rounds"
                + " of one run per duration of the TCP async scenario on this thread: the fastest wall and CPU time"
                + " per simulated second and their ratios to the run of 1 simulated s (or the first duration when 1"
                + " is not listed), and CPU time per data frame. Default 0.1, 1 and 10 simulated s, 2 rounds: about"
                + " 30 s on a quiet 2-core machine."})
final class BenchScaleCommand extends BenchSubcommand {
    @Option(names = "--sim-seconds-list", paramLabel = "S,...", split = ",", defaultValue = "0.1,1,10",
            description = "Simulated durations (default: ${DEFAULT-VALUE}).")
    List<Double> durations;

    @Mixin
    BenchOptions.OneScenario scenario;

    @Option(names = "--rounds", paramLabel = "N", defaultValue = "2",
            description = "Rounds of one run per duration; the fastest counts (default: ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--warmup-runs", paramLabel = "N", defaultValue = "2",
            description = "Unmeasured runs first (default: ${DEFAULT-VALUE}).")
    int warmups;

    private static final OptionRange ROUNDS = new OptionRange("--rounds", 1, 100);
    private static final OptionRange WARMUP_RUNS = new OptionRange("--warmup-runs", 0, 100);

    @Override
    int measure(PrintWriter out) throws Exception {
        BenchOptions.durations(spec, durations);
        BenchScenario.Traffic t = scenario.traffic(spec);
        Policy p = scenario.policy(spec);
        ROUNDS.check(spec, rounds);
        WARMUP_RUNS.check(spec, warmups);
        Profiles profiles = ExperimentFiles.profiles();
        DatapathBenchmark bench = new DatapathBenchmark(profiles, EventListKind.DEFAULT);
        double warm = durations.stream().filter(d -> d <= 1).mapToDouble(Double::doubleValue).max().orElse(1);
        out.printf(Locale.ROOT, "bench scale: %s %s, after %d unmeasured run(s) of %s simulated s%n", t.key(), p.key(),
                warmups, OptionRange.number(warm));
        out.println();
        out.println("| simulated s | data frames | frames per sim-s | wall s per sim-s | ratio | CPU s per sim-s | ratio"
                + " | CPU us per frame |");
        out.println("|---:|---:|---:|---:|---:|---:|---:|---:|");
        out.flush();
        for (int w = 0; w < warmups; w++) {
            bench.once(BenchScenario.of(t, p, warm).run(profiles), null);
        }
        int n = durations.size();
        double[] wall = new double[n];
        double[] cpu = new double[n];
        Arrays.fill(wall, Double.POSITIVE_INFINITY);
        Arrays.fill(cpu, Double.POSITIVE_INFINITY);
        DatapathBenchmark.Measured[] runs = new DatapathBenchmark.Measured[n];
        for (int r = 0; r < rounds; r++) {
            for (int i = 0; i < n; i++) {
                runs[i] = bench.once(BenchScenario.of(t, p, durations.get(i)).run(profiles), null);
                wall[i] = Math.min(wall[i], runs[i].wallSeconds() / runs[i].simSeconds());
                cpu[i] = Math.min(cpu[i], runs[i].cpuSeconds() / runs[i].simSeconds());
            }
        }
        int ref = durations.indexOf(1.0) >= 0 ? durations.indexOf(1.0) : 0;
        for (int i = 0; i < n; i++) {
            DatapathBenchmark.Measured m = runs[i];
            out.printf(Locale.ROOT, "| %s | %d | %.0f | %.3f | %.3f | %.3f | %.3f | %.3f |%n", OptionRange.number(durations.get(i)),
                    m.frames(), m.frames() / m.simSeconds(), wall[i], wall[i] / wall[ref], cpu[i], cpu[i] / cpu[ref],
                    cpu[i] * m.simSeconds() / m.frames() * 1e6);
        }
        out.println();
        out.printf(Locale.ROOT, "per sim-s: over the simulated time including the %d ms drain after the sources stop;"
                + " the fastest of %d round(s); ratio: to the run of %s simulated s.%n",
                DatapathRunModel.DRAIN_MS, rounds, OptionRange.number(durations.get(ref)));
        return 0;
    }
}
