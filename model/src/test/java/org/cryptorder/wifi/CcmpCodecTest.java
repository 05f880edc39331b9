package org.cryptorder.wifi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The codec's rules one at a time, with exact verdicts and counter values. */
class CcmpCodecTest {
    private static final TestFrames.Shape QOS = new TestFrames.Shape(true, false, false);
    private static final TestFrames.Shape PLAIN = new TestFrames.Shape(false, false, false);
    private static final TestFrames.Shape QOS_A4_HTC = new TestFrames.Shape(true, true, true);

    private final SplittableRandom rnd = new SplittableRandom(7);
    private final CcmEngine engine = new JdkCcmEngine();

    private static CcmpKey key(CcmpSuite suite, int keyId) {
        byte[] k = new byte[suite.keyBytes()];
        new SplittableRandom(suite.ordinal()).nextBytes(k);
        return new CcmpKey(suite, k, keyId);
    }

    /** A frame protected with {@code pn} by a sender sharing {@code key}. */
    private byte[] sealed(CcmpKey key, TestFrames.Shape shape, int tid, long pn, int payload) {
        CcmpCodec tx = new CcmpCodec(key);
        tx.setTxPn(pn - 1);
        Mpdu f = Mpdu.copyOf(TestFrames.data(rnd, shape, tid, payload));
        tx.protect(f, engine);
        return f.toByteArray();
    }

    @Test
    void theFirstFrameOfAKeyHasPn1AndEachNextOneMore() {
        CcmpCodec tx = new CcmpCodec(key(CcmpSuite.CCMP_128, 1));
        for (long expected = 1; expected <= 3; expected++) {
            Mpdu f = Mpdu.copyOf(TestFrames.data(rnd, QOS, 5, 40));
            assertThat(tx.protect(f, engine)).isEqualTo(expected);
            assertThat(CcmpHeader.pn(f.bytes(), f.offset() + QOS.headerLen())).isEqualTo(expected);
            assertThat(CcmpHeader.keyId(f.bytes(), f.offset() + QOS.headerLen())).isEqualTo(1);
            assertThat(CcmpHeader.extIv(f.bytes(), f.offset() + QOS.headerLen())).isTrue();
            assertThat(f.bytes()[f.offset() + QOS.headerLen() + 2]).as("reserved octet").isZero();
            assertThat(Ieee80211Header.isProtected(Ieee80211Header.frameControl(f.bytes(), f.offset()))).isTrue();
            assertThat(f.length()).isEqualTo(QOS.headerLen() + 8 + 40 + 8);
        }
    }

    @ParameterizedTest
    @EnumSource(CcmpSuite.class)
    void protectThenUnprotectRestoresTheFrameWithTheProtectedBitSet(CcmpSuite suite) {
        CcmpKey k = key(suite, 0);
        CcmpCodec tx = new CcmpCodec(k);
        CcmpCodec rx = new CcmpCodec(k);
        for (TestFrames.Shape shape : new TestFrames.Shape[] {PLAIN, QOS, QOS_A4_HTC, new TestFrames.Shape(false, true, false)}) {
            byte[] plain = TestFrames.data(rnd, shape, 9, 100);
            Mpdu f = Mpdu.copyOf(plain);
            tx.protect(f, engine);
            assertThat(f.length()).isEqualTo(plain.length + 8 + suite.micBytes());
            assertThat(rx.unprotect(f, engine)).as("%s", shape).isEqualTo(CcmpRxVerdict.OK);
            plain[1] |= 0x40;
            assertThat(f.toByteArray()).isEqualTo(plain);
        }
    }

    @Test
    void aFrameWithoutHeadroomIsCopiedOnceAndStillProtected() {
        CcmpKey k = key(CcmpSuite.CCMP_128, 0);
        byte[] plain = TestFrames.data(rnd, QOS, 3, 64);
        byte[] exact = plain.clone();
        Mpdu f = Mpdu.wrap(exact, 0, exact.length);
        new CcmpCodec(k).protect(f, engine);
        assertThat(f.bytes()).isNotSameAs(exact);
        assertThat(new CcmpCodec(k).unprotect(f, engine)).isEqualTo(CcmpRxVerdict.OK);
    }

