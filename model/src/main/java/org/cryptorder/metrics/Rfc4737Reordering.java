package org.cryptorder.metrics;

import java.util.Arrays;
import java.util.OptionalLong;

/**
 * Packet reordering of one stream as RFC 4737 ("Packet Reordering Metrics", IPPM standard) defines
 * it, computed online in bounded memory from the source sequence numbers in order of arrival.
 *
 * <h2>Definitions implemented</h2>
 *
 * Sequence numbers are message numbers (one per packet, consecutive at the source), as
 * {@code long}s that do not wrap: a caller with a wrapping counter unwraps it first (section 6).
 * Only the first copy of a sequence number is analysed; later copies are counted as duplicates and
 * take no further part (section 3.6: "only the first to arrive is considered for further
 * analysis"). {@code L} below is the number of first copies, {@code i} their arrival index
 * (1, 2, ...) and {@code s[i]} their sequence numbers.
 *
 * <ul>
 *   <li><b>Type-P-Reordered (section 3.3).</b> The first arrival is in order (section 3.6) and sets
 *       {@code NextExp = s + 1}. Afterwards {@code s >= NextExp} is in order and sets {@code NextExp
 *       = s + 1}; {@code s < NextExp} is reordered and leaves {@code NextExp} unchanged. An in-order
 *       {@code s > NextExp} is a <i>sequence discontinuity</i> of size {@code s - NextExp} (section
 *       3.4).
 *   <li><b>Type-P-Reordered-Ratio-Stream (section 4.1.3).</b> {@code R = reordered / L}.
 *   <li><b>Type-P-Packet-Reordering-Extent-Stream (section 4.2.3).</b> For reordered {@code s[i]},
 *       {@code e = i - j} for the smallest {@code j} with {@code s[j] > s[i]}. Reported as mean,
 *       maximum and a histogram with unit bins {@code 1..extentBins} plus one overflow bin.
 *   <li><b>Type-P-Packet-Late-Time-Stream (section 4.3.3).</b> {@code LateTime(s[i]) = DstTime(i) -
 *       DstTime(j)}, same {@code j}; only when both arrivals were given a time.
 *   <li><b>Type-P-Packet-Reordering-Gap-Stream and -GapTime-Stream (section 4.5).</b> The packet at
 *       {@code j} is the <i>reordering discontinuity</i> of {@code s[i]}. {@code Gap(s[j']) = j' - j}
 *       between successive discontinuities. Discontinuities are taken in the order they are detected;
 *       one detected later at an earlier position than the latest one (nested reordering) is
 *       counted but starts no gap, because the online computation cannot revisit the gap already
 *       reported (the RFC itself notes that "determining reordering extents and gaps is tricky when
 *       there are overlapped or nested events").
 *   <li><b>Type-P-Packet-Reordering-Free-Run-x/q/p/a (section 4.6.3)</b> exactly as the RFC's
 *       pseudo-code: each in-order arrival increments the run counter {@code r} and {@code a}; each
 *       reordered arrival adds {@code r*r} to {@code q}, counts a run in {@code x} and resets {@code
 *       r}. The run still open at the end is not counted, as in the RFC's example 7.4.
 *   <li><b>Type-P-Packet-n-Reordering-Stream (section 5.3).</b> Packet {@code i > n} is
 *       n-reordered iff {@code s[j] > s[i]} for all {@code i-n <= j < i}; counted for {@code n =
 *       1..maxN}. The degree of n-reordering is {@code m/l} (Definition 2), here {@code m / L}
 *       because duplicates are excluded. {@link #nReorderingRatioAppendixA(int)} gives the
 *       denominator {@code L - n} used by the RFC's Appendix A code ({@code 100.0*m[j]/(l-j-1)}) and
 *       by OWAMP's {@code owping}, for comparison with those tools.
 * </ul>
 *
 * <h2>Memory bounds and what happens beyond them</h2>
 *
 * <ul>
 *   <li><b>Extent.</b> The earliest earlier arrival with a larger sequence number is always an
 *       arrival that caused a sequence discontinuity, or the first arrival (RFC 4737 section 4.5.3
 *       notes the same). Those arrivals have increasing sequence numbers, so the extent is found by
 *       binary search among the last {@code discontinuityCapacity} of them (default 1024), each
 *       kept as (sequence number, arrival index, arrival time). When the discontinuity of a
 *       reordered packet is older than that, its extent is only known to exceed the distance to
 *       the oldest one kept: the packet counts in {@link #extentsBeyondCapacity()} and in the
 *       histogram's overflow bin, and is left out of the extent mean and maximum, late time and
 *       gaps (section 6 allows "greater than the window length" in this case).
 *   <li><b>Duplicates.</b> One bit per sequence number for the {@code duplicateWindow} numbers
 *       below {@code NextExp} (default 16384). A number older than that is taken as a late first
 *       copy, never as a duplicate, and is also counted in {@link #beyondDuplicateWindow()}; its
 *       extent is left unresolved (counted as beyond capacity), since it may be a copy.
 *   <li><b>n-reordering.</b> The last {@code maxN} sequence numbers (default 5).
 * </ul>
 *
 * Each arrival costs O(log discontinuityCapacity + maxN) and allocates nothing.
 *
 * <p>{@link #reset()} discards the statistics but keeps the ordering state, so a warm-up can be
 * cut from a running stream: arrivals after the reset are classified against everything seen
 * before it, exactly as if the statistics had been collected from the start and then subtracted.
 */
