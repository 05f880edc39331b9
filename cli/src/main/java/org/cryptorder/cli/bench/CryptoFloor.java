package org.cryptorder.cli.bench;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.security.GeneralSecurityException;
import java.util.SplittableRandom;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The crypto floor: the AES-GCM operations a run performed ({@link AeadTally}), performed again
 * alone with bare JDK calls, as the model's {@code GcmEngine} makes them (one {@code
 * AES/GCM/NoPadding} cipher, a fresh IV per encryption, in place). Each encryption is followed by
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
        Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
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
            SecretKeySpec key = new SecretKeySpec(keyBytes, "AES");
            int aad = s.aadLen();
            int text = s.textLen();
            int tagBits = 8 * Math.max(12, s.icvLen());  // an 8-octet ICV is a truncated 16-octet tag
            int icv = tagBits / 8;
            byte[] buf = new byte[aad + text + icv];
            random.nextBytes(buf);
            byte[] sealedCopy = null;
            byte[] sealedIv = null;
            long pairs = Math.min(s.seals(), s.opens());
            if (s.opens() > pairs) {
                setCounter(iv, ++counter);
                c.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(tagBits, iv));
                c.updateAAD(buf, 0, aad);
                c.doFinal(buf, aad, text, buf, aad);
                sealedCopy = buf.clone();
                sealedIv = iv.clone();
            }
            long opsBefore = seals + opens;
            long t0 = System.nanoTime();
            long c0 = threads.getCurrentThreadCpuTime();
            for (long i = 0; i < pairs; i++) {
                setCounter(iv, ++counter);
                c.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(tagBits, iv));
                c.updateAAD(buf, 0, aad);
                c.doFinal(buf, aad, text, buf, aad);
                c.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(tagBits, iv));
                c.updateAAD(buf, 0, aad);
                c.doFinal(buf, aad, text + icv, buf, aad);
                seals++;
                opens++;
            }
            for (long i = pairs; i < s.seals(); i++) {
                setCounter(iv, ++counter);
                c.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(tagBits, iv));
                c.updateAAD(buf, 0, aad);
                c.doFinal(buf, aad, text, buf, aad);
                seals++;
            }
            for (long i = pairs; i < s.opens(); i++) {
                System.arraycopy(sealedCopy, 0, buf, 0, buf.length);
                c.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(tagBits, sealedIv));
                c.updateAAD(buf, 0, aad);
                c.doFinal(buf, aad, text + icv, buf, aad);
                opens++;
            }
            cpu += threads.getCurrentThreadCpuTime() - c0;
            wall += System.nanoTime() - t0;
            octets += (seals + opens - opsBefore) * (long) (aad + text);
        }
        return new Timing(wall / 1e9, cpu / 1e9, seals, opens, octets);
    }

    private static void setCounter(byte[] iv, long n) {
        for (int i = 0; i < 8; i++) {
            iv[11 - i] = (byte) (n >>> (8 * i));
        }
    }
}
