package org.cryptorder.macsec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link GcmEngine}'s own GCM (the JDK's AES kept keyed, {@link Ghash} in Java), forced for every
 * size: byte for byte the IEEE 802.1AE vectors, and the JDK's GCM and Bouncy Castle's on random
 * frames of random sizes, keys and ICV lengths, encrypted and integrity only, bad ICVs rejected.
 */
class GcmOwnPathTest {
    private static final HexFormat HEX = HexFormat.of();

    static List<Vectors.Vector> vectors() {
        return Vectors.all();
    }

    private static GcmEngine own() {
        return new GcmEngine(Integer.MAX_VALUE);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void protectAndValidateGiveTheVectorBytes(Vectors.Vector v) {
        MacsecFrame f = MacsecFrame.copyOf(v.plaintext());
        assertThat(Vectors.sender(v).protect(f, own())).isEqualTo(TxVerdict.SENT);
        assertThat(HEX.formatHex(f.toByteArray())).isEqualTo(HEX.formatHex(v.protectedFrame()));
        MacsecFrame g = MacsecFrame.copyOf(v.protectedFrame());
        assertThat(Vectors.receiver(v).validate(g, own())).isEqualTo(RxVerdict.OK);
        assertThat(HEX.formatHex(g.toByteArray())).isEqualTo(HEX.formatHex(v.plaintext()));
        MacsecFrame bad = MacsecFrame.copyOf(v.protectedFrame());
        bad.bytes()[bad.offset() + v.protectedFrame().length - 1] ^= 0x40;
        assertThat(Vectors.receiver(v).validate(bad, own())).isEqualTo(RxVerdict.NOT_VALID);
    }

    @Test
    void randomFramesSealAndOpenAsTheJdkAndBouncyCastle() throws Exception {
        SplittableRandom rnd = new SplittableRandom(35);
        GcmEngine own = own();
        GcmEngine jdk = new GcmEngine(-1);
        int[] icvs = {8, 12, 13, 14, 15, 16, 16, 16};
        SaKey[] keys = new SaKey[GcmEngine.CIPHERS + 2];
        byte[][] raw = new byte[keys.length][];
        for (int k = 0; k < keys.length; k++) {
            raw[k] = bytes(rnd, k % 3 == 0 ? 32 : 16);
            keys[k] = SaKey.of(raw[k].length == 16 ? CipherSuite.GCM_AES_128 : CipherSuite.GCM_AES_256, raw[k]);
        }
        for (int n = 0; n < 3000; n++) {
            int k = rnd.nextInt(keys.length);
            int icv = icvs[rnd.nextInt(icvs.length)];
            boolean integrityOnly = rnd.nextInt(4) == 0;
            int textLen = rnd.nextInt(4) == 0 ? rnd.nextInt(64) : rnd.nextInt(1501);
            int aadLen = integrityOnly ? textLen + rnd.nextInt(40) : rnd.nextInt(65);
            if (integrityOnly) {
                textLen = 0;
            }
            int off = rnd.nextInt(3);
            byte[] iv = bytes(rnd, 12);
            byte[] plain = bytes(rnd, off + aadLen + textLen + icv);
            byte[] a = plain.clone();
            byte[] b = plain.clone();
            own.seal(keys[k], iv, a, off, aadLen, textLen, icv);
            jdk.seal(keys[k], iv, b, off, aadLen, textLen, icv);
            String what = String.format("frame %d: key %d, AAD %d, text %d, ICV %d", n, raw[k].length, aadLen, textLen, icv);
            if (n % 10 == 0) {
                byte[] bc = GcmCrossCheckTest.bouncyCastleSeal(raw[k], iv, icv,
                        Arrays.copyOfRange(plain, off, off + aadLen + textLen), aadLen, textLen);
                assertThat(Arrays.copyOfRange(a, off, a.length)).as(what).isEqualTo(bc);
            }
            assertThat(a).as(what).isEqualTo(b);
            byte[] sealed = a.clone();
            assertThat(own.open(keys[k], iv, a, off, aadLen, textLen, icv)).as(what).isTrue();
            assertThat(Arrays.copyOf(a, off + aadLen + textLen)).as(what).isEqualTo(Arrays.copyOf(plain, off + aadLen + textLen));
            byte[] tampered = sealed.clone();
            int bit = rnd.nextInt(8 * (aadLen + textLen + icv));
            tampered[off + bit / 8] ^= (byte) (1 << (bit % 8));
            byte[] before = tampered.clone();
            assertThat(own.open(keys[k], iv, tampered, off, aadLen, textLen, icv)).as(what + ", bit %d", bit).isFalse();
            assertThat(tampered).as(what).isEqualTo(before);
            assertThat(jdk.open(keys[k], iv, sealed, off, aadLen, textLen, icv)).as(what).isTrue();
        }
    }

    private static byte[] bytes(SplittableRandom rnd, int n) {
        byte[] b = new byte[n];
        rnd.nextBytes(b);
        return b;
    }
}
