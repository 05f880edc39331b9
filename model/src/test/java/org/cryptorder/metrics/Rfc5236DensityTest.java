package org.cryptorder.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Examples from RFC 5236 sections 3, 4 and 8 and TCP-AND-PEERS.md 4.3, and hand-built cases. */
class Rfc5236DensityTest {

    private static final double EPS = 1e-12;

    private static Rfc5236Density feed(int threshold, long... seqs) {
        Rfc5236Density d = new Rfc5236Density(threshold);
        for (long s : seqs) {
            d.arrive(s);
        }
        d.flush();
        return d;
    }

    // ---------------------------------------------------------------- RFC 5236 section 8

    @Test
    void rfcExampleANoLoss() {
        Rfc5236Density d = feed(4, 1, 4, 2, 5, 3, 6, 7, 8);
        assertThat(d.displacementFrequencies()).containsExactly(0, 0, 1, 1, 4, 1, 1, 0, 0);
        assertThat(d.reorderDensity()).containsExactly(
                new double[] {0, 0, 0.125, 0.125, 0.5, 0.125, 0.125, 0, 0}, within(EPS));
        assertThat(d.occupancyFrequencies()).containsExactly(5, 2, 1, 0, 0);
        assertThat(d.reorderBufferOccupancyDensity())
                .containsExactly(new double[] {0.625, 0.25, 0.125, 0, 0}, within(EPS));
        assertThat(d.maxOccupancy()).isEqualTo(2);
    }

    @Test
    void rfcExampleBWithLoss() {
        Rfc5236Density d = feed(3, 1, 2, 4, 5, 6, 7);
        assertThat(d.displacementFrequencies()).containsExactly(0, 0, 0, 6, 0, 0, 0);
        assertThat(d.occupancyFrequencies()).containsExactly(3, 1, 1, 1);
        assertThat(d.reorderBufferOccupancyDensity())
                .containsExactly(new double[] {0.5, 1.0 / 6, 1.0 / 6, 1.0 / 6}, within(EPS));
        assertThat(d.rbdDeclaredLost()).isEqualTo(1);
        assertThat(d.maxOccupancy()).isEqualTo(3);
    }

    @Test
    void rfcExampleCWithDuplicate() {
        Rfc5236Density d = feed(2, 1, 3, 2, 3, 4, 5);
        assertThat(d.displacementFrequencies()).containsExactly(0, 1, 3, 1, 0);
        assertThat(d.reorderDensity())
                .containsExactly(new double[] {0, 0.2, 0.6, 0.2, 0}, within(EPS));
        assertThat(d.occupancyFrequencies()).containsExactly(4, 1, 0);
        assertThat(d.reorderBufferOccupancyDensity())
                .containsExactly(new double[] {0.8, 0.2, 0}, within(EPS));
        assertThat(d.rdDuplicates()).isEqualTo(1);
        assertThat(d.rbdDiscarded()).isEqualTo(1);
    }

    @Test
    void rfcSection33ExampleWithLossAndDuplicate() {
        // Arrived 1 4 3 5 3 8 7 6; RI 1 3 4 5 - 6 7 8; D 0 -1 1 0 - -2 0 2.
        Rfc5236Density d = feed(2, 1, 4, 3, 5, 3, 8, 7, 6);
        assertThat(d.displacementFrequencies()).containsExactly(1, 1, 3, 1, 1);
        assertThat(d.rdPackets()).isEqualTo(7);
    }

    @Test
    void rfcSection4ExamplesFourAndFive() {
        // Example 4: 1 2 3 5 4 6 -> D 0 0 0 -1 1 0.
        assertThat(feed(2, 1, 2, 3, 5, 4, 6).displacementFrequencies()).containsExactly(0, 1, 4, 1, 0);
        // Example 5: 1 2 5 3 6 2, packet 4 lost, 2 duplicated -> D 0 0 -2 2 0.
        assertThat(feed(2, 1, 2, 5, 3, 6, 2).displacementFrequencies()).containsExactly(1, 0, 3, 0, 1);
    }

