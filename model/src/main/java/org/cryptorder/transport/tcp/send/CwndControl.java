package org.cryptorder.transport.tcp.send;

import org.cryptorder.transport.tcp.TcpClock;
import org.cryptorder.transport.tcp.TcpPacing;
import org.cryptorder.transport.tcp.congestion.CongestionContext;
import org.cryptorder.transport.tcp.congestion.CongestionControl;
import org.cryptorder.transport.tcp.congestion.CongestionWindow;
import org.cryptorder.transport.tcp.congestion.TcpCaState;

/**
 * Congestion window control: the glue between the sender and its congestion control algorithm
 * ({@code tcp_cong_control} without a {@code cong_control} op, {@code tcp_may_raise_cwnd}),
 * Proportional Rate Reduction during a reduction ({@code tcp_cwnd_reduction}, RFC 6937), whether
 * the flow is cwnd-limited ({@code tcp_cwnd_validate}, {@code tcp_is_cwnd_limited}), and the
 * pacing rate ({@code tcp_update_pacing_rate}), computed for HyStart though segments are not paced
 * ({@code net/ipv4/tcp_input.c}, {@code tcp_output.c}, {@code tcp_cong.c}).
 *
 * <p>It owns the {@link CongestionWindow} and the {@link CongestionControl}; when a reduction
 * starts, ends or is undone is {@link LossRecovery}'s decision.
 */
final class CwndControl {
    private final TcpSender sk;
    private final CongestionWindow cw;
    private final CongestionControl cc;
    private boolean isCwndLimited;
    private int maxPacketsOut;
    private long cwndUsageSeq;
    private long pacingRate;

    CwndControl(TcpSender sk) {
        this.sk = sk;
        this.cw = new CongestionWindow(sk.cfg.initialCwnd());
        this.cc = CongestionControl.create(sk.cfg.congestionControl(), new Context(),
                sk.cfg.hystart(), sk.cfg.hystartRound(), sk.cfg.pacing() == TcpPacing.INTERNAL);
    }

    CongestionWindow window() {
        return cw;
    }

    /** {@code tcp_cong_control} without a {@code cong_control} op. */
    void congControl(int ackedSacked, int newlyLost, AckSample sample) {
        if (sk.recovery.inCwndReduction()) {
            cwndReduction(ackedSacked, newlyLost, sample.any(AckSample.SND_UNA_ADVANCED));
        } else if (mayRaiseCwnd(sample)) {
            cc.congAvoid(ackedSacked);
        }
        updatePacingRate();
    }

    /** {@code tcp_may_raise_cwnd}. */
    private boolean mayRaiseCwnd(AckSample sample) {
        if (sk.ack.reordering() > sk.rf.initialReordering()) {
            return sample.any(AckSample.FORWARD_PROGRESS);
        }
        return sample.any(AckSample.DATA_ACKED);
    }

    /** {@code tcp_cwnd_reduction}: Proportional Rate Reduction, RFC 6937. */
    void cwndReduction(int newlyAckedSacked, int newlyLost, boolean sndUnaAdvanced) {
        cw.proportionalRateReduction(newlyAckedSacked, sk.board.inFlight(),
                sndUnaAdvanced && newlyLost == 0);
    }

    /** {@code tcp_init_cwnd_reduction}, its cwnd part: ssthresh from the algorithm, PRR reset. */
    void startReduction() {
        cw.startReduction(cc.ssthresh());
    }

    /** {@code tcp_enter_loss}, its ssthresh part: saves what undo restores, lowers ssthresh. */
    void lowerSsthreshForLoss(int priorSsthresh) {
        cw.lowerSsthreshForLoss(priorSsthresh, cc.ssthresh());
    }

    /** {@code tcp_undo_cwnd_reduction}, its cwnd part. */
    void undoReduction() {
        if (cw.priorSsthresh() != 0) {
            cw.undo(cc.undoCwnd());
        }
    }

    /** {@code tcp_current_ssthresh}; {@code inReduction} is {@code tcp_in_cwnd_reduction}. */
    int currentSsthresh(boolean inReduction) {
        if (inReduction) {
            return cw.ssthresh();
        }
        return Math.max(cw.ssthresh(), (cw.cwnd() >> 1) + (cw.cwnd() >> 2));
    }

    /** The congestion state changed ({@code .set_state}). */
    void onState(TcpCaState s) {
        cc.onState(s);
    }

    /** {@code .pkts_acked}. */
    void pktsAcked(int pktsAcked, long rttNs) {
        cc.pktsAcked(pktsAcked, rttNs);
    }

    /** {@code tcp_update_pacing_rate}: 200 % of cwnd/SRTT in slow start, 120 % after. */
    private void updatePacingRate() {
        int ratio = cw.cwnd() < cw.ssthresh() / 2 ? 200 : 120;
        double rate = (double) sk.mss * 80_000 * ratio * Math.max(cw.cwnd(), sk.board.packetsOut());
        long srtt8 = sk.rtt.srtt8Ns();
        if (srtt8 > 0) {
            rate = rate * 1000.0 / srtt8;
        }
        pacingRate = (long) Math.min(rate, Long.MAX_VALUE / 2);
    }

    /** {@code sk_pacing_rate}, octets per second (computed even without pacing). */
    long pacingRate() {
        return pacingRate;
    }

    /** {@code tcp_cwnd_validate}, without the application-limited decay. */
    void cwndValidate(boolean cwndLimited) {
        if (sk.ack.sndUna() >= cwndUsageSeq || cwndLimited
                || (!isCwndLimited && sk.board.packetsOut() > maxPacketsOut)) {
            isCwndLimited = cwndLimited;
            maxPacketsOut = sk.board.packetsOut();
            cwndUsageSeq = sk.sndNxt();
        }
    }

    /** {@code tcp_is_cwnd_limited}. */
    private boolean cwndLimited() {
        if (isCwndLimited) {
            return true;
        }
        if (cw.inSlowStart()) {
            return cw.cwnd() < 2 * maxPacketsOut;
        }
        return false;
    }

    /** The sender as its congestion control algorithm sees it. */
    private final class Context implements CongestionContext {
        @Override
        public CongestionWindow window() {
            return cw;
        }

        @Override
        public TcpClock clock() {
            return sk.clock;
        }

        @Override
        public long sndUna() {
            return sk.ack.sndUna();
        }

        @Override
        public long sndNxt() {
            return sk.sndNxt();
        }

        @Override
        public boolean isCwndLimited() {
            return cwndLimited();
        }

        @Override
        public long pacingRate() {
            return pacingRate;
        }

        @Override
        public long gsoMaxBytes() {
            return sk.cfg.gsoMaxBytes();
        }

        @Override
        public void slowStartEnded(boolean train, long measuredNs, long limitNs) {
            if (sk.trace != null) {
                sk.trace.slowStartEnded(train, measuredNs, limitNs);
            }
        }
    }
}