    /**
     * Fields CCMP masks may change after protection (a retransmission sets Retry) and still verify.
     * Offsets in a four-address QoS header with HT Control: FC 0, Duration 2, A1 4, A2 10, A3 16,
     * Sequence Control 22, A4 24, QoS Control 30, HT Control 32, CCMP header 36.
     */
    @Test
    void maskedFieldsMayChangeInFlight() {
        CcmpKey k = key(CcmpSuite.CCMP_128, 0);
        int[][] changes = {
            {1, 0x08}, {1, 0x10}, {1, 0x20},       // Retry, Power Management, More Data
            {0, 0x30},                              // data subtype bits 4 and 5
            {2, 0xff}, {3, 0xff},                   // Duration
            {22, 0xf0}, {23, 0xff},                 // sequence number (not the fragment number)
            {30, 0xf0}, {31, 0xff},                 // QoS Control above the TID
            {32, 0xff}, {35, 0xff},                 // HT Control
        };
        for (int[] c : changes) {
            byte[] frame = sealed(k, QOS_A4_HTC, 6, 10, 50);
            frame[c[0]] ^= (byte) c[1];
            CcmpCodec rx = new CcmpCodec(k);
            assertThat(rx.unprotect(Mpdu.copyOf(frame), engine)).as("octet %d ^ %02x", c[0], c[1])
                    .isEqualTo(CcmpRxVerdict.OK);
        }
    }

    /** Fields CCMP covers: changing any of them fails the MIC. */
    @Test
    void coveredFieldsMayNot() {
        CcmpKey k = key(CcmpSuite.CCMP_128, 0);
        int[][] changes = {
            {0, 0x80},                              // QoS subtype bit: also moves the payload, fails anyway
            {1, 0x01}, {1, 0x02},                   // To DS, From DS
            {4, 0x01}, {12, 0x01}, {21, 0x80},      // A1, A2, A3
            {22, 0x01},                             // fragment number
            {24, 0x01}, {29, 0x80},                 // A4
            {30, 0x01},                             // TID
            {37, 0x01},                             // PN1: another nonce
            {50, 0x01},                             // payload
        };
        for (int[] c : changes) {
            byte[] frame = sealed(k, QOS_A4_HTC, 6, 10, 50);
            frame[c[0]] ^= (byte) c[1];
            CcmpCodec rx = new CcmpCodec(k);
            CcmpRxVerdict v = rx.unprotect(Mpdu.copyOf(frame), engine);
            assertThat(v).as("octet %d ^ %02x", c[0], c[1]).isIn(CcmpRxVerdict.DECRYPT_ERROR, CcmpRxVerdict.FORMAT_ERROR);
            assertThat(rx.rxPn(6)).isZero();
        }
    }

    @Test
    void aBadMicIsADecryptErrorAndLeavesFrameAndCounterAlone() {
        CcmpKey k = key(CcmpSuite.CCMP_256, 2);
        byte[] frame = sealed(k, QOS, 4, 77, 300);
        frame[frame.length - 1] ^= 1;
        CcmpCodec rx = new CcmpCodec(k);
        Mpdu f = Mpdu.copyOf(frame);
        assertThat(rx.unprotect(f, engine)).isEqualTo(CcmpRxVerdict.DECRYPT_ERROR);
        assertThat(f.toByteArray()).isEqualTo(frame);
        assertThat(rx.counter(CcmpCounter.DECRYPT_ERRORS)).isEqualTo(1);
        assertThat(rx.rxPn(4)).isZero();
        frame[frame.length - 1] ^= 1;
        assertThat(rx.unprotect(Mpdu.copyOf(frame), engine)).as("the genuine frame after the forgery").isEqualTo(CcmpRxVerdict.OK);
    }

