package org.cryptorder.metrics;

import java.util.Arrays;

/**
 * Reorder Density (RD) and Reorder Buffer-occupancy Density (RBD) of one stream, as RFC 5236
 * ("Improved Packet Reordering Metrics", Informational) defines them, computed online with the
 * RFC's own algorithms (section 7) in memory of order DT.
 *
 * <p>The IESG note on RFC 5236 says that the IETF standard for reordering metrics is RFC 4737 and
 * that these metrics were not adopted into it; they are kept here because they are widely used in
 * research and because RBD reads directly as the buffer a receiver needs to restore order.
 *
 * <h2>Definitions implemented</h2>
 *
 * Sequence numbers start at {@code firstSequence} (the RFC assumes 1) and increase by one per
 * packet at the source; they do not wrap.
 *
 * <ul>
 *   <li><b>Receive index RI (section 3.1)</b>: assigned in arrival order, not to duplicates, and
 *       skipping the value of a lost packet. <b>Displacement</b> {@code D = RI - s} (section 3.3):
 *       negative is early, positive is late.
 *   <li><b>RD (sections 3.5, 3.6, 7.1)</b>: {@code FD[k]} counts packets with {@code D = k} for
 *       {@code -DT <= k <= DT}; {@code RD[k] = FD[k] / N'} with {@code N' = sum FD}. Computed with the
 *       RFC's Stay-back algorithm: a FIFO window of the last DT+1 non-duplicate arrivals and a
 *       buffer of up to DT early ones; a packet with {@code |D| > DT} is discarded (section 6:
 *       "rogue packet 5430 is discarded"); a packet not found within the window is lost and RI
 *       skips it. An arrival is a duplicate for RD if {@code s < RI} or {@code s} is already in the
 *       window or the buffer (the RFC's {@code get_next_arrival}). Because of the Stay-back method
 *       RD lags the arrivals by up to DT packets; {@link #flush()} processes the rest at the end of
 *       a stream, as the RFC's loop does when the window runs dry.
 *   <li><b>RBD (sections 3.7-3.11, 7.2)</b>: {@code E} is the next expected sequence number; an
 *       arrival {@code s > E} waits in a hypothetical buffer; the occupancy {@code B} after each
 *       arrival, including the one just arrived, is counted in {@code FB[B]} for {@code 0 <= B <=
 *       BT}; {@code RBD[B] = FB[B] / sum FB}. An arrival {@code s < E} or already buffered is a
 *       duplicate or excessively delayed and is not counted. When the buffer is full (B = BT) and
 *       another early packet arrives, E and every missing packet up to the next buffered one are
 *       declared lost, and the consecutive buffered packets are released.
 * </ul>
 *
 * <h2>Where this differs from the RFC's pseudo-code, and why</h2>
 *
 * <ul>
 *   <li>RBD loss branch: the RFC's loop releases buffered packets up to and including {@code S} only
 *       when they are consecutive; when a gap remains below {@code S}, the pseudo-code neither
 *       releases nor stores {@code S}, so {@code S} is forgotten and E later stalls on it until the
 *       next overflow declares a packet lost that did arrive. Here {@code S} is then stored in the
 *       buffer (there is room, since at least one packet was released). Sequences without such a
 *       double overflow give the RFC's values exactly.
 *   <li>RBD loss branch: the RFC steps {@code E} one by one up to the next buffered packet or
 *       {@code S}; here it jumps there directly (same result, bounded cost for a rogue packet).
 *   <li>RD loop guard: if the window held only packets below RI and the buffer were empty, the
 *       RFC's "RI++" loop would not end; the front packet would then be taken at the current RI.
 *       While arrivals keep coming this cannot happen (the newest arrival in the window is at or
 *       above RI), and at the end of a stream ({@link #flush()}) it did not happen in an
 *       exhaustive search over every arrival order, with loss and repeats, of up to 7 packets
 *       and DT 1 to 3; the guard only makes termination certain.
 * </ul>
 *
 * <h2>Memory and cost</h2>
 *
 * The window (DT+1), the RD buffer (DT), the RBD buffer (BT) and the two frequency arrays; each
 * arrival costs O(DT + BT) comparisons and allocates nothing. Default {@code DT = BT = 3}: the RFC
 * names no default (its examples use 2, 3 and 4); 3 is TCP's duplicate-ACK threshold, the RFC's
 * own example of an operational limit (section 5).
 *
 * <p>{@link #reset()} clears the frequencies and counters but keeps the window, buffers, RI and E,
 * so a warm-up can be cut from a running stream.
 */
public final class Rfc5236Density {

    /** Default displacement threshold and buffer-occupancy threshold. */
    public static final int DEFAULT_THRESHOLD = 3;

    private final int dt;
    private final int bt;

    /* RD state (section 7.1). */
    private final long[] window;
    private int windowHead;
    private int windowSize;
    private final long[] rdBuffer;
    private int rdBufferSize;
    private long ri;
    private final long[] fd;
    private long rdDuplicates;
    private long rdBeyondThreshold;