    @Test
    void rfcSection6RoguePacketIsDiscarded() {
        long[] seqs = new long[12];
        seqs[0] = 1;
        seqs[1] = 5430;
        for (int k = 2; k < seqs.length; k++) {
            seqs[k] = k;
        }
        Rfc5236Density d = feed(3, seqs);
        assertThat(d.rdBeyondThreshold()).isEqualTo(1);
        assertThat(d.displacementFrequencies()).containsExactly(0, 0, 0, 11, 0, 0, 0);
        // RBD: 5430 waits in the buffer for the rest of the stream.
        assertThat(d.occupancyFrequency(1)).isEqualTo(11);
        assertThat(d.occupancyFrequency(0)).isEqualTo(1);
    }

    // ---------------------------------------------------------------- TCP-AND-PEERS.md 4.3

    @Test
    void peersExampleOneTwoSwaps() {
        Rfc5236Density d = feed(3, 1, 2, 4, 3, 5, 7, 6, 8);
        assertThat(d.reorderDensity())
                .containsExactly(new double[] {0, 0, 0.25, 0.5, 0.25, 0, 0}, within(EPS));
        assertThat(d.reorderBufferOccupancyDensity())
                .containsExactly(new double[] {0.75, 0.25, 0, 0}, within(EPS));
        assertThat(d.maxOccupancy()).isEqualTo(1);
    }

    @Test
    void peersExampleOnePacketThreeLate() {
        Rfc5236Density d = feed(3, 1, 3, 4, 5, 2, 6);
        assertThat(d.reorderDensity()).containsExactly(
                new double[] {0, 0, 0.5, 1.0 / 3, 0, 0, 1.0 / 6}, within(EPS));
        assertThat(d.reorderBufferOccupancyDensity())
                .containsExactly(new double[] {0.5, 1.0 / 6, 1.0 / 6, 1.0 / 6}, within(EPS));
        assertThat(d.maxOccupancy()).isEqualTo(3);
    }

    @Test
    void peersExampleOneEarlyPacketNeedsDtOfEight() {
        long[] seqs = {1, 10, 2, 3, 4, 5, 6, 7, 8, 9};
        // With DT >= 8, the table's RD: -8: 0.1, 0: 0.1, +1: 0.8.
        Rfc5236Density wide = feed(8, seqs);
        assertThat(wide.displacementFrequency(-8)).isEqualTo(1);
        assertThat(wide.displacementFrequency(0)).isEqualTo(1);
        assertThat(wide.displacementFrequency(1)).isEqualTo(8);
        assertThat(wide.rdPackets()).isEqualTo(10);
        // With the default DT = 3, packet 10 is beyond the threshold and discarded (section 6),
        // and every other packet is in place.
        Rfc5236Density narrow = feed(3, seqs);
        assertThat(narrow.rdBeyondThreshold()).isEqualTo(1);
        assertThat(narrow.displacementFrequency(0)).isEqualTo(9);
        assertThat(narrow.rdPackets()).isEqualTo(9);
        // RBD does not depend on it: 0: 0.2, 1: 0.8, max 1.
        assertThat(narrow.reorderBufferOccupancyDensity())
                .containsExactly(new double[] {0.2, 0.8, 0, 0}, within(EPS));
        assertThat(narrow.maxOccupancy()).isEqualTo(1);
    }

    // ---------------------------------------------------------------- hand-built cases

    @Test
    void inOrderStreamIsAllZeroDisplacementAndEmptyBuffer() {
        Rfc5236Density d = new Rfc5236Density();
        for (long s = 1; s <= 1000; s++) {
            d.arrive(s);
        }
        assertThat(d.pending()).isEqualTo(3);
        d.flush();
        assertThat(d.pending()).isZero();
        assertThat(d.displacementFrequency(0)).isEqualTo(1000);
        assertThat(d.rdPackets()).isEqualTo(1000);
        assertThat(d.occupancyFrequency(0)).isEqualTo(1000);
        assertThat(d.maxOccupancy()).isZero();
    }

    @Test
    void rdLagsByDtUntilFlushed() {
        Rfc5236Density d = new Rfc5236Density(3);
        d.arrive(1);
        d.arrive(2);
        d.arrive(3);
        assertThat(d.rdPackets()).isZero();
        d.arrive(4);
        assertThat(d.rdPackets()).isEqualTo(1);
        d.flush();
        assertThat(d.rdPackets()).isEqualTo(4);
    }

