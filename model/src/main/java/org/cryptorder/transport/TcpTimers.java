package org.cryptorder.transport;

/**
 * Clocks and timer bounds of a TCP endpoint. All durations in ns.
 *
 * @param jiffyNs the kernel tick (1/HZ): timers are set in whole jiffies and fire on tick
 *     boundaries, as Linux's timer wheel does; Debian's kernels use HZ=250, 4 ms
 * @param tsTickNs the TCP timestamp clock's tick: 1 ms (TCP_TS_HZ = 1000, timestamps in ms unless
 *     the route enables {@code tcp_usec_ts})
 * @param minRtoNs lower bound of the retransmission timeout: TCP_RTO_MIN, 200 ms
 * @param initialRtoNs the timeout before any RTT sample: TCP_TIMEOUT_INIT, 1 s
 * @param maxRtoNs upper bound after back-off: TCP_RTO_MAX, 120 s
 * @param rackSlackNs added to the RACK reordering timer: TCP_TIMEOUT_MIN_US, 2 ms
 * @param linuxRtoEstimator Linux's {@code tcp_rtt_estimator} (mdev with the finer gain on
 *     decreasing RTT and {@code rttvar >= rto_min}) if true; plain RFC 6298 (RTO = SRTT + max(G,
 *     4 RTTVAR), at least {@code minRtoNs}) as ns-3 has it if false
 * @param clockGranularityNs RFC 6298's G, used only by the plain estimator: 1 ms in ns-3
 */
public record TcpTimers(long jiffyNs, long tsTickNs, long minRtoNs, long initialRtoNs,
        long maxRtoNs, long rackSlackNs, boolean linuxRtoEstimator, long clockGranularityNs) {

    public TcpTimers {
        if (jiffyNs <= 0 || tsTickNs <= 0 || minRtoNs <= 0 || initialRtoNs <= 0
                || maxRtoNs < minRtoNs || rackSlackNs < 0 || clockGranularityNs < 0) {
            throw new IllegalArgumentException("bad timer parameters: " + this);
        }
    }

    /** Linux 6.12 on a Debian kernel (HZ=250). */
    public static TcpTimers linux() {
        return new TcpTimers(4_000_000L, 1_000_000L, 200_000_000L, 1_000_000_000L,
                120_000_000_000L, 2_000_000L, true, 1_000_000L);
    }

    /** ns-3's RTT estimator and RFC 6298 bounds, with Linux's 200 ms minimum (ns-3's own is 1 s). */
    public static TcpTimers textbook() {
        return new TcpTimers(4_000_000L, 1_000_000L, 200_000_000L, 1_000_000_000L,
                120_000_000_000L, 2_000_000L, false, 1_000_000L);
    }

    /** The same timers with another minimum RTO, ns. */
    public TcpTimers withMinRtoNs(long ns) {
        return new TcpTimers(jiffyNs, tsTickNs, ns, initialRtoNs, maxRtoNs, rackSlackNs,
                linuxRtoEstimator, clockGranularityNs);
    }

    /** The same timers with another kernel tick, ns (1_000_000 for HZ=1000). */
    public TcpTimers withJiffyNs(long ns) {
        return new TcpTimers(ns, tsTickNs, minRtoNs, initialRtoNs, maxRtoNs, rackSlackNs,
                linuxRtoEstimator, clockGranularityNs);
    }

    /** The same timers with another timestamp tick, ns (1_000 for {@code tcp_usec_ts}). */
    public TcpTimers withTsTickNs(long ns) {
        return new TcpTimers(jiffyNs, ns, minRtoNs, initialRtoNs, maxRtoNs, rackSlackNs,
                linuxRtoEstimator, clockGranularityNs);
    }
}
