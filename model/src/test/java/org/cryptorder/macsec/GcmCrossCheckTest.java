package org.cryptorder.macsec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.bouncycastle.crypto.InvalidCipherTextException;
import org.bouncycastle.crypto.engines.AESEngine;
import org.bouncycastle.crypto.modes.GCMBlockCipher;
import org.bouncycastle.crypto.modes.GCMModeCipher;
import org.bouncycastle.crypto.params.AEADParameters;
import org.bouncycastle.crypto.params.KeyParameter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The JDK-based {@link GcmEngine} against Bouncy Castle's lightweight GCM, on random data of every
 * length from 0 to a 1500-octet MTU, for both key sizes, with encryption (AAD = 20-octet header)
 * and integrity only (everything AAD), and every ICV length Linux accepts.
 */
class GcmCrossCheckTest {
    private static final int MTU = 1500;
    private static final int HDR = 20;

    @ParameterizedTest(name = "{0}-octet key, ICV {1}")
    @CsvSource({"16,16", "32,16", "16,8", "32,8", "16,12", "32,13", "16,14", "32,15"})
    void sealAndOpenAgreeWithBouncyCastleForEveryLength(int keyBytes, int icv) throws Exception {
        SplittableRandom rnd = new SplittableRandom(keyBytes * 1000L + icv);
        GcmEngine engine = new GcmEngine();
        int step = icv == 16 ? 1 : 7;  // every length for the default ICV, a spread for the others
        for (int textLen = 0; textLen <= MTU; textLen += step) {
            byte[] key = bytes(rnd, keyBytes);
            byte[] iv = bytes(rnd, 12);
            SaKey saKey = SaKey.of(keyBytes == 16 ? CipherSuite.GCM_AES_128 : CipherSuite.GCM_AES_256, key);
            byte[] plain = bytes(rnd, HDR + textLen);

            // confidentiality: AAD = header, text encrypted
            byte[] buf = Arrays.copyOf(plain, HDR + textLen + icv);
            engine.seal(saKey, iv, buf, 0, HDR, textLen, icv);
            byte[] expected = bouncyCastleSeal(key, iv, icv, plain, HDR, textLen);
            assertThat(buf).as("sealed, text %d", textLen).isEqualTo(expected);
            assertThat(engine.open(saKey, iv, buf, 0, HDR, textLen, icv)).isTrue();
            assertThat(Arrays.copyOf(buf, HDR + textLen)).isEqualTo(plain);

            // integrity only: the whole frame is AAD
            byte[] gmac = Arrays.copyOf(plain, HDR + textLen + icv);
            engine.seal(saKey, iv, gmac, 0, HDR + textLen, 0, icv);
            assertThat(gmac).isEqualTo(bouncyCastleSeal(key, iv, icv, plain, HDR + textLen, 0));
            assertThat(engine.open(saKey, iv, gmac, 0, HDR + textLen, 0, icv)).isTrue();

            // a flipped bit anywhere fails verification and leaves the buffer as it was
            byte[] sealed = expected.clone();
            int bit = rnd.nextInt(sealed.length * 8);
            sealed[bit / 8] ^= (byte) (1 << (bit % 8));
            byte[] before = sealed.clone();
            assertThat(engine.open(saKey, iv, sealed, 0, HDR, textLen, icv)).as("bit %d flipped", bit).isFalse();
            assertThat(sealed).isEqualTo(before);
        }
    }

    /** Bouncy Castle's GCM over {@code in}: its first {@code aadLen} octets as AAD, then the text; AAD, ciphertext and ICV out. */
    static byte[] bouncyCastleSeal(byte[] key, byte[] iv, int icv, byte[] in, int aadLen, int textLen)
            throws InvalidCipherTextException {
        GCMModeCipher gcm = GCMBlockCipher.newInstance(AESEngine.newInstance());
        gcm.init(true, new AEADParameters(new KeyParameter(key), icv * 8, iv));
        gcm.processAADBytes(in, 0, aadLen);
        byte[] out = new byte[aadLen + textLen + icv];
        System.arraycopy(in, 0, out, 0, aadLen);
        int n = gcm.processBytes(in, aadLen, textLen, out, aadLen);
        gcm.doFinal(out, aadLen + n);
        return out;
    }

    private static byte[] bytes(SplittableRandom rnd, int n) {
        byte[] b = new byte[n];
        rnd.nextBytes(b);
        return b;
    }
}
