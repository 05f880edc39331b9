package org.cryptorder.wifi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every raw AES-CCM vector of {@code data/vectors/ccmp.json} (RFC 3610 packet vectors #1-#3, the
 * two Wycheproof AES-256 vectors with CCMP-256's nonce and MIC sizes, and the CCM step of the eight
 * CCMP test MPDUs) through both engines, byte for byte in both directions.
 */
class CcmKnownAnswerTest {
    static Stream<Arguments> vectorsAndEngines() {
        return CcmpVectors.withBothEngines(CcmpVectors.ccm());
    }

    @Test
    void theFileHoldsTheVectorsTheTestsPromise() {
        List<String> names = CcmpVectors.ccm().stream().map(CcmpVectors.Ccm::name).toList();
        assertThat(names).filteredOn(n -> n.startsWith("RFC 3610 packet vector #")).hasSize(3);
        assertThat(CcmpVectors.ccm()).filteredOn(v -> v.key().length == 32 && v.micLen() == 16).hasSize(2);
        assertThat(names).filteredOn(n -> n.contains("CCMP test mpdu")).hasSize(8);
    }

    @ParameterizedTest(name = "{0} ({1})")
    @MethodSource("vectorsAndEngines")
    void sealAndOpenReproduceTheVector(CcmpVectors.Ccm v, CcmEngine engine) {
        SecretKeySpec key = v.secretKey();
        int len = v.plaintext().length;
        byte[] buf = new byte[3 + len + v.micLen() + 5];       // odd offsets and slack around the message
        System.arraycopy(v.plaintext(), 0, buf, 3, len);

        engine.seal(key, v.nonce(), v.aad(), v.aad().length, buf, 3, len, v.micLen());
        assertThat(Arrays.copyOfRange(buf, 3, 3 + len + v.micLen())).isEqualTo(v.ciphertextAndMic());
        assertThat(engine.open(key, v.nonce(), v.aad(), v.aad().length, buf, 3, len, v.micLen())).isTrue();
        assertThat(Arrays.copyOfRange(buf, 3, 3 + len)).isEqualTo(v.plaintext());
    }

    @ParameterizedTest(name = "{0} ({1})")
    @MethodSource("vectorsAndEngines")
    void anyFlippedBitFailsAndLeavesTheBufferAlone(CcmpVectors.Ccm v, CcmEngine engine) {
        SecretKeySpec key = v.secretKey();
        int len = v.plaintext().length;
        byte[] aad = v.aad().clone();
        for (int bit = 0; bit < 8 * (v.ciphertextAndMic().length + aad.length); bit += 5) {
            byte[] buf = v.ciphertextAndMic().clone();
            byte[] a = aad.clone();
            if (bit < 8 * buf.length) {
                buf[bit / 8] ^= (byte) (1 << (bit % 8));
            } else {
                int ab = bit - 8 * buf.length;
                a[ab / 8] ^= (byte) (1 << (ab % 8));
            }
            byte[] before = buf.clone();
            assertThat(engine.open(key, v.nonce(), a, a.length, buf, 0, len, v.micLen())).as("bit %d", bit).isFalse();
            assertThat(buf).isEqualTo(before);
        }
        byte[] nonce = v.nonce().clone();
        nonce[nonce.length - 1] ^= 1;
        byte[] buf = v.ciphertextAndMic().clone();
        assertThat(engine.open(key, nonce, aad, aad.length, buf, 0, len, v.micLen())).as("nonce changed").isFalse();
    }

    /** CCM beyond CCMP's parameters: every nonce length (7 to 13) and MIC length (4 to 16) against Bouncy Castle. */
    @Test
    void everyNonceAndMicLengthAgreesWithBouncyCastle() {
        SplittableRandom rnd = new SplittableRandom(3610);
        CcmEngine jdk = new JdkCcmEngine();
        CcmEngine bc = new BouncyCastleCcmEngine();
        for (int nonceLen = 7; nonceLen <= 13; nonceLen++) {
            for (int mic = 4; mic <= 16; mic += 2) {
                for (int len : new int[] {0, 1, 15, 16, 17, 100}) {
                    SecretKeySpec key = new SecretKeySpec(TestFrames.randomBytes(rnd, rnd.nextBoolean() ? 16 : 32), "AES");
                    byte[] nonce = TestFrames.randomBytes(rnd, nonceLen);
                    byte[] aad = TestFrames.randomBytes(rnd, rnd.nextInt(40));
                    byte[] a = Arrays.copyOf(TestFrames.randomBytes(rnd, len), len + mic);
                    byte[] b = a.clone();
                    jdk.seal(key, nonce, aad, aad.length, a, 0, len, mic);
                    bc.seal(key, nonce, aad, aad.length, b, 0, len, mic);
                    assertThat(a).as("nonce %d, MIC %d, length %d", nonceLen, mic, len).isEqualTo(b);
                    assertThat(bc.open(key, nonce, aad, aad.length, a, 0, len, mic)).isTrue();
                    assertThat(jdk.open(key, nonce, aad, aad.length, b, 0, len, mic)).isTrue();
                    assertThat(a).isEqualTo(b);
                }
            }
        }
    }

    @Test
    void requestsOutsideCcmAreRefused() {
        CcmEngine engine = new JdkCcmEngine();
        SecretKeySpec key = new SecretKeySpec(new byte[16], "AES");
        byte[] buf = new byte[64];
        assertThatThrownBy(() -> engine.seal(key, new byte[14], buf, 0, buf, 0, 8, 8)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> engine.seal(key, new byte[13], buf, 0, buf, 0, 8, 7)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> engine.seal(key, new byte[13], buf, 0, buf, 0, 60, 8)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> engine.seal(key, new byte[13], buf, 0, new byte[CcmEngine.MAX_PAYLOAD + 64], 0,
                CcmEngine.MAX_PAYLOAD + 1, 8)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> engine.open(new SecretKeySpec(new byte[16], "DES"), new byte[13], buf, 0, buf, 0, 8, 8))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
