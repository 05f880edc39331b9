package org.cryptorder.transport.tcp.congestion;

import static org.assertj.core.api.Assertions.assertThat;

import org.cryptorder.transport.ManualClock;
import org.cryptorder.transport.tcp.Gso;
import org.cryptorder.transport.tcp.HystartRound;
import org.cryptorder.transport.tcp.TcpClock;
import org.cryptorder.transport.tcp.TcpTimers;
import org.junit.jupiter.api.Test;

/**
 * CUBIC's HyStart against {@code hystart_update} of Linux 6.14 and later ({@code
 * net/ipv4/tcp_cubic.c}), driven ACK by ACK: the ACK-train threshold {@code (delay_min +
 * hystart_ack_delay) >> 1}, the delay threshold clamped to 4-16 ms after 8 samples, and the round
 * that restarts below the low window.
 */
class HyStartTest {
    private static final long US = 1_000;
    private static final long MS = 1_000_000;

    private final ManualClock sim = new ManualClock();
    private final TcpClock clock = new TcpClock(sim, TcpTimers.linux());
    private final ScriptedSender ctx = new ScriptedSender(clock, new CongestionWindow(20));

    HyStartTest() {
        ctx.pacingRate = 30_000_000;
    }

    /** An ACK at {@code atNs} that moves SND.UNA by one and brings RTT sample {@code rttNs}. */
    private void ack(CubicCongestionControl c, long atNs, long rttNs) {
        sim.setNs(atNs);
        ctx.sndUna++;
        c.pktsAcked(1, rttNs);
    }

    /** Starts a round at {@code atNs}: SND.UNA passes the previous round's end, SND.NXT is 1,000 on. */
    private void newRound(CubicCongestionControl c, long atNs, long rttNs) {
        ctx.sndUna = ctx.sndNxt;
        ctx.sndNxt += 1_000;
        ack(c, atNs, rttNs);
    }

    /**
     * At 30 MB/s of pacing rate 4 x 65,215 octets take 8.7 ms, so {@code hystart_ack_delay} is its
     * 1 ms cap and, with a minimum delay of 1 ms, the train must last more than (1 + 1) / 2 = 1 ms:
     * an ACK 1,000 us after the round's start does not end slow start, one 1,100 us after does,
     * and ssthresh becomes cwnd.
     */
    @Test
    void ackTrainLongerThanHalfOfDelayMinPlusTheCappedAckDelayEndsSlowStart() {
        CubicCongestionControl c = new CubicCongestionControl(ctx, true);
        long t0 = 10 * MS;
        newRound(c, t0, MS);
        assertThat(c.ackDelayNs()).isEqualTo(MS);
        for (long t = t0 + 100 * US; t <= t0 + 1_000 * US; t += 100 * US) {
            ack(c, t, MS);
        }
        assertThat(c.hystartFound()).as("train of 1,000 us, threshold 1,000 us").isFalse();
        assertThat(ctx.w.inSlowStart()).isTrue();
        ack(c, t0 + 1_100 * US, MS);
        assertThat(c.hystartFound()).as("train of 1,100 us").isTrue();
        assertThat(ctx.w.ssthresh()).as("tp->snd_ssthresh = tcp_snd_cwnd(tp)").isEqualTo(20);
        assertThat(ctx.slowStartEnd).as("reported for the trace: by the train, 1,100 us > 1,000 us")
                .containsExactly(1, 1_100 * US, 1_000 * US);
    }

    /**
     * A paced socket ({@code sk_pacing_status} not {@code SK_PACING_NONE}, as one that BBR
     * initialised) waits the whole of {@code delay_min + hystart_ack_delay}: with the same 1 ms
     * minimum delay and 1 ms allowance, a train of 2,000 us does not end slow start and one of
     * 2,100 us does (the unpaced threshold above is half of it).
     */
    @Test
    void aPacedSocketWaitsTheWholeThreshold() {
        CubicCongestionControl c = new CubicCongestionControl(ctx, true, HystartRound.BEFORE_LOW_WINDOW, true);
        long t0 = 10 * MS;
        newRound(c, t0, MS);
        for (long t = t0 + 100 * US; t <= t0 + 2_000 * US; t += 100 * US) {
            ack(c, t, MS);
        }
        assertThat(c.hystartFound()).as("paced, train of 2,000 us, threshold 2,000 us").isFalse();
        ack(c, t0 + 2_100 * US, MS);
        assertThat(c.hystartFound()).as("paced, train of 2,100 us").isTrue();
    }

    /**
     * At 1 GB/s 4 {@code sk_gso_max_size} take 260.86 us, 260 in Linux's integer microseconds, so
     * the threshold is (1,000 + 260) / 2 = 630 us; with 5.18's 65,536-octet {@code sk_gso_max_size}
     * the allowance is 262 us and the threshold 631 us.
     */
    @Test
    void ackDelayIsFourGsoSizesAtThePacingRateInWholeMicroseconds() {
        ctx.pacingRate = 1_000_000_000;
        assertThat(trainEndsAfterUs()).isEqualTo(631);
        ctx.gsoMaxBytes = Gso.GSO_LEGACY_MAX_SIZE;
        assertThat(trainEndsAfterUs()).isEqualTo(632);
    }

    /** The first ACK, 1 us apart, whose distance from the round's start ends slow start, us. */
    private long trainEndsAfterUs() {
        ctx.w = new CongestionWindow(20);
        CubicCongestionControl c = new CubicCongestionControl(ctx, true);
        long t0 = 10 * MS;
        newRound(c, t0, MS);
        for (long d = 1; d < 2_000; d++) {
            ack(c, t0 + d * US, MS);
            if (c.hystartFound()) {
                return d;
            }
        }
        return -1;
    }