public final class Rfc4737Reordering {

    /** Default largest n for n-reordering. */
    public static final int DEFAULT_MAX_N = 5;
    /** Default number of unit bins in the extent histogram. */
    public static final int DEFAULT_EXTENT_BINS = 64;
    /** Default number of sequence discontinuities kept for extents. */
    public static final int DEFAULT_DISCONTINUITY_CAPACITY = 1024;
    /** Default number of sequence numbers remembered below NextExp for duplicate detection. */
    public static final int DEFAULT_DUPLICATE_WINDOW = 1 << 14;

    private static final long NO_TIME = Long.MIN_VALUE;

    private final int maxN;
    private final int extentBins;
    private final SeenSequences seen;

    /* Ordering state, kept across reset(). */
    private long arrivalIndex;
    private final long[] recent;
    private int recentCount;
    private int recentNext;
    private final long[] discSeq;
    private final long[] discIndex;
    private final long[] discTime;
    private final boolean[] discDetected;
    private int discHead;
    private int discSize;
    private boolean discEvicted;
    private long discEvictedMaxSeq;
    private long lastReorderingDiscontinuityIndex = -1;
    private long lastReorderingDiscontinuityTime = NO_TIME;

    /* Statistics, cleared by reset(). */
    private long packets;
    private long duplicates;
    private long beyondDuplicateWindow;
    private long reordered;
    /** The sizes {@code s - NextExp} of the sequence discontinuities (section 3.4). */
    private final LongTally sequenceDiscontinuities = new LongTally();
    private final LongTally extents = new LongTally();
    private long extentsBeyondCapacity;
    private final long[] extentHistogram;
    private final LongTally lateTimesNs = new LongTally();
    private long reorderingDiscontinuities;
    private final LongTally gaps = new LongTally();
    private final LongTally gapTimesNs = new LongTally();
    private final long[] nReordered;
    private long run;
    private long runs;
    private long inOrder;
    private double sumSquaredRuns;

    /** With the defaults: n up to 5, 64 extent bins, 1024 discontinuities, 16384-number window. */
    public Rfc4737Reordering() {
        this(DEFAULT_MAX_N, DEFAULT_EXTENT_BINS, DEFAULT_DISCONTINUITY_CAPACITY,
                DEFAULT_DUPLICATE_WINDOW);
    }

    /**
     * @param maxN largest n for n-reordering, 1..1024
     * @param extentBins unit bins 1..extentBins in the extent histogram, at least 1
     * @param discontinuityCapacity sequence discontinuities kept to resolve extents, at least 1
     * @param duplicateWindow sequence numbers remembered below NextExp; a power of two, at least 64
     */
    public Rfc4737Reordering(int maxN, int extentBins, int discontinuityCapacity,
            int duplicateWindow) {
        if (maxN < 1 || maxN > 1024) {
            throw new IllegalArgumentException("maxN must be in 1..1024: " + maxN);
        }
        if (extentBins < 1) {
            throw new IllegalArgumentException("extentBins must be >= 1: " + extentBins);
        }
        if (discontinuityCapacity < 1) {
            throw new IllegalArgumentException(
                    "discontinuityCapacity must be >= 1: " + discontinuityCapacity);
        }
        this.maxN = maxN;
        this.extentBins = extentBins;
        this.seen = new SeenSequences(duplicateWindow);
        this.recent = new long[maxN];
        this.discSeq = new long[discontinuityCapacity];
        this.discIndex = new long[discontinuityCapacity];
        this.discTime = new long[discontinuityCapacity];
        this.discDetected = new boolean[discontinuityCapacity];
        this.extentHistogram = new long[extentBins + 2];
        this.nReordered = new long[maxN + 1];
    }

    /** Records the arrival of sequence number {@code s}, without an arrival time. */
    public void arrive(long s) {
        arrive(s, NO_TIME);
    }

