package org.cryptorder.wifi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Three hundred thousand received frames (seeded, so any failure reproduces) against one receiving codec
 * per suite: genuine frames in order, late, repeated and from another key, genuine frames mutated
 * (bit flips, truncation, extension, header flags), and random octets. Nothing throws; every frame
 * ends in exactly one verdict; the MIB counters equal the verdicts they stand for; a refused frame
 * is left as it came; a genuine unmutated frame that is accepted comes out as it was sent; and no
 * replay counter ever goes back.
 */
class CcmpFuzzTest {
    private static final int FRAMES_PER_SUITE = 150_000;

    private record Sent(byte[] plain, byte[] sealed) {
    }

    @ParameterizedTest
    @EnumSource(CcmpSuite.class)
    void randomAndMutatedFramesNeverThrowAndCountersAddUp(CcmpSuite suite) {
        SplittableRandom rnd = new SplittableRandom(0xCC3B + suite.ordinal());
        CcmEngine engine = new JdkCcmEngine();
        CcmpKey key = new CcmpKey(suite, TestFrames.randomBytes(rnd, suite.keyBytes()), 1);
        CcmpKey foreign = new CcmpKey(suite, TestFrames.randomBytes(rnd, suite.keyBytes()), 1);
        CcmpCodec tx = new CcmpCodec(key);
        CcmpCodec txForeign = new CcmpCodec(foreign);
        CcmpCodec rx = new CcmpCodec(key);
        List<Sent> recent = new ArrayList<>();
        ArrayDeque<Sent> held = new ArrayDeque<>();
        long[] lastRxPn = new long[CcmpCodec.QUEUES];
        long genuineOk = 0;
        long fed = 0;

        for (int i = 0; i < FRAMES_PER_SUITE; i++) {
            int kind = rnd.nextInt(100);
            byte[] in;
            byte[] expectedIfOk = null;
            if (kind < 35) {                                    // genuine, in order (or held back for later)
                Sent s = send(rnd, tx, engine);
                remember(rnd, recent, s);
                if (rnd.nextInt(10) == 0) {
                    held.add(s);
                    continue;
                }
                in = s.sealed();
                expectedIfOk = s.plain();
            } else if (kind < 42 && !held.isEmpty()) {         // genuine, late
                Sent s = held.poll();
                in = s.sealed();
                expectedIfOk = s.plain();
            } else if (kind < 50 && !recent.isEmpty()) {       // genuine, repeated
                Sent s = recent.get(rnd.nextInt(recent.size()));
                in = s.sealed();
                expectedIfOk = s.plain();
            } else if (kind < 55) {                             // another key with the same Key ID, current PNs
                txForeign.setTxPn(tx.txPn());
                in = send(rnd, txForeign, engine).sealed();
            } else if (kind < 85) {                             // genuine, mutated: mostly fresh, sometimes old
                byte[] base = rnd.nextInt(5) > 0 || recent.isEmpty() ? send(rnd, tx, engine).sealed()
                        : recent.get(rnd.nextInt(recent.size())).sealed();
                in = mutate(rnd, base);
            } else if (kind < 90) {                             // unprotected data
                in = TestFrames.data(rnd, TestFrames.Shape.random(rnd), rnd.nextInt(16), rnd.nextInt(200));
                in[1] &= ~0x40;
            } else {                                            // random octets, often typed as data
                in = TestFrames.randomBytes(rnd, rnd.nextInt(80));
                if (in.length > 0 && rnd.nextBoolean()) {
                    in[0] = (byte) (in[0] & ~0x0c | 0x08);
                }
            }
            Mpdu f = Mpdu.copyOf(in);
            CcmpRxVerdict v = rx.unprotect(f, engine);
            fed++;
            if (v == CcmpRxVerdict.OK) {
                check(rx.rxPn(f.queue()) == f.pn(), i, "the replay counter took the PN");
                if (expectedIfOk != null) {
                    check(Arrays.equals(f.toByteArray(), expectedIfOk), i, "a genuine frame comes out as sent");
                    genuineOk++;
                }
            } else {
                check(v.terminal(), i, "a final verdict");
                if (v != CcmpRxVerdict.NOT_DATA && !Arrays.equals(f.toByteArray(), in)) {
                    check(false, i, "refused as " + v + " but changed");
                }
            }
            for (int q = 0; q < CcmpCodec.QUEUES; q++) {
                check(rx.rxPn(q) >= lastRxPn[q], i, "a replay counter went back");
                lastRxPn[q] = rx.rxPn(q);
            }
        }

        long verdicts = 0;
        for (CcmpRxVerdict v : CcmpRxVerdict.values()) {
            verdicts += rx.rxVerdicts(v);
        }
        assertThat(rx.rxVerdicts(CcmpRxVerdict.NEEDS_CRYPTO)).isZero();
        assertThat(verdicts).isEqualTo(fed);
        for (CcmpCounter c : CcmpCounter.values()) {
            long expected = Arrays.stream(CcmpRxVerdict.values()).filter(v -> v.counter() == c).mapToLong(rx::rxVerdicts).sum();
            assertThat(rx.counter(c)).as(c.mibName()).isEqualTo(expected);
        }
        // the mix must reach every outcome, not only early drops
        for (CcmpRxVerdict v : CcmpRxVerdict.values()) {
            if (v.terminal()) {
                assertThat(rx.rxVerdicts(v)).as("%s", v).isGreaterThan(FRAMES_PER_SUITE / 1000);
            }
        }
        assertThat(genuineOk).isGreaterThan(FRAMES_PER_SUITE / 4);
        assertThat(rx.rxVerdicts(CcmpRxVerdict.DECRYPT_ERROR)).isGreaterThan(FRAMES_PER_SUITE / 20);
        assertThat(rx.rxVerdicts(CcmpRxVerdict.REPLAY)).isGreaterThan(FRAMES_PER_SUITE / 20);
    }

