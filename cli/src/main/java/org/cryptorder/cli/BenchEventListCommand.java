package org.cryptorder.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.cryptorder.cli.bench.BenchScenario;
import org.cryptorder.cli.bench.DatapathBenchmark;
import org.cryptorder.crypto.Policy;
import org.cryptorder.engine.EventListKind;
import org.cryptorder.experiment.output.Metrics;
import org.cryptorder.experiment.records.ResolvedRun;
import org.cryptorder.experiment.wiring.Profiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code cryptorder bench event-list}: SSJ's event lists compared on the same run, alternating
 * round by round, and whether every list gives the same metrics. Exit status 1 when they differ.
 */
@Command(name = "event-list", mixinStandardHelpOptions = true,
        description = {"SSJ event lists compared on the same run.",
            "After two unmeasured runs with each list, --rounds rounds that each run the scenario once per"
                + " list, in turn: the median CPU and wall time per list and the ratio to the first list's. Checks"
                + " that every list gives the same metrics (the event order is the same). Default: TCP async, 1"
                + " simulated s, splay-tree and henriksen, 3 rounds: about 15 s on a quiet 2-core machine."})
final class BenchEventListCommand extends BenchSubcommand {
    @Option(names = "--lists", paramLabel = "KIND,...", split = ",", defaultValue = "splay-tree,henriksen",
            description = "Event lists to compare (default: ${DEFAULT-VALUE}).")
    List<String> lists;

    @Option(names = "--rounds", paramLabel = "N", defaultValue = "3", description = "Alternating rounds (default: ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--warmup-runs", paramLabel = "N", defaultValue = "2",
            description = "Unmeasured runs with each list first, alternating, at least 1 (default: ${DEFAULT-VALUE}).")
    int warmups;

    @Option(names = "--sim-seconds", paramLabel = "S", defaultValue = "1", description = "Simulated seconds per run (default: ${DEFAULT-VALUE}).")
    double simSeconds;

    @Mixin
    BenchOptions.OneScenario scenario;

    private static final OptionRange ROUNDS = new OptionRange("--rounds", 1, 100);
    private static final OptionRange WARMUP_RUNS = new OptionRange("--warmup-runs", 1, 100);
    private static final OptionRange SIM_SECONDS = BenchOptions.simulatedSeconds("--sim-seconds");

    @Override
    boolean hasTargets() {
        return false;
    }

    @Override
    int measure(PrintWriter out) throws Exception {
        List<EventListKind> kinds = new ArrayList<>();
        for (String k : lists) {
            EventListKind kind = BenchOptions.eventList(spec, k);
            if (kinds.contains(kind)) {
                throw new ParameterException(spec.commandLine(), "--lists: " + k + " given twice");
            }
            kinds.add(kind);
        }
        ROUNDS.check(spec, rounds);
        WARMUP_RUNS.check(spec, warmups);
        SIM_SECONDS.check(spec, simSeconds);
        BenchScenario.Traffic t = scenario.traffic(spec);
        Policy p = scenario.policy(spec);
        Profiles profiles = ExperimentFiles.profiles();
        ResolvedRun run = BenchScenario.of(t, p, simSeconds).run(profiles);
        out.printf(Locale.ROOT, "bench event-list: %s %s, %s simulated s, %d rounds after %d unmeasured run(s) with each"
                + " list%n", t.key(), p.key(), OptionRange.number(simSeconds), rounds, warmups);
        out.println();
        out.println("| event list | median CPU s | ratio | median wall s | ratio | same metrics |");
        out.println("|---|---:|---:|---:|---:|---|");
        out.flush();
        double[][] cpu = new double[kinds.size()][rounds];
        double[][] wall = new double[kinds.size()][rounds];
        Metrics[] metrics = new Metrics[kinds.size()];
        for (int w = 0; w < warmups; w++) {
            for (int k = 0; k < kinds.size(); k++) {
                metrics[k] = new DatapathBenchmark(profiles, kinds.get(k)).once(run, null).metrics();
            }
        }
        for (int r = 0; r < rounds; r++) {
            for (int k = 0; k < kinds.size(); k++) {
                DatapathBenchmark.Measured m = new DatapathBenchmark(profiles, kinds.get(k)).once(run, null);
                cpu[k][r] = m.cpuSeconds();
                wall[k][r] = m.wallSeconds();
                if (!m.metrics().toString().equals(metrics[k].toString())) {
                    throw new IllegalStateException("two runs with " + kinds.get(k).key() + " gave different metrics");
                }
            }
        }
        boolean allSame = true;
        for (int k = 0; k < kinds.size(); k++) {
            boolean same = metrics[k].toString().equals(metrics[0].toString());
            allSame &= same;
            out.printf(Locale.ROOT, "| %s | %.2f | %.3f | %.2f | %.3f | %s |%n", kinds.get(k).key(), DatapathBenchmark.median(cpu[k]),
                    DatapathBenchmark.median(cpu[k]) / DatapathBenchmark.median(cpu[0]), DatapathBenchmark.median(wall[k]), DatapathBenchmark.median(wall[k]) / DatapathBenchmark.median(wall[0]),
                    same ? "yes" : "NO");
        }
        out.println();
        out.println("CPU: of the simulating thread; ratio: to " + kinds.get(0).key() + ".");
        return allSame ? 0 : 1;
    }
}
