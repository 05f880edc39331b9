package org.cryptorder.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** Worked examples from RFC 4737 and TCP-AND-PEERS.md section 4.3, and hand-built sequences. */
class Rfc4737ReorderingTest {

    private static Rfc4737Reordering feed(long... seqs) {
        Rfc4737Reordering r = new Rfc4737Reordering();
        for (long s : seqs) {
            r.arrive(s);
        }
        return r;
    }

    /** Section 4.6's figures: {@code x} runs counted, {@code a} in-order packets, {@code q} the sum of the runs' squares. */
    private static void assertFreeRuns(Rfc4737Reordering r, long x, long a, double q) {
        assertThat(r.freeRuns()).as("x").isEqualTo(x);
        assertThat(r.freeRunInOrderPackets()).as("a").isEqualTo(a);
        assertThat(r.freeRunSumOfSquares()).as("q").isEqualTo(q);
    }

    private static Rfc4737Reordering feedTimed(long[] seqs, long[] timesMs) {
        Rfc4737Reordering r = new Rfc4737Reordering();
        for (int k = 0; k < seqs.length; k++) {
            r.arrive(seqs[k], timesMs[k] * 1_000_000L);
        }
        return r;
    }

    // ---------------------------------------------------------------- TCP-AND-PEERS.md 4.3

    @Test
    void peersExampleOneTwoSwaps() {
        Rfc4737Reordering r = feed(1, 2, 4, 3, 5, 7, 6, 8);
        assertThat(r.packets()).isEqualTo(8);
        assertThat(r.reordered()).isEqualTo(2);
        assertThat(r.reorderedRatio()).isEqualTo(0.25);
        assertThat(r.extents().count()).isEqualTo(2);
        assertThat(r.extents().mean()).isEqualTo(1.0);
        assertThat(r.extentMax()).isEqualTo(1);
        assertThat(r.extentHistogram()[1]).isEqualTo(2);
        assertThat(r.nReordered(1)).isEqualTo(2);
        assertThat(r.nReordered(2)).isZero();
        // Definition 2 divides by l; the Appendix A code (and the note's 2/7) by l - n.
        assertThat(r.nReorderingRatio(1)).isEqualTo(2.0 / 8);
        assertThat(r.nReorderingRatioAppendixA(1)).isEqualTo(2.0 / 7);
        // Discontinuities are the in-order packets 4 (position 3) and 7 (position 6): gap 3.
        assertThat(r.reorderingDiscontinuities()).isEqualTo(2);
        assertThat(r.gaps().count()).isEqualTo(1);
        assertThat(r.gaps().max()).isEqualTo(3);
        // Free runs: r = 1,2,3,0,1,2,0,1 -> runs 3 and 2 counted.
        assertFreeRuns(r, 2, 6, 13.0);
        assertThat(r.sequenceDiscontinuities()).isEqualTo(2);
    }

    @Test
    void peersExampleOnePacketThreeLate() {
        Rfc4737Reordering r = feed(1, 3, 4, 5, 2, 6);
        assertThat(r.reordered()).isEqualTo(1);
        assertThat(r.reorderedRatio()).isEqualTo(1.0 / 6);
        assertThat(r.extentMax()).isEqualTo(3);
        assertThat(r.extents().mean()).isEqualTo(3.0);
        assertThat(r.nReordered(3)).isEqualTo(1);
        assertThat(r.nReordered(4)).isZero();
    }

    @Test
    void peersExampleOneEarlyPacketMakesEightReordered() {
        Rfc4737Reordering r = feed(1, 10, 2, 3, 4, 5, 6, 7, 8, 9);
        assertThat(r.reordered()).isEqualTo(8);
        assertThat(r.reorderedRatio()).isEqualTo(0.8);
        long[] hist = r.extentHistogram();
        for (int e = 1; e <= 8; e++) {
            assertThat(hist[e]).as("extent %d", e).isEqualTo(1);
        }
        assertThat(r.extents().mean()).isEqualTo(4.5);
        assertThat(r.extentMax()).isEqualTo(8);
        assertThat(r.nReordered(1)).isEqualTo(1);
        assertThat(r.nReordered(2)).isZero();
        // All eight share one discontinuity (packet 10), so there is no gap.
        assertThat(r.reorderingDiscontinuities()).isEqualTo(1);
        assertThat(r.gaps().count()).isZero();
    }

