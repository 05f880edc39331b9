package org.cryptorder.transport.tcp.send;

import org.cryptorder.transport.tcp.RecoveryFeatures;
import org.cryptorder.transport.tcp.congestion.TcpCaState;

/**
 * RACK, time-based loss detection (RFC 8985), as Linux 6.12 implements it in
 * {@code net/ipv4/tcp_recovery.c}: a segment not yet (S)ACKed is lost once a segment sent after it
 * has been delivered and {@code now - xmit(P) >= RACK.rtt + reo_wnd}, where RACK.rtt is the RTT of
 * the most recently sent delivered segment.
 *
 * <p>The reordering window ({@code tcp_rack_reo_wnd}):
 * <ul>
 *   <li>before reordering has ever been seen ({@code tp->reord_seen == 0}) it is 0 in Recovery or
 *       Loss, and 0 once {@code sacked_out >= tp->reordering} (the DUPACK-threshold shortcut, off
 *       with {@code tcp_recovery} 0x4);
 *   <li>otherwise min(min_rtt / 4 x {@code reo_wnd_steps}, SRTT).
 * </ul>
 * {@code reo_wnd_steps} grows by one per round trip in which a D-SACK arrived after reordering
 * was seen ({@code tcp_rack_update_reo_wnd}, up to 255), and returns to 1 after 16 recoveries
 * without such D-SACKs ({@code reo_wnd_persist}, TCP_RACK_RECOVERY_THRESH). Segments sent at the
 * same instant are ordered by sequence ({@code tcp_skb_sent_after}). When a segment is not yet
 * lost, the reordering timer is armed for the time left plus 2 ms.
 */
final class RackLossDetector {
    /** TCP_RACK_RECOVERY_THRESH. */
    static final int RECOVERY_THRESH = 16;

    private final SackScoreboard board;
    private final boolean staticReoWnd;
    private final boolean noDupThresh;

    /** xmit time of the most recently sent segment delivered ({@code rack.mstamp}). */
    private long mstampNs = Long.MIN_VALUE;
    /** its end ({@code rack.end_seq}). */
    private long endSeq;
    /** RTT of that delivery ({@code rack.rtt_us}). */
    private long rttNs;
    private boolean advanced;
    private int reoWndSteps = 1;
    private int reoWndPersist;
    private boolean dsackSeen;
    private long lastDelivered;
    /** Where the decisions go while a trace is attached, or null. */
    private TcpTracePoints trace;

    RackLossDetector(SackScoreboard board, RecoveryFeatures features) {
        this.board = board;
        this.staticReoWnd = features.rackStaticReoWnd();
        this.noDupThresh = features.rackNoDupThresh();
    }

    /** Reports the decisions to {@code t} from now on (null: to nobody). */
    void trace(TcpTracePoints t) {
        trace = t;
    }

    int reoWndSteps() {
        return reoWndSteps;
    }

    int reoWndPersist() {
        return reoWndPersist;
    }

    void reoWndPersist(int p) {
        reoWndPersist = p;
    }

    boolean dsackSeen() {
        return dsackSeen;
    }

    /** A D-SACK after reordering was seen, not for a loss probe ({@code tcp_dsack_seen}). */
    void noteDsack() {
        dsackSeen = true;
    }

    /** Forces the next {@link #markLost} to look ({@code tcp_undo_cwnd_reduction}). */
    void forceAdvanced() {
        advanced = true;
    }

    long rttNs() {
        return rttNs;
    }

    /** {@code tcp_skb_sent_after}: whether (t1, seq1) was sent after (t2, seq2). */
    static boolean sentAfter(long t1, long t2, long seq1, long seq2) {
        return t1 > t2 || (t1 == t2 && seq1 > seq2);
    }