    @Test
    void replayCountersArePerTidAndNonQosDataSharesTid0() {
        CcmpKey k = key(CcmpSuite.CCMP_128, 0);
        CcmpCodec rx = new CcmpCodec(k);
        assertThat(rx.unprotect(Mpdu.copyOf(sealed(k, QOS, 1, 5, 20)), engine)).isEqualTo(CcmpRxVerdict.OK);
        assertThat(rx.unprotect(Mpdu.copyOf(sealed(k, QOS, 2, 3, 20)), engine)).as("own counter").isEqualTo(CcmpRxVerdict.OK);
        assertThat(rx.unprotect(Mpdu.copyOf(sealed(k, QOS, 1, 3, 20)), engine)).as("older").isEqualTo(CcmpRxVerdict.REPLAY);
        assertThat(rx.unprotect(Mpdu.copyOf(sealed(k, QOS, 1, 5, 20)), engine)).as("same PN").isEqualTo(CcmpRxVerdict.REPLAY);
        assertThat(rx.unprotect(Mpdu.copyOf(sealed(k, QOS, 1, 6, 20)), engine)).isEqualTo(CcmpRxVerdict.OK);
        assertThat(rx.unprotect(Mpdu.copyOf(sealed(k, QOS, 0, 9, 20)), engine)).isEqualTo(CcmpRxVerdict.OK);
        assertThat(rx.unprotect(Mpdu.copyOf(sealed(k, PLAIN, 0, 9, 20)), engine)).as("non-QoS uses TID 0's")
                .isEqualTo(CcmpRxVerdict.REPLAY);
        assertThat(rx.unprotect(Mpdu.copyOf(sealed(k, PLAIN, 0, 10, 20)), engine)).isEqualTo(CcmpRxVerdict.OK);
        assertThat(rx.rxPn(0)).isEqualTo(10);
        assertThat(rx.rxPn(1)).isEqualTo(6);
        assertThat(rx.rxPn(2)).isEqualTo(3);
        assertThat(rx.counter(CcmpCounter.REPLAYS)).isEqualTo(3);
        assertThat(rx.rxVerdicts(CcmpRxVerdict.OK)).isEqualTo(5);
    }

    @Test
    void aReceiveCounterInstalledWithTheKeyRefusesOlderPns() {
        CcmpKey k = key(CcmpSuite.CCMP_128, 0);
        CcmpCodec rx = new CcmpCodec(k);
        rx.setRxPn(7, 1000);
        assertThat(rx.unprotect(Mpdu.copyOf(sealed(k, QOS, 7, 1000, 8)), engine)).isEqualTo(CcmpRxVerdict.REPLAY);
        assertThat(rx.unprotect(Mpdu.copyOf(sealed(k, QOS, 7, 1001, 8)), engine)).isEqualTo(CcmpRxVerdict.OK);
        assertThat(rx.unprotect(Mpdu.copyOf(sealed(k, QOS, 7, CcmpHeader.MAX_PN, 8)), engine)).as("the 48-bit maximum")
                .isEqualTo(CcmpRxVerdict.OK);
    }

    /** Split reception: a frame overtaken by a later one of its queue before completing is refused. */
    @Test
    void aFrameCompletingAfterALaterOneOfItsQueueIsAReplay() {
        CcmpKey k = key(CcmpSuite.CCMP_128, 0);
        CcmpCodec rx = new CcmpCodec(k);
        Mpdu early = Mpdu.copyOf(sealed(k, QOS, 3, 20, 100));
        Mpdu late = Mpdu.copyOf(sealed(k, QOS, 3, 21, 100));
        Mpdu other = Mpdu.copyOf(sealed(k, QOS, 4, 19, 100));
        assertThat(rx.receive(early)).isEqualTo(CcmpRxVerdict.NEEDS_CRYPTO);
        assertThat(rx.receive(late)).isEqualTo(CcmpRxVerdict.NEEDS_CRYPTO);
        assertThat(rx.receive(other)).isEqualTo(CcmpRxVerdict.NEEDS_CRYPTO);
        rx.decrypt(late, engine);
        rx.decrypt(early, engine);
        rx.decrypt(other, engine);
        assertThat(rx.completeReceive(late)).isEqualTo(CcmpRxVerdict.OK);
        assertThat(rx.completeReceive(early)).isEqualTo(CcmpRxVerdict.REPLAY);
        assertThat(rx.completeReceive(other)).as("another TID").isEqualTo(CcmpRxVerdict.OK);
        assertThat(rx.counter(CcmpCounter.REPLAYS)).isEqualTo(1);
        assertThat(rx.rxVerdicts(CcmpRxVerdict.NEEDS_CRYPTO)).isZero();
    }

