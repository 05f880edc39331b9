package org.cryptorder.wifi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The whole-MPDU vectors of {@code data/vectors/ccmp.json} through a {@link CcmpCodec}, byte for
 * byte in both directions and with both engines: the 802.11-2016 J.6.4 vector (test mpdu 1), the
 * other P802.11i/D7.0 test MPDUs that are valid under current rules, and the CCMP-256 frame.
 */
class CcmpFrameVectorTest {
    static Stream<Arguments> framesAndEngines() {
        return CcmpVectors.withBothEngines(CcmpVectors.currentFrames());
    }

    @Test
    void theStandardsVectorAndTheOtherShapesAreThere() {
        List<CcmpVectors.Frame> frames = CcmpVectors.currentFrames();
        assertThat(frames).extracting(CcmpVectors.Frame::name).anyMatch(n -> n.startsWith("IEEE 802.11-2016 J.6.4"));
        assertThat(frames).anyMatch(f -> f.suite() == CcmpSuite.CCMP_256);
        // a QoS frame (test mpdu 6, TID 13) and a To DS frame with More Data and Power Management (mpdu 7)
        assertThat(frames).anyMatch(f -> Ieee80211Header.isQosData(Ieee80211Header.frameControl(f.plaintextMpdu(), 0)));
        assertThat(frames).hasSize(5);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.cryptorder.wifi.CcmpVectors#currentFrames")
    void nonceAndAadAreTheVectorsOwn(CcmpVectors.Frame v) {
        byte[] p = v.plaintextMpdu();
        int fc = Ieee80211Header.frameControl(p, 0);
        assertThat(Ieee80211Header.length(fc)).isEqualTo(v.headerLen());
        byte[] nonce = new byte[CcmpNonce.LEN];
        CcmpNonce.write(p, 0, fc, v.pn(), nonce);
        assertThat(nonce).isEqualTo(v.nonce());
        byte[] aad = new byte[CcmpAad.MAX_LEN];
        int len = CcmpAad.write(p, 0, fc, aad);
        assertThat(Arrays.copyOf(aad, len)).isEqualTo(v.aad());
    }

    /**
     * The 2003 draft's QoS frames with Order set keep Order in the AAD and carry no HT Control
     * field; current rules mask it. The AAD differs in exactly that bit, which is why these four
     * vectors are checked as raw CCM only (CcmKnownAnswerTest).
     */
    @Test
    void thePreHtVectorsDifferOnlyByTheOrderBitOfTheAad() {
        List<CcmpVectors.Frame> old = CcmpVectors.frames().stream().filter(f -> !f.currentRules()).toList();
        assertThat(old).hasSize(4);
        for (CcmpVectors.Frame v : old) {
            byte[] p = v.plaintextMpdu();
            int fc = Ieee80211Header.frameControl(p, 0);
            assertThat(Ieee80211Header.isQosData(fc) && (fc & Ieee80211Header.ORDER) != 0).as(v.name()).isTrue();
            assertThat(Ieee80211Header.length(fc)).isEqualTo(v.headerLen() + Ieee80211Header.HT_CONTROL_LEN);
            byte[] aad = new byte[CcmpAad.MAX_LEN];
            int len = CcmpAad.write(p, 0, fc, aad);
            byte[] expected = v.aad().clone();
            expected[1] &= (byte) ~(Ieee80211Header.ORDER >>> 8);
            assertThat(Arrays.copyOf(aad, len)).as(v.name()).isEqualTo(expected).isNotEqualTo(v.aad());
        }
    }

    @ParameterizedTest(name = "{0} ({1})")
    @MethodSource("framesAndEngines")
    void protectGivesTheVectorsFrame(CcmpVectors.Frame v, CcmEngine engine) {
        CcmpCodec tx = new CcmpCodec(v.ccmpKey());
        tx.setTxPn(v.pn() - 1);
        Mpdu f = Mpdu.copyOf(v.plaintextMpdu());
        byte[] before = f.bytes();
        assertThat(tx.protect(f, engine)).isEqualTo(v.pn());
        assertThat(f.toByteArray()).isEqualTo(v.protectedMpdu());
        assertThat(f.bytes()).as("protected in place, in the headroom and tailroom").isSameAs(before);
        assertThat(tx.txPn()).isEqualTo(v.pn());
        int hdr = v.headerLen();
        assertThat(CcmpHeader.pn(f.bytes(), f.offset() + hdr)).isEqualTo(v.pn());
        assertThat(CcmpHeader.keyId(f.bytes(), f.offset() + hdr)).isEqualTo(v.keyId());
    }

    @ParameterizedTest(name = "{0} ({1})")
    @MethodSource("framesAndEngines")
    void unprotectGivesThePlaintextOnceAndThenCountsAReplay(CcmpVectors.Frame v, CcmEngine engine) {
        CcmpCodec rx = new CcmpCodec(v.ccmpKey());
        Mpdu f = Mpdu.copyOf(v.protectedMpdu());
        assertThat(rx.unprotect(f, engine)).isEqualTo(CcmpRxVerdict.OK);
        assertThat(f.toByteArray()).isEqualTo(v.plaintextMpdu());
        int queue = Ieee80211Header.tid(v.plaintextMpdu(), 0, Ieee80211Header.frameControl(v.plaintextMpdu(), 0));
        assertThat(f.queue()).isEqualTo(queue);
        assertThat(rx.rxPn(queue)).isEqualTo(v.pn());

        Mpdu again = Mpdu.copyOf(v.protectedMpdu());
        assertThat(rx.unprotect(again, engine)).isEqualTo(CcmpRxVerdict.REPLAY);
        assertThat(again.toByteArray()).as("a replay is not decrypted").isEqualTo(v.protectedMpdu());
        assertThat(rx.counter(CcmpCounter.REPLAYS)).isEqualTo(1);
        assertThat(rx.rxVerdicts(CcmpRxVerdict.OK)).isEqualTo(1);
    }
}
