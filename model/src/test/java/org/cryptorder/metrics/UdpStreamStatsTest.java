package org.cryptorder.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** iperf3's UDP accounting and jitter, exact counts and decode errors, on known sequences. */
class UdpStreamStatsTest {

    private static final long DELAY_NS = 50_000;
    private static final long GAP_NS = 10_000;

    /** Sequence numbers sent every GAP_NS in numeric order, arriving in the given order. */
    private static UdpStreamStats feed(long... order) {
        UdpStreamStats u = new UdpStreamStats();
        long t = 0;
        for (long s : order) {
            t += GAP_NS;
            u.arrive(s, s * GAP_NS, Math.max(t, s * GAP_NS) + DELAY_NS);
        }
        return u;
    }

    // ---------------------------------------------------------------- iperf3 accounting

    @Test
    void inOrderStreamCountsNothing() {
        UdpStreamStats u = new UdpStreamStats();
        for (long s = 1; s <= 10_000; s++) {
            u.arrive(s, s * GAP_NS, s * GAP_NS + DELAY_NS);
        }
        assertThat(u.totalPackets()).isEqualTo(10_000);
        assertThat(u.lostPackets()).isZero();
        assertThat(u.lostPercent()).isZero();
        assertThat(u.outOfOrderPackets()).isZero();
        assertThat(u.jitterNs()).isZero();
        assertThat(u.duplicates()).isZero();
        assertThat(u.lateArrivals()).isZero();
        assertThat(u.missingPackets()).isZero();
        assertThat(u.decodeErrors()).isZero();
        assertThat(u.decodeResyncs()).isZero();
    }

    @Test
    void gapIsCountedLostThenCancelledByTheLatePacket() {
        UdpStreamStats u = feed(1, 2, 4, 5);
        assertThat(u.lostPackets()).isEqualTo(1);
        assertThat(u.totalPackets()).isEqualTo(5);
        assertThat(u.lostPercent()).isEqualTo(20.0);
        u.arrive(3, 3 * GAP_NS, 100 * GAP_NS);
        assertThat(u.lostPackets()).isZero();
        assertThat(u.outOfOrderPackets()).isEqualTo(1);
        assertThat(u.totalPackets()).isEqualTo(5);
        assertThat(u.lateArrivals()).isEqualTo(1);
        assertThat(u.missingPackets()).isZero();
        // 3 was not there when the decoder needed it: one decode error, one resync at 4.
        assertThat(u.decodeErrors()).isEqualTo(1);
        assertThat(u.decodeResyncs()).isEqualTo(1);
    }

    /** The figures of one arrival order: iperf3's, then the exact ones. */
    record Counts(long total, long lost, long outOfOrder, long duplicates, long late, long missing, long decodeErrors,
                  long decodeResyncs) {
        static Counts of(UdpStreamStats u) {
            return new Counts(u.totalPackets(), u.lostPackets(), u.outOfOrderPackets(), u.duplicates(),
                    u.lateArrivals(), u.missingPackets(), u.decodeErrors(), u.decodeResyncs());
        }
    }

    /** An arrival order and its figures, worked out by hand from the rules in {@link UdpStreamStats}. */
    record Order(String name, long[] arrivals, Counts counts) {
        @Override
        public String toString() {
            return name;
        }
    }

