package org.cryptorder.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.cryptorder.cli.bench.BenchScenario;
import org.cryptorder.cli.bench.DatapathBenchmark;
import org.cryptorder.crypto.Policy;
import org.cryptorder.engine.CountingEventList;
import org.cryptorder.engine.EventListKind;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code cryptorder bench datapath}: the simulation's speed against the crypto floor (the run's
 * AES-GCM operations alone, bare JDK), for each scenario and policy asked.
 */
@Command(name = "datapath", mixinStandardHelpOptions = true,
        description = {"Simulation speed against the crypto floor.",
            "For each scenario and policy: two unmeasured runs (JIT warm-up, more before the first"
                + " measurement until they have had 5 CPU s; the first counts the AES-GCM operations), the crypto"
                + " floor (the same encryptions and decryptions, same sizes, bare JDK AES/GCM), three measured"
                + " runs, and the floor again; the floor is the mean of the two, the runs' times the median.",
            "Reports data frames (a to b), data frames per CPU-second of the simulating thread, simulated s"
                + " per wall s, and the run's wall (and CPU) time over the floor's. Defaults: TCP then UDP; async,"
                + " sync-fallback, async-unordered; 1 simulated s. About 1 minute on a quiet 2-core machine."})
final class BenchDatapathCommand extends BenchSubcommand {
    @Option(names = "--scenario", paramLabel = "tcp|udp", split = ",",
            description = "tcp: one Linux CUBIC flow; udp: two streams of 1400-octet datagrams at line rate"
                    + " (default: tcp,udp).")
    List<String> scenarios;

    @Option(names = "--policy", paramLabel = "POLICY", split = ",",
            description = "Crypto policies (default: async,sync-fallback,async-unordered).")
    List<String> policies;

    @Option(names = "--sim-seconds", paramLabel = "S", defaultValue = "1", description = "Simulated seconds per run (default: ${DEFAULT-VALUE}).")
    double simSeconds;

    @Option(names = "--warmup-runs", paramLabel = "N", defaultValue = "2",
            description = "Unmeasured runs of the same scenario first, at least 1 (default: ${DEFAULT-VALUE};"
                    + " a run takes about 3 times its steady time in a fresh JVM, and 1.3 times the next).")
    int warmups;

    @Option(names = "--warmup-seconds", paramLabel = "S", defaultValue = "5",
            description = "More warm-up runs before the first measurement until the runs have had this much CPU"
                    + " time (default: ${DEFAULT-VALUE}).")
    double warmupSeconds;

    @Option(names = "--runs", paramLabel = "N", defaultValue = "3",
            description = "Measured runs per scenario and policy; the median counts (default: ${DEFAULT-VALUE}).")
    int runs;

    @Option(names = "--event-list", paramLabel = "KIND", defaultValue = "henriksen",
            description = "SSJ event list of every run: henriksen (default, as in 'run'), splay-tree, red-black-tree,"
                    + " binary-tree, doubly-linked.")
    String eventList;

    @Option(names = "--event-kinds",
            description = "After the table, the events of each scenario's first run by kind (the event's class, the"
                    + " part of the model that scheduled it): run and cancelled per data frame, and the steps of that"
                    + " kind that ran in place, without an event, as certain when scheduled.")
    boolean eventKinds;

    private static final OptionRange SIM_SECONDS = BenchOptions.simulatedSeconds("--sim-seconds");
    private static final OptionRange WARMUP_RUNS = new OptionRange("--warmup-runs", 1, 100);
    private static final OptionRange RUNS = new OptionRange("--runs", 1, 100);
    private static final OptionRange WARMUP_SECONDS = new OptionRange("--warmup-seconds", 0, 3600);

    @Override
    int measure(PrintWriter out) throws Exception {
        List<BenchScenario.Traffic> traffic = BenchOptions.traffic(spec, scenarios);
        List<Policy> chosen = BenchOptions.policies(spec, policies);
        SIM_SECONDS.check(spec, simSeconds);
        WARMUP_RUNS.check(spec, warmups);
        RUNS.check(spec, runs);
        WARMUP_SECONDS.check(spec, warmupSeconds);
        EventListKind events = BenchOptions.eventList(spec, eventList);
        out.printf(Locale.ROOT, "bench datapath: %s simulated s per run, event list %s, seed %d, %d warm-up run(s)"
                + " (more first, up to %s CPU s), median of %d measured run(s)%n", OptionRange.number(simSeconds), events.key(),
                BenchScenario.SEED, warmups, OptionRange.number(warmupSeconds), runs);
        out.println();
        out.println("| scenario | policy | data frames | frames/CPU-s | sim-s/wall-s | wall/floor | CPU/floor | floor MB/s"
                + " | events/frame | cancelled/frame |");
        out.println("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|");
        out.flush();
        DatapathBenchmark bench = new DatapathBenchmark(ExperimentFiles.profiles(), events);
        List<DatapathBenchmark.Result> results = new ArrayList<>();
        for (BenchScenario.Traffic t : traffic) {
            for (Policy policy : chosen) {
                DatapathBenchmark.Result r = bench.run(BenchScenario.of(t, policy, simSeconds), warmups, warmupSeconds, runs);
                out.printf(Locale.ROOT, "| %s | %s | %d | %.0f | %.4f | %.2f | %.2f | %.0f | %.2f | %.2f |%n", t.key(),
                        policy.key(), r.frames(), r.framesPerCpuSecond(), r.simSecondsPerWallSecond(), r.ratioToFloor(),
                        r.cpuRatioToFloor(), r.floorMegabytesPerSecond(), r.eventsPerFrame(), r.cancelledPerFrame());
                out.flush();
                results.add(r);
            }
        }
        if (eventKinds) {
            printEventKinds(out, results);
        }
        out.println();
        out.println("tcp: " + BenchScenario.of(BenchScenario.Traffic.TCP, Policy.ASYNC, 1).describe() + ";");
        out.println("udp: " + BenchScenario.of(BenchScenario.Traffic.UDP, Policy.ASYNC, 1).describe() + ".");
        out.println("data frames: frames host a put on the wire to b. CPU: of the simulating thread."
                + " floor: the run's AES-GCM operations alone (bare JDK), mean of before and after the run;"
                + " floor MB/s: AAD and text octets of its operations per second of its wall time."
                + " events/frame, cancelled/frame: SSJ events run, and cancelled or moved, per data frame (first run);"
                + " steps certain when scheduled run in place, without an event (--event-kinds counts them).");
        return 0;
    }

    private static void printEventKinds(PrintWriter out, List<DatapathBenchmark.Result> results) {
        out.println();
        out.println("| scenario | policy | event kind | run/frame | cancelled/frame | share of runs | in place/frame |");
        out.println("|---|---|---|---:|---:|---:|---:|");
        for (DatapathBenchmark.Result r : results) {
            double frames = r.frames();
            for (CountingEventList.Counts.Kind k : r.counts().byKind()) {
                out.printf(Locale.ROOT, "| %s | %s | %s | %.3f | %.3f | %.1f%% | %.3f |%n", r.scenario().traffic().key(),
                        r.scenario().policy().key(), k.name(), k.executed() / frames, k.cancelled() / frames,
                        100.0 * k.executed() / r.counts().executed(), k.inPlace() / frames);
            }
        }
    }
}
