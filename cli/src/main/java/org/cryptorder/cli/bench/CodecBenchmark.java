package org.cryptorder.cli.bench;

import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.SplittableRandom;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.cryptorder.macsec.CipherSuite;
import org.cryptorder.macsec.GcmEngine;
import org.cryptorder.macsec.MacsecFrame;
import org.cryptorder.macsec.RxVerdict;
import org.cryptorder.macsec.SaKey;
import org.cryptorder.macsec.SecY;
import org.cryptorder.macsec.SecYConfig;
import org.cryptorder.macsec.TxVerdict;

/**
 * Throughput of the frame codec (a SecY protecting and then validating each frame) against plain
 * JDK AES-GCM encrypting and decrypting the same bytes: the same AAD (addresses and SecTAG) and
 * the same secure data, in place, with a fresh IV per frame. The two alternate in short rounds in
 * one JVM, so machine noise hits both alike; the result is the median of the per-round ratios.
 */
public final class CodecBenchmark {
    /** One measurement. Throughputs count the unprotected frame's octets, once per protect+unprotect. */
    public record Result(int frameBytes, CipherSuite suite, boolean encrypt, int rounds,
                         double codecMBps, double plainMBps, double medianRatio, double minRatio, double maxRatio) {
    }

    private final int frameBytes;
    private final CipherSuite suite;
    private final boolean encrypt;
    private final byte[] plainFrame;
    private final byte[] key;

    public CodecBenchmark(int frameBytes, CipherSuite suite, boolean encrypt) {
        this.frameBytes = frameBytes;
        this.suite = suite;
        this.encrypt = encrypt;
        SplittableRandom rnd = new SplittableRandom(42);
        plainFrame = new byte[frameBytes];
        rnd.nextBytes(plainFrame);
        plainFrame[12] = 0x08;
        plainFrame[13] = 0x00;
        key = new byte[suite.keyBytes()];
        rnd.nextBytes(key);
    }

    /** Runs {@code rounds} alternating rounds of about {@code roundMillis} each, after a warm-up. */
    public Result run(int rounds, long roundMillis) throws GeneralSecurityException {
        CodecLoop codec = new CodecLoop();
        PlainLoop plain = new PlainLoop();
        long warmEnd = System.nanoTime() + Math.max(5_000_000_000L, 5 * roundMillis * 1_000_000L);  // let C2 compile the GCM intrinsics
        while (System.nanoTime() < warmEnd) {
            codec.run(2000);
            plain.run(2000);
        }
        int batch = calibrate(codec, roundMillis);
        double[] ratios = new double[rounds];
        long codecNs = 0;
        long plainNs = 0;
        for (int r = 0; r < rounds; r++) {
            long t0 = System.nanoTime();
            codec.run(batch);
            long t1 = System.nanoTime();
            plain.run(batch);
            long t2 = System.nanoTime();
            codecNs += t1 - t0;
            plainNs += t2 - t1;
            ratios[r] = (double) (t2 - t1) / (t1 - t0);  // codec throughput / plain throughput
        }
        Arrays.sort(ratios);
        double octets = (double) frameBytes * batch * rounds;
        return new Result(frameBytes, suite, encrypt, rounds, octets / codecNs * 1e3, octets / plainNs * 1e3,
                ratios[rounds / 2], ratios[0], ratios[rounds - 1]);
    }

    private static int calibrate(CodecLoop codec, long roundMillis) throws GeneralSecurityException {
        long t0 = System.nanoTime();
        codec.run(2000);
        double perOp = (System.nanoTime() - t0) / 2000.0;
        return (int) Math.max(1000, roundMillis * 1e6 / perOp);
    }

    /** Protect with one SecY, validate with another, through the model's code. */
    private final class CodecLoop {
        private final SecY tx;
        private final SecY rx;
        private final GcmEngine engine = new GcmEngine();
        private final byte[] buf = new byte[frameBytes + 64];

        CodecLoop() {
            long txSci = 0x001122334455_0001L;
            SecYConfig cfg = SecYConfig.linuxDefaults(txSci).withSuite(suite).withEncrypt(encrypt).withLowerMtu(65535);
            SaKey saKey = suite.xpn() ? SaKey.ofXpn(suite, key, 1, new byte[12]) : SaKey.of(suite, key);
            tx = new SecY(cfg);
            tx.addTxSa(0, saKey, 1, true);
            rx = new SecY(SecYConfig.linuxDefaults(0x00aabbccddee_0001L).withSuite(suite).withLowerMtu(65535));
            rx.addRxSc(txSci);
            rx.addRxSa(txSci, 0, saKey, 1, true);
        }

        void run(int n) {
            for (int i = 0; i < n; i++) {
                System.arraycopy(plainFrame, 0, buf, MacsecFrame.HEADROOM, frameBytes);
                MacsecFrame f = MacsecFrame.wrap(buf, MacsecFrame.HEADROOM, frameBytes);
                if (tx.protect(f, engine) != TxVerdict.SENT || rx.validate(f, engine) != RxVerdict.OK) {
                    throw new IllegalStateException("codec benchmark: frame not protected and validated");
                }
            }
        }
    }

    /** The same AES-GCM work with bare JDK calls: what the codec can at best reach. */
    private final class PlainLoop {
        private final Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        private final SecretKeySpec spec = new SecretKeySpec(key, "AES");
        private final byte[] buf = new byte[frameBytes + 64];
        private final byte[] iv = new byte[12];
        private final int aad = 28;                         // DA SA SecTAG with SCI
        private final int text = frameBytes - 12;           // EtherType + payload
        private long counter;

        PlainLoop() throws GeneralSecurityException {
        }

        void run(int n) throws GeneralSecurityException {
            for (int i = 0; i < n; i++) {
                System.arraycopy(plainFrame, 0, buf, 0, frameBytes);
                counter++;
                iv[8] = (byte) (counter >>> 24);
                iv[9] = (byte) (counter >>> 16);
                iv[10] = (byte) (counter >>> 8);
                iv[11] = (byte) counter;
                int aadLen = encrypt ? aad : aad + text;
                int textLen = encrypt ? text : 0;
                cipher.init(Cipher.ENCRYPT_MODE, spec, new GCMParameterSpec(128, iv));
                cipher.updateAAD(buf, 0, aadLen);
                cipher.doFinal(buf, aadLen, textLen, buf, aadLen);
                cipher.init(Cipher.DECRYPT_MODE, spec, new GCMParameterSpec(128, iv));
                cipher.updateAAD(buf, 0, aadLen);
                cipher.doFinal(buf, aadLen, textLen + 16, buf, aadLen);
            }
        }
    }
}