    // ---------------------------------------------------------------- RFC 4737 section 7

    @Test
    void rfcSection71SinglePacketReordered() {
        long[] s = {1, 2, 3, 5, 6, 7, 8, 4, 9, 10};
        long[] dst = {68, 88, 108, 148, 168, 188, 208, 210, 228, 248};
        Rfc4737Reordering r = feedTimed(s, dst);
        assertThat(r.reordered()).isEqualTo(1);
        assertThat(r.extentMax()).isEqualTo(4);
        assertThat(r.nReordered(4)).isEqualTo(1);
        assertThat(r.nReordered(5)).isZero();
        assertThat(r.lateTimesNs().count()).isEqualTo(1);
        assertThat(r.lateTimesNs().max()).isEqualTo(62_000_000L);
    }

    @Test
    void rfcSection72TwoPacketsReordered() {
        long[] s = {1, 2, 3, 4, 7, 5, 6, 8, 9, 10};
        long[] dst = {68, 88, 108, 128, 188, 189, 190, 208, 228, 248};
        Rfc4737Reordering r = feedTimed(s, dst);
        assertThat(r.reordered()).isEqualTo(2);
        assertThat(r.extentHistogram()[1]).isEqualTo(1);
        assertThat(r.extentHistogram()[2]).isEqualTo(1);
        assertThat(r.nReordered(1)).as("only packet 5 is 1-reordered").isEqualTo(1);
        assertThat(r.lateTimesNs().mean()).isEqualTo(1.5e6);
        assertThat(r.lateTimesNs().max()).isEqualTo(2_000_000L);
        assertThat(r.reorderingDiscontinuities()).isEqualTo(1);
    }

    @Test
    void rfcSection73ThreePacketsReordered() {
        long[] s = {1, 2, 3, 7, 8, 9, 10, 4, 5, 6, 11};
        long[] dst = {68, 88, 108, 188, 208, 228, 248, 250, 252, 256, 268};
        Rfc4737Reordering r = feedTimed(s, dst);
        long[] hist = r.extentHistogram();
        assertThat(new long[] {hist[1], hist[2], hist[3], hist[4], hist[5], hist[6], hist[7]})
                .containsExactly(0, 0, 0, 1, 1, 1, 0);
        assertThat(r.nReordered(4)).isEqualTo(1);
        assertThat(r.nReordered(5)).isZero();
        assertThat(r.nReordered(1)).as("packets 5 and 6 are not n-reordered").isEqualTo(1);
        assertThat(r.lateTimesNs().mean()).isEqualTo((62 + 64 + 68) / 3.0 * 1e6, within(1e-6));
        assertThat(r.lateTimesNs().max()).isEqualTo(68_000_000L);
        assertThat(r.reorderingDiscontinuities()).isEqualTo(1);
    }

    @Test
    void rfcSection74GapsAndFreeRuns() {
        Rfc4737Reordering r = feed(1, 2, 3, 6, 7, 4, 5, 8, 9, 10, 12, 13, 11, 14, 15, 16);
        assertThat(r.reordered()).isEqualTo(3);
        assertThat(r.extentHistogram()[2]).isEqualTo(2);
        assertThat(r.extentHistogram()[3]).isEqualTo(1);
        assertThat(r.reorderingDiscontinuities()).isEqualTo(2);
        assertThat(r.gaps().count()).isEqualTo(1);
        assertThat(r.gaps().max()).isEqualTo(7);
        // Three runs of lengths 5, 0 and 5.
        assertFreeRuns(r, 3, 13, 50.0);
        assertThat(r.packets()).isEqualTo(r.freeRuns() + r.freeRunInOrderPackets());
    }