    /* RBD state (section 7.2). */
    private final long[] rbdBuffer;
    private int occupancy;
    private long expected;
    private final long[] fb;
    private int maxOccupancy;
    private long rbdDiscarded;
    private long rbdDeclaredLost;

    /** DT = BT = 3, sequence numbers from 1. */
    public Rfc5236Density() {
        this(DEFAULT_THRESHOLD, DEFAULT_THRESHOLD, 1);
    }

    /** DT = BT = {@code threshold}, sequence numbers from 1. */
    public Rfc5236Density(int threshold) {
        this(threshold, threshold, 1);
    }

    /**
     * @param displacementThreshold DT, 1..1024
     * @param occupancyThreshold BT, 1..1024
     * @param firstSequence the sequence number of the first packet sent
     */
    public Rfc5236Density(int displacementThreshold, int occupancyThreshold, long firstSequence) {
        if (displacementThreshold < 1 || displacementThreshold > 1024) {
            throw new IllegalArgumentException("DT must be in 1..1024: " + displacementThreshold);
        }
        if (occupancyThreshold < 1 || occupancyThreshold > 1024) {
            throw new IllegalArgumentException("BT must be in 1..1024: " + occupancyThreshold);
        }
        this.dt = displacementThreshold;
        this.bt = occupancyThreshold;
        this.window = new long[dt + 1];
        this.rdBuffer = new long[dt];
        this.fd = new long[2 * dt + 1];
        this.rbdBuffer = new long[bt];
        this.fb = new long[bt + 1];
        this.ri = firstSequence;
        this.expected = firstSequence;
    }

    /** Records the arrival of sequence number {@code s}. */
    public void arrive(long s) {
        arriveRd(s);
        arriveRbd(s);
    }

    // ---------------------------------------------------------------- RD

    private void arriveRd(long s) {
        if (s < ri || contains(rdBuffer, rdBufferSize, s) || windowContains(s)) {
            rdDuplicates++;
            return;
        }
        window[physical(windowSize)] = s;
        windowSize++;
        while (windowSize == dt + 1) {
            rdStep(false);
        }
    }

    /**
     * Processes the packets still in the RD window as at the end of the stream (the RFC's loop
     * with no further arrivals). Missing packets below the last arrivals are then taken as lost;
     * an arrival after a flush continues from there.
     */
    public void flush() {
        while (windowSize > 0) {
            rdStep(true);
        }
    }

    /** One pass of the RFC's step 2. */
    private void rdStep(boolean draining) {
        if (windowContains(ri) || contains(rdBuffer, rdBufferSize, ri)
                || (draining && noneAtOrAbove(ri))) {
            long s = window[windowHead];
            windowHead = windowHead + 1 == window.length ? 0 : windowHead + 1;
            windowSize--;
            long d = ri - s;
            if (Math.abs(d) <= dt) {
                fd[(int) d + dt]++;
                rdBufferSize = removeAndCount(rdBuffer, rdBufferSize, ri);
                if (d < 0) {
                    rdBuffer[rdBufferSize++] = s;
                }
                ri++;
            } else {
                rdBeyondThreshold++;
            }
        } else {
            long m = Math.min(minimum(window, windowHead, windowSize),
                    minimumOf(rdBuffer, rdBufferSize));
            if (ri < m) {
                ri = m;
            } else {
                ri++;
            }
        }
    }

    private boolean windowContains(long s) {
        for (int k = 0; k < windowSize; k++) {
            if (window[physical(k)] == s) {
                return true;
            }
        }
        return false;
    }

    private boolean noneAtOrAbove(long value) {
        for (int k = 0; k < windowSize; k++) {
            if (window[physical(k)] >= value) {
                return false;
            }
        }
        for (int k = 0; k < rdBufferSize; k++) {
            if (rdBuffer[k] >= value) {
                return false;
            }
        }
        return true;
    }

    private int physical(int logical) {
        int p = windowHead + logical;
        return p >= window.length ? p - window.length : p;
    }

    private static long minimum(long[] ring, int head, int size) {
        long m = Long.MAX_VALUE;
        for (int k = 0; k < size; k++) {
            int p = head + k;
            if (p >= ring.length) {
                p -= ring.length;
            }
            m = Math.min(m, ring[p]);
        }
        return m;
    }

    // ---------------------------------------------------------------- RBD

    private void arriveRbd(long s) {
        if (s < expected || contains(rbdBuffer, occupancy, s)) {
            rbdDiscarded++;
            return;
        }
        if (s == expected) {
            expected++;
            releaseConsecutive();
        } else if (occupancy < bt) {
            rbdBuffer[occupancy++] = s;
        } else {
            // Buffer full: E is delayed beyond BT. Declare lost every missing packet up to the
            // next buffered one (or s), then release the consecutive run, s included if reached.
            long stop = Math.min(s, minimumOf(rbdBuffer, occupancy));
            rbdDeclaredLost += stop - expected;
            expected = stop;
            boolean consumed = false;
            while (true) {
                if (expected == s) {
                    consumed = true;
                    expected++;
                    continue;
                }
                int before = occupancy;
                occupancy = removeAndCount(rbdBuffer, occupancy, expected);
                if (occupancy == before) {
                    break;
                }
                expected++;
            }
            if (!consumed) {
                rbdBuffer[occupancy++] = s;
            }
        }
        fb[occupancy]++;
        if (occupancy > maxOccupancy) {
            maxOccupancy = occupancy;
        }
    }