    static List<Order> orders() {
        return List.of(
                // 3, 4, 5 and 8 never come: each is lost, missing and a decode error; two jumps
                new Order("a loss never recovered stays lost", new long[] {1, 2, 6, 7, 9},
                        new Counts(9, 4, 0, 0, 0, 4, 4, 2)),
                new Order("a first datagram above 1 counts the numbers below it as lost", new long[] {4, 5},
                        new Counts(5, 3, 0, 0, 0, 3, 3, 1)),
                // iperf3 cannot tell the copy of 3 from the missing 2: it reports no loss
                new Order("a duplicate is miscounted as out of order and cancels a loss", new long[] {1, 3, 3, 4},
                        new Counts(4, 0, 1, 1, 0, 1, 1, 1)),
                new Order("the lost count never goes below zero before a reset", new long[] {1, 2, 2, 1, 3},
                        new Counts(3, 0, 2, 2, 0, 0, 0, 0)),
                new Order("a swap is one out of order, no loss, one decode error", new long[] {1, 2, 4, 3, 5, 6},
                        new Counts(6, 0, 1, 0, 1, 0, 1, 1)),
                // 7 jumps over 3..6; all four arrive later: four decode errors, one resync, no loss
                new Order("far late packets are one decode error each", new long[] {1, 2, 7, 3, 4, 5, 6, 8},
                        new Counts(8, 0, 4, 0, 4, 0, 4, 1)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("orders")
    void eachOrderGivesItsFigures(Order o) {
        assertThat(Counts.of(feed(o.arrivals()))).isEqualTo(o.counts());
    }

    // ---------------------------------------------------------------- warm-up reset (iperf3 -O)

    @Test
    void resetRestartsCountsFromNotesAndStragglerMakesLostNegative() {
        UdpStreamStats u = feed(1, 3);
        assertThat(u.lostPackets()).isEqualTo(1);
        u.reset();
        assertThat(u.lostPackets()).isZero();
        assertThat(u.totalPackets()).isZero();
        u.arrive(2, 2 * GAP_NS, 40 * GAP_NS);
        // iperf3: cnt_error 1 -> 0, minus the note 1.
        assertThat(u.lostPackets()).isEqualTo(-1);
        assertThat(u.outOfOrderPackets()).isEqualTo(1);
        assertThat(u.lostPercent()).isZero();
        u.arrive(4, 4 * GAP_NS, 41 * GAP_NS);
        assertThat(u.totalPackets()).isEqualTo(1);
        assertThat(u.lostPercent()).isEqualTo(-100.0);
        assertThat(u.missingPackets()).isZero();
    }

    @Test
    void resetRestartsJitterAndTheFirstPacketRule() {
        UdpStreamStats u = new UdpStreamStats();
        u.arrive(1, 0, 10);
        u.arrive(2, 100, 120);
        assertThat(u.jitterNs()).isEqualTo(10.0 / 16);
        u.reset();
        assertThat(u.jitterNs()).isZero();
        // Transit 50 against 20 before the reset: iperf3 treats it as the first packet, D = 0.
        u.arrive(3, 200, 250);
        assertThat(u.jitterNs()).isZero();
        u.arrive(4, 300, 354);
        assertThat(u.jitterNs()).isEqualTo(4.0 / 16);
    }

    // ---------------------------------------------------------------- jitter

    @Test
    void jitterOfConstantDelayIsZeroWhateverTheSpacing() {
        UdpStreamStats u = new UdpStreamStats();
        Random rnd = new Random(1);
        long send = 0;
        for (long s = 1; s <= 1000; s++) {
            send += 1 + rnd.nextInt(100_000);
            u.arrive(s, send, send + 123_456);
        }
        assertThat(u.jitterNs()).isZero();
    }

    @Test
    void jitterFollowsTheRfc3550RecursionStepByStep() {
        UdpStreamStats u = new UdpStreamStats();
        u.arrive(1, 0, 10);
        assertThat(u.jitterNs()).isZero();
        u.arrive(2, 100, 114);
        assertThat(u.jitterNs()).isEqualTo(0.25);
        u.arrive(3, 200, 210);
        assertThat(u.jitterNs()).isEqualTo(0.25 + (4 - 0.25) / 16);
        assertThat(u.jitterMs()).isEqualTo(u.jitterNs() / 1e6);
    }

    @Test
    void jitterOfAlternatingDelaysConvergesToTheirDifference() {
        // Transits alternate a, b: |D| = delta after the first packet, so
        // J(k) = delta * (1 - (15/16)^(k-1)) after k packets.
        long a = 40_000;
        long b = 47_000;
        double delta = b - a;
        UdpStreamStats u = new UdpStreamStats();
        for (int k = 1; k <= 400; k++) {
            long send = k * 100_000L;
            u.arrive(k, send, send + (k % 2 == 0 ? b : a));
            double closed = delta * (1 - Math.pow(15.0 / 16, k - 1));
            assertThat(u.jitterNs()).as("after %d packets", k).isCloseTo(closed, within(1e-6));
        }
        assertThat(u.jitterNs()).isCloseTo(delta, within(delta * 1e-9));
    }

    @Test
    void jitterCountsLateAndDuplicateDatagramsInArrivalOrder() {
        UdpStreamStats u = new UdpStreamStats();
        u.arrive(1, 0, 100);
        u.arrive(3, 200, 300);
        u.arrive(2, 100, 316);
        u.arrive(2, 100, 332);
        // Transits 100, 100, 216, 232: D = 0, 0, 116, 16.
        double j = 0;
        j += (116 - j) / 16;
        j += (16 - j) / 16;
        assertThat(u.jitterNs()).isEqualTo(j);
    }

    @Test
    void microsecondStampsTruncateLikeIperf3() {
        UdpStreamStats exact = new UdpStreamStats();
        UdpStreamStats micro = new UdpStreamStats(1000, UdpStreamStats.DEFAULT_DUPLICATE_WINDOW);
        long[][] packets = {{1, 0, 1_500}, {2, 10_000, 11_999}};
        for (long[] p : packets) {
            exact.arrive(p[0], p[1], p[2]);
            micro.arrive(p[0], p[1], p[2]);
        }
        assertThat(exact.jitterNs()).isEqualTo(499.0 / 16);
        assertThat(micro.jitterNs()).isZero();
    }

    @Test
    void rejectsBadArguments() {
        assertThatThrownBy(() -> new UdpStreamStats(0, 1 << 10))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new UdpStreamStats(1, 1000))
                .isInstanceOf(IllegalArgumentException.class);
    }

    // ---------------------------------------------------------------- properties

    @Test
    void withoutDuplicatesIperf3AgreesWithExactCountsAndRfc4737() {
        Random rnd = new Random(3550);
        for (int trial = 0; trial < 2000; trial++) {
            long[] order = ArrivalSequences.random(rnd, 1 + rnd.nextInt(300), 1, true, false);
            UdpStreamStats u = new UdpStreamStats();
            Rfc4737Reordering r = new Rfc4737Reordering();
            long max = 0;
            for (int k = 0; k < order.length; k++) {
                u.arrive(order[k], order[k] * GAP_NS, k * GAP_NS);
                r.arrive(order[k]);
                max = Math.max(max, order[k]);
            }
            String what = "trial " + trial;
            assertThat(u.totalPackets()).as(what).isEqualTo(max);
            assertThat(u.outOfOrderPackets()).as(what).isEqualTo(r.reordered());
            assertThat(u.lateArrivals()).as(what).isEqualTo(r.reordered());
            assertThat(u.missingPackets()).as(what).isEqualTo(max - order.length);
            assertThat(u.lostPackets()).as(what).isEqualTo(u.missingPackets());
            assertThat(u.decodeErrors()).as(what)
                    .isEqualTo(u.lateArrivals() + u.missingPackets());
            assertThat(u.decodeResyncs()).as(what).isEqualTo(r.sequenceDiscontinuities()
                    + (order.length > 0 && firstOf(order) > 1 ? 1 : 0));
        }
    }

    @Test
    void withDuplicatesOutOfOrderIsLateArrivalsPlusDuplicates() {
        Random rnd = new Random(1889);
        int withDuplicates = 0;
        int withLoss = 0;
        for (int trial = 0; trial < 2000; trial++) {
            long[] order = ArrivalSequences.random(rnd, 1 + rnd.nextInt(300), 1, true, true);
            UdpStreamStats u = new UdpStreamStats();
            for (int k = 0; k < order.length; k++) {
                u.arrive(order[k], order[k] * GAP_NS, k * GAP_NS);
            }
            assertThat(u.outOfOrderPackets()).isEqualTo(u.lateArrivals() + u.duplicates());
            assertThat(u.datagrams()).isEqualTo(order.length);
            long lost = iperfLost(order);
            assertThat(u.lostPackets()).isEqualTo(lost).isBetween(0L, u.missingPackets());
            assertThat(u.decodeErrors()).isEqualTo(u.lateArrivals() + u.missingPackets());
            withDuplicates += u.duplicates() > 0 ? 1 : 0;
            withLoss += lost > 0 ? 1 : 0;
        }
        assertThat(withDuplicates).isGreaterThan(500);
        assertThat(withLoss).as("trials where iperf3 reports a loss").isGreaterThan(500);
    }

    /**
     * iperf3's lost count after {@code order}, in closed form: its counter adds each jump over the
     * highest number so far and takes one off (never below 0) for every other arrival, so, as a
     * queue's Lindley recursion, it ends at the largest sum of those changes over a suffix of the
     * arrivals: with {@code P_k} the highest of the first {@code k} numbers, {@code (P_n - n) - min_k
     * (P_k - k)}, k from 0 ({@code P_0 = 0}) to n.
     */
    private static long iperfLost(long[] order) {
        long highest = 0;
        long minSlack = 0;
        for (int k = 1; k <= order.length; k++) {
            highest = Math.max(highest, order[k - 1]);
            minSlack = Math.min(minSlack, highest - k);
        }
        return highest - order.length - minSlack;
    }

    private static long firstOf(long[] order) {
        return order[0];
    }
}