    @Test
    void singleSwapGivesMinusOneAndPlusOne() {
        Rfc5236Density d = feed(3, 1, 2, 4, 3, 5, 6);
        assertThat(d.displacementFrequency(-1)).isEqualTo(1);
        assertThat(d.displacementFrequency(1)).isEqualTo(1);
        assertThat(d.displacementFrequency(0)).isEqualTo(4);
    }

    @Test
    void packetLateBeyondThresholdIsLostForRd() {
        // 2 arrives 5 positions late with DT = 3: RI skips it, later it is a duplicate (s < RI).
        Rfc5236Density d = feed(3, 1, 3, 4, 5, 6, 7, 2, 8);
        assertThat(d.displacementFrequencies()).containsExactly(0, 0, 0, 7, 0, 0, 0);
        assertThat(d.rdDuplicates()).isEqualTo(1);
    }

    @Test
    void overflowStoresTheArrivalWhenAGapRemainsBelowIt() {
        // BT = 2. 1, then 3 and 5 fill the buffer (E = 2). 7 arrives: 2 is declared lost, 3 is
        // released, E = 4 is missing, so 7 must be stored. The RFC's pseudo-code would forget 7,
        // and E would later stall on it.
        Rfc5236Density d = new Rfc5236Density(2, 2, 1);
        for (long s : new long[] {1, 3, 5, 7, 4, 6, 8}) {
            d.arrive(s);
        }
        // Occupancy after each arrival: 1 -> 0; 3 -> 1; 5 -> 2; 7 -> 2 (5 and 7 wait);
        // 4 releases 5 -> 1; 6 releases 7 -> 0; 8 -> 0. The RFC's pseudo-code would give
        // FB = 3, 3, 1 instead.
        assertThat(d.occupancyFrequencies()).containsExactly(3, 2, 2);
        assertThat(d.rbdDeclaredLost()).isEqualTo(1);
    }

    @Test
    void resetKeepsStateAndClearsFrequencies() {
        Rfc5236Density d = new Rfc5236Density(3);
        for (long s : new long[] {1, 2, 4, 5}) {
            d.arrive(s);
        }
        d.reset();
        assertThat(d.rbdPackets()).isZero();
        assertThat(d.maxOccupancy()).as("4 and 5 still wait for 3").isEqualTo(2);
        d.arrive(3);
        d.flush();
        assertThat(d.occupancyFrequency(0)).isEqualTo(1);
        assertThat(d.rbdPackets()).isEqualTo(1);
        // RD had processed 1 before the reset; 2, 4, 5 and 3 after it.
        assertThat(d.rdPackets()).isEqualTo(4);
        assertThat(d.displacementFrequency(2)).as("3 arrives at RI 5").isEqualTo(1);
    }

    @Test
    void rejectsBadArguments() {
        assertThatThrownBy(() -> new Rfc5236Density(0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Rfc5236Density(3, 0, 1))
                .isInstanceOf(IllegalArgumentException.class);
        Rfc5236Density d = new Rfc5236Density(3);
        assertThatThrownBy(() -> d.displacementFrequency(4))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> d.occupancyFrequency(-1))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void theFrequencyArraysAgreeWithTheAccessorsAndAreCopies() {
        Rfc5236Density d = feed(4, 1, 4, 2, 5, 3, 6, 7, 8);
        long[] fd = d.displacementFrequencies();
        long[] fb = d.occupancyFrequencies();
        for (int k = -4; k <= 4; k++) {
            assertThat(fd[k + 4]).as("FD[%d]", k).isEqualTo(d.displacementFrequency(k));
        }
        for (int b = 0; b <= 4; b++) {
            assertThat(fb[b]).as("FB[%d]", b).isEqualTo(d.occupancyFrequency(b));
        }
        fd[4] = -1;
        fb[0] = -1;
        assertThat(d.displacementFrequency(0)).isEqualTo(4);
        assertThat(d.occupancyFrequency(0)).isEqualTo(5);
    }
}
