package org.cryptorder.transport.tcp.receive;

import org.cryptorder.transport.tcp.ReadPath;

/**
 * The receiver's estimate of the RTT ({@code tp->rcv_rtt_est}), which times receive-buffer
 * autotuning and SACK compression: from the time a window's worth takes to arrive ({@code
 * tcp_rcv_rtt_measure}) and from the echo of the receiver's own timestamps ({@code
 * tcp_rcv_rtt_measure_ts}), kept by {@code tcp_rcv_rtt_update} as the kernel's {@link
 * ReadPath.RcvRtt} says.
 */
final class ReceiverRtt {
    private final ReadPath.RcvRtt rule;
    /** {@code rcv_rtt_est.rtt_us}, times 8, ns. */
    private long rtt8;
    private long seq;
    private long time = -1;
    private int lastTsecr;

    ReceiverRtt(ReadPath.RcvRtt rule) {
        this.rule = rule;
    }

    /** The estimate times 8, ns (0: none yet). */
    long rtt8() {
        return rtt8;
    }

    /** {@code tcp_rcv_rtt_measure} at {@code nowNs}, with RCV.NXT and the window offered. */
    void measure(long nowNs, long rcvNxt, long rcvWnd, boolean unreadData) {
        if (time >= 0) {
            if (rcvNxt < seq) {
                return;
            }
            update(Math.max(nowNs - time, 1000), true, unreadData);
        }
        seq = rcvNxt + rcvWnd;
        time = nowNs;
    }

    /**
     * {@code tcp_rcv_rtt_measure_ts}: a segment of {@code len} octets (at least {@code rcvMss}
     * for a sample) echoing {@code tsecr}, {@code deltaTicks} of the receiver's clock ago.
     */
    void measureTs(int tsecr, int len, int rcvMss, int deltaTicks, long tickNs, boolean unreadData) {
        if (tsecr == lastTsecr) {
            return;
        }
        lastTsecr = tsecr;
        if (len >= rcvMss) {
            if (rule == ReadPath.RcvRtt.EWMA) {
                if (deltaTicks >= 0) {
                    update(Math.max(deltaTicks, 1) * tickNs, false, unreadData);
                }
            } else if (deltaTicks > 0) {
                // tcp_rtt_tsopt_us(tp, 0): a sample of 0 ticks is 0 and dropped (d59fc95be9d0)
                update(deltaTicks * tickNs, false, unreadData);
            }
        }
    }

    /** {@code tcp_rcv_rtt_update}, by {@link ReadPath#rcvRtt()}. */
    void update(long sample, boolean winDep, boolean unreadData) {
        long m = sample << 3;
        if (rule == ReadPath.RcvRtt.EWMA) {
            if (rtt8 == 0) {
                rtt8 = m;
            } else if (!winDep) {
                rtt8 += sample - (rtt8 >> 3);
            } else if (m < rtt8) {
                rtt8 = m;
            }
            return;
        }
        if (rtt8 == 0 || m < rtt8) {
            rtt8 = m;
        } else if (winDep) {
            return;
        } else if (rule == ReadPath.RcvRtt.MIN_IDLE_QUEUE && unreadData) {
            return;
        } else {
            rtt8 = rtt8 - (rtt8 >> 3) + sample;
        }
    }
}
