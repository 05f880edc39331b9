package org.cryptorder.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link Rfc4737Reordering} against a brute-force O(n^2) reading of the RFC 4737 definitions, on
 * a few thousand seeded random arrival orders with reordering, loss and duplicates, and with
 * small capacities so the documented cut-offs are exercised too.
 */
class Rfc4737ReorderingPropertyTest {

    private static final int MAX_N = 5;
    private static final int BINS = 16;

    /** The RFC's definitions, evaluated directly on the whole arrival list. */
    private static final class Reference {
        long packets;
        long duplicates;
        long beyondWindow;
        long reordered;
        long extentCount;
        long extentSum;
        long extentMax;
        long unresolved;
        final long[] histogram = new long[BINS + 2];
        final long[] nReordered = new long[MAX_N + 1];
        long lateCount;
        long lateSum;
        long lateMax;
        long discontinuities;
        long gapCount;
        long gapSum;
        long gapMax;
        long runs;
        long inOrder;
        double squares;
        long seqDiscontinuities;
        long seqDiscontinuitySum;

        Reference(long[] arrivals, long[] times, int capacity, int window) {
            // First copies only; a copy further than `window` below NextExp counts as a first copy.
            List<Long> kept = new ArrayList<>();
            List<Long> keptTimes = new ArrayList<>();
            List<Boolean> keptBeyond = new ArrayList<>();
            Set<Long> seen = new HashSet<>();
            long max = Long.MIN_VALUE;
            for (int k = 0; k < arrivals.length; k++) {
                long s = arrivals[k];
                boolean first = kept.isEmpty();
                long nextExp = max + 1;
                boolean beyond = false;
                if (!first && s < nextExp) {
                    if (s < nextExp - window) {
                        beyondWindow++;
                        beyond = true;
                    } else if (seen.contains(s)) {
                        duplicates++;
                        continue;
                    }
                }
                seen.add(s);
                kept.add(s);
                keptTimes.add(times[k]);
                keptBeyond.add(beyond);
                max = Math.max(max, s);
            }
            int l = kept.size();
            packets = l;
            // Sequence discontinuities (and the first arrival) in arrival order, 1-based index.
            List<Integer> records = new ArrayList<>();
            long runningMax = Long.MIN_VALUE;
            long run = 0;
            long lastDisc = -1;
            Set<Integer> detected = new HashSet<>();
            for (int i = 1; i <= l; i++) {
                long s = kept.get(i - 1);
                boolean inOrderArrival = i == 1 || s > runningMax;
                for (int n = 1; n <= MAX_N && n < i; n++) {
                    boolean all = true;
                    for (int j = i - n; j < i; j++) {
                        all &= kept.get(j - 1) > s;
                    }
                    if (all) {
                        nReordered[n]++;
                    }
                }
                if (inOrderArrival) {
                    if (i == 1 || s > runningMax + 1) {
                        if (i > 1) {
                            seqDiscontinuities++;
                            seqDiscontinuitySum += s - runningMax - 1;
                        }
                        records.add(i);
                    }
                    runningMax = Math.max(runningMax, s);
                    run++;
                    inOrder++;
                    continue;
                }
                reordered++;
                squares += (double) run * run;
                runs++;
                run = 0;
                if (keptBeyond.get(i - 1)) {
                    // Possibly a copy: the implementation leaves its extent unresolved.
                    unresolved++;
                    histogram[BINS + 1]++;
                    continue;
                }
                int j = 1;
                while (kept.get(j - 1) <= s) {
                    j++;
                }
                int recordPosition = records.indexOf(j);
                assertThat(recordPosition).as("extent's j must be a discontinuity").isNotNegative();
                if (records.size() - recordPosition > capacity) {
                    unresolved++;
                    histogram[BINS + 1]++;
                    continue;
                }
                long e = i - j;
                extentCount++;
                extentSum += e;
                extentMax = Math.max(extentMax, e);
                histogram[e <= BINS ? (int) e : BINS + 1]++;
                long late = keptTimes.get(i - 1) - keptTimes.get(j - 1);
                lateCount++;
                lateSum += late;
                lateMax = lateCount == 1 ? late : Math.max(lateMax, late);
                if (detected.add(j)) {
                    discontinuities++;
                    if (j > lastDisc) {
                        if (lastDisc >= 0) {
                            long gap = j - lastDisc;
                            gapCount++;
                            gapSum += gap;
                            gapMax = Math.max(gapMax, gap);
                        }
                        lastDisc = j;
                    }
                }
            }
        }
    }

