package org.cryptorder.cli.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.security.GeneralSecurityException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.cryptorder.crypto.Policy;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.scenario.UdpStreams;

/**
 * Speed of the whole simulation against the crypto floor: one scenario run on this thread, then
 * the same number of AES-GCM encryptions and decryptions of frames of the same size with bare JDK
 * calls. Reports data frames per CPU-second of simulation, simulated seconds per wall second, and
 * the ratio of the simulation's wall time to the floor's.
 */
public final class DatapathBenchmark {
    /** One measurement. */
    public record Result(Policy policy, long frames, double simSeconds, double wallSeconds, double cpuSeconds,
                         double floorSeconds) {
        public double framesPerCpuSecond() {
            return frames / cpuSeconds;
        }

        public double simSecondsPerWallSecond() {
            return simSeconds / wallSeconds;
        }

        public double ratioToFloor() {
            return wallSeconds / floorSeconds;
        }
    }

    private DatapathBenchmark() {
    }

    public static Result run(UdpStreams.Config config, Policy policy, long seed) throws GeneralSecurityException {
        return run(config, policy, seed, org.cryptorder.engine.EventListKind.DEFAULT);
    }

    public static Result run(UdpStreams.Config config, Policy policy, long seed, org.cryptorder.engine.EventListKind events)
            throws GeneralSecurityException {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long cpu0 = threads.getCurrentThreadCpuTime();
        long t0 = System.nanoTime();
        UdpStreams.Outcome o = UdpStreams.run(config, new StreamRegistry(seed), 0, net -> { }, events);
        long t1 = System.nanoTime();
        long cpu1 = threads.getCurrentThreadCpuTime();
        int secureData = config.payloadBytes() + 8 + 20 + 2;  // UDP, IPv4, EtherType
        double floor = floorSeconds(o.framesOnWire(), secureData);
        return new Result(policy, o.framesOnWire(), config.durationS(), (t1 - t0) / 1e9, (cpu1 - cpu0) / 1e9, floor);
    }

    /** Time for {@code frames} AES-GCM encryptions and as many decryptions of {@code textLen} octets. */
    static double floorSeconds(long frames, int textLen) throws GeneralSecurityException {
        Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
        SecretKeySpec key = new SecretKeySpec(new byte[16], "AES");
        byte[] buf = new byte[28 + textLen + 16];
        byte[] iv = new byte[12];
        long t0 = System.nanoTime();
        for (long i = 0; i < frames; i++) {
            iv[4] = (byte) (i >>> 56);
            iv[5] = (byte) (i >>> 48);
            iv[6] = (byte) (i >>> 40);
            iv[7] = (byte) (i >>> 32);
            iv[8] = (byte) (i >>> 24);
            iv[9] = (byte) (i >>> 16);
            iv[10] = (byte) (i >>> 8);
            iv[11] = (byte) i;
            c.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(128, iv));
            c.updateAAD(buf, 0, 28);
            c.doFinal(buf, 28, textLen, buf, 28);
            c.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(128, iv));
            c.updateAAD(buf, 0, 28);
            c.doFinal(buf, 28, textLen + 16, buf, 28);
        }
        return (System.nanoTime() - t0) / 1e9;
    }
}