    /**
     * The reordering window, ns ({@code tcp_rack_reo_wnd}).
     *
     * @param minRttNs windowed min RTT, or {@link RttEstimator#NO_SAMPLE}
     * @param srtt8Ns 8 x SRTT, ns
     */
    long reoWnd(long reordSeen, TcpCaState state, int reordering, long minRttNs, long srtt8Ns) {
        if (reordSeen == 0) {
            if (state.atLeast(TcpCaState.RECOVERY)) {
                return 0;
            }
            if (board.sackedOut() >= reordering && !noDupThresh) {
                return 0;
            }
        }
        long srtt = srtt8Ns >> 3;
        if (minRttNs == RttEstimator.NO_SAMPLE) {
            return srtt;
        }
        return Math.min((minRttNs >> 2) * reoWndSteps, srtt);
    }

    /**
     * {@code tcp_rack_advance}: segment {@code n} with tags {@code tags} was (S)ACKed now.
     * A retransmitted segment ACKed sooner than min_rtt after its retransmission is ambiguous and
     * ignored.
     */
    void advance(int tags, long end, long xmitNs, long nowNs, long minRttNs) {
        long rtt = nowNs - xmitNs;
        if (rtt < minRttNs && (tags & SackScoreboard.RETRANS) != 0) {
            return;
        }
        advanced = true;
        rttNs = rtt;
        if (sentAfter(xmitNs, mstampNs, end, endSeq)) {
            mstampNs = xmitNs;
            endSeq = end;
        }
    }

    /** {@code tcp_rack_skb_timeout}: time left before segment {@code n} is lost, ns. */
    long skbTimeout(long n, long reoWnd, long nowNs) {
        return rttNs + reoWnd - (nowNs - board.xmitNs(n));
    }

    /**
     * {@code tcp_rack_detect_loss}: marks lost every segment whose time is up, walking segments in
     * order of transmission up to the last one sent before RACK's reference.
     *
     * @return the longest time left among segments not yet lost, ns (0 if none)
     */
    long detectLoss(long reoWnd, long nowNs) {
        long timeout = 0;
        long n = board.tsFirst();
        while (n >= 0) {
            long next = board.tsAfter(n);
            int t = board.tags(n);
            if ((t & SackScoreboard.LOST) != 0 && (t & SackScoreboard.SACKED_RETRANS) == 0) {
                n = next;
                continue;
            }
            if (!sentAfter(mstampNs, board.xmitNs(n), endSeq, board.endOf(n))) {
                break;
            }
            long remaining = skbTimeout(n, reoWnd, nowNs);
            if (remaining <= 0) {
                board.markLost(n);
                board.tsRemove(n);
                if (trace != null) {
                    trace.markedLost(n, "tcp_rack_detect_loss", nowNs - board.xmitNs(n), rttNs, reoWnd);
                }
            } else if (remaining > timeout) {
                timeout = remaining;
            }
            n = next;
        }
        return timeout;
    }

    /**
     * {@code tcp_rack_mark_lost}, without the timer: runs the detection if RACK advanced since the
     * last run.
     *
     * @return the time left for the reordering timer, ns; 0 if no timer is needed
     */
    long markLost(long reoWnd, long nowNs) {
        if (!advanced) {
            return 0;
        }
        advanced = false;
        return detectLoss(reoWnd, nowNs);
    }

    /**
     * {@code tcp_rack_update_reo_wnd}, once per ACK.
     *
     * @param priorDelivered the rate sample's {@code prior_delivered}: the delivered count when the
     *     most recently sent segment this ACK delivered was sent; 0 if none
     * @param delivered the delivered count now
     */
    void updateReoWnd(long priorDelivered, long delivered) {
        if (staticReoWnd || priorDelivered == 0) {
            return;
        }
        if (priorDelivered < lastDelivered) {
            dsackSeen = false;
        }
        int prior = reoWndSteps;
        if (dsackSeen) {
            reoWndSteps = Math.min(0xff, reoWndSteps + 1);
            dsackSeen = false;
            lastDelivered = delivered;
            reoWndPersist = RECOVERY_THRESH;
        } else if (reoWndPersist == 0) {
            reoWndSteps = 1;
        }
        if (trace != null && reoWndSteps != prior) {
            trace.reoWndSteps(prior, reoWndSteps, reoWndPersist);
        }
    }
}
