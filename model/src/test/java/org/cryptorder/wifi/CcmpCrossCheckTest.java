package org.cryptorder.wifi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The hot-path engine ({@link JdkCcmEngine}) against Bouncy Castle's CCM at the frame level: random
 * data frames of every body length from 0 to the 2304-octet MSDU maximum, of random header shape
 * and TID, for both suites. Each frame is protected by two codecs, one per engine, which must give
 * the same bytes; each engine then unprotects the other's frame.
 */
class CcmpCrossCheckTest {
    @ParameterizedTest
    @EnumSource(CcmpSuite.class)
    void bothEnginesGiveTheSameFramesAtEveryLength(CcmpSuite suite) {
        SplittableRandom rnd = new SplittableRandom(0x80211 + suite.ordinal());
        CcmEngine jdk = new JdkCcmEngine();
        CcmEngine bc = new BouncyCastleCcmEngine();
        for (int len = 0; len <= Mpdu.MAX_MSDU; len++) {
            CcmpKey key = new CcmpKey(suite, TestFrames.randomBytes(rnd, suite.keyBytes()), rnd.nextInt(4));
            TestFrames.Shape shape = TestFrames.Shape.random(rnd);
            byte[] plain = TestFrames.data(rnd, shape, rnd.nextInt(16), len);
            long pn = 1 + rnd.nextLong(CcmpHeader.MAX_PN);

            Mpdu a = Mpdu.copyOf(plain);
            Mpdu b = Mpdu.copyOf(plain);
            CcmpCodec txA = new CcmpCodec(key);
            CcmpCodec txB = new CcmpCodec(key);
            txA.setTxPn(pn - 1);
            txB.setTxPn(pn - 1);
            txA.protect(a, jdk);
            txB.protect(b, bc);
            assertThat(a.toByteArray()).as("%s, body %d, %s", suite, len, shape).isEqualTo(b.toByteArray());

            plain[1] |= 0x40;
            assertThat(new CcmpCodec(key).unprotect(a, bc)).as("BC opens the JDK's, body %d", len).isEqualTo(CcmpRxVerdict.OK);
            assertThat(new CcmpCodec(key).unprotect(b, jdk)).as("JDK opens BC's, body %d", len).isEqualTo(CcmpRxVerdict.OK);
            assertThat(a.toByteArray()).isEqualTo(plain);
            assertThat(b.toByteArray()).isEqualTo(plain);
        }
    }
}
