package org.cryptorder.transport.tcp.send;

import org.cryptorder.transport.tcp.TcpClock;
import org.cryptorder.transport.tcp.TcpTimers;

/**
 * A TCP sender's RTT estimate and retransmission timeout, and its windowed minimum RTT.
 *
 * <p>Linux flavour ({@link TcpTimers#linuxRtoEstimator()}): {@code tcp_rtt_estimator} and
 * {@code tcp_set_rto} in {@code net/ipv4/tcp_input.c}. SRTT is kept as 8 times its value and the
 * mean deviation as 4 times (Linux's {@code srtt_us}, {@code mdev_us}); a sample below SRTT
 * updates the deviation with gain 1/32 instead of 1/4; {@code rttvar} is the largest deviation of
 * the last round trip, never below the minimum RTO, and decays by 1/4 towards it once per round
 * trip. RTO = SRTT + rttvar, in whole jiffies rounded up, so it is never below SRTT + 200 ms.
 * Linux keeps these in microseconds; the model keeps nanoseconds, with the same arithmetic.
 *
 * <p>Plain flavour: RFC 6298 section 2 as ns-3's {@code TcpRttMeanDeviation} computes it, RTO =
 * max(minRto, SRTT + max(G, 4 RTTVAR)).
 *
 * <p>The minimum RTT is Linux's {@code tcp_update_rtt_min}: a windowed minimum over
 * {@code net.ipv4.tcp_min_rtt_wlen} = 300 s that skips samples from ACKs likely delayed.
 */
final class RttEstimator {
    /** Window of the min-RTT filter, ns ({@code tcp_min_rtt_wlen}, 300 s). */
    static final long MIN_RTT_WINDOW_NS = 300_000_000_000L;
    /** Linux's "no sample" for the minimum RTT (~0U), here the largest long. */
    static final long NO_SAMPLE = Long.MAX_VALUE;

    private final TcpTimers timers;
    private final TcpClock clock;
    private final WindowedMinFilter minRtt;

    private long srtt8;
    private long mdev4;
    private long mdevMax4;
    private long rttvar4;
    private long rttSeq;
    private long plainSrtt;
    private long plainRttvar;
    private long lastSampleNs = -1;

    RttEstimator(TcpTimers timers, TcpClock clock) {
        this.timers = timers;
        this.clock = clock;
        this.minRtt = new WindowedMinFilter(MIN_RTT_WINDOW_NS / timers.jiffyNs(), clock.jiffies(),
                NO_SAMPLE);
    }

    boolean hasSample() {
        return srtt8 != 0;
    }

    /** The smoothed RTT, ns; 0 before the first sample. */
    long srttNs() {
        return timers.linuxRtoEstimator() ? srtt8 >> 3 : plainSrtt;
    }

    /** Linux's {@code srtt_us}: 8 times SRTT, ns. */
    long srtt8Ns() {
        return srtt8;
    }

    /** The windowed minimum RTT, ns, or {@link #NO_SAMPLE}. */
    long minRttNs() {
        return minRtt.get();
    }

    /** The last RTT sample fed to the estimator, ns, or -1. */
    long lastSampleNs() {
        return lastSampleNs;
    }

    /** The RTO without back-off, in jiffies ({@code __tcp_set_rto}, bounded by TCP_RTO_MAX). */
    long rtoJiffies() {
        long rtoNs;
        if (!hasSample()) {
            rtoNs = timers.initialRtoNs();
        } else if (timers.linuxRtoEstimator()) {
            rtoNs = (srtt8 >> 3) + rttvar4;
        } else {
            rtoNs = Math.max(timers.minRtoNs(),
                    plainSrtt + Math.max(timers.clockGranularityNs(), 4 * plainRttvar));
        }
        return Math.min(clock.toJiffies(rtoNs), clock.toJiffies(timers.maxRtoNs()));
    }

    /**
     * Feeds the minimum-RTT filter ({@code tcp_update_rtt_min}).
     *
     * @param maybeDelayed the ACK was likely delayed ({@code FLAG_ACK_MAYBE_DELAYED}): a sample
     *     above the current minimum is skipped
     */
    void updateMin(long rttNs, boolean maybeDelayed) {
        if (maybeDelayed && rttNs > minRtt.get()) {
            return;
        }
        minRtt.update(clock.jiffies(), rttNs > 0 ? rttNs : clock.jiffyNs());
    }

    /** One RTT measurement ({@code tcp_rtt_estimator}); {@code sndUna}, {@code sndNxt} as now. */
    void sample(long mNs, long sndUna, long sndNxt) {
        lastSampleNs = mNs;
        if (!timers.linuxRtoEstimator()) {
            plainSample(mNs);
        }
        long rtoMin = timers.minRtoNs();
        long m = mNs;
        long srtt = srtt8;
        if (srtt != 0) {
            m -= srtt >> 3;
            srtt += m;
            if (m < 0) {
                m = -m;
                m -= mdev4 >> 2;
                if (m > 0) {
                    m >>= 3;
                }
            } else {
                m -= mdev4 >> 2;
            }
            mdev4 += m;
            if (mdev4 > mdevMax4) {
                mdevMax4 = mdev4;
                if (mdevMax4 > rttvar4) {
                    rttvar4 = mdevMax4;
                }
            }
            if (sndUna > rttSeq) {
                if (mdevMax4 < rttvar4) {
                    rttvar4 -= (rttvar4 - mdevMax4) >> 2;
                }
                rttSeq = sndNxt;
                mdevMax4 = rtoMin;
            }
        } else {
            srtt = m << 3;
            mdev4 = m << 1;
            rttvar4 = Math.max(mdev4, rtoMin);
            mdevMax4 = rttvar4;
            rttSeq = sndNxt;
        }
        srtt8 = Math.max(1, srtt);
    }

    private void plainSample(long r) {
        if (srtt8 == 0) {
            plainSrtt = r;
            plainRttvar = r / 2;
        } else {
            plainRttvar = (3 * plainRttvar + Math.abs(plainSrtt - r)) / 4;
            plainSrtt = (7 * plainSrtt + r) / 8;
        }
    }
}