    /**
     * Records the arrival of sequence number {@code s} at {@code arrivalNs} (any time origin, the
     * same for the whole stream); the time feeds late time and gap time only, and {@code
     * Long.MIN_VALUE} stands for "no time".
     */
    public void arrive(long s, long arrivalNs) {
        long nextExp = seen.nextExpected();
        SeenSequences.Arrival kind = seen.arrive(s);
        if (kind == SeenSequences.Arrival.DUPLICATE) {
            duplicates++;
            return;
        }
        if (kind == SeenSequences.Arrival.BEYOND_WINDOW) {
            beyondDuplicateWindow++;
        }
        arrivalIndex++;
        packets++;
        countNReordering(s);
        switch (kind) {
            case FIRST -> {
                addDiscontinuity(s, arrivalNs);
                inOrder();
            }
            case NEW_HIGHEST -> {
                if (s > nextExp) {
                    sequenceDiscontinuities.add(s - nextExp);
                    addDiscontinuity(s, arrivalNs);
                }
                inOrder();
            }
            default -> reordered(s, arrivalNs, kind == SeenSequences.Arrival.BEYOND_WINDOW);
        }
        recent[recentNext] = s;
        recentNext = recentNext + 1 == maxN ? 0 : recentNext + 1;
        if (recentCount < maxN) {
            recentCount++;
        }
    }

    private void inOrder() {
        run++;
        inOrder++;
    }

    private void reordered(long s, long arrivalNs, boolean beyondWindow) {
        reordered++;
        sumSquaredRuns += (double) run * run;
        runs++;
        run = 0;
        // A copy too old to be recognised may equal an earlier arrival, so the earliest larger
        // one need not be a discontinuity: its extent is left unresolved, like any that old.
        int k = beyondWindow ? -1 : firstDiscontinuityAbove(s);
        if (k < 0) {
            extentsBeyondCapacity++;
            extentHistogram[extentBins + 1]++;
            return;
        }
        int slot = physical(k);
        long j = discIndex[slot];
        long extent = arrivalIndex - j;
        extents.add(extent);
        extentHistogram[extent <= extentBins ? (int) extent : extentBins + 1]++;
        long jTime = discTime[slot];
        if (arrivalNs != NO_TIME && jTime != NO_TIME) {
            lateTimesNs.add(arrivalNs - jTime);
        }
        if (!discDetected[slot]) {
            discDetected[slot] = true;
            reorderingDiscontinuities++;
            if (j > lastReorderingDiscontinuityIndex) {
                if (lastReorderingDiscontinuityIndex >= 0) {
                    gaps.add(j - lastReorderingDiscontinuityIndex);
                    if (jTime != NO_TIME && lastReorderingDiscontinuityTime != NO_TIME) {
                        gapTimesNs.add(jTime - lastReorderingDiscontinuityTime);
                    }
                }
                lastReorderingDiscontinuityIndex = j;
                lastReorderingDiscontinuityTime = jTime;
            }
        }
    }

    private void countNReordering(long s) {
        int n = 0;
        int pos = recentNext;
        while (n < recentCount) {
            pos = pos == 0 ? maxN - 1 : pos - 1;
            if (recent[pos] <= s) {
                break;
            }
            n++;
            nReordered[n]++;
        }
    }

    private void addDiscontinuity(long s, long arrivalNs) {
        int capacity = discSeq.length;
        if (discSize == capacity) {
            discEvicted = true;
            discEvictedMaxSeq = discSeq[discHead];
            discHead = discHead + 1 == capacity ? 0 : discHead + 1;
            discSize--;
        }
        int slot = physical(discSize);
        discSeq[slot] = s;
        discIndex[slot] = arrivalIndex;
        discTime[slot] = arrivalNs;
        discDetected[slot] = false;
        discSize++;
    }

