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

/**
 * {@code cryptorder bench codec}: the frame codec's throughput (a SecY protecting and validating
 * each frame) against bare JDK AES-GCM over the same bytes, for both suites, encrypting and
 * integrity only.
 */
@Command(name = "codec", mixinStandardHelpOptions = true,
        description = {"Frame codec throughput against bare JDK AES-GCM.",
            "A SecY protecting and validating each frame, against bare JDK AES-GCM over the same bytes,"
                + " alternating in one run. Target: ratio at least 0.8. About 1 minute."})
final class BenchCodecCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--frame-bytes", paramLabel = "OCTETS", defaultValue = "1500", description = "Unprotected frame size (default: ${DEFAULT-VALUE}).")
    int frameBytes;

    @Option(names = "--rounds", paramLabel = "N", defaultValue = "21", description = "Alternating measurement rounds (default: ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--round-ms", paramLabel = "MS", defaultValue = "200", description = "Length of one round in ms (default: ${DEFAULT-VALUE}).")
    long roundMillis;

    private static final OptionRange FRAME_BYTES = new OptionRange("--frame-bytes", 14, 9000);
    private static final OptionRange ROUNDS = new OptionRange("--rounds", 1, Double.POSITIVE_INFINITY);
    private static final OptionRange ROUND_MILLIS = new OptionRange("--round-ms", 10, Double.POSITIVE_INFINITY);

    @Override
    public Integer call() throws Exception {
        FRAME_BYTES.check(spec, frameBytes);
        if (!ROUNDS.contains(rounds) || !ROUND_MILLIS.contains(roundMillis)) {
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