    @Test
    void rfcSection5BlockOfThreeOnlyFirstIsNReordered() {
        Rfc4737Reordering r = feed(1, 2, 3, 7, 8, 9, 4, 5, 6);
        assertThat(r.reordered()).isEqualTo(3);
        assertThat(r.nReordered(3)).isEqualTo(1);
        assertThat(r.nReordered(1)).isEqualTo(1);
    }

    @Test
    void rfcSection46FreeRunIllustrationRatios() {
        // 36 packets: three runs of 11 in-order packets, each closed by a reordered one.
        Rfc4737Reordering r = new Rfc4737Reordering();
        long next = 1;
        for (int run = 0; run < 3; run++) {
            long late = next;
            for (int k = 0; k < 11; k++) {
                r.arrive(late + 1 + k);
            }
            r.arrive(late);
            next = late + 12;
        }
        assertThat(r.packets()).isEqualTo(36);
        assertFreeRuns(r, 3, 33, 363.0);
        assertThat(r.freeRunMean()).isEqualTo(11.0);
    }

    // ---------------------------------------------------------------- hand-built sequences

    @Test
    void inOrderStreamHasNoReordering() {
        Rfc4737Reordering r = new Rfc4737Reordering();
        for (long s = 1; s <= 10_000; s++) {
            r.arrive(s, s * 1000);
        }
        assertThat(r.packets()).isEqualTo(10_000);
        assertThat(r.reordered()).isZero();
        assertThat(r.reorderedRatio()).isZero();
        assertThat(r.extents().count()).isZero();
        assertThat(r.extentMax()).isZero();
        assertThat(r.duplicates()).isZero();
        assertThat(r.sequenceDiscontinuities()).isZero();
        for (int n = 1; n <= r.maxN(); n++) {
            assertThat(r.nReordered(n)).isZero();
        }
        assertThat(r.freeRuns()).isZero();
        assertThat(r.lateTimesNs().count()).isZero();
        assertThat(r.extentQuantile(0.99)).isEmpty();
    }

    @Test
    void singlePacketDisplacedByDHasExtentD() {
        for (int d = 1; d <= 40; d++) {
            Rfc4737Reordering r = new Rfc4737Reordering();
            long late = 10;
            for (long s = 1; s <= 100; s++) {
                if (s == late) {
                    continue;
                }
                r.arrive(s);
                if (s == late + d) {
                    r.arrive(late);
                }
            }
            assertThat(r.reordered()).as("d=%d", d).isEqualTo(1);
            assertThat(r.extentMax()).as("d=%d", d).isEqualTo(d);
            assertThat(r.extentHistogram()[d]).isEqualTo(1);
            for (int n = 1; n <= r.maxN(); n++) {
                assertThat(r.nReordered(n)).as("d=%d n=%d", d, n).isEqualTo(n <= d ? 1 : 0);
            }
            assertThat(r.extentQuantile(0.5)).isEqualTo(OptionalLong.of(d));
        }
    }

    @Test
    void swapOfNeighboursReordersOnlyTheLaterOne() {
        Rfc4737Reordering r = feed(1, 2, 3, 5, 4, 6);
        assertThat(r.reordered()).isEqualTo(1);
        assertThat(r.extentMax()).isEqualTo(1);
        assertThat(r.nReordered(1)).isEqualTo(1);
        assertThat(r.sequenceDiscontinuities()).isEqualTo(1);
        assertThat(r.sequenceDiscontinuitySizeSum()).isEqualTo(1);
    }

    @Test
    void duplicatesAreNotedAndExcluded() {
        Rfc4737Reordering r = feed(1, 2, 2, 3, 5, 4, 4, 5, 6, 1);
        assertThat(r.duplicates()).isEqualTo(4);
        assertThat(r.packets()).isEqualTo(6);
        assertThat(r.reordered()).isEqualTo(1);
        assertThat(r.reorderedRatio()).isEqualTo(1.0 / 6);
        assertThat(r.extentMax()).isEqualTo(1);
        assertThat(r.nReordered(1)).isEqualTo(1);
    }

