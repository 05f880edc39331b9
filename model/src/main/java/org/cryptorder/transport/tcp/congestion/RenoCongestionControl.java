package org.cryptorder.transport.tcp.congestion;

/**
 * Reno ({@code tcp_reno_ssthresh}, {@code tcp_reno_cong_avoid}, {@code tcp_reno_undo_cwnd} in
 * {@code net/ipv4/tcp_cong.c}): slow start, then one segment per window of ACKed segments;
 * ssthresh = max(cwnd / 2, 2) on loss.
 */
final class RenoCongestionControl implements CongestionControl {
    private final CongestionContext ctx;

    RenoCongestionControl(CongestionContext ctx) {
        this.ctx = ctx;
    }

    @Override
    public int ssthresh() {
        return Math.max(ctx.window().cwnd() >> 1, 2);
    }

    @Override
    public void congAvoid(int acked) {
        CongestionWindow w = ctx.window();
        int left = CongestionControl.ackedAfterSlowStart(ctx, acked);
        if (left >= 0) {
            w.congAvoidAi(w.cwnd(), left);
        }
    }

    @Override
    public int undoCwnd() {
        return CongestionControl.renoUndoCwnd(ctx.window());
    }

    @Override
    public void onState(TcpCaState state) {
        // Reno keeps no state of its own.
    }

    @Override
    public void pktsAcked(int pktsAcked, long rttNs) {
        // Reno uses no RTT samples.
    }
}
