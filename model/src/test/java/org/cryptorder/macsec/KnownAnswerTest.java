package org.cryptorder.macsec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Every IEEE 802.1AE vector, protected and unprotected byte for byte through a {@link SecY}. */
class KnownAnswerTest {
    private static final HexFormat HEX = HexFormat.of();

    static List<Vectors.Vector> vectors() {
        return Vectors.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void protectGivesTheVectorBytes(Vectors.Vector v) {
        SecY secy = Vectors.sender(v);
        MacsecFrame f = MacsecFrame.copyOf(v.plaintext());
        assertThat(secy.protect(f, new GcmEngine())).isEqualTo(TxVerdict.SENT);
        assertThat(HEX.formatHex(f.toByteArray())).isEqualTo(HEX.formatHex(v.protectedFrame()));
        assertThat(SecTag.tciAn(f.bytes(), f.offset())).isEqualTo(v.tciAn());
        assertThat(SecTag.shortLength(f.bytes(), f.offset())).isEqualTo(v.shortLength());
        assertThat(secy.txSa(v.an()).nextPn()).isEqualTo(v.pn() + 1);
        MacsecCounter counted = v.encrypt() ? MacsecCounter.OUT_PKTS_ENCRYPTED : MacsecCounter.OUT_PKTS_PROTECTED;
        assertThat(secy.counter(counted)).isEqualTo(1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void unprotectGivesThePlaintextAndCountsOk(Vectors.Vector v) {
        SecY secy = Vectors.receiver(v);
        MacsecFrame f = MacsecFrame.copyOf(v.protectedFrame());
        assertThat(secy.validate(f, new GcmEngine())).isEqualTo(RxVerdict.OK);
        assertThat(HEX.formatHex(f.toByteArray())).isEqualTo(HEX.formatHex(v.plaintext()));
        assertThat(f.pn()).isEqualTo(v.pn());
        assertThat(secy.counter(MacsecCounter.IN_PKTS_OK)).isEqualTo(1);
        MacsecCounter octets = v.encrypt() ? MacsecCounter.IN_OCTETS_DECRYPTED : MacsecCounter.IN_OCTETS_VALIDATED;
        assertThat(secy.counter(octets)).isEqualTo(v.plaintext().length - 12);
        assertThat(secy.rxSc(v.sci()).sa(v.an()).nextPn()).isEqualTo(v.pn() + 1);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void aOneBitKeyChangeFailsTheIcv(Vectors.Vector v) {
        byte[] key = v.key().clone();
        key[key.length - 1] ^= 1;
        Vectors.Vector wrong = new Vectors.Vector(v.name(), v.suite(), key, v.sci(), v.pn(), v.an(), v.encrypt(),
                v.includeSci(), v.es(), v.tciAn(), v.shortLength(), v.plaintext(), v.protectedFrame(), v.ssci(),
                v.salt());
        SecY secy = Vectors.receiver(wrong);
        MacsecFrame f = MacsecFrame.copyOf(v.protectedFrame());
        assertThat(secy.validate(f, new GcmEngine())).isEqualTo(RxVerdict.NOT_VALID);
        assertThat(secy.counter(MacsecCounter.IN_PKTS_NOT_VALID)).isEqualTo(1);
        assertThat(secy.rxSc(v.sci()).sa(v.an()).nextPn()).as("invalid frames never advance next_pn").isEqualTo(v.pn());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("vectors")
    void protectingWithPnPlusOneGivesOtherBytes(Vectors.Vector v) {
        SecYConfig cfg = Vectors.sender(v).config();
        SecY secy = new SecY(cfg);
        secy.addTxSa(v.an(), v.saKey(), v.pn() + 1, true);
        MacsecFrame f = MacsecFrame.copyOf(v.plaintext());
        secy.protect(f, new GcmEngine());
        byte[] got = f.toByteArray();
        int icvStart = got.length - 16;
        assertThat(HEX.formatHex(got, icvStart, got.length))
                .isNotEqualTo(HEX.formatHex(v.protectedFrame(), icvStart, got.length));
    }
}
