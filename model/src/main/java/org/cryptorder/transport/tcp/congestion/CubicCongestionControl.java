package org.cryptorder.transport.tcp.congestion;

import org.cryptorder.transport.tcp.HystartRound;
import org.cryptorder.transport.tcp.TcpPacing;

/**
 * CUBIC as Linux implements it ({@code net/ipv4/tcp_cubic.c}), with its default module
 * parameters: beta = 717/1024 (ssthresh = 0.7 cwnd), C = 0.4 ({@code bic_scale} 41), fast
 * convergence, TCP friendliness, and HyStart (ACK train and delay detection) when enabled, as it is
 * by default.
 *
 * <p>The cubic function runs on jiffies, like the kernel's: time since the epoch in units of
 * 1/1024 s, the window target recomputed at most once per jiffy and, while cwnd stays the same, at
 * most every HZ/32 jiffies. K is the real cube root rounded to the nearest integer, where Linux
 * uses a table lookup and one Newton step (within 0.2 %). Undo restores cwnd only
 * ({@code tcp_reno_undo_cwnd}), not the epoch, as in Linux.
 *
 * <p>HyStart is Linux 6.14's ({@code tcp_cubic.c}; the same in the 6.1, 6.6 and 6.12 stable trees
 * that carry the backport, and in 6.18): {@code hystart_detect} 3 (ACK train and delay),
 * {@code hystart_low_window} 16, {@code hystart_ack_delta_us} 2000, {@code HYSTART_MIN_SAMPLES} 8,
 * {@code HYSTART_DELAY_THRESH(delay_min >> 3)} clamped to 4-16 ms. {@code cubictcp_acked} calls
 * {@code hystart_update} in slow start until an exit is found; that starts a round
 * ({@code bictcp_hystart_reset}: round start and last ACK now, {@code end_seq} = SND.NXT, the
 * round's minimum RTT and sample count cleared) when SND.UNA has passed {@code end_seq}, whatever
 * cwnd is, and only then returns below the low window (commit 25c1a9ca53db, "tcp_cubic: fix
 * incorrect HyStart round start detection", 6.14; from 5.16, commit 4e1fddc98d25, to 6.13 the
 * low-window test came first, so rounds were not restarted below 16 segments; before 5.16 the
 * round restarted in {@code cubictcp_cong_avoid}: {@link HystartRound}, by kernel). The ACK train
 * ends slow start when an ACK within 2 ms of the previous one comes more than
 * {@code delay_min + hystart_ack_delay} after the round's start, halved when the socket is not
 * paced ({@code SK_PACING_NONE}; a paced one, {@link TcpPacing#INTERNAL}, waits the whole of it:
 * measured on Linux 6.18 through the relay of {@code bench/linux-relay}, the train ends slow start
 * at cwnd 36 unpaced and 70-106 paced); {@code hystart_ack_delay} allows for TSO/GRO batching,
 * min(1 ms, 4 {@code sk_gso_max_size} at {@code sk_pacing_rate}) in whole microseconds. The delay
 * test ends it once 8 samples of a round have been taken and the round's minimum RTT exceeds
 * {@code delay_min} + the threshold. Either sets ssthresh to cwnd ({@link
 * CongestionWindow#endSlowStart}). Times are kept in ns where Linux keeps microseconds.
 */
final class CubicCongestionControl implements CongestionControl {
    private static final int BETA = 717;
    private static final int BETA_SCALE = 1024;
    private static final int BIC_SCALE = 41;
    private static final long CUBE_RTT_SCALE = BIC_SCALE * 10;
    private static final long CUBE_FACTOR = (1L << 40) / CUBE_RTT_SCALE;
    private static final int TCP_FRIENDLY_BETA_SCALE = 8 * (BETA_SCALE + BETA) / 3
            / (BETA_SCALE - BETA);
    private static final int HYSTART_LOW_WINDOW = 16;
    private static final long HYSTART_ACK_DELTA_NS = 2_000_000L;
    private static final int HYSTART_MIN_SAMPLES = 8;
    private static final long HYSTART_DELAY_MIN_NS = 4_000_000L;
    private static final long HYSTART_DELAY_MAX_NS = 16_000_000L;
    private static final long NONE = Long.MIN_VALUE;

