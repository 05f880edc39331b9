package org.cryptorder.metrics;

/**
 * What the receiver of an iperf3-style UDP stream reports: iperf3's own lost, out-of-order and
 * jitter figures, computed exactly as iperf3 computes them, beside exact duplicate and loss counts
 * and the decode errors of a media stream that cannot tolerate disorder.
 *
 * <p>Fed, in arrival order, each datagram's sequence number (numbered from 1 at the sender, as
 * iperf3 numbers them), its send time and its arrival time, in ns on one clock or on two clocks
 * with a constant offset (the offset cancels out of the jitter).
 *
 * <h2>iperf3's figures (iperf3 {@code src/iperf_udp.c}, {@code iperf_udp_recv})</h2>
 *
 * Let {@code P} be the highest sequence number seen so far (0 before the first datagram). For a
 * datagram with sequence number {@code s}:
 *
 * <ul>
 *   <li>if {@code s >= P + 1}: if {@code s > P + 1} the gap {@code s - 1 - P} is added to the lost
 *       count; then {@code P = s};
 *   <li>otherwise the datagram is out of order: the out-of-order count goes up by one and, if the
 *       lost count is positive, it goes down by one (the late datagram filled a gap counted as lost
 *       before). iperf3 keeps no memory of which numbers arrived, so a duplicate is also counted as
 *       out of order and also cancels a loss; its source says so ("duplicate packets will possibly
 *       cause some problems here").
 *   <li>Jitter, RFC 1889/3550 section 6.4.1 and A.8, in arrival order: {@code transit = |arrival -
 *       send|}; on the first datagram {@code prevTransit = transit}; {@code D = |transit -
 *       prevTransit|}; {@code J += (D - J) / 16}; {@code prevTransit = transit}. Every datagram
 *       counts, duplicates and late ones included, as in iperf3.
 *   <li>Total datagrams is {@code P}; lost percent is {@code 100 * lost / total}.
 *   <li>Warm-up ({@code -O}): at {@link #reset()} iperf3's {@code iperf_reset_stats} notes {@code P},
 *       the lost and the out-of-order counts, later reported as differences from those notes; it sets
 *       the jitter to 0, and the next datagram is again "the first" for jitter. The lost count keeps
 *       running underneath, so a straggler from before the reset cancels a loss counted before it
 *       and the reported lost count can be negative, as iperf3's is.
 * </ul>
 *
 * iperf3 stamps send and arrival times with microsecond resolution; {@code timestampResolutionNs
 * = 1000} truncates both to whole microseconds as iperf3 does, the default 1 keeps them exact.
 *
 * <h2>Exact figures</h2>
 *
 * <ul>
 *   <li><b>Duplicates</b>: arrivals of a sequence number already seen, remembered for {@code
 *       duplicateWindow} numbers below {@code P} (an older one is taken as a late first copy).
 *   <li><b>Late arrivals</b>: first copies with {@code s < P}; equal to RFC 4737's reordered count.
 *   <li><b>Missing</b>: sequence numbers above the value of {@code P} at the last reset (0 at
 *       start), up to {@code P}, that have not arrived.
 *   <li><b>Decode errors</b>: a decoder without a reorder buffer takes each datagram in arrival
 *       order and can use it only if it is above every datagram before it; a datagram delivered
 *       after any datagram with a higher sequence number (its successor or later), or never
 *       delivered, breaks the stream. One decode error is counted per such sequence number, once:
 *       when a datagram {@code s > P + 1} arrives, the {@code s - 1 - P} numbers jumped over are
 *       decode errors, whether they arrive later or never; late datagrams and duplicates add none.
 *       Without duplicates or resets, decode errors = late arrivals + missing.
 *   <li><b>Decode resyncs</b>: the number of such jumps, one per arrival {@code s > P + 1}: how
 *       often the decoder had to conceal and resynchronise (one broken frame per jump when frames
 *       are larger than the gaps).
 * </ul>
 *
 * Memory is {@code duplicateWindow / 8} bytes; each datagram costs O(1) and allocates nothing.
 */
public final class UdpStreamStats {

    /** Default number of sequence numbers remembered below the highest for duplicate detection. */
    public static final int DEFAULT_DUPLICATE_WINDOW = 1 << 14;

    private final long resolutionNs;
    private final SeenSequences seen;

    /* iperf3's state (struct iperf_stream). */
    private long packetCount;
    private long cntError;
    private long outOfOrder;
    private double jitterNs;
    private long prevTransitNs;
    private long omittedPacketCount;
    private long omittedCntError;
    private long omittedOutOfOrder;

    /* Exact counts since construction or the last reset. */
    private long datagrams;
    private long duplicates;
    private long late;
    private long distinctAboveBaseline;
    /** Each resync's jump: the sequence numbers the decoder skipped at it. */
    private final LongTally decodeJumps = new LongTally();

