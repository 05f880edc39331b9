package org.cryptorder.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.cryptorder.cli.bench.BenchScenario;
import org.cryptorder.cli.bench.CodecBenchmark;
import org.cryptorder.cli.bench.DatapathBenchmark;
import org.cryptorder.cli.bench.Machine;
import org.cryptorder.cli.bench.MemoryBenchmark;
import org.cryptorder.cli.bench.SweepBenchmark;
import org.cryptorder.crypto.Policy;
import org.cryptorder.engine.EventListKind;
import org.cryptorder.experiment.Metrics;
import org.cryptorder.experiment.Profiles;
import org.cryptorder.experiment.ResolvedRun;
import org.cryptorder.macsec.CipherSuite;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code cryptorder bench}: performance benchmarks. Each checks its flags before it prints or runs
 * anything, and prints its figures as one Markdown table, followed by the targets and the machine.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Performance benchmarks of the simulation and the frame codec.",
            "The simulation benchmarks run one fixed scenario through the experiment runner's model: one"
                + " Linux TCP flow (or UDP at line rate) over 10 Gbit/s GCM-AES-128 MACsec, 2 CPUs per host, kernel"
                + " FPU busy 0.3 on the receiver.",
            "Each prints one Markdown table, then the targets and the machine. Run them on a quiet machine:"
                + " other processes slow every figure, and a loaded machine takes 2 to 3 times longer. All of them:"
                + " about 3.5 minutes on a quiet 2-core machine."},
        subcommands = {BenchCommand.Datapath.class, BenchCommand.Memory.class, BenchCommand.Scale.class,
            BenchCommand.Sweep.class, BenchCommand.EventLists.class, BenchCommand.Codec.class})