    private final CongestionContext ctx;
    private final boolean hystart;
    private final HystartRound round;
    private final boolean paced;
    private final long hz;

    private int cnt;
    private int lastMaxCwnd;
    private int lastCwnd;
    private long lastTime;
    private long originPoint;
    private long bicK;
    private long delayMinNs;
    private long epochStart = NONE;
    private long ackCnt;
    private long tcpCwnd;
    private boolean found;
    private long roundStartNs;
    private long endSeq;
    private long lastAckNs;
    private long currRttNs;
    private int sampleCnt;

    /** CUBIC with HyStart of 6.14 and later, or without HyStart. */
    CubicCongestionControl(CongestionContext ctx, boolean hystart) {
        this(ctx, hystart, HystartRound.BEFORE_LOW_WINDOW, false);
    }

    /** {@code paced}: {@code sk_pacing_status} is not {@code SK_PACING_NONE} ({@link TcpPacing}). */
    CubicCongestionControl(CongestionContext ctx, boolean hystart, HystartRound round, boolean paced) {
        this.ctx = ctx;
        this.hystart = hystart;
        this.round = round;
        this.paced = paced;
        this.hz = 1_000_000_000L / ctx.clock().jiffyNs();
        reset();
        if (hystart) {
            hystartReset();
        }
    }

    private void reset() {
        cnt = 0;
        lastMaxCwnd = 0;
        lastCwnd = 0;
        lastTime = 0;
        originPoint = 0;
        bicK = 0;
        delayMinNs = 0;
        epochStart = NONE;
        ackCnt = 0;
        tcpCwnd = 0;
        found = false;
    }

    private void hystartReset() {
        long now = ctx.clock().nowNs();
        roundStartNs = now;
        lastAckNs = now;
        endSeq = ctx.sndNxt();
        currRttNs = Long.MAX_VALUE;
        sampleCnt = 0;
    }

    /** W_max, segments (for tests and traces). */
    int lastMaxCwnd() {
        return lastMaxCwnd;
    }

    /** K, in 1/1024 s (for tests). */
    long k() {
        return bicK;
    }

    /** Whether HyStart has ended slow start. */
    boolean hystartFound() {
        return found;
    }

    @Override
    public int ssthresh() {
        int cwnd = ctx.window().cwnd();
        epochStart = NONE;
        if (cwnd < lastMaxCwnd) {
            lastMaxCwnd = (int) ((long) cwnd * (BETA_SCALE + BETA) / (2 * BETA_SCALE));
        } else {
            lastMaxCwnd = cwnd;
        }
        return Math.max((int) ((long) cwnd * BETA / BETA_SCALE), 2);
    }

    @Override
    public void congAvoid(int acked) {
        CongestionWindow w = ctx.window();
        if (round == HystartRound.CONG_AVOID && hystart && ctx.isCwndLimited() && w.inSlowStart()
                && ctx.sndUna() > endSeq) {
            hystartReset();
        }
        int left = CongestionControl.ackedAfterSlowStart(ctx, acked);
        if (left >= 0) {
            update(w.cwnd(), left);
            w.congAvoidAi(cnt, left);
        }
    }