    @Test
    void matchesBruteForceOnRandomArrivalOrders() {
        Random rnd = new Random(4737);
        int reorderedSequences = 0;
        int unresolvedSequences = 0;
        int beyondWindowSequences = 0;
        for (int trial = 0; trial < 3000; trial++) {
            int n = 1 + rnd.nextInt(150);
            long first = rnd.nextBoolean() ? 1 : rnd.nextInt(1_000_000);
            long[] arrivals = ArrivalSequences.random(rnd, n, first, rnd.nextBoolean(),
                    rnd.nextBoolean());
            long[] times = new long[arrivals.length];
            long t = rnd.nextInt(1000);
            for (int k = 0; k < times.length; k++) {
                t += 1 + rnd.nextInt(5000);
                times[k] = t;
            }
            int capacity = new int[] {1, 2, 3, 8, 1024}[rnd.nextInt(5)];
            int window = rnd.nextInt(4) == 0 ? 64 : 1 << 14;

            Rfc4737Reordering r = new Rfc4737Reordering(MAX_N, BINS, capacity, window);
            for (int k = 0; k < arrivals.length; k++) {
                r.arrive(arrivals[k], times[k]);
            }
            Reference ref = new Reference(arrivals, times, capacity, window);

            String what = "trial " + trial + " capacity " + capacity + " window " + window;
            assertThat(r.packets()).as(what).isEqualTo(ref.packets);
            assertThat(r.duplicates()).as(what).isEqualTo(ref.duplicates);
            assertThat(r.beyondDuplicateWindow()).as(what).isEqualTo(ref.beyondWindow);
            assertThat(r.reordered()).as(what).isEqualTo(ref.reordered);
            assertThat(r.sequenceDiscontinuities()).as(what).isEqualTo(ref.seqDiscontinuities);
            assertThat(r.sequenceDiscontinuitySizeSum()).as(what)
                    .isEqualTo(ref.seqDiscontinuitySum);
            assertThat(r.extents().count()).as(what).isEqualTo(ref.extentCount);
            assertThat(r.extentsBeyondCapacity()).as(what).isEqualTo(ref.unresolved);
            assertThat(r.extentMax()).as(what).isEqualTo(ref.extentMax);
            assertThat(r.extents().sum()).as(what).isEqualTo(ref.extentSum);
            assertThat(r.extentHistogram()).as(what).containsExactly(ref.histogram);
            for (int m = 1; m <= MAX_N; m++) {
                assertThat(r.nReordered(m)).as(what + " n=" + m).isEqualTo(ref.nReordered[m]);
            }
            assertThat(r.lateTimesNs().count()).as(what).isEqualTo(ref.lateCount);
            assertThat(r.lateTimesNs().sum()).as(what).isEqualTo(ref.lateSum);
            assertThat(r.lateTimesNs().max()).as(what).isEqualTo(ref.lateMax);
            assertThat(r.reorderingDiscontinuities()).as(what).isEqualTo(ref.discontinuities);
            assertThat(r.gaps().count()).as(what).isEqualTo(ref.gapCount);
            assertThat(r.gaps().max()).as(what).isEqualTo(ref.gapMax);
            assertThat(r.gaps().sum()).as(what).isEqualTo(ref.gapSum);
            assertThat(r.freeRuns()).as(what).isEqualTo(ref.runs);
            assertThat(r.freeRunInOrderPackets()).as(what).isEqualTo(ref.inOrder);
            assertThat(r.freeRunSumOfSquares()).as(what).isEqualTo(ref.squares);

            reorderedSequences += ref.reordered > 0 ? 1 : 0;
            unresolvedSequences += ref.unresolved > 0 ? 1 : 0;
            beyondWindowSequences += ref.beyondWindow > 0 ? 1 : 0;
        }
        // The generator must actually reach the interesting cases.
        assertThat(reorderedSequences).isGreaterThan(1500);
        assertThat(unresolvedSequences).isGreaterThan(100);
        assertThat(beyondWindowSequences).isGreaterThan(20);
    }

    @Test
    void reorderedCountIsPacketsBelowRunningMaximum() {
        // RFC 4737's definition restated: reordered iff below the maximum of all earlier arrivals.
        Random rnd = new Random(11);
        for (int trial = 0; trial < 2000; trial++) {
            long[] arrivals = ArrivalSequences.random(rnd, 1 + rnd.nextInt(300), 1, true, false);
            Rfc4737Reordering r = new Rfc4737Reordering();
            long expected = 0;
            long max = Long.MIN_VALUE;
            for (long s : arrivals) {
                r.arrive(s);
                if (s < max) {
                    expected++;
                }
                max = Math.max(max, s);
            }
            assertThat(r.reordered()).as("trial %d", trial).isEqualTo(expected);
            assertThat(r.packets()).isEqualTo(arrivals.length);
        }
    }

    @Test
    void resetThenContinueEqualsDifferenceOfCounts() {
        Random rnd = new Random(99);
        for (int trial = 0; trial < 300; trial++) {
            long[] arrivals = ArrivalSequences.random(rnd, 2 + rnd.nextInt(200), 1, true, true);
            int cut = rnd.nextInt(arrivals.length);
            Rfc4737Reordering whole = new Rfc4737Reordering();
            Rfc4737Reordering warm = new Rfc4737Reordering();
            long reorderedAtCut = 0;
            long packetsAtCut = 0;
            long[] nAtCut = new long[MAX_N + 1];
            for (int k = 0; k < arrivals.length; k++) {
                if (k == cut) {
                    reorderedAtCut = whole.reordered();
                    packetsAtCut = whole.packets();
                    for (int m = 1; m <= MAX_N; m++) {
                        nAtCut[m] = whole.nReordered(m);
                    }
                    warm.reset();
                }
                whole.arrive(arrivals[k]);
                warm.arrive(arrivals[k]);
            }
            assertThat(warm.reordered()).isEqualTo(whole.reordered() - reorderedAtCut);
            assertThat(warm.packets()).isEqualTo(whole.packets() - packetsAtCut);
            for (int m = 1; m <= MAX_N; m++) {
                assertThat(warm.nReordered(m)).isEqualTo(whole.nReordered(m) - nAtCut[m]);
            }
        }
    }
}
