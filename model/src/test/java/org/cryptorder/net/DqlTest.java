package org.cryptorder.net;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * BQL's algorithm against its closed form, with a producer that always has frames (it fills the
 * queue to the limit after every completion) and a device that completes {@code B} octets per
 * interval: while the queue runs dry within an interval the limit grows by what completed plus the
 * previous excess, L(k+1) = 2 L(k) + s from L(0) = s, so L(k) = s (2^(k+1) - 1); once no interval
 * runs dry it stays between B (what one interval completes) and 2B (the slack rule's bound), and a
 * limit above 2B sheds the slack only after HZ jiffies.
 */
class DqlTest {
    static final int FRAME = 1500;
    static final double INTERVAL_NS = 50_000;

    /** One interval: fill to the limit, then complete up to {@code b} octets at {@code now}. */
    static void interval(Dql d, long b, double now) {
        while (d.avail() >= 0) {
            d.queued(FRAME);
        }
        d.completed(Math.min(b, d.inFlight()), now);
    }

    @Test
    void whileTheQueueRunsDryTheLimitGrowsAsTheClosedForm() {
        Dql d = new Dql(250);
        long b = 1_000_000;  // far more than the queue holds: every interval runs dry
        for (int k = 0; k < 8; k++) {
            interval(d, b, (k + 1) * INTERVAL_NS);
            assertThat(d.limit()).as("interval %d", k).isEqualTo(FRAME * ((1L << (k + 1)) - 1));
        }
    }

    @Test
    void atAConstantCompletionRateTheLimitSettlesBetweenOneAndTwoIntervalsWorth() {
        for (int frames : new int[] {8, 20, 50, 100}) {
            long b = (long) frames * FRAME;
            Dql d = new Dql(250);
            double t = 0;
            for (int k = 0; k < 60_000; k++) {  // 3 s
                t += INTERVAL_NS;
                interval(d, b, t);
            }
            assertThat(d.limit()).as("B = %d", b).isBetween(b, 2 * b);
            long settled = d.limit();
            for (int k = 0; k < 20_000; k++) {
                t += INTERVAL_NS;
                interval(d, b, t);
                assertThat(d.limit()).as("no interval runs dry: the limit holds").isBetween(b, 2 * b);
            }
            assertThat(Math.abs(d.limit() - settled)).isLessThanOrEqualTo(FRAME);
        }
    }

    @Test
    void aLimitAboveTwiceWhatCompletesShedsItsSlackAfterHz() {
        Dql d = new Dql(250);
        double t = 0;
        for (int k = 0; k < 40_000; k++) {
            t += INTERVAL_NS;
            interval(d, 100L * FRAME, t);
        }
        long high = d.limit();
        assertThat(high).isGreaterThan(2 * 20L * FRAME);
        long b = 20L * FRAME;  // the rate falls to a fifth
        double drop = t;
        while (t < drop + 0.9e9) {
            t += INTERVAL_NS;
            interval(d, b, t);
        }
        assertThat(d.limit()).as("within the hold time of HZ jiffies").isEqualTo(high);
        while (t < drop + 1.1e9) {
            t += INTERVAL_NS;
            interval(d, b, t);
        }
        assertThat(d.limit()).as("after it").isBetween(b, 2 * b);
    }

    @Test
    void theLimitsTimeAverageIsItsIntegralOverTime() {
        Dql d = new Dql(1000);
        d.queued(FRAME);
        d.completed(FRAME, 1000);  // starved: the limit becomes one frame at 1 us
        assertThat(d.limit()).isEqualTo(FRAME);
        assertThat(d.limitArea(3000)).isEqualTo(FRAME * 2000.0);
        assertThat(d.avail()).isEqualTo(2 * FRAME - FRAME);
    }
}
