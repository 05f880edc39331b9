package org.cryptorder.macsec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** {@link GcmEngine}'s cipher per key and its observer. */
class GcmEngineTest {
    private static final int HDR = 28;

    @Test
    void keysTakenInTurnSealAndOpenAsBouncyCastleEvenWhenMoreKeysThanCiphersCome() throws Exception {
        SplittableRandom rnd = new SplittableRandom(3);
        int keyCount = GcmEngine.CIPHERS + 3;  // more keys than ciphers: the oldest are reused
        SaKey[] keys = new SaKey[keyCount];
        byte[][] raw = new byte[keyCount][];
        for (int k = 0; k < keyCount; k++) {
            raw[k] = bytes(rnd, k % 2 == 0 ? 16 : 32);
            keys[k] = SaKey.of(k % 2 == 0 ? CipherSuite.GCM_AES_128 : CipherSuite.GCM_AES_256, raw[k]);
        }
        GcmEngine engine = new GcmEngine();
        // a pattern of returns to recent keys (cached ciphers) and of keys evicted long ago
        int[] order = {0, 1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 10, 1, 9, 2, 2, 5, 0};
        for (int step = 0; step < order.length; step++) {
            int k = order[step];
            int textLen = 40 + 97 * step;
            byte[] iv = bytes(rnd, 12);
            byte[] plain = bytes(rnd, HDR + textLen);
            byte[] buf = Arrays.copyOf(plain, HDR + textLen + 16);
            engine.seal(keys[k], iv, buf, 0, HDR, textLen, 16);
            assertThat(buf).as("step %d, key %d", step, k)
                    .isEqualTo(GcmCrossCheckTest.bouncyCastleSeal(raw[k], iv, 16, plain, HDR, textLen));
            assertThat(engine.open(keys[k], iv, buf, 0, HDR, textLen, 16)).isTrue();
            assertThat(Arrays.copyOf(buf, HDR + textLen)).isEqualTo(plain);
            int other = (k + 1) % keyCount;
            byte[] again = Arrays.copyOf(plain, HDR + textLen + 16);
            engine.seal(keys[k], bytes(rnd, 12), again, 0, HDR, textLen, 16);
            assertThat(engine.open(keys[other], iv, again, 0, HDR, textLen, 16)).as("another key's frame").isFalse();
        }
    }

    @Test
    void theObserverHearsEveryOperationWithItsShapeFailedOpensIncluded() {
        SplittableRandom rnd = new SplittableRandom(4);
        SaKey key = SaKey.of(CipherSuite.GCM_AES_256, bytes(rnd, 32));
        GcmEngine engine = new GcmEngine();
        List<String> heard = new ArrayList<>();
        engine.observe(new GcmEngine.Observer() {
            @Override
            public void sealed(int keyBytes, int aadLen, int textLen, int icvLen) {
                heard.add("seal " + keyBytes + " " + aadLen + " " + textLen + " " + icvLen);
            }

            @Override
            public void opened(int keyBytes, int aadLen, int textLen, int icvLen) {
                heard.add("open " + keyBytes + " " + aadLen + " " + textLen + " " + icvLen);
            }
        });
        byte[] iv = bytes(rnd, 12);
        byte[] buf = bytes(rnd, 200);
        engine.seal(key, iv, buf, 0, 20, 100, 16);
        assertThat(engine.open(key, iv, buf, 0, 20, 100, 16)).isTrue();
        engine.seal(key, bytes(rnd, 12), buf, 0, 60, 0, 8);
        assertThat(engine.open(key, iv, buf, 0, 60, 0, 8)).isFalse();
        engine.observe(null);
        engine.seal(key, bytes(rnd, 12), buf, 0, 20, 10, 16);
        assertThat(heard).containsExactly("seal 32 20 100 16", "open 32 20 100 16", "seal 32 60 0 8", "open 32 60 0 8");
    }


    private static byte[] bytes(SplittableRandom rnd, int n) {
        byte[] b = new byte[n];
        rnd.nextBytes(b);
        return b;
    }
}