    @Test
    void lossAloneCausesNoReordering() {
        Rfc4737Reordering r = feed(1, 2, 5, 6, 9, 20, 21);
        assertThat(r.reordered()).isZero();
        assertThat(r.sequenceDiscontinuities()).isEqualTo(3);
        assertThat(r.sequenceDiscontinuitySizeSum()).isEqualTo(2 + 2 + 10);
    }

    @Test
    void firstArrivalIsInOrderWhateverItsNumber() {
        Rfc4737Reordering r = feed(2, 1, 3);
        assertThat(r.reordered()).isEqualTo(1);
        assertThat(r.extentMax()).isEqualTo(1);
    }

    @Test
    void extentBeyondHistogramGoesToOverflowBin() {
        Rfc4737Reordering r = new Rfc4737Reordering(5, 4, 16, 64);
        r.arrive(1);
        for (long s = 3; s <= 12; s++) {
            r.arrive(s);
        }
        r.arrive(2);
        long[] hist = r.extentHistogram();
        assertThat(hist).hasSize(6);
        assertThat(hist[5]).isEqualTo(1);
        assertThat(r.extentMax()).isEqualTo(10);
        assertThat(r.extentQuantile(1.0)).isEmpty();
        assertThat(r.extentsBeyondCapacity()).isZero();
    }

    @Test
    void discontinuityOlderThanCapacityLeavesExtentUnresolved() {
        // Capacity 2: discontinuities at 1 (first), 5, 9 and 13; only 9 and 13 are kept when
        // 2, 4 and 6 arrive. 2 and 4 belong to the evicted discontinuity 5; 6 to the kept 9.
        Rfc4737Reordering r = new Rfc4737Reordering(5, 64, 2, 64);
        r.arrive(1);
        r.arrive(5);
        r.arrive(9);
        r.arrive(13);
        r.arrive(2);
        r.arrive(4);
        r.arrive(6);
        assertThat(r.reordered()).isEqualTo(3);
        assertThat(r.extentsBeyondCapacity()).isEqualTo(2);
        assertThat(r.extents().count()).isEqualTo(1);
        assertThat(r.extentMax()).as("6 at position 7, 9 at position 3").isEqualTo(4);
        assertThat(r.extentHistogram()[65]).isEqualTo(2);
    }

    @Test
    void arrivalOlderThanDuplicateWindowIsTakenAsFirstCopy() {
        Rfc4737Reordering r = new Rfc4737Reordering(5, 64, 16, 64);
        r.arrive(1);
        r.arrive(200);
        r.arrive(1);
        r.arrive(150);
        r.arrive(150);
        assertThat(r.duplicates()).as("150 is within 64 of NextExp 201").isEqualTo(1);
        assertThat(r.beyondDuplicateWindow()).isEqualTo(1);
        assertThat(r.packets()).isEqualTo(4);
        assertThat(r.reordered()).isEqualTo(2);
    }

    @Test
    void resetKeepsOrderingStateAndClearsStatistics() {
        Rfc4737Reordering r = feed(1, 2, 4, 5, 6);
        r.reset();
        assertThat(r.packets()).isZero();
        r.arrive(3);
        r.arrive(7);
        r.arrive(6);
        assertThat(r.packets()).isEqualTo(2);
        assertThat(r.duplicates()).isEqualTo(1);
        assertThat(r.reordered()).as("3 is late against 6 seen before the reset").isEqualTo(1);
        assertThat(r.extentMax()).as("positions 6 - 3").isEqualTo(3);
        assertThat(r.nReordered(3)).isEqualTo(1);
    }

    @Test
    void rejectsBadArguments() {
        assertThatThrownBy(() -> new Rfc4737Reordering(0, 64, 16, 64))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Rfc4737Reordering(5, 0, 16, 64))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Rfc4737Reordering(5, 64, 0, 64))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Rfc4737Reordering(5, 64, 16, 100))
                .isInstanceOf(IllegalArgumentException.class);
        Rfc4737Reordering r = new Rfc4737Reordering();
        assertThatThrownBy(() -> r.nReordered(6)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> r.extentQuantile(0.0))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