    @Test
    void framesThatAreNotCcmpDataEndWithoutDecryption() {
        CcmpKey k = key(CcmpSuite.CCMP_128, 1);
        CcmpCodec rx = new CcmpCodec(k);
        byte[] good = sealed(k, QOS, 0, 50, 30);
        int hdr = QOS.headerLen();

        assertThat(rx.unprotect(Mpdu.copyOf(new byte[1]), engine)).isEqualTo(CcmpRxVerdict.TRUNCATED);
        assertThat(rx.unprotect(Mpdu.copyOf(Arrays.copyOf(good, hdr - 1)), engine)).isEqualTo(CcmpRxVerdict.TRUNCATED);

        byte[] mgmt = good.clone();
        mgmt[0] = (byte) 0xd0;                                           // action frame
        assertThat(rx.unprotect(Mpdu.copyOf(mgmt), engine)).isEqualTo(CcmpRxVerdict.NOT_DATA);
        byte[] ctrl = {(byte) 0xd4, 0, 1, 2, 3, 4, 5, 6, 7, 8};           // ACK
        assertThat(rx.unprotect(Mpdu.copyOf(ctrl), engine)).isEqualTo(CcmpRxVerdict.NOT_DATA);

        byte[] open = TestFrames.data(rnd, QOS, 0, 30);
        open[1] &= ~0x40;
        assertThat(rx.unprotect(Mpdu.copyOf(open), engine)).isEqualTo(CcmpRxVerdict.UNPROTECTED);

        byte[] noExtIv = good.clone();
        noExtIv[hdr + 3] &= ~CcmpHeader.EXT_IV;
        assertThat(rx.unprotect(Mpdu.copyOf(noExtIv), engine)).isEqualTo(CcmpRxVerdict.FORMAT_ERROR);
        byte[] noMic = Arrays.copyOf(good, hdr + 8 + 7);
        assertThat(rx.unprotect(Mpdu.copyOf(noMic), engine)).isEqualTo(CcmpRxVerdict.FORMAT_ERROR);

        byte[] otherKey = good.clone();
        otherKey[hdr + 3] ^= (byte) 0xc0;
        assertThat(rx.unprotect(Mpdu.copyOf(otherKey), engine)).isEqualTo(CcmpRxVerdict.NO_KEY);

        assertThat(rx.counter(CcmpCounter.FORMAT_ERRORS)).isEqualTo(2);
        assertThat(rx.counter(CcmpCounter.REPLAYS)).isZero();
        assertThat(rx.counter(CcmpCounter.DECRYPT_ERRORS)).isZero();
        assertThat(rx.rxPn(0)).isZero();
        assertThat(rx.unprotect(Mpdu.copyOf(good), engine)).isEqualTo(CcmpRxVerdict.OK);
    }

    @Test
    void anEmptyBodyIsStillProtected() {
        CcmpKey k = key(CcmpSuite.CCMP_128, 0);
        byte[] plain = TestFrames.data(rnd, QOS, 2, 0);
        Mpdu f = Mpdu.copyOf(plain);
        new CcmpCodec(k).protect(f, engine);
        assertThat(f.length()).isEqualTo(plain.length + 16);
        assertThat(new CcmpCodec(k).unprotect(f, engine)).isEqualTo(CcmpRxVerdict.OK);
        assertThat(f.length()).isEqualTo(plain.length);
    }

    @Test
    void transmittingRefusesWhatIsNotADataFrameAndAnExhaustedPnSpace() {
        CcmpCodec tx = new CcmpCodec(key(CcmpSuite.CCMP_128, 0));
        byte[] mgmt = TestFrames.data(rnd, PLAIN, 0, 10);
        mgmt[0] = (byte) 0xc0;
        assertThatThrownBy(() -> tx.protect(Mpdu.copyOf(mgmt), engine)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> tx.protect(Mpdu.copyOf(new byte[20]), engine)).isInstanceOf(IllegalArgumentException.class);
        tx.setTxPn(CcmpHeader.MAX_PN - 1);
        assertThat(tx.protect(Mpdu.copyOf(TestFrames.data(rnd, QOS, 0, 10)), engine)).isEqualTo(CcmpHeader.MAX_PN);
        assertThatThrownBy(() -> tx.protect(Mpdu.copyOf(TestFrames.data(rnd, QOS, 0, 10)), engine))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("exhausted");
        assertThatThrownBy(() -> tx.setTxPn(CcmpHeader.MAX_PN + 1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void keysRefuseTheWrongLengthOrKeyIdAndNeverPrintTheirOctets() {
        assertThatThrownBy(() -> new CcmpKey(CcmpSuite.CCMP_256, new byte[16], 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new CcmpKey(CcmpSuite.CCMP_128, new byte[16], 4)).isInstanceOf(IllegalArgumentException.class);
        assertThat(new CcmpKey(CcmpSuite.CCMP_128, new byte[16], 2)).hasToString("CCMP-128 key 2");
        assertThat(CcmpSuite.fromName("CCMP-256")).isEqualTo(CcmpSuite.CCMP_256);
        assertThat(CcmEngine.fastest()).as("the measured choice").isInstanceOf(JdkCcmEngine.class);
    }
}
