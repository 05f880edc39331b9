package org.cryptorder.transport.tcp.congestion;

/**
 * The congestion window and what Linux keeps beside it in {@code struct tcp_sock}: slow start
 * threshold, the additive-increase counter, the values saved for undo, and PRR's counters. The
 * window is counted in segments, as Linux counts it.
 *
 * <p>The fields change only through the methods below, each named after what the kernel does at
 * that point: {@link #slowStart} and {@link #congAvoidAi} are {@code tcp_slow_start} and
 * {@code tcp_cong_avoid_ai} of {@code net/ipv4/tcp_cong.c}; {@link #startReduction},
 * {@link #proportionalRateReduction} and {@link #endReduction} the cwnd side of
 * {@code tcp_init_cwnd_reduction}, {@code tcp_cwnd_reduction} and {@code tcp_end_cwnd_reduction};
 * {@link #lowerSsthreshForLoss} and {@link #restartAfterTimeout} that of {@code tcp_enter_loss};
 * {@link #undo} that of {@code tcp_undo_cwnd_reduction} ({@code net/ipv4/tcp_input.c}).
 */
public final class CongestionWindow {
    /** TCP_INFINITE_SSTHRESH. */
    public static final int INFINITE_SSTHRESH = 0x7fffffff;

    private int cwnd;
    private int ssthresh;
    /** {@code snd_cwnd_cnt}: ACKed segments towards the next additive increase. */
    private int cwndCnt;
    /** {@code snd_cwnd_clamp}. */
    private final int cwndClamp = 0xffff_ffff >>> 1;
    /** {@code prior_cwnd}: cwnd when the current reduction started. */
    private int priorCwnd;
    /** {@code prior_ssthresh}: ssthresh to restore on undo, 0 if undo must not raise it. */
    private int priorSsthresh;
    /** PRR: segments delivered since the reduction started. */
    private int prrDelivered;
    /** PRR: segments sent since the reduction started. */
    private int prrOut;

    /** A connection's window at the start: {@code initialCwnd}, ssthresh infinite. */
    public CongestionWindow(int initialCwnd) {
        this(initialCwnd, INFINITE_SSTHRESH);
    }

    /** A window of {@code cwnd} segments with slow start threshold {@code ssthresh}. */
    CongestionWindow(int cwnd, int ssthresh) {
        this.cwnd = cwnd;
        this.ssthresh = ssthresh;
    }

    /** {@code snd_cwnd}, segments. */
    public int cwnd() {
        return cwnd;
    }

    /** {@code snd_ssthresh}, segments. */
    public int ssthresh() {
        return ssthresh;
    }

    /** {@code prior_cwnd}: cwnd when the current reduction started. */
    int priorCwnd() {
        return priorCwnd;
    }

    /** {@code prior_ssthresh}: 0 if an undo must not raise ssthresh. */
    public int priorSsthresh() {
        return priorSsthresh;
    }

    public boolean inSlowStart() {
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

    /** HyStart found the end of slow start: ssthresh comes down to cwnd. */
    public void endSlowStart() {
        ssthresh = cwnd;
    }

    /** {@code tcp_enter_recovery}: an undo must not raise ssthresh (unless saved again). */
    public void forgetPriorSsthresh() {
        priorSsthresh = 0;
    }

    /** {@code tcp_enter_recovery}: the ssthresh an undo restores. */
    public void savePriorSsthresh(int s) {
        priorSsthresh = s;
    }

    /**
     * {@code tcp_init_cwnd_reduction}: PRR starts from the current cwnd towards {@code newSsthresh}
     * (the congestion control's {@code .ssthresh}).
     */
    public void startReduction(int newSsthresh) {
        cwndCnt = 0;
        priorCwnd = cwnd;
        prrDelivered = 0;
        prrOut = 0;
        ssthresh = newSsthresh;
    }

    /** PRR counts {@code segments} sent during the reduction. */
    public void prrSent(int segments) {
        prrOut += segments;
    }

    /**
     * {@code tcp_cwnd_reduction}, Proportional Rate Reduction (RFC 6937): cwnd after an ACK that
     * delivered {@code newlyAckedSacked} segments with {@code inFlight} still out;
     * {@code extraSegment} if SND.UNA advanced and nothing was newly lost.
     */
    public void proportionalRateReduction(int newlyAckedSacked, int inFlight, boolean extraSegment) {
        if (newlyAckedSacked <= 0 || priorCwnd == 0) {
            return;
        }
        int delta = ssthresh - inFlight;
        prrDelivered += newlyAckedSacked;
        int sndcnt;
        if (delta < 0) {
            long dividend = (long) ssthresh * prrDelivered + priorCwnd - 1;
            sndcnt = (int) (dividend / priorCwnd) - prrOut;
        } else {
            sndcnt = Math.max(prrDelivered - prrOut, newlyAckedSacked);
            if (extraSegment) {
                sndcnt++;
            }
            sndcnt = Math.min(delta, sndcnt);
        }
        sndcnt = Math.max(sndcnt, prrOut > 0 ? 0 : 1);
        cwnd = inFlight + sndcnt;
    }

    /** {@code tcp_end_cwnd_reduction}: cwnd comes down to ssthresh. */
    public void endReduction() {
        cwnd = ssthresh;
    }

    /**
     * {@code tcp_enter_loss}: saves {@code priorSsthresh} and the current cwnd for undo, and takes
     * {@code newSsthresh}.
     */
    public void lowerSsthreshForLoss(int priorSsthreshToSave, int newSsthresh) {
        priorSsthresh = priorSsthreshToSave;
        priorCwnd = cwnd;
        ssthresh = newSsthresh;
    }

    /** {@code tcp_enter_loss}: cwnd restarts from {@code segments} (in flight + 1). */
    public void restartAfterTimeout(int segments) {
        cwnd = segments;
        cwndCnt = 0;
    }

    /**
     * {@code tcp_undo_cwnd_reduction}: cwnd back to {@code undoneCwnd} (the congestion control's
     * {@code .undo_cwnd}), ssthresh back up to the saved one.
     */
    public void undo(int undoneCwnd) {
        cwnd = undoneCwnd;
        if (priorSsthresh > ssthresh) {
            ssthresh = priorSsthresh;
        }
    }
}
