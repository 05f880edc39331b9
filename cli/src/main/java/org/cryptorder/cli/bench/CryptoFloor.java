package org.cryptorder.cli.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.security.GeneralSecurityException;
import java.util.SplittableRandom;
import org.cryptorder.macsec.CipherSuite;
import org.cryptorder.macsec.GcmEngine;
import org.cryptorder.macsec.SaKey;

/**
 * The crypto floor: the AES-GCM operations a run performed ({@link AeadTally}), performed again
 * alone by a fresh {@link GcmEngine} (the JDK's GCM, or the engine's own for short frames, as in
 * the run; a fresh IV per encryption, in place). Each encryption is followed by
 * the decryption of the same frame, as long as the run had both of that shape; encryptions left
 * over run alone, and decryptions left over (frames a link duplicated) decrypt a copy of one
 * sealed frame.
 */
public final class CryptoFloor {
    /** How long the operations took on this thread, and how many were performed. */
    public record Timing(double wallSeconds, double cpuSeconds, long seals, long opens, long octets) {
    }

    private CryptoFloor() {
    }

    /** Performs every operation of {@code tally} and times them. */
    public static Timing time(AeadTally tally) throws GeneralSecurityException {
        GcmEngine c = new GcmEngine();
        SplittableRandom random = new SplittableRandom(7);
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        byte[] iv = new byte[12];
        long counter = 0;
        long seals = 0;
        long opens = 0;
        long octets = 0;
        long wall = 0;
        long cpu = 0;
        for (AeadTally.Shape s : tally.shapes()) {
            byte[] keyBytes = new byte[s.keyBytes()];
            random.nextBytes(keyBytes);
            SaKey key = SaKey.of(keyBytes.length == 16 ? CipherSuite.GCM_AES_128 : CipherSuite.GCM_AES_256, keyBytes);
            int aad = s.aadLen();
            int text = s.textLen();
            int icv = s.icvLen();
            byte[] buf = new byte[aad + text + icv];
            random.nextBytes(buf);
            byte[] sealedCopy = null;
            byte[] sealedIv = null;
            long pairs = Math.min(s.seals(), s.opens());
            if (s.opens() > pairs) {
                setCounter(iv, ++counter);
                c.seal(key, iv, buf, 0, aad, text, icv);
                sealedCopy = buf.clone();
                sealedIv = iv.clone();
            }
            long opsBefore = seals + opens;
            long t0 = System.nanoTime();
            long c0 = threads.getCurrentThreadCpuTime();
            for (long i = 0; i < pairs; i++) {
                setCounter(iv, ++counter);
                c.seal(key, iv, buf, 0, aad, text, icv);
                opened(c.open(key, iv, buf, 0, aad, text, icv));
                seals++;
                opens++;
            }
            for (long i = pairs; i < s.seals(); i++) {
                setCounter(iv, ++counter);
                c.seal(key, iv, buf, 0, aad, text, icv);
                seals++;
            }
            for (long i = pairs; i < s.opens(); i++) {
                System.arraycopy(sealedCopy, 0, buf, 0, buf.length);
                opened(c.open(key, sealedIv, buf, 0, aad, text, icv));
                opens++;
            }
            cpu += threads.getCurrentThreadCpuTime() - c0;
            wall += System.nanoTime() - t0;
            octets += (seals + opens - opsBefore) * (long) (aad + text);
        }
        return new Timing(wall / 1e9, cpu / 1e9, seals, opens, octets);
    }

    private static void opened(boolean verified) throws GeneralSecurityException {
        if (!verified) {
            throw new GeneralSecurityException("the crypto floor's frame did not verify");
        }
    }

    private static void setCounter(byte[] iv, long n) {
        for (int i = 0; i < 8; i++) {
            iv[11 - i] = (byte) (n >>> (8 * i));
        }
    }
}
