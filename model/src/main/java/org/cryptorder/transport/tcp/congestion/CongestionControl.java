package org.cryptorder.transport.tcp.congestion;

import org.cryptorder.transport.tcp.CongestionControlKind;
import org.cryptorder.transport.tcp.HystartRound;
import org.cryptorder.transport.tcp.TcpPacing;

/**
 * A congestion control algorithm, the subset of Linux's {@code struct tcp_congestion_ops} the
 * model uses: {@code ssthresh}, {@code cong_avoid}, {@code undo_cwnd}, {@code set_state},
 * {@code pkts_acked}.
 */
public sealed interface CongestionControl permits CubicCongestionControl, RenoCongestionControl {

    /** The slow start threshold after a loss ({@code .ssthresh}), segments. */
    int ssthresh();

    /** Grows cwnd for {@code acked} newly delivered segments ({@code .cong_avoid}). */
    void congAvoid(int acked);

    /** The cwnd to restore on undo ({@code .undo_cwnd}). */
    int undoCwnd();

    /** The sender entered {@code state} ({@code .set_state}). */
    void onState(TcpCaState state);

    /** An ACK delivered {@code pktsAcked} segments; {@code rttNs} its RTT sample or -1. */
    void pktsAcked(int pktsAcked, long rttNs);

    /**
     * What Reno's and CUBIC's {@code .cong_avoid} do first: nothing unless cwnd limits the sender
     * ({@code tcp_is_cwnd_limited}), and in slow start {@code tcp_slow_start}. Returns the ACKed
     * segments left for congestion avoidance, or -1 when there is nothing more to do.
     */
    static int ackedAfterSlowStart(CongestionContext ctx, int acked) {
        CongestionWindow w = ctx.window();
        if (!ctx.isCwndLimited()) {
            return -1;
        }
        if (w.inSlowStart()) {
            acked = w.slowStart(acked);
            if (acked == 0) {
                return -1;
            }
        }
        return acked;
    }

    /** {@code tcp_reno_undo_cwnd}, the undo of Reno and of CUBIC: cwnd back to before the loss. */
    static int renoUndoCwnd(CongestionWindow w) {
        return Math.max(w.cwnd(), w.priorCwnd());
    }

    /** Creates the algorithm for a sender; {@code paced}: the socket is paced ({@link TcpPacing}). */
    static CongestionControl create(CongestionControlKind kind, CongestionContext ctx,
            boolean hystart, HystartRound round, boolean paced) {
        return switch (kind) {
            case CUBIC -> new CubicCongestionControl(ctx, hystart, round, paced);
            case RENO -> new RenoCongestionControl(ctx);
        };
    }
}