    private static void check(boolean holds, int frame, String what) {
        if (!holds) {
            throw new AssertionError("frame " + frame + ": " + what);
        }
    }

    private static Sent send(SplittableRandom rnd, CcmpCodec tx, CcmEngine engine) {
        int len = rnd.nextInt(20) == 0 ? rnd.nextInt(Mpdu.MAX_MSDU + 1) : rnd.nextInt(120);
        byte[] plain = TestFrames.data(rnd, TestFrames.Shape.random(rnd), rnd.nextInt(16), len);
        plain[1] |= 0x40;
        Mpdu f = Mpdu.copyOf(plain);
        tx.protect(f, engine);
        return new Sent(plain, f.toByteArray());
    }

    /** Keeps up to 64 recently sent frames, replacing a random one when full. */
    private static void remember(SplittableRandom rnd, List<Sent> recent, Sent s) {
        if (recent.size() < 64) {
            recent.add(s);
        } else {
            recent.set(rnd.nextInt(64), s);
        }
    }

    private static byte[] mutate(SplittableRandom rnd, byte[] sealed) {
        byte[] m = sealed.clone();
        switch (rnd.nextInt(5)) {
            case 0 -> {                                          // flip one to three bits anywhere
                for (int n = 1 + rnd.nextInt(3); n > 0; n--) {
                    int bit = rnd.nextInt(8 * m.length);
                    m[bit / 8] ^= (byte) (1 << (bit % 8));
                }
            }
            case 1 -> m = Arrays.copyOf(m, rnd.nextInt(m.length));                     // truncate
            case 2 -> {                                          // extend with random octets
                int extra = 1 + rnd.nextInt(40);
                m = Arrays.copyOf(m, m.length + extra);
                for (int j = m.length - extra; j < m.length; j++) {
                    m[j] = (byte) rnd.nextInt(256);
                }
            }
            case 3 -> m[1] ^= (byte) (1 << rnd.nextInt(8));      // a Frame Control flag
            default -> m[0] ^= (byte) (1 << (2 + rnd.nextInt(6)));  // type or subtype
        }
        return m;
    }
}
