package org.cryptorder.transport.tcp;

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
 * @param rackSlackNs the floor of the tail loss probe and RACK reordering timers:
 *     {@code TCP_TIMEOUT_MIN_US}, 2 ms, where {@code floor} adds it before rounding to jiffies
 * @param floor how the kernel adds that floor: {@link TimerFloor#TWO_MILLISECONDS} from Linux 6.6,
 *     {@link TimerFloor#TWO_JIFFIES} before
 * @param linuxRtoEstimator Linux's {@code tcp_rtt_estimator} (mdev with the finer gain on
 *     decreasing RTT and {@code rttvar >= rto_min}) if true; plain RFC 6298 (RTO = SRTT + max(G,
 *     4 RTTVAR), at least {@code minRtoNs}) as ns-3 has it if false
 * @param clockGranularityNs RFC 6298's G, used only by the plain estimator: 1 ms in ns-3
 */
public record TcpTimers(long jiffyNs, long tsTickNs, long minRtoNs, long initialRtoNs,
        long maxRtoNs, long rackSlackNs, TimerFloor floor, boolean linuxRtoEstimator, long clockGranularityNs) {

    /**
     * How {@code tcp_schedule_loss_probe} and {@code tcp_rack_mark_lost} add the 2 ms floor to a
     * timeout before arming the timer in jiffies. Linux commit 1c2709cfff1d ("tcp: fix excessive TLP
     * and RACK timeouts from HZ rounding", first released in 6.6, and taken into later stable
     * releases of older series, which a version number here does not tell apart) moved from the
     * first rule to the second.
     */
    public enum TimerFloor {
        /** Before 6.6: {@code usecs_to_jiffies(t) + TCP_TIMEOUT_MIN}, 2 jiffies (8 ms at HZ=250, 2 ms at HZ=1000). */
        TWO_JIFFIES,
        /** From 6.6: {@code usecs_to_jiffies(t + TCP_TIMEOUT_MIN_US)}, 2 ms before rounding up to a jiffy. */
        TWO_MILLISECONDS
    }

    /** {@code TCP_TIMEOUT_MIN}: the floor of the old rule, jiffies. */
    static final long TCP_TIMEOUT_MIN_JIFFIES = 2;

    public TcpTimers {
        if (jiffyNs <= 0 || tsTickNs <= 0 || minRtoNs <= 0 || initialRtoNs <= 0
                || maxRtoNs < minRtoNs || rackSlackNs < 0 || clockGranularityNs < 0 || floor == null) {
            throw new IllegalArgumentException("bad timer parameters: " + this);
        }
    }

    /** Linux 6.12 on a Debian kernel (HZ=250). */
    public static TcpTimers linux() {
        return new TcpTimers(4_000_000L, 1_000_000L, 200_000_000L, 1_000_000_000L,
                120_000_000_000L, 2_000_000L, TimerFloor.TWO_MILLISECONDS, true, 1_000_000L);
    }

    /**
     * Linux's timers for a kernel tick of {@code hz} and the floor rule of the kernel: the bounds in
     * ms are those of every version the model knows (3.10 on: TCP_RTO_MIN = HZ/5, TCP_TIMEOUT_INIT =
     * 1 s, TCP_RTO_MAX = 120 s), in jiffies of that tick.
     */
    public static TcpTimers linux(int hz, TimerFloor floor) {
        return linux().withJiffyNs(1_000_000_000L / hz).withFloor(floor);
    }

    /** ns-3's RTT estimator and RFC 6298 bounds, with Linux's 200 ms minimum (ns-3's own is 1 s). */
    public static TcpTimers textbook() {
        return new TcpTimers(4_000_000L, 1_000_000L, 200_000_000L, 1_000_000_000L,
                120_000_000_000L, 2_000_000L, TimerFloor.TWO_MILLISECONDS, false, 1_000_000L);
    }

    /**
     * The timeout of the tail loss probe in jiffies ({@code tcp_schedule_loss_probe} with an RTT
     * sample): {@code srtt_us >> 2} (twice the smoothed RTT), plus the minimum RTO when one packet is
     * outstanding (for a delayed ACK) or else the 2 ms floor, by the kernel's rule.
     *
     * @param twoSrttNs     twice the smoothed RTT, ns
     * @param onePacketOut  whether exactly one packet is outstanding
     * @param clock         the jiffy conversion (rounding up, as {@code usecs_to_jiffies})
     */
    public long lossProbeJiffies(long twoSrttNs, boolean onePacketOut, TcpClock clock) {
        return switch (floor) {
            case TWO_JIFFIES -> clock.toJiffies(twoSrttNs)
                    + (onePacketOut ? clock.toJiffies(minRtoNs) : TCP_TIMEOUT_MIN_JIFFIES);
            case TWO_MILLISECONDS -> clock.toJiffies(twoSrttNs + (onePacketOut ? minRtoNs : rackSlackNs));
        };
    }

    /** RACK's reordering timer in jiffies for a remaining wait of {@code ns} ({@code tcp_rack_mark_lost}), by the kernel's rule. */
    public long reorderTimerJiffies(long ns, TcpClock clock) {
        return switch (floor) {
            case TWO_JIFFIES -> clock.toJiffies(ns) + TCP_TIMEOUT_MIN_JIFFIES;
            case TWO_MILLISECONDS -> clock.toJiffies(ns + rackSlackNs);
        };
    }

    /** The same timers with the other floor rule. */
    public TcpTimers withFloor(TimerFloor f) {
        return new TcpTimers(jiffyNs, tsTickNs, minRtoNs, initialRtoNs, maxRtoNs, rackSlackNs, f,
                linuxRtoEstimator, clockGranularityNs);
    }

    /** The same timers with another minimum RTO, ns (ns-3's own default is 1 s). */
    public TcpTimers withMinRtoNs(long ns) {
        return new TcpTimers(jiffyNs, tsTickNs, ns, initialRtoNs, maxRtoNs, rackSlackNs, floor,
                linuxRtoEstimator, clockGranularityNs);
    }

    /** The same timers with another kernel tick, ns (1_000_000 for HZ=1000). */
    public TcpTimers withJiffyNs(long ns) {
        return new TcpTimers(ns, tsTickNs, minRtoNs, initialRtoNs, maxRtoNs, rackSlackNs, floor,
                linuxRtoEstimator, clockGranularityNs);
    }
}