    /** Logical position (0 = oldest kept) of the earliest discontinuity above s, or -1. */
    private int firstDiscontinuityAbove(long s) {
        int lo = 0;
        int hi = discSize;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (discSeq[physical(mid)] > s) {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        if (lo == discSize || (lo == 0 && discEvicted && s < discEvictedMaxSeq)) {
            return -1;
        }
        return lo;
    }

    private int physical(int logical) {
        int p = discHead + logical;
        return p >= discSeq.length ? p - discSeq.length : p;
    }

    /** Clears the statistics; the ordering state (NextExp, history) is kept. */
    public void reset() {
        packets = 0;
        duplicates = 0;
        beyondDuplicateWindow = 0;
        reordered = 0;
        sequenceDiscontinuities.reset();
        extents.reset();
        extentsBeyondCapacity = 0;
        Arrays.fill(extentHistogram, 0L);
        lateTimesNs.reset();
        reorderingDiscontinuities = 0;
        gaps.reset();
        gapTimesNs.reset();
        Arrays.fill(nReordered, 0L);
        run = 0;
        runs = 0;
        inOrder = 0;
        sumSquaredRuns = 0;
    }

    /** {@code L}: first copies received (duplicates excluded). */
    public long packets() {
        return packets;
    }

    /** Copies of an already received sequence number; excluded from every other figure. */
    public long duplicates() {
        return duplicates;
    }

    /** Late arrivals too old for the duplicate window, taken as first copies. */
    public long beyondDuplicateWindow() {
        return beyondDuplicateWindow;
    }

    /** Packets with Type-P-Reordered = TRUE. */
    public long reordered() {
        return reordered;
    }

    /** Type-P-Reordered-Ratio-Stream {@code reordered / L}; 0 when nothing arrived. */
    public double reorderedRatio() {
        return packets == 0 ? 0.0 : (double) reordered / packets;
    }

    /** In-order arrivals with {@code s > NextExp} (section 3.4). */
    public long sequenceDiscontinuities() {
        return sequenceDiscontinuities.count();
    }

    /** Sum of the sizes {@code s - NextExp} of the sequence discontinuities. */
    public long sequenceDiscontinuitySizeSum() {
        return sequenceDiscontinuities.sum();
    }

    /**
     * The resolved reordering extents (all reordered packets but {@link #extentsBeyondCapacity()}):
     * their count, sum, mean and largest.
     */
    public LongTally extents() {
        return extents;
    }

    /** Largest resolved reordering extent; 0 when there are none. */
    public long extentMax() {
        return extents.max();
    }

    /** Reordered packets whose discontinuity had left the kept history: extent unknown, large. */
    public long extentsBeyondCapacity() {
        return extentsBeyondCapacity;
    }

    /** Number of unit bins in the extent histogram. */
    public int extentBins() {
        return extentBins;
    }

    /**
     * Extent histogram: element {@code e} (1..extentBins) counts extent {@code e}; element 0 is
     * always 0; the last element counts extents above {@code extentBins} and those beyond capacity.
     */
    public long[] extentHistogram() {
        return extentHistogram.clone();
    }

    /**
     * The smallest extent {@code e} such that at least a fraction {@code q} of reordered packets
     * have extent {@code <= e}; empty if nothing was reordered or the quantile falls in the
     * overflow bin.
     *
     * @param q in (0, 1]
     */
    public OptionalLong extentQuantile(double q) {
        if (!(q > 0.0 && q <= 1.0)) {
            throw new IllegalArgumentException("q must be in (0, 1]: " + q);
        }
        if (reordered == 0) {
            return OptionalLong.empty();
        }
        double target = q * reordered;
        long cumulative = 0;
        for (int e = 1; e <= extentBins; e++) {
            cumulative += extentHistogram[e];
            if (cumulative >= target) {
                return OptionalLong.of(e);
            }
        }
        return OptionalLong.empty();
    }

    /**
     * The LateTimes in ns (section 4.3), of the resolved reordered packets whose arrival and
     * discontinuity were timed.
     */
    public LongTally lateTimesNs() {
        return lateTimesNs;
    }

    /** Distinct reordering discontinuities detected (section 4.5.3). */
    public long reorderingDiscontinuities() {
        return reorderingDiscontinuities;
    }

    /** The non-zero reordering gaps measured, in packets (section 4.5.4). */
    public LongTally gaps() {
        return gaps;
    }

    /** Mean reordering GapTime in ns over gaps whose two discontinuities were timed. */
    public double gapTimeMeanNs() {
        return gapTimesNs.mean();
    }

    /** Largest n tracked for n-reordering. */
    public int maxN() {
        return maxN;
    }

    /** Number of n-reordered packets, {@code m} in section 5.3, for {@code 1 <= n <= maxN}. */
    public long nReordered(int n) {
        checkN(n);
        return nReordered[n];
    }

    /** Degree of n-reordering {@code m / L} (section 5.3, Definition 2); 0 when L is 0. */
    public double nReorderingRatio(int n) {
        checkN(n);
        return packets == 0 ? 0.0 : (double) nReordered[n] / packets;
    }

    /** n-reordering as the RFC's Appendix A code prints it: {@code m / (L - n)}; 0 if {@code L <= n}. */
    public double nReorderingRatioAppendixA(int n) {
        checkN(n);
        return packets <= n ? 0.0 : (double) nReordered[n] / (packets - n);
    }

    /** {@code x}: reordering-free runs counted, one per reordered packet (section 4.6). */
    public long freeRuns() {
        return runs;
    }

    /** {@code a}: in-order packets (section 4.6). */
    public long freeRunInOrderPackets() {
        return inOrder;
    }

    /** {@code q}: sum of the squares of the counted runs (section 4.6). */
    public double freeRunSumOfSquares() {
        return sumSquaredRuns;
    }

    /** Average reordering-free run {@code a / x}; 0 when no run was counted. */
    public double freeRunMean() {
        return runs == 0 ? 0.0 : (double) inOrder / runs;
    }

    private void checkN(int n) {
        if (n < 1 || n > maxN) {
            throw new IllegalArgumentException("n must be in 1.." + maxN + ": " + n);
        }
    }
}