    /** While E is buffered: free its place and expect the next one. */
    private void releaseConsecutive() {
        while (occupancy > 0) {
            int before = occupancy;
            occupancy = removeAndCount(rbdBuffer, occupancy, expected);
            if (occupancy == before) {
                return;
            }
            expected++;
        }
    }

    // ---------------------------------------------------------------- small unordered sets

    private static boolean contains(long[] set, int size, long value) {
        for (int k = 0; k < size; k++) {
            if (set[k] == value) {
                return true;
            }
        }
        return false;
    }

    private static long minimumOf(long[] set, int size) {
        long m = Long.MAX_VALUE;
        for (int k = 0; k < size; k++) {
            m = Math.min(m, set[k]);
        }
        return m;
    }

    /** Removes {@code value} if present, returning the new size. */
    private static int removeAndCount(long[] set, int size, long value) {
        for (int k = 0; k < size; k++) {
            if (set[k] == value) {
                set[k] = set[size - 1];
                return size - 1;
            }
        }
        return size;
    }

    // ---------------------------------------------------------------- results

    /** Clears FD, FB and the counters; the window, buffers, RI and E are kept. */
    public void reset() {
        Arrays.fill(fd, 0L);
        Arrays.fill(fb, 0L);
        rdDuplicates = 0;
        rdBeyondThreshold = 0;
        rbdDiscarded = 0;
        rbdDeclaredLost = 0;
        maxOccupancy = occupancy;
    }

    /** DT. */
    public int displacementThreshold() {
        return dt;
    }

    /** BT. */
    public int occupancyThreshold() {
        return bt;
    }

    /** {@code FD[k]} for {@code -DT <= k <= DT}. */
    public long displacementFrequency(int k) {
        if (k < -dt || k > dt) {
            throw new IllegalArgumentException("k must be in -" + dt + ".." + dt + ": " + k);
        }
        return fd[k + dt];
    }

    /** FD over displacements {@code -DT..DT}, as a new array: element {@code k + DT} is {@code FD[k]}. */
    public long[] displacementFrequencies() {
        return fd.clone();
    }

    /** {@code N'} for RD: packets given a displacement, {@code sum FD}. */
    public long rdPackets() {
        return total(fd);
    }

    /** RD over displacements {@code -DT..DT}: element {@code k + DT} is {@code RD[k]}; all 0 if empty. */
    public double[] reorderDensity() {
        return normalise(fd);
    }

    /** Non-duplicate arrivals still waiting in the RD window (at most DT). */
    public int pending() {
        return windowSize;
    }

    /** Arrivals ignored by RD as duplicates ({@code s < RI}, or already in window or buffer). */
    public long rdDuplicates() {
        return rdDuplicates;
    }

    /** Packets discarded by RD because {@code |D| > DT}. */
    public long rdBeyondThreshold() {
        return rdBeyondThreshold;
    }

    /** {@code FB[b]} for {@code 0 <= b <= BT}. */
    public long occupancyFrequency(int b) {
        if (b < 0 || b > bt) {
            throw new IllegalArgumentException("b must be in 0.." + bt + ": " + b);
        }
        return fb[b];
    }

    /** FB over occupancies {@code 0..BT}, as a new array: element {@code b} is {@code FB[b]}. */
    public long[] occupancyFrequencies() {
        return fb.clone();
    }

    /** {@code N'} for RBD: arrivals counted in FB. */
    public long rbdPackets() {
        return total(fb);
    }

    /** RBD over occupancies {@code 0..BT}: element {@code b} is {@code RBD[b]}; all 0 if empty. */
    public double[] reorderBufferOccupancyDensity() {
        return normalise(fb);
    }

    /** Largest buffer occupancy seen since construction or the last reset. */
    public int maxOccupancy() {
        return maxOccupancy;
    }

    /** Arrivals ignored by RBD as duplicates or excessively delayed ({@code s < E} or buffered). */
    public long rbdDiscarded() {
        return rbdDiscarded;
    }

    /** Sequence numbers RBD declared lost because the buffer was full. */
    public long rbdDeclaredLost() {
        return rbdDeclaredLost;
    }

    private static double[] normalise(long[] frequencies) {
        long total = total(frequencies);
        double[] density = new double[frequencies.length];
        if (total > 0) {
            for (int k = 0; k < frequencies.length; k++) {
                density[k] = (double) frequencies[k] / total;
            }
        }
        return density;
    }

    /** The sum of {@code frequencies}. */
    private static long total(long[] frequencies) {
        long n = 0;
        for (long f : frequencies) {
            n += f;
        }
        return n;
    }
}
