package org.cryptorder.cli;

import java.util.Locale;
import java.util.concurrent.Callable;
import org.cryptorder.cli.bench.CodecBenchmark;
import org.cryptorder.macsec.CipherSuite;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code cryptorder bench}: performance benchmarks, each reporting ratios measured in one run. */
@Command(name = "bench", mixinStandardHelpOptions = true, description = "Performance benchmarks.",
        subcommands = {BenchCommand.Codec.class, BenchCommand.Datapath.class})
final class BenchCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "name a benchmark: codec or datapath");
    }

    @Command(name = "codec", mixinStandardHelpOptions = true,
            description = {"Frame codec throughput: a SecY protecting and validating each frame, against bare JDK",
                "AES-GCM over the same bytes, alternating in one run. Target: ratio at least 0.8."})
    static final class Codec implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--frame-bytes", defaultValue = "1500", description = "Unprotected frame size (default: ${DEFAULT-VALUE}).")
        int frameBytes;

        @Option(names = "--rounds", defaultValue = "21", description = "Alternating measurement rounds (default: ${DEFAULT-VALUE}).")
        int rounds;

        @Option(names = "--round-ms", defaultValue = "200", description = "Length of one round in ms (default: ${DEFAULT-VALUE}).")
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

    @Command(name = "datapath", mixinStandardHelpOptions = true,
            description = {"Simulation speed: UDP at line rate over 10 Gbit/s MACsec (two streams, GCM-AES-128,",
                "encryption on, 10% kernel FPU contention on the receiver), once per policy, each followed by the",
                "same number of bare JDK AES-GCM encryptions and decryptions (the crypto floor)."})
    static final class Datapath implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--sim-seconds", defaultValue = "0.2", description = "Simulated seconds per run (default: ${DEFAULT-VALUE}).")
        double simSeconds;

        @Option(names = "--warmup-runs", defaultValue = "1", description = "Unmeasured runs first, for the JIT (default: ${DEFAULT-VALUE}).")
        int warmups;

        @Option(names = "--event-list", paramLabel = "KIND", defaultValue = "splay-tree",
                description = "SSJ event list: splay-tree (default), henriksen, red-black-tree, binary-tree, doubly-linked.")
        String eventList;

        @Option(names = "--policy", paramLabel = "POLICY", split = ",",
                description = "Only these policies (default: all).")
        java.util.List<String> policies;

        @Override
        public Integer call() throws Exception {
            if (!(simSeconds > 0) || simSeconds > 100) {
                throw new ParameterException(spec.commandLine(), "--sim-seconds: more than 0 and at most 100, got " + simSeconds);
            }
            var out = spec.commandLine().getOut();
            org.cryptorder.engine.EventListKind events;
            try {
                events = org.cryptorder.engine.EventListKind.fromKey(eventList);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), "--event-list: " + e.getMessage());
            }
            org.cryptorder.scenario.CpuProfile profile = org.cryptorder.scenario.CpuProfile.load(
                    ProjectPaths.data("profiles/xeon-skylake-sp.json"));
            out.printf(Locale.ROOT, "datapath: UDP at line rate, %.2f simulated s per policy, event list %s, %s%n",
                    simSeconds, events.key(), Runtime.version());
            out.printf(Locale.ROOT, "%-16s %10s %14s %14s %12s%n", "policy", "frames", "frames/CPU-s", "sim-s/wall-s",
                    "wall/floor");
            java.util.List<org.cryptorder.crypto.Policy> chosen = new java.util.ArrayList<>();
            if (policies == null) {
                chosen.addAll(java.util.List.of(org.cryptorder.crypto.Policy.values()));
            } else {
                for (String k : policies) {
                    try {
                        chosen.add(org.cryptorder.crypto.Policy.fromKey(k));
                    } catch (IllegalArgumentException e) {
                        throw new ParameterException(spec.commandLine(), "--policy: " + e.getMessage());
                    }
                }
            }
            for (org.cryptorder.crypto.Policy policy : chosen) {
                var config = org.cryptorder.cli.bench.LineRate.config(profile, policy, simSeconds);
                for (int w = 0; w < warmups; w++) {
                    org.cryptorder.cli.bench.DatapathBenchmark.run(org.cryptorder.cli.bench.LineRate.config(profile, policy, Math.min(0.05, simSeconds)), policy, 99);
                }
                var r = org.cryptorder.cli.bench.DatapathBenchmark.run(config, policy, 1, events);
                out.printf(Locale.ROOT, "%-16s %10d %14.0f %14.3f %12.2f%n", policy, r.frames(), r.framesPerCpuSecond(),
                        r.simSecondsPerWallSecond(), r.ratioToFloor());
            }
            out.println("frames: data frames put on the wire; floor: the same number of AES-GCM encrypt+decrypt alone.");
            return 0;
        }
    }
}
