package org.cryptorder.transport;

/**
 * The congestion window and what Linux keeps beside it in {@code struct tcp_sock}: slow start
 * threshold, the additive-increase counter, the values saved for undo, and PRR's counters. The
 * window is counted in segments, as Linux counts it.
 *
 * <p>{@link #slowStart} and {@link #congAvoidAi} are {@code tcp_slow_start} and
 * {@code tcp_cong_avoid_ai} of {@code net/ipv4/tcp_cong.c}.
 */
final class CongestionWindow {
    /** TCP_INFINITE_SSTHRESH. */
    static final int INFINITE_SSTHRESH = 0x7fffffff;

    int cwnd;
    int ssthresh = INFINITE_SSTHRESH;
    /** {@code snd_cwnd_cnt}: ACKed segments towards the next additive increase. */
    int cwndCnt;
    /** {@code snd_cwnd_clamp}. */
    int cwndClamp = 0xffff_ffff >>> 1;
    /** {@code prior_cwnd}: cwnd when the current reduction started. */
    int priorCwnd;
    /** {@code prior_ssthresh}: ssthresh to restore on undo, 0 if undo must not raise it. */
    int priorSsthresh;
    /** PRR: segments delivered since the reduction started. */
    int prrDelivered;
    /** PRR: segments sent since the reduction started. */
    int prrOut;

    CongestionWindow(int initialCwnd) {
        this.cwnd = initialCwnd;
    }

    boolean inSlowStart() {
        return cwnd < ssthresh;
    }

    /** {@code tcp_slow_start}: grows cwnd by {@code acked} up to ssthresh; returns what is left. */
    int slowStart(int acked) {
        long grown = Math.min((long) cwnd + acked, ssthresh);
        int left = (int) (acked - (grown - cwnd));
        cwnd = (int) Math.min(grown, cwndClamp);
        return left;
    }

    /** {@code tcp_cong_avoid_ai}: one segment per {@code w} segments ACKed. */
    void congAvoidAi(int w, int acked) {
        if (cwndCnt >= w) {
            cwndCnt = 0;
            cwnd++;
        }
        cwndCnt += acked;
        if (cwndCnt >= w) {
            int delta = cwndCnt / w;
            cwndCnt -= delta * w;
            cwnd += delta;
        }
        cwnd = Math.min(cwnd, cwndClamp);
    }
}