    private void update(int cwnd, int acked) {
        long jiffies = ctx.clock().jiffies();
        ackCnt += acked;
        if (lastCwnd == cwnd && jiffies - lastTime <= hz / 32) {
            return;
        }
        if (!(epochStart != NONE && jiffies == lastTime)) {
            lastCwnd = cwnd;
            lastTime = jiffies;
            if (epochStart == NONE) {
                epochStart = jiffies;
                ackCnt = acked;
                tcpCwnd = cwnd;
                if (lastMaxCwnd <= cwnd) {
                    bicK = 0;
                    originPoint = cwnd;
                } else {
                    bicK = Math.round(StrictMath.cbrt((double) CUBE_FACTOR * (lastMaxCwnd - cwnd)));
                    originPoint = lastMaxCwnd;
                }
            }
            long t = jiffies - epochStart + ctx.clock().toJiffies(delayMinNs);
            t = (t << 10) / hz;
            long offs = t < bicK ? bicK - t : t - bicK;
            long delta = ((CUBE_RTT_SCALE * offs * offs * offs) >>> 40) & 0xffffffffL;
            long target = (t < bicK ? originPoint - delta : originPoint + delta) & 0xffffffffL;
            if (target > cwnd) {
                cnt = (int) (cwnd / (target - cwnd));
            } else {
                cnt = 100 * cwnd;
            }
            if (lastMaxCwnd == 0 && cnt > 20) {
                cnt = 20;
            }
        }
        long delta = ((long) cwnd * TCP_FRIENDLY_BETA_SCALE) >> 3;
        while (delta > 0 && ackCnt > delta) {
            ackCnt -= delta;
            tcpCwnd++;
        }
        if (tcpCwnd > cwnd) {
            long maxCnt = cwnd / (tcpCwnd - cwnd);
            if (cnt > maxCnt) {
                cnt = (int) maxCnt;
            }
        }
        cnt = Math.max(cnt, 2);
    }

    @Override
    public int undoCwnd() {
        return CongestionControl.renoUndoCwnd(ctx.window());
    }

    @Override
    public void onState(TcpCaState state) {
        if (state == TcpCaState.LOSS) {
            reset();
            hystartReset();
        }
    }

    @Override
    public void pktsAcked(int pktsAcked, long rttNs) {
        if (rttNs < 0) {
            return;
        }
        long jiffies = ctx.clock().jiffies();
        if (epochStart != NONE && jiffies - epochStart < hz) {
            return;
        }
        long delay = rttNs == 0 ? 1 : rttNs;
        if (delayMinNs == 0 || delayMinNs > delay) {
            delayMinNs = delay;
        }
        if (!found && ctx.window().inSlowStart() && hystart
                && (round == HystartRound.BEFORE_LOW_WINDOW || ctx.window().cwnd() >= HYSTART_LOW_WINDOW)) {
            hystartUpdate(delay);
        }
    }

    private void hystartUpdate(long delay) {
        CongestionWindow w = ctx.window();
        if (round != HystartRound.CONG_AVOID && ctx.sndUna() > endSeq) {
            hystartReset();
        }
        if (w.cwnd() < HYSTART_LOW_WINDOW) {
            return;
        }
        long now = ctx.clock().nowNs();
        if (now - lastAckNs <= HYSTART_ACK_DELTA_NS) {
            lastAckNs = now;
            long threshold = delayMinNs + ackDelayNs();
            if (!paced) {
                threshold >>= 1;
            }
            if (now - roundStartNs > threshold) {
                found = true;
                w.endSlowStart();
                ctx.slowStartEnded(true, now - roundStartNs, threshold);
            }
        }
        if (currRttNs > delay) {
            currRttNs = delay;
        }
        if (sampleCnt < HYSTART_MIN_SAMPLES) {
            sampleCnt++;
        } else {
            long thresh = Math.min(Math.max(delayMinNs >> 3, HYSTART_DELAY_MIN_NS),
                    HYSTART_DELAY_MAX_NS);
            if (currRttNs > delayMinNs + thresh) {
                found = true;
                w.endSlowStart();
                ctx.slowStartEnded(false, currRttNs, delayMinNs + thresh);
            }
        }
    }

    /**
     * {@code hystart_ack_delay}: min(1 ms, 4 {@code sk_gso_max_size} at {@code sk_pacing_rate}),
     * in whole microseconds as Linux divides, returned in ns; 0 before a pacing rate is known.
     */
    long ackDelayNs() {
        long rate = ctx.pacingRate();
        if (rate <= 0) {
            return 0;
        }
        long us = Math.min(1_000, ctx.gsoMaxBytes() * 4 * 1_000_000 / rate);
        return us * 1_000;
    }
}
