import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.util.Locale;
import java.util.SplittableRandom;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * What the JDK's AES/GCM costs per operation beyond its bytes, for the model's shapes (GCM-AES-128,
 * a 16-octet ICV; a MACsec frame's AAD is its addresses and SecTAG, 28 octets with an SCI), and how
 * the ways of driving it compare. Run with the JDK's source launcher, no build:
 *
 * <pre>  java bench/GcmPerOp.java [TEXT_OCTETS,...] [ROUND_MS]    (default 54,1454 and 300)</pre>
 *
 * For each text size, alternating in rounds (a change of machine load hits all alike), the median
 * of the rounds' ns per encrypt+decrypt pair:
 * <ul>
 *   <li>{@code engine}: as {@code GcmEngine} drives it: one cipher per key, {@code init} with a new
 *       {@code GCMParameterSpec} per operation, {@code updateAAD} from the frame's array, {@code
 *       doFinal} in place;</li>
 *   <li>{@code out-of-place}: the same into a second array (the JDK copies an overlapping input
 *       first);</li>
 *   <li>{@code heap-bb}, {@code direct-bb}: the same through {@code ByteBuffer}s, in place;</li>
 *   <li>{@code bulk}: one encryption and decryption of 256 frames' AAD and text at once, per frame:
 *       the cost of the bytes alone.</li>
 * </ul>
 * The per-operation cost beyond the bytes is {@code engine} minus {@code bulk}.
 */
public final class GcmPerOp {
    static final int AAD = 28;
    static final int TAG = 16;
    static final int BULK_FRAMES = 256;

    interface Pair {
        void run() throws GeneralSecurityException;
    }

    public static void main(String[] args) throws Exception {
        int[] sizes = {54, 1454};
        long roundMs = 300;
        try {
            if (args.length > 0) {
                String[] s = args[0].split(",");
                sizes = new int[s.length];
                for (int i = 0; i < s.length; i++) {
                    sizes[i] = Integer.parseInt(s[i]);
                    if (sizes[i] < 0 || sizes[i] > 9000) {
                        throw new NumberFormatException();
                    }
                }
            }
            if (args.length > 1) {
                roundMs = Long.parseLong(args[1]);
                if (roundMs < 10) {
                    throw new NumberFormatException();
                }
            }
        } catch (NumberFormatException e) {
            System.err.println("usage: java bench/GcmPerOp.java [TEXT_OCTETS,... (0 to 9000)] [ROUND_MS (at least 10)]");
            System.exit(2);
        }
        System.out.println("| text octets | way | CPU ns per encrypt+decrypt pair | beyond the bytes, ns per op | MB/s (AAD+text, both passes) |");
        System.out.println("|---:|---|---:|---:|---:|");
        for (int text : sizes) {
            measure(text, roundMs);
        }
        System.out.println();
        System.out.println("AAD " + AAD + " octets, ICV " + TAG + ", GCM-AES-128; median of 9 rounds of " + roundMs
                + " CPU ms each; " + Runtime.getRuntime().availableProcessors() + " processors; Java "
                + System.getProperty("java.vm.version") + "; load average " + load());
    }

