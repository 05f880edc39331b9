package org.cryptorder.macsec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * More than a million frames (seeded, so any failure reproduces) against receivers in every
 * validation mode: genuine frames in order, held back and sent late, and sent again; genuine frames
 * mutated in one known way each (the ICV, the SecTAG's V bit, reserved SL bits, AN, SCI, EtherType,
 * E without C, cut short); and random octets. The verdict of every frame but the random ones is
 * derived here, from 802.1AE and Linux's {@code macsec_handle_frame} / {@code macsec_post_decrypt}
 * rules written out independently of {@link SecY} (a model of each receiver's next PN), and must
 * be the one the SecY gives. Nothing throws, every frame ends in exactly one verdict, the Linux
 * counters equal the verdicts they stand for, and every verdict the mode allows occurs.
 */
class SecYFuzzTest {
    private static final int FRAMES_PER_MODE = 350_000;  // 3 modes: 1,050,000 frames

    /** How a frame is made from a genuine one. */
    private enum Make {
        FRESH, HELD, REPLAYED, ICV_FLIP, V_BIT, SL_RESERVED, OTHER_AN, OTHER_SCI, ETHERTYPE, E_WITHOUT_C, CUT
    }

    @ParameterizedTest
    @EnumSource(ValidateFrames.class)
    void everyFrameGetsTheVerdictTheRulesGiveAndEveryVerdictOccurs(ValidateFrames validate) {
        SplittableRandom rnd = new SplittableRandom(0xC0FFEE + validate.ordinal());
        GcmEngine engine = new GcmEngine();
        Pair[] pairs = {
            new Pair(SecYConfig.linuxDefaults(SecYTest.TX_SCI).withEncrypt(true), validate, false, 0, false),
            new Pair(SecYConfig.linuxDefaults(SecYTest.TX_SCI), validate, true, 0, false),
            new Pair(SecYConfig.linuxDefaults(SecYTest.TX_SCI).withIcvLen(8), validate, true, 32, false),
            new Pair(SecYConfig.linuxDefaults(SecYTest.TX_SCI).withSuite(CipherSuite.GCM_AES_XPN_256).withEncrypt(true)
                    .withSendSci(false).withEndStation(true), validate, true, 4, false),
            new Pair(SecYConfig.linuxDefaults(SecYTest.TX_SCI).withSuite(CipherSuite.GCM_AES_256).withIcvLen(13)
                    .withSendSci(false), validate, false, 0, false),
            // frames without an SCI to a receiver with two RX SCs: which one cannot be told
            new Pair(SecYConfig.linuxDefaults(SecYTest.TX_SCI).withSendSci(false), validate, false, 0, true),
        };
        Map<RxVerdict, Long> seen = new EnumMap<>(RxVerdict.class);
        long fed = 0;
        for (int i = 0; i < FRAMES_PER_MODE; i++) {
            Pair p = pairs[rnd.nextInt(pairs.length)];
            int kind = rnd.nextInt(24);
            RxVerdict v;
            if (kind < 2) {  // random octets, half with the MACsec EtherType: any verdict, but one
                byte[] b = new byte[rnd.nextInt(1600)];
                rnd.nextBytes(b);
                if (kind == 1 && b.length >= 14) {
                    b[12] = (byte) 0x88;
                    b[13] = (byte) 0xe5;
                }
                v = p.rx.validate(MacsecFrame.wrap(b, 0, b.length), engine);
                assertThat(v.terminal()).isTrue();
            } else {
                Make make = kind < 12 ? Make.FRESH : Make.values()[Math.min(kind - 11, Make.values().length - 1)];
                if (kind >= 22) {
                    make = kind == 22 ? Make.HELD : Make.REPLAYED;
                }
                v = feedGenuine(rnd, p, make, engine, i);
            }
            seen.merge(v, 1L, Long::sum);
            fed++;
        }
        long verdicts = 0;
        for (Pair p : pairs) {
            for (RxVerdict v : RxVerdict.values()) {
                verdicts += p.rx.rxVerdicts(v);
                if (v.counter() != null) {
                    assertThat(p.rx.counter(v.counter())).as("%s vs verdict %s", v.counter().linuxName(), v)
                            .isEqualTo(p.rx.rxVerdicts(v));
                }
            }
            assertThat(p.rx.counter(MacsecCounter.RX_ERRORS)).isEqualTo(p.rx.rxVerdicts(RxVerdict.NOT_VALID)
                    + p.rx.rxVerdicts(RxVerdict.BAD_TAG) + p.rx.rxVerdicts(RxVerdict.NOT_USING_SA)
                    + p.rx.rxVerdicts(RxVerdict.UNKNOWN_SCI_DROPPED));
            assertThat(p.rx.counter(MacsecCounter.RX_DROPPED))
                    .isEqualTo(p.rx.rxVerdicts(RxVerdict.LATE) + p.rx.rxVerdicts(RxVerdict.NO_TAG));
        }
        assertThat(verdicts).isEqualTo(fed);
        for (RxVerdict v : possible(validate)) {
            assertThat(seen.getOrDefault(v, 0L)).as("%s under validate %s", v, validate)
                    .isGreaterThan(FRAMES_PER_MODE / 5000);
        }
        assertThat(seen.keySet()).as("no verdict the mode rules out").isSubsetOf(possible(validate));
    }

    /**
     * The verdicts a receiver in this mode can give without cryptd (no CRYPTO_FAILED): strict refuses
     * what the others let through (UNTAGGED, UNKNOWN_SCI, UNUSED_SA), check marks a bad ICV
     * INVALID, disabled checks no ICV of a frame without the C bit (UNCHECKED).
     */
    private static Set<RxVerdict> possible(ValidateFrames validate) {
        Set<RxVerdict> s = EnumSet.of(RxVerdict.TRUNCATED, RxVerdict.NOT_FOR_CONTROLLED_PORT, RxVerdict.NO_SCI_INFERRED,
                RxVerdict.UNKNOWN_SCI_DROPPED, RxVerdict.BAD_TAG, RxVerdict.NOT_USING_SA, RxVerdict.LATE,
                RxVerdict.NOT_VALID, RxVerdict.DELAYED, RxVerdict.OK);
        switch (validate) {
            case STRICT -> s.add(RxVerdict.NO_TAG);
            case CHECK -> s.addAll(List.of(RxVerdict.UNTAGGED, RxVerdict.UNKNOWN_SCI, RxVerdict.UNUSED_SA,
                    RxVerdict.INVALID));
            case DISABLED -> s.addAll(List.of(RxVerdict.UNTAGGED, RxVerdict.UNKNOWN_SCI, RxVerdict.UNUSED_SA,
                    RxVerdict.UNCHECKED));
        }
        return s;
    }

    /** Makes a frame from a genuine one as {@code make} says, feeds it, and checks its verdict. */
    private static RxVerdict feedGenuine(SplittableRandom rnd, Pair p, Make make, GcmEngine engine, int i) {
        byte[] b;
        if (make == Make.HELD && !p.held.isEmpty() && rnd.nextBoolean()) {
            b = p.held.poll();                 // sent late: older PNs than the receiver has seen
        } else if (make == Make.REPLAYED && !p.recent.isEmpty()) {
            b = p.recent.get(rnd.nextInt(p.recent.size())).clone();
            make = Make.HELD;                  // a genuine frame again: judged as a late one
        } else {
            b = p.protect(rnd, engine);
            if (make == Make.HELD || make == Make.REPLAYED || make == Make.FRESH && rnd.nextInt(8) == 0) {
                p.held.add(b);                 // held back: a later frame goes first
                b = p.protect(rnd, engine);
                make = Make.FRESH;
            }
        }
        int tci = b[SecTag.TCI_OFF] & 0xff;
        boolean hasSci = (tci & SecTag.TCI_SC) != 0;
        long pn = SecTag.pn(b, 0);
        switch (make) {
            case ICV_FLIP -> b[b.length - 1 - rnd.nextInt(p.icvLen)] ^= (byte) (1 << rnd.nextInt(8));
            case V_BIT -> b[SecTag.TCI_OFF] |= (byte) SecTag.TCI_V;
            case SL_RESERVED -> b[SecTag.SL_OFF] |= (byte) (0x40 << rnd.nextInt(2));
            case OTHER_AN -> b[SecTag.TCI_OFF] = (byte) (tci & ~SecTag.AN_MASK | ((tci & SecTag.AN_MASK) + 1
                    + rnd.nextInt(3)) % 4);
            case OTHER_SCI -> {
                if (hasSci) {
                    b[20 + rnd.nextInt(8)] ^= (byte) (1 + rnd.nextInt(255));
                } else {
                    make = Make.ETHERTYPE;
                    b[12] ^= (byte) (1 + rnd.nextInt(255));
                }
            }
            case ETHERTYPE -> b[12] ^= (byte) (1 + rnd.nextInt(255));
            case E_WITHOUT_C -> b[SecTag.TCI_OFF] = (byte) ((tci | SecTag.TCI_E) & ~SecTag.TCI_C);
            case CUT -> b = java.util.Arrays.copyOf(b, rnd.nextInt(20));  // shorter than Ethernet and a SecTAG
            default -> {
            }
        }
        byte[] sent = b.clone();
        RxVerdict expected = p.expect(make, tci, pn);
        RxVerdict v = p.rx.validate(MacsecFrame.copyOf(b), engine);
        if (v != expected) {
            throw new AssertionError("frame " + i + " (" + make + ", " + p.tx.config().suite() + " icv " + p.icvLen
                    + " encrypt " + p.tx.config().encrypt() + " length " + sent.length + ", PN " + pn + ", next PN " + p.nextPn + ", "
                    + p.rx.config().validate() + "): expected " + expected + ", got " + v);
        }
        if (v == RxVerdict.OK || v == RxVerdict.DELAYED) {
            p.advance(pn);
            if (p.recent.size() < 64) {
                p.recent.add(sent);
            } else {
                p.recent.set(rnd.nextInt(64), sent);
            }
        }
        return v;
    }

    /** A sender and a receiver that share keys, and the test's own model of the receiver's next PN. */
    private static final class Pair {
        final SecY tx;
        final SecY rx;
        final boolean replay;
        final long window;
        final boolean cBit;
        final int icvLen;
        final boolean twoScs;
        final ArrayDeque<byte[]> held = new ArrayDeque<>();
        final List<byte[]> recent = new ArrayList<>();
        long nextPn = 1;

        Pair(SecYConfig txCfg, ValidateFrames validate, boolean replay, long window, boolean twoScs) {
            tx = SecYTest.sender(txCfg, 1);
            SecYConfig rxCfg = SecYConfig.linuxDefaults(SecYTest.RX_SCI).withSuite(txCfg.suite())
                    .withIcvLen(txCfg.icvLen()).withValidate(validate).withReplay(replay, window);
            rx = SecYTest.receiver(txCfg, rxCfg, 1);
            if (twoScs) {
                rx.addRxSc(SecYTest.TX_SCI ^ 0x10000);
            }
            this.replay = replay;
            this.window = window;
            this.twoScs = twoScs;
            this.icvLen = txCfg.icvLen();
            // macsec_fill_sectag: E and C when encrypting, C alone for an ICV other than 16 octets
            this.cBit = txCfg.encrypt() || txCfg.icvLen() != 16;
        }

        /** A genuine frame: one the sender protected and sent (not one too long for the lower MTU). */
        byte[] protect(SplittableRandom rnd, GcmEngine engine) {
            while (true) {
                MacsecFrame f = MacsecFrame.copyOf(SecYTest.plainFrame(rnd.nextInt(1470), rnd.nextInt()));
                if (tx.protect(f, engine) == TxVerdict.SENT) {
                    return f.toByteArray();
                }
            }
        }

        /** The lowest PN accepted in order: next PN less the replay window (Linux's lowest_pn). */
        long lowest() {
            return nextPn >= window ? nextPn - window : 0;
        }

        /** Linux: next_pn moves past the PN of every frame whose ICV was verified. */
        void advance(long pn) {
            nextPn = Math.max(nextPn, pn + 1);
        }

        /** The verdict 802.1AE 10.6 and Linux give a frame made this way from a genuine one of PN {@code pn}. */
        RxVerdict expect(Make make, int tci, long pn) {
            ValidateFrames mode = rx.config().validate();
            boolean strict = mode == ValidateFrames.STRICT;
            switch (make) {
                case CUT:
                    return RxVerdict.TRUNCATED;
                case ETHERTYPE:
                    return strict ? RxVerdict.NO_TAG : RxVerdict.UNTAGGED;
                case E_WITHOUT_C:
                    return RxVerdict.NOT_FOR_CONTROLLED_PORT;
                default:
                    break;
            }
            if (twoScs && (tci & (SecTag.TCI_SC | SecTag.TCI_ES | SecTag.TCI_SCB)) == 0) {
                return RxVerdict.NO_SCI_INFERRED;
            }
            if (make == Make.OTHER_SCI) {
                return cBit || strict ? RxVerdict.UNKNOWN_SCI_DROPPED : RxVerdict.UNKNOWN_SCI;
            }
            if (make == Make.V_BIT || make == Make.SL_RESERVED) {
                return RxVerdict.BAD_TAG;
            }
            if (make == Make.OTHER_AN) {
                return cBit || strict ? RxVerdict.NOT_USING_SA : RxVerdict.UNUSED_SA;
            }
            if (replay && pn < lowest()) {
                return RxVerdict.LATE;
            }
            boolean checked = cBit || mode != ValidateFrames.DISABLED;
            boolean genuine = make != Make.ICV_FLIP;
            if (checked && !genuine) {
                return cBit || strict ? RxVerdict.NOT_VALID : RxVerdict.INVALID;
            }
            if (!checked) {
                return pn < lowest() ? RxVerdict.DELAYED : RxVerdict.UNCHECKED;
            }
            return pn < lowest() ? RxVerdict.DELAYED : RxVerdict.OK;
        }
    }
}
