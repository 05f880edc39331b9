package org.cryptorder.wifi;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * Which AES-CCM implementation goes on the hot path: {@link JdkCcmEngine} against {@link
 * BouncyCastleCcmEngine}, each sealing and then opening the same CCMP-shaped request (13-octet
 * nonce, 24-octet AAD, a payload of {@code --payload} octets, default 1500) with a fresh nonce per
 * request. The two alternate in short rounds in one JVM after a warm-up (one discarded pass over both
 * key sizes, then a few seconds before each measurement), so machine noise hits both
 * alike. Reported: each engine's median per-round throughput, and the median, lowest and highest of
 * the per-round ratios (medians, because on a shared machine a round now and then stalls).
 *
 * <p>Not a test (surefire runs only {@code *Test} classes). Run it after {@code mvn -pl model
 * test-compile} with:
 * <pre>
 * java -cp model/target/classes:model/target/test-classes:$HOME/.m2/repository/org/bouncycastle/bcprov-jdk18on/1.87/bcprov-jdk18on-1.87.jar \
 *     org.cryptorder.wifi.CcmBenchmark [--payload 1500] [--rounds 15] [--round-ms 300]
 * </pre>
 */
public final class CcmBenchmark {
    /** One measurement: MB/s count payload octets, once per seal + open; medians over the rounds. */
    public record Result(int payload, int keyBytes, int rounds, double jdkMBps, double bcMBps, double medianRatio,
                         double minRatio, double maxRatio) {
    }

    private CcmBenchmark() {
    }

    public static void main(String[] args) {
        int payload = 1500;
        int rounds = 15;
        long roundMillis = 300;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--payload" -> payload = Integer.parseInt(args[i + 1]);
                case "--rounds" -> rounds = Integer.parseInt(args[i + 1]);
                case "--round-ms" -> roundMillis = Long.parseLong(args[i + 1]);
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        System.out.printf(Locale.ROOT, "AES-CCM seal+open, %d-octet payload, %d rounds of %d ms, Java %s, %d CPUs%n",
                payload, rounds, roundMillis, Runtime.version(), Runtime.getRuntime().availableProcessors());
        for (int keyBytes : new int[] {16, 32}) {
            run(payload, keyBytes, 3, roundMillis);      // discarded: the first pass still meets the JIT
        }
        System.out.printf(Locale.ROOT, "%-9s %12s %12s %10s %15s%n", "key", "JDK MB/s", "BC MB/s", "JDK/BC", "ratio min..max");
        for (int keyBytes : new int[] {16, 32}) {
            Result r = run(payload, keyBytes, rounds, roundMillis);
            System.out.printf(Locale.ROOT, "%-9s %12.1f %12.1f %10.2f %7.2f..%.2f%n", "AES-" + 8 * keyBytes,
                    r.jdkMBps(), r.bcMBps(), r.medianRatio(), r.minRatio(), r.maxRatio());
        }
        System.out.println("MB/s: payload octets per second, each sealed and then opened (two CCM requests).");
    }

    /** Warms both engines up, then alternates {@code rounds} rounds of about {@code roundMillis} each. */
    public static Result run(int payload, int keyBytes, int rounds, long roundMillis) {
        Loop jdk = new Loop(new JdkCcmEngine(), payload, keyBytes);
        Loop bc = new Loop(new BouncyCastleCcmEngine(), payload, keyBytes);
        long warmEnd = System.nanoTime() + Math.max(3_000_000_000L, 3 * roundMillis * 1_000_000L);
        while (System.nanoTime() < warmEnd) {
            jdk.run(500);
            bc.run(100);
        }
        int jdkBatch = calibrate(jdk, roundMillis);
        int bcBatch = calibrate(bc, roundMillis);
        double[] ratios = new double[rounds];
        double[] jdkMBps = new double[rounds];
        double[] bcMBps = new double[rounds];
        for (int r = 0; r < rounds; r++) {
            long t0 = System.nanoTime();
            jdk.run(jdkBatch);
            long t1 = System.nanoTime();
            bc.run(bcBatch);
            long t2 = System.nanoTime();
            double j = (double) (t1 - t0) / jdkBatch;
            double b = (double) (t2 - t1) / bcBatch;
            jdkMBps[r] = payload / j * 1e3;
            bcMBps[r] = payload / b * 1e3;
            ratios[r] = b / j;
        }
        Arrays.sort(ratios);
        Arrays.sort(jdkMBps);
        Arrays.sort(bcMBps);
        return new Result(payload, keyBytes, rounds, jdkMBps[rounds / 2], bcMBps[rounds / 2],
                ratios[rounds / 2], ratios[0], ratios[rounds - 1]);
    }

    private static int calibrate(Loop loop, long roundMillis) {
        long t0 = System.nanoTime();
        loop.run(200);
        double perOp = (System.nanoTime() - t0) / 200.0;
        return (int) Math.max(50, roundMillis * 1e6 / perOp);
    }

    /** Seal then open one request per iteration, with a new nonce each time. */
    private static final class Loop {
        private final CcmEngine engine;
        private final SecretKey key;
        private final byte[] nonce = new byte[CcmpNonce.LEN];
        private final byte[] aad = new byte[24];
        private final byte[] plain;
        private final byte[] buf;
        private long counter;

        Loop(CcmEngine engine, int payload, int keyBytes) {
            this.engine = engine;
            SplittableRandom rnd = new SplittableRandom(42);
            byte[] k = new byte[keyBytes];
            rnd.nextBytes(k);
            key = new SecretKeySpec(k, "AES");
            rnd.nextBytes(aad);
            rnd.nextBytes(nonce);
            plain = new byte[payload];
            rnd.nextBytes(plain);
            buf = new byte[payload + 16];
        }

        void run(int n) {
            int len = plain.length;
            int mic = key.getEncoded().length == 16 ? 8 : 16;
            for (int i = 0; i < n; i++) {
                counter++;
                for (int b = 0; b < 6; b++) {
                    nonce[7 + b] = (byte) (counter >>> (40 - 8 * b));
                }
                System.arraycopy(plain, 0, buf, 0, len);
                engine.seal(key, nonce, aad, aad.length, buf, 0, len, mic);
                if (!engine.open(key, nonce, aad, aad.length, buf, 0, len, mic)) {
                    throw new IllegalStateException("benchmark: a sealed request did not open");
                }
            }
        }
    }
}