    /** Exact timestamps, 16384-number duplicate window. */
    public UdpStreamStats() {
        this(1, DEFAULT_DUPLICATE_WINDOW);
    }

    /**
     * @param timestampResolutionNs send and arrival times are truncated to a multiple of this
     *     (1000 mimics iperf3's microsecond stamps), at least 1
     * @param duplicateWindow sequence numbers remembered below the highest; a power of two, at
     *     least 64
     */
    public UdpStreamStats(long timestampResolutionNs, int duplicateWindow) {
        if (timestampResolutionNs < 1) {
            throw new IllegalArgumentException(
                    "timestampResolutionNs must be >= 1: " + timestampResolutionNs);
        }
        this.resolutionNs = timestampResolutionNs;
        this.seen = new SeenSequences(duplicateWindow);
    }

    /** Records a datagram with sequence number {@code s}, sent at {@code sendNs}, arrived at {@code arrivalNs}. */
    public void arrive(long s, long sendNs, long arrivalNs) {
        boolean firstPacket = datagrams == 0;
        datagrams++;
        exactCounts(s);
        if (s >= packetCount + 1) {
            if (s > packetCount + 1) {
                cntError += (s - 1) - packetCount;
            }
            packetCount = s;
        } else {
            outOfOrder++;
            if (cntError > 0) {
                cntError--;
            }
        }
        long transit = Math.abs(truncate(arrivalNs) - truncate(sendNs));
        if (firstPacket) {
            prevTransitNs = transit;
        }
        double d = Math.abs((double) (transit - prevTransitNs));
        prevTransitNs = transit;
        jitterNs += (d - jitterNs) / 16.0;
    }

    private void exactCounts(long s) {
        SeenSequences.Arrival kind = seen.arrive(s);
        if (kind == SeenSequences.Arrival.DUPLICATE) {
            duplicates++;
            return;
        }
        if (s > omittedPacketCount) {
            distinctAboveBaseline++;
        }
        if (s > packetCount + 1) {
            decodeJumps.add(s - 1 - packetCount);
        } else if (s <= packetCount) {
            late++;
        }
    }

    private long truncate(long t) {
        return resolutionNs == 1 ? t : Math.floorDiv(t, resolutionNs) * resolutionNs;
    }

    /**
     * Ends a warm-up as iperf3's {@code -O} does: iperf3's counts restart from notes of their
     * current values, the jitter restarts from 0, and the exact counts restart from 0; the
     * sequence state is kept.
     */
    public void reset() {
        omittedPacketCount = packetCount;
        omittedCntError = cntError;
        omittedOutOfOrder = outOfOrder;
        jitterNs = 0.0;
        datagrams = 0;
        duplicates = 0;
        late = 0;
        distinctAboveBaseline = 0;
        decodeJumps.reset();
    }

    /** iperf3's total datagrams: highest sequence number seen, less its value at the last reset. */
    public long totalPackets() {
        return packetCount - omittedPacketCount;
    }

    /** iperf3's lost datagrams (can be negative after a reset, as in iperf3). */
    public long lostPackets() {
        return cntError - omittedCntError;
    }

    /** iperf3's lost percent {@code 100 * lost / total}; 0 when total is 0. */
    public double lostPercent() {
        long total = totalPackets();
        return total > 0 ? 100.0 * lostPackets() / total : 0.0;
    }

    /** iperf3's out-of-order datagrams: every arrival not above the highest before it. */
    public long outOfOrderPackets() {
        return outOfOrder - omittedOutOfOrder;
    }

    /** iperf3's jitter in ns. */
    public double jitterNs() {
        return jitterNs;
    }

    /** iperf3's jitter in ms, as its {@code jitter_ms}. */
    public double jitterMs() {
        return jitterNs / 1e6;
    }

    /** Highest sequence number seen (iperf3's {@code packet_count}); 0 before any. */
    public long highestSequence() {
        return packetCount;
    }

    /** Datagrams received since construction or the last reset, duplicates included. */
    public long datagrams() {
        return datagrams;
    }

    /** Copies of an already received sequence number. */
    public long duplicates() {
        return duplicates;
    }

    /** First copies that arrived below the highest sequence number seen before them. */
    public long lateArrivals() {
        return late;
    }

    /** Sequence numbers above the highest at the last reset, up to the highest now, never received. */
    public long missingPackets() {
        return totalPackets() - distinctAboveBaseline;
    }

    /** Sequence numbers jumped over by the decoder: late or never delivered (see class doc). */
    public long decodeErrors() {
        return decodeJumps.sum();
    }

    /** Arrivals that jumped over at least one sequence number (see class doc). */
    public long decodeResyncs() {
        return decodeJumps.count();
    }
}