    /**
     * With a minimum delay of 1 ms the delay threshold is its 4 ms floor (1 ms / 8 = 125 us is
     * below it): a round whose smallest RTT is 5 ms does not end slow start, one whose smallest is
     * 5.001 ms does, on its ninth sample (8 are taken first).
     */
    @Test
    void delayIncreaseOfMoreThanTheFourMillisecondFloorEndsSlowStartAfterEightSamples() {
        CubicCongestionControl c = new CubicCongestionControl(ctx, true);
        long t = 10 * MS;
        newRound(c, t, MS);
        t = delayRound(c, t, 5 * MS, 12);
        assertThat(c.hystartFound()).as("round minimum 5 ms = 1 ms + 4 ms").isFalse();
        t = delayRound(c, t, 5 * MS + US, 8);
        assertThat(c.hystartFound()).as("8 samples: still counting").isFalse();
        ack(c, t + 3 * MS, 5 * MS + US);
        assertThat(c.hystartFound()).as("ninth sample, 5.001 ms > 1 ms + 4 ms").isTrue();
        assertThat(ctx.w.ssthresh()).isEqualTo(20);
        assertThat(ctx.slowStartEnd).as("by delay").containsExactly(0, 5 * MS + US, 5 * MS);
    }

    /**
     * Above the floor the threshold is delay_min / 8: at 80 ms, 10 ms, so a round minimum of
     * 90.001 ms ends slow start.
     */
    @Test
    void delayThresholdIsAnEighthOfDelayMinAboveTheFloor() {
        CubicCongestionControl c = new CubicCongestionControl(ctx, true);
        long t = 10 * MS;
        newRound(c, t, 80 * MS);
        t = delayRound(c, t, 90 * MS, 12);
        assertThat(c.hystartFound()).as("90 ms = 80 ms + 80 ms / 8").isFalse();
        delayRound(c, t, 90 * MS + US, 9);
        assertThat(c.hystartFound()).isTrue();
    }

    /**
     * A round of {@code samples} ACKs 3 ms apart, the first 3 ms after {@code t}, each with RTT
     * {@code rttNs} (3 ms keeps the train test out of it); returns the time of the last.
     */
    private long delayRound(CubicCongestionControl c, long t, long rttNs, int samples) {
        newRound(c, t += 3 * MS, rttNs);
        for (int i = 1; i < samples; i++) {
            ack(c, t += 3 * MS, rttNs);
        }
        return t;
    }

    /**
     * Linux 6.14 (commit 25c1a9ca53db) starts a round when SND.UNA passes its end whatever cwnd
     * is: a round started at 5 ms with cwnd 10, below the low window of 16, is the one the train is
     * measured from once cwnd is 16, so an ACK at 6.1 ms (1.1 ms into it, 0.2 ms after the one
     * before) ends slow start; from 5.16 to 6.13 that round would have started at 5.9 ms, the first
     * ACK at cwnd 16. Below the low window nothing ends it.
     */
    @Test
    void roundStartsBelowTheLowWindowAndTheTrainIsMeasuredFromIt() {
        assertThat(foundAt6100Us(10, HystartRound.BEFORE_LOW_WINDOW)).as("cwnd 10 < hystart_low_window throughout")
                .isFalse();
        assertThat(foundAt6100Us(16, HystartRound.BEFORE_LOW_WINDOW)).as("1.1 ms into the round started at cwnd 10")
                .isTrue();
        assertThat(foundAt6100Us(16, HystartRound.AFTER_LOW_WINDOW)).as("5.16-6.13: 0.2 ms into the round of 5.9 ms")
                .isFalse();
    }

    /**
     * Before 5.16 {@code cubictcp_cong_avoid} starts the round, after {@code pkts_acked}: ACKs alone
     * at 5, 5.9 and 6.1 ms never end slow start (the round is still the connection's first, its
     * last close ACK at 0), but with {@code cong_avoid} run on the ACK of 5 ms the train of 1.1 ms
     * does.
     */
    @Test
    void before516TheRoundStartsInCongAvoid() {
        assertThat(foundAt6100UsBefore516(false)).isFalse();
        assertThat(foundAt6100UsBefore516(true)).isTrue();
    }

    private boolean foundAt6100UsBefore516(boolean congAvoid) {
        sim.setNs(0);
        ctx.w = new CongestionWindow(16);
        CubicCongestionControl c = new CubicCongestionControl(ctx, true, HystartRound.CONG_AVOID, false);
        newRound(c, 5 * MS, MS);
        if (congAvoid) {
            c.congAvoid(1);
        }
        ack(c, 5 * MS + 900 * US, MS);
        ack(c, 6 * MS + 100 * US, MS);
        return c.hystartFound();
    }

    /**
     * A round started at 5 ms with cwnd 10, then ACKs at 5.9 and 6.1 ms with cwnd {@code later},
     * under rule {@code rule}.
     */
    private boolean foundAt6100Us(int later, HystartRound rule) {
        sim.setNs(0);
        ctx.w = new CongestionWindow(10);
        CubicCongestionControl c = new CubicCongestionControl(ctx, true, rule, false);
        newRound(c, 5 * MS, MS);
        ctx.w = new CongestionWindow(later);
        ack(c, 5 * MS + 900 * US, MS);
        ack(c, 6 * MS + 100 * US, MS);
        return c.hystartFound();
    }
}
