package org.cryptorder.macsec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * More than a million random and mutated frames (seeded, so any failure reproduces) against
 * receivers in every validation mode: nothing throws, every frame ends in exactly one verdict, and
 * the Linux counters equal the verdict counts they stand for.
 */
class SecYFuzzTest {
    private static final int FRAMES_PER_MODE = 350_000;  // 3 modes: 1,050,000 frames

    @ParameterizedTest
    @EnumSource(ValidateFrames.class)
    void randomAndMutatedFramesNeverThrowAndCountersAddUp(ValidateFrames validate) {
        SplittableRandom rnd = new SplittableRandom(0xC0FFEE + validate.ordinal());
        GcmEngine engine = new GcmEngine();
        Pair[] pairs = {
            new Pair(SecYConfig.linuxDefaults(SecYTest.TX_SCI).withEncrypt(true), validate, false, 0),
            new Pair(SecYConfig.linuxDefaults(SecYTest.TX_SCI), validate, true, 0),
            new Pair(SecYConfig.linuxDefaults(SecYTest.TX_SCI).withIcvLen(8), validate, true, 32),
            new Pair(SecYConfig.linuxDefaults(SecYTest.TX_SCI).withSuite(CipherSuite.GCM_AES_XPN_256).withEncrypt(true)
                    .withSciMode(false, true, false), validate, true, 4),
            new Pair(SecYConfig.linuxDefaults(SecYTest.TX_SCI).withSuite(CipherSuite.GCM_AES_256).withIcvLen(13)
                    .withSciMode(false, false, false), validate, false, 0),
        };
        long fed = 0;
        for (int i = 0; i < FRAMES_PER_MODE; i++) {
            Pair p = pairs[rnd.nextInt(pairs.length)];
            MacsecFrame f = nextFrame(rnd, p, engine);
            RxVerdict v = p.rx.validate(f, engine);
            assertThat(v.terminal()).isTrue();
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
            assertThat(p.rx.rxVerdicts(RxVerdict.NEEDS_CRYPTO)).isZero();
        }
        assertThat(verdicts).isEqualTo(fed);
        // the mix must exercise the interesting outcomes, not only early drops
        long ok = 0;
        long notValid = 0;
        long badTag = 0;
        for (Pair p : pairs) {
            ok += p.rx.rxVerdicts(RxVerdict.OK) + p.rx.rxVerdicts(RxVerdict.DELAYED);
            notValid += p.rx.rxVerdicts(RxVerdict.NOT_VALID) + p.rx.rxVerdicts(RxVerdict.INVALID);
            badTag += p.rx.rxVerdicts(RxVerdict.BAD_TAG);
        }
        assertThat(ok).isGreaterThan(FRAMES_PER_MODE / 20);
        assertThat(badTag).isGreaterThan(FRAMES_PER_MODE / 50);
        if (validate != ValidateFrames.DISABLED) {
            assertThat(notValid).isGreaterThan(FRAMES_PER_MODE / 50);
        }
    }

    /** A sender and a receiver that share keys; the receiver's validation mode and replay vary. */
    private static final class Pair {
        final SecY tx;
        final SecY rx;

        Pair(SecYConfig txCfg, ValidateFrames validate, boolean replay, long window) {
            tx = SecYTest.sender(txCfg, 1);
            SecYConfig rxCfg = SecYConfig.linuxDefaults(SecYTest.RX_SCI).withSuite(txCfg.suite())
                    .withIcvLen(txCfg.icvLen()).withValidate(validate).withReplay(replay, window);
            rx = SecYTest.receiver(txCfg, rxCfg, 1);
        }
    }

    private static MacsecFrame nextFrame(SplittableRandom rnd, Pair p, GcmEngine engine) {
        int kind = rnd.nextInt(10);
        if (kind == 0) {  // noise
            byte[] b = new byte[rnd.nextInt(1600)];
            rnd.nextBytes(b);
            return MacsecFrame.wrap(b, 0, b.length);
        }
        if (kind == 1) {  // noise with the MACsec EtherType
            byte[] b = new byte[rnd.nextInt(1600)];
            rnd.nextBytes(b);
            if (b.length >= 14) {
                b[12] = (byte) 0x88;
                b[13] = (byte) 0xe5;
            }
            return MacsecFrame.wrap(b, 0, b.length);
        }
        MacsecFrame f = MacsecFrame.copyOf(SecYTest.plainFrame(rnd.nextInt(1470), rnd.nextInt()));
        p.tx.protect(f, engine);
        byte[] b = f.bytes();
        int o = f.offset();
        switch (kind) {
            case 2 -> b[o + rnd.nextInt(f.length())] ^= (byte) (1 << rnd.nextInt(8));  // one bit anywhere
            case 3 -> b[o + 14] = (byte) rnd.nextInt(256);  // TCI/AN
            case 4 -> b[o + 15] = (byte) rnd.nextInt(256);  // SL
            case 5 -> {  // PN
                for (int i = 16; i < 20; i++) {
                    b[o + i] = (byte) rnd.nextInt(256);
                }
            }
            case 6 -> {  // truncated
                byte[] cut = f.toByteArray();
                return MacsecFrame.wrap(cut, 0, rnd.nextInt(cut.length + 1));
            }
            case 7 -> {  // SCI octets or addresses
                b[o + rnd.nextInt(Math.min(28, f.length()))] ^= (byte) (1 + rnd.nextInt(255));
            }
            default -> {  // intact: exercises OK, Delayed and Late as frames arrive in PN order or not
            }
        }
        return f;
    }
}