    static void measure(int text, long roundMs) throws Exception {
        SplittableRandom random = new SplittableRandom(7);
        byte[] k = new byte[16];
        random.nextBytes(k);
        SecretKeySpec key = new SecretKeySpec(k, "AES");
        Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
        byte[] iv = new byte[12];
        long[] counter = {0};
        int len = AAD + text + TAG;
        byte[] frame = new byte[len];
        byte[] other = new byte[len];
        random.nextBytes(frame);
        ByteBuffer heap = ByteBuffer.wrap(frame);
        ByteBuffer direct = ByteBuffer.allocateDirect(len);
        byte[] bulk = new byte[BULK_FRAMES * (AAD + text) + TAG];
        String[] names = {"engine", "out-of-place", "heap-bb", "direct-bb", "bulk"};
        Pair[] ways = {
            () -> arrays(c, key, iv, counter, frame, frame, text),  // GcmEngine.seal and open
            () -> arrays(c, key, iv, counter, frame, other, text),
            () -> inPlace(c, key, iv, counter, heap, text),
            () -> inPlace(c, key, iv, counter, direct, text),
            () -> {
                next(iv, counter);
                int n = BULK_FRAMES * (AAD + text);
                c.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG * 8, iv));
                c.doFinal(bulk, 0, n, bulk, 0);
                c.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG * 8, iv));
                c.doFinal(bulk, 0, n + TAG, bulk, 0);
            },
        };
        int rounds = 9;
        double[][] ns = new double[ways.length][rounds];
        for (int w = 0; w < ways.length; w++) {
            time(ways[w], roundMs);  // warm-up
        }
        for (int r = 0; r < rounds; r++) {
            for (int w = 0; w < ways.length; w++) {
                ns[w][r] = time(ways[w], roundMs) / (w == ways.length - 1 ? BULK_FRAMES : 1);
            }
        }
        double bytesNs = median(ns[ways.length - 1]);
        for (int w = 0; w < ways.length; w++) {
            double m = median(ns[w]);
            System.out.printf(Locale.ROOT, "| %d | %s | %.0f | %s | %.0f |%n", text, names[w], m,
                    w == ways.length - 1 ? "0" : String.format(Locale.ROOT, "%.0f", (m - bytesNs) / 2),
                    2 * (AAD + text) / m * 1e3);
        }
    }

    /** Encrypts {@code frame}'s text into {@code out} (in place when it is {@code frame}) and decrypts it back. */
    static void arrays(Cipher c, SecretKeySpec key, byte[] iv, long[] counter, byte[] frame, byte[] out, int text)
            throws GeneralSecurityException {
        next(iv, counter);
        c.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG * 8, iv));
        c.updateAAD(frame, 0, AAD);
        c.doFinal(frame, AAD, text, out, AAD);
        c.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG * 8, iv));
        c.updateAAD(frame, 0, AAD);
        c.doFinal(out, AAD, text + TAG, frame, AAD);
    }

    static void inPlace(Cipher c, SecretKeySpec key, byte[] iv, long[] counter, ByteBuffer b, int text)
            throws GeneralSecurityException {
        next(iv, counter);
        c.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG * 8, iv));
        b.clear().limit(AAD);
        c.updateAAD(b);
        b.limit(AAD + text);
        ByteBuffer out = b.duplicate().position(AAD).limit(AAD + text + TAG);
        c.doFinal(b, out);
        c.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG * 8, iv));
        b.clear().limit(AAD);
        c.updateAAD(b);
        b.limit(AAD + text + TAG);
        out = b.duplicate().position(AAD);
        c.doFinal(b, out);
    }

    static final java.lang.management.ThreadMXBean THREADS = java.lang.management.ManagementFactory.getThreadMXBean();

    /** CPU ns of this thread per call of {@code p}, calling it for about {@code ms} of CPU time (other processes' load does not count). */
    static double time(Pair p, long ms) throws GeneralSecurityException {
        long calls = 0;
        long t0 = THREADS.getCurrentThreadCpuTime();
        long end = t0 + ms * 1_000_000;
        long t;
        do {
            for (int i = 0; i < 64; i++) {
                p.run();
            }
            calls += 64;
            t = THREADS.getCurrentThreadCpuTime();
        } while (t < end);
        return (double) (t - t0) / calls;
    }

    static void next(byte[] iv, long[] counter) {
        long n = ++counter[0];
        for (int i = 0; i < 8; i++) {
            iv[11 - i] = (byte) (n >>> (8 * i));
        }
    }

    static double median(double[] v) {
        double[] s = v.clone();
        java.util.Arrays.sort(s);
        return s[s.length / 2];
    }

    static String load() {
        try {
            return java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).split(" ")[0];
        } catch (java.io.IOException e) {
            return "unknown";
        }
    }
}
