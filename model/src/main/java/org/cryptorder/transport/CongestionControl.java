package org.cryptorder.transport;

/**
 * A congestion control algorithm, the subset of Linux's {@code struct tcp_congestion_ops} the
 * model uses: {@code ssthresh}, {@code cong_avoid}, {@code undo_cwnd}, {@code set_state},
 * {@code pkts_acked}.
 */
sealed interface CongestionControl permits CubicCongestionControl, RenoCongestionControl {

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

    /** Creates the algorithm for a sender. */
    static CongestionControl create(CongestionControlKind kind, CongestionContext ctx,
            boolean hystart) {
        return switch (kind) {
            case CUBIC -> new CubicCongestionControl(ctx, hystart);
            case RENO -> new RenoCongestionControl(ctx);
        };
    }
}