final class BenchCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "name a benchmark: datapath, memory, scale, sweep, event-list or codec");
    }

    static final String TARGETS = "targets (issue 8): at least 300000 data frames per CPU-second, wall/floor at most 1.5,"
            + " memory of 10 s simulated within 10% of 1 s, time per simulated second within 15% across 0.1, 1 and 10 s,"
            + " a sweep of 8 runs at least 1.8 times faster on 2 threads than on 1.";

    @Command(name = "datapath", mixinStandardHelpOptions = true,
            description = {"Simulation speed against the crypto floor.",
                "For each scenario and policy: two unmeasured runs (JIT warm-up, more before the first"
                    + " measurement until they have had 5 CPU s; the first counts the AES-GCM operations), the crypto"
                    + " floor (the same encryptions and decryptions, same sizes, bare JDK AES/GCM), three measured"
                    + " runs, and the floor again; the floor is the mean of the two, the runs' times the median.",
                "Reports data frames (a to b), data frames per CPU-second of the simulating thread, simulated s"
                    + " per wall s, and the run's wall (and CPU) time over the floor's. Defaults: TCP then UDP; async,"
                    + " sync-fallback, async-unordered; 1 simulated s. About 1 minute on a quiet 2-core machine."})
    static final class Datapath implements Callable<Integer> {
        @Spec
        CommandSpec spec;

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

        @Override
        public Integer call() throws Exception {
            List<BenchScenario.Traffic> traffic = traffic(spec, scenarios);
            List<Policy> chosen = policies(spec, policies);
            checkSeconds(spec, "--sim-seconds", simSeconds);
            if (warmups < 1 || warmups > 100) {
                throw new ParameterException(spec.commandLine(), "--warmup-runs: 1 to 100, got " + warmups);
            }
            if (runs < 1 || runs > 100) {
                throw new ParameterException(spec.commandLine(), "--runs: 1 to 100, got " + runs);
            }
            if (!(warmupSeconds >= 0) || warmupSeconds > 3600) {
                throw new ParameterException(spec.commandLine(), "--warmup-seconds: 0 to 3600, got " + number(warmupSeconds));
            }
            EventListKind events = eventList(spec, eventList);
            PrintWriter out = spec.commandLine().getOut();
            double load = Machine.loadAverage();
            out.printf(Locale.ROOT, "bench datapath: %s simulated s per run, event list %s, seed %d, %d warm-up run(s)"
                    + " (more first, up to %s CPU s), median of %d measured run(s)%n", number(simSeconds), events.key(),
                    BenchScenario.SEED, warmups, number(warmupSeconds), runs);
            out.println();
            out.println("| scenario | policy | data frames | frames/CPU-s | sim-s/wall-s | wall/floor | CPU/floor | floor MB/s"
                    + " | events/frame | cancelled/frame |");
            out.println("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|");
            out.flush();
            DatapathBenchmark bench = new DatapathBenchmark(ExperimentFiles.profiles(), events);
            for (BenchScenario.Traffic t : traffic) {
                for (Policy policy : chosen) {
                    DatapathBenchmark.Result r = bench.run(BenchScenario.of(t, policy, simSeconds), warmups, warmupSeconds, runs);
                    out.printf(Locale.ROOT, "| %s | %s | %d | %.0f | %.4f | %.2f | %.2f | %.0f | %.2f | %.2f |%n", t.key(),
                            policy.key(), r.frames(), r.framesPerCpuSecond(), r.simSecondsPerWallSecond(), r.ratioToFloor(),
                            r.cpuRatioToFloor(), r.floorMegabytesPerSecond(), r.eventsPerFrame(), r.cancelledPerFrame());
                    out.flush();
                }
            }
            out.println();
            out.println("tcp: " + BenchScenario.of(BenchScenario.Traffic.TCP, Policy.ASYNC, 1).describe() + ";");
            out.println("udp: " + BenchScenario.of(BenchScenario.Traffic.UDP, Policy.ASYNC, 1).describe() + ".");
            out.println("data frames: frames host a put on the wire to b. CPU: of the simulating thread."
                    + " floor: the run's AES-GCM operations alone (bare JDK), mean of before and after the run;"
                    + " floor MB/s: AAD and text octets of its operations per second of its wall time."
                    + " events/frame, cancelled/frame: SSJ events run, and cancelled or moved, per data frame (first run).");
            out.println(TARGETS);
            out.println(Machine.describe(load));
            return 0;
        }
    }

    /** The one scenario and policy that memory, scale and event-list run. */
    static final class OneScenario {
        @Option(names = "--scenario", paramLabel = "tcp|udp", defaultValue = "tcp", description = "Traffic (default: ${DEFAULT-VALUE}).")
        String scenario;

        @Option(names = "--policy", paramLabel = "POLICY", defaultValue = "async", description = "Crypto policy (default: ${DEFAULT-VALUE}).")
        String policy;

        BenchScenario.Traffic traffic(CommandSpec spec) {
            return BenchCommand.traffic(spec, List.of(scenario)).get(0);
        }

        Policy policy(CommandSpec spec) {
            return policies(spec, List.of(policy)).get(0);
        }
    }

    @Command(name = "memory", mixinStandardHelpOptions = true,
            description = {"Memory against simulated duration.",
                "Each duration runs the TCP async scenario in a fresh JVM (same class path, this JVM's -Xmx,"
                    + " -Xms and GC flags: set them with CRYPTORDER_JAVA_OPTS), which at the last simulated instant"
                    + " reads its resident set (VmRSS, peak VmHWM), then the heap in use after System.gc(). Ratios are"
                    + " to the first duration. Default 1 and 10 simulated s: about 20 s on a quiet 2-core machine."})
    static final class Memory implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--sim-seconds-list", paramLabel = "S,...", split = ",", defaultValue = "1,10",
                description = "Simulated durations, each in its own JVM (default: ${DEFAULT-VALUE}).")
        List<Double> durations;

        @Mixin
        OneScenario scenario;

        @Override
        public Integer call() throws Exception {
            checkDurations(spec, durations);
            BenchScenario.Traffic t = scenario.traffic(spec);
            Policy p = scenario.policy(spec);
            PrintWriter out = spec.commandLine().getOut();
            double load = Machine.loadAverage();
            out.printf(Locale.ROOT, "bench memory: %s %s, one fresh JVM per duration, JVM options %s%n", t.key(), p.key(),
                    MemoryBenchmark.forwardedJvmOptions().isEmpty() ? "(defaults)"
                            : String.join(" ", MemoryBenchmark.forwardedJvmOptions()));
            out.println();
            out.println("| simulated s | data frames | heap after GC, MB | ratio | VmRSS, MB | ratio | VmHWM, MB | ratio |");
            out.println("|---:|---:|---:|---:|---:|---:|---:|---:|");
            out.flush();
            MemoryBenchmark.Result first = null;
            long maxHeap = 0;
            for (double s : durations) {
                MemoryBenchmark.Result r = MemoryBenchmark.inChild(t, p, s, ExperimentFiles.profiles());
                if (first == null) {
                    first = r;
                }
                maxHeap = r.maxHeapBytes();
                out.printf(Locale.ROOT, "| %s | %d | %.1f | %.3f | %.1f | %.3f | %.1f | %.3f |%n", number(s), r.frames(),
                        r.heapAfterGcBytes() / 1e6, (double) r.heapAfterGcBytes() / first.heapAfterGcBytes(),
                        r.vmRssKb() / 1e3, (double) r.vmRssKb() / first.vmRssKb(), r.vmHwmKb() / 1e3,
                        (double) r.vmHwmKb() / first.vmHwmKb());
                out.flush();
            }
            out.println();
            out.printf(Locale.ROOT, "heap after GC: in use after System.gc() x3 at the last simulated instant, the model"
                    + " live (max heap %.0f MB). VmRSS then, before the GC; VmHWM: peak resident set.%n", maxHeap / 1e6);
            out.println(TARGETS);
            out.println(Machine.describe(load));
            return 0;
        }
    }

    @Command(name = "scale", mixinStandardHelpOptions = true,
            description = {"Time against simulated duration.",
                "After two unmeasured runs of 1 simulated s (or the longest duration below it), --rounds rounds"
                    + " of one run per duration of the TCP async scenario on this thread: the fastest wall and CPU time"
                    + " per simulated second and their ratios to the run of 1 simulated s (or the first duration when 1"
                    + " is not listed), and CPU time per data frame. Default 0.1, 1 and 10 simulated s, 2 rounds: about"
                    + " 30 s on a quiet 2-core machine."})
    static final class Scale implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--sim-seconds-list", paramLabel = "S,...", split = ",", defaultValue = "0.1,1,10",
                description = "Simulated durations (default: ${DEFAULT-VALUE}).")
        List<Double> durations;

        @Mixin
        OneScenario scenario;

        @Option(names = "--rounds", paramLabel = "N", defaultValue = "2",
                description = "Rounds of one run per duration; the fastest counts (default: ${DEFAULT-VALUE}).")
        int rounds;

        @Option(names = "--warmup-runs", paramLabel = "N", defaultValue = "2",
                description = "Unmeasured runs first (default: ${DEFAULT-VALUE}).")
        int warmups;

        @Override
        public Integer call() throws Exception {
            checkDurations(spec, durations);
            BenchScenario.Traffic t = scenario.traffic(spec);
            Policy p = scenario.policy(spec);
            if (rounds < 1 || rounds > 100) {
                throw new ParameterException(spec.commandLine(), "--rounds: 1 to 100, got " + rounds);
            }
            if (warmups < 0 || warmups > 100) {
                throw new ParameterException(spec.commandLine(), "--warmup-runs: 0 to 100, got " + warmups);
            }
            PrintWriter out = spec.commandLine().getOut();
            double load = Machine.loadAverage();
            Profiles profiles = ExperimentFiles.profiles();
            DatapathBenchmark bench = new DatapathBenchmark(profiles, EventListKind.DEFAULT);
            double warm = durations.stream().filter(d -> d <= 1).mapToDouble(Double::doubleValue).max().orElse(1);
            out.printf(Locale.ROOT, "bench scale: %s %s, after %d unmeasured run(s) of %s simulated s%n", t.key(), p.key(),
                    warmups, number(warm));
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
                out.printf(Locale.ROOT, "| %s | %d | %.0f | %.3f | %.3f | %.3f | %.3f | %.3f |%n", number(durations.get(i)),
                        m.frames(), m.frames() / m.simSeconds(), wall[i], wall[i] / wall[ref], cpu[i], cpu[i] / cpu[ref],
                        cpu[i] * m.simSeconds() / m.frames() * 1e6);
            }
            out.println();
            out.printf(Locale.ROOT, "per sim-s: over the simulated time including the %d ms drain after the sources stop;"
                    + " the fastest of %d round(s); ratio: to the run of %s simulated s.%n",
                    org.cryptorder.experiment.DatapathRunModel.DRAIN_MS, rounds, number(durations.get(ref)));
            out.println(TARGETS);
            out.println(Machine.describe(load));
            return 0;
        }
    }

    @Command(name = "sweep", mixinStandardHelpOptions = true,
            description = {"Parallel speed-up of a sweep.",
                "The replications of the TCP async scenario as one experiment, through the experiment runner as"
                    + " 'run --jobs' runs them: one unmeasured pass on --jobs threads (JIT warm-up), then --rounds"
                    + " rounds of a pass on 1 thread and a pass on --jobs threads; speed-up = median 1-thread wall time"
                    + " / median --jobs wall time. Checks that every pass gives the same runs.csv apart from"
                    + " wall_seconds. Default 8 runs of 0.25 simulated s, 2 threads, 2 rounds: about 15 s on a quiet"
                    + " 2-core machine."})
    static final class Sweep implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--runs", paramLabel = "N", defaultValue = "8", description = "Replications in the sweep (default: ${DEFAULT-VALUE}).")
        int runs;

        @Option(names = "--sim-seconds", paramLabel = "S", defaultValue = "0.25", description = "Simulated seconds per run (default: ${DEFAULT-VALUE}).")
        double simSeconds;

        @Option(names = "--jobs", paramLabel = "N", defaultValue = "2", description = "Threads of the parallel passes (default: ${DEFAULT-VALUE}).")
        int jobs;

        @Option(names = "--rounds", paramLabel = "N", defaultValue = "2", description = "Rounds of a 1-thread and a parallel pass (default: ${DEFAULT-VALUE}).")
        int rounds;

        @Override
        public Integer call() throws Exception {
            if (runs < 1 || runs > 1000) {
                throw new ParameterException(spec.commandLine(), "--runs: 1 to 1000, got " + runs);
            }
            checkSeconds(spec, "--sim-seconds", simSeconds);
            if (jobs < 2 || jobs > 1024) {
                throw new ParameterException(spec.commandLine(), "--jobs: 2 to 1024, got " + jobs);
            }
            if (rounds < 1 || rounds > 100) {
                throw new ParameterException(spec.commandLine(), "--rounds: 1 to 100, got " + rounds);
            }
            PrintWriter out = spec.commandLine().getOut();
            double load = Machine.loadAverage();
            Profiles profiles = ExperimentFiles.profiles();
            out.printf(Locale.ROOT, "bench sweep: %d replications of tcp async, %s simulated s each, through the"
                    + " experiment runner; %d rounds after one unmeasured pass%n", runs, number(simSeconds), rounds);
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
            out.println(TARGETS);
            out.println(Machine.describe(load));
            return same ? 0 : 1;
        }
    }

    @Command(name = "event-list", mixinStandardHelpOptions = true,
            description = {"SSJ event lists compared on the same run.",
                "After two unmeasured runs with each list, --rounds rounds that each run the scenario once per"
                    + " list, in turn: the median CPU and wall time per list and the ratio to the first list's. Checks"
                    + " that every list gives the same metrics (the event order is the same). Default: TCP async, 1"
                    + " simulated s, splay-tree and henriksen, 3 rounds: about 15 s on a quiet 2-core machine."})
    static final class EventLists implements Callable<Integer> {
        @Spec
        CommandSpec spec;

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
        OneScenario scenario;

        @Override
        public Integer call() throws Exception {
            List<EventListKind> kinds = new ArrayList<>();
            for (String k : lists) {
                EventListKind kind = eventList(spec, k);
                if (kinds.contains(kind)) {
                    throw new ParameterException(spec.commandLine(), "--lists: " + k + " given twice");
                }
                kinds.add(kind);
            }
            if (rounds < 1 || rounds > 100) {
                throw new ParameterException(spec.commandLine(), "--rounds: 1 to 100, got " + rounds);
            }
            if (warmups < 1 || warmups > 100) {
                throw new ParameterException(spec.commandLine(), "--warmup-runs: 1 to 100, got " + warmups);
            }
            checkSeconds(spec, "--sim-seconds", simSeconds);
            BenchScenario.Traffic t = scenario.traffic(spec);
            Policy p = scenario.policy(spec);
            PrintWriter out = spec.commandLine().getOut();
            double load = Machine.loadAverage();
            Profiles profiles = ExperimentFiles.profiles();
            ResolvedRun run = BenchScenario.of(t, p, simSeconds).run(profiles);
            out.printf(Locale.ROOT, "bench event-list: %s %s, %s simulated s, %d rounds after %d unmeasured run(s) with each"
                    + " list%n", t.key(), p.key(), number(simSeconds), rounds, warmups);
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
            out.println(Machine.describe(load));
            return allSame ? 0 : 1;
        }
    }

    @Command(name = "codec", mixinStandardHelpOptions = true,
            description = {"Frame codec throughput against bare JDK AES-GCM.",
                "A SecY protecting and validating each frame, against bare JDK AES-GCM over the same bytes,"
                    + " alternating in one run. Target: ratio at least 0.8. About 1 minute."})
    static final class Codec implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--frame-bytes", paramLabel = "OCTETS", defaultValue = "1500", description = "Unprotected frame size (default: ${DEFAULT-VALUE}).")
        int frameBytes;

        @Option(names = "--rounds", paramLabel = "N", defaultValue = "21", description = "Alternating measurement rounds (default: ${DEFAULT-VALUE}).")
        int rounds;

        @Option(names = "--round-ms", paramLabel = "MS", defaultValue = "200", description = "Length of one round in ms (default: ${DEFAULT-VALUE}).")
        long roundMillis;

        @Override
        public Integer call() throws Exception {
            if (frameBytes < 14 || frameBytes > 9000) {
                throw new ParameterException(spec.commandLine(), "--frame-bytes: 14 to 9000, got " + frameBytes);
            }
            if (rounds < 1 || roundMillis < 10) {
                throw new ParameterException(spec.commandLine(), "--rounds must be at least 1 and --round-ms at least 10");
            }
            var out = spec.commandLine().getOut();
            out.printf(Locale.ROOT, "frame codec vs plain JDK AES-GCM, %d-octet frames, %d rounds of %d ms, %s%n",
                    frameBytes, rounds, roundMillis, Runtime.version());
            out.printf(Locale.ROOT, "%-16s %-9s %12s %12s %8s %15s%n", "suite", "mode", "codec MB/s", "plain MB/s",
                    "ratio", "ratio min..max");
            for (CipherSuite suite : new CipherSuite[] {CipherSuite.GCM_AES_128, CipherSuite.GCM_AES_256}) {
                for (boolean encrypt : new boolean[] {true, false}) {
                    CodecBenchmark.Result r = new CodecBenchmark(frameBytes, suite, encrypt).run(rounds, roundMillis);
                    out.printf(Locale.ROOT, "%-16s %-9s %12.0f %12.0f %8.3f %7.3f..%.3f%n", suite, encrypt ? "encrypt" : "integrity",
                            r.codecMBps(), r.plainMBps(), r.medianRatio(), r.minRatio(), r.maxRatio());
                }
            }
            out.println("MB/s: unprotected frame octets per second, each protected and then validated (two AES-GCM passes).");
            return 0;
        }
    }

    /** The policies named, in order; by default async, sync-fallback and async-unordered. */
    static List<Policy> policies(CommandSpec spec, List<String> keys) {
        if (keys == null) {
            return List.of(Policy.ASYNC, Policy.SYNC_FALLBACK, Policy.ASYNC_UNORDERED);
        }
        List<Policy> out = new ArrayList<>();
        for (String k : keys) {
            try {
                Policy p = Policy.fromKey(k);
                if (!out.contains(p)) {
                    out.add(p);
                }
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), "--policy: " + e.getMessage());
            }
        }
        return out;
    }

    /** The scenarios named, in order; by default TCP, then UDP. */
    static List<BenchScenario.Traffic> traffic(CommandSpec spec, List<String> keys) {
        if (keys == null) {
            return List.of(BenchScenario.Traffic.TCP, BenchScenario.Traffic.UDP);
        }
        List<BenchScenario.Traffic> out = new ArrayList<>();
        for (String k : keys) {
            BenchScenario.Traffic t = Arrays.stream(BenchScenario.Traffic.values()).filter(v -> v.key().equals(k))
                    .findFirst().orElseThrow(() -> new ParameterException(spec.commandLine(),
                            "--scenario: tcp or udp, got '" + k + "'"));
            if (!out.contains(t)) {
                out.add(t);
            }
        }
        return out;
    }

    static EventListKind eventList(CommandSpec spec, String key) {
        try {
            return EventListKind.fromKey(key);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--event-list: " + e.getMessage());
        }
    }

    static void checkSeconds(CommandSpec spec, String flag, double seconds) {
        if (!(seconds >= 0.001) || seconds > 100) {
            throw new ParameterException(spec.commandLine(), flag + ": 0.001 to 100 simulated seconds, got " + number(seconds));
        }
    }

    static void checkDurations(CommandSpec spec, List<Double> durations) {
        for (double d : durations) {
            checkSeconds(spec, "--sim-seconds-list", d);
        }
        if (durations.stream().distinct().count() != durations.size()) {
            throw new ParameterException(spec.commandLine(), "--sim-seconds-list: a duration given twice in " + durations);
        }
    }

    /** A number as short as it reads: 1, 0.25, 10. */
    static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }
}
