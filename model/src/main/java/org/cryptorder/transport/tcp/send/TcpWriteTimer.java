package org.cryptorder.transport.tcp.send;

import org.cryptorder.transport.tcp.SegmentOutput;
import org.cryptorder.transport.tcp.TcpClock;
import org.cryptorder.transport.tcp.congestion.TcpCaState;
import umontreal.ssj.simevents.Simulator;

/**
 * What the sender's one {@link RetransmitTimer} is armed for and does when it fires, after
 * {@code net/ipv4/tcp_timer.c} and {@code tcp_output.c}: {@code tcp_write_timer_handler} runs
 * {@code tcp_retransmit_timer} (the RTO: Loss state, the head resent, the RTO doubled), {@code
 * tcp_rack_reo_timeout} (RACK's reordering timer, {@code tcp_recovery.c}) or {@code
 * tcp_send_loss_probe} (the tail loss probe); {@code tcp_rearm_rto}, {@code tcp_set_xmit_timer},
 * {@code tcp_schedule_loss_probe} and {@code tcp_rto_delta_us} arm it. It keeps the socket's
 * {@code icsk_rto} (with back-off), {@code icsk_retransmits}, and the probe's {@code
 * tlp_high_seq} and {@code tlp_retrans}. Timers run in whole jiffies.
 */
final class TcpWriteTimer implements RetransmitTimer.Handler {
    private final TcpSender sk;
    private final SackScoreboard board;
    private final TcpClock clock;
    private final RetransmitTimer timer;
    private final long maxRtoJiffies;
    private long icskRtoJiffies;
    private int icskRetransmits;
    private long tlpHighSeq = TcpSender.NONE;
    private boolean tlpRetrans;

    TcpWriteTimer(TcpSender sk, Simulator sim, SegmentOutput context) {
        this.sk = sk;
        this.board = sk.board;
        this.clock = sk.clock;
        this.timer = new RetransmitTimer(sim, clock, this, context);
        this.icskRtoJiffies = sk.rtt.rtoJiffies();
        this.maxRtoJiffies = clock.toJiffies(sk.cfg.timers().maxRtoNs());
    }

    /** The current RTO with back-off, ns. */
    long rtoNs() {
        return icskRtoJiffies * clock.jiffyNs();
    }

    /** {@code tcp_set_rto}: the RTO from the estimator, back-off cleared. */
    void setRto() {
        icskRtoJiffies = sk.rtt.rtoJiffies();
    }

    /** {@code icsk_retransmits}: timeouts since SND.UNA last advanced. */
    int retransmits() {
        return icskRetransmits;
    }

    /** SND.UNA advanced, or a timeout was undone: {@code icsk_retransmits = 0}. */
    void clearRetransmits() {
        icskRetransmits = 0;
    }

    /** {@code tlp_high_seq}: SND.NXT when the outstanding loss probe went, or {@link TcpSender#NONE}. */
    long tlpHighSeq() {
        return tlpHighSeq;
    }

    /** {@code tlp_retrans}: whether the outstanding probe resent a segment (rather than new data). */
    boolean tlpRetrans() {
        return tlpRetrans;
    }

    /** The probe's episode is over ({@code tlp_high_seq = 0}). */
    void forgetLossProbe() {
        tlpHighSeq = TcpSender.NONE;
    }

    /** {@code icsk_pending}. */
    RetransmitTimer.Kind pending() {
        return timer.pending();
    }

    /** Arms the RTO for the full current timeout. */
    void resetRto() {
        timer.reset(RetransmitTimer.Kind.RETRANS, icskRtoJiffies, maxRtoJiffies);
    }

    /** {@code tcp_rack_mark_lost}: RACK's reordering timer in {@code jiffies}, at most the RTO. */
    void reorderTimer(long jiffies) {
        timer.reset(RetransmitTimer.Kind.REO_TIMEOUT, jiffies, icskRtoJiffies);
    }

    /** {@code tcp_rearm_rto}. */
    void rearmRto() {
        if (board.packetsOut() == 0) {
            timer.clear();
            return;
        }
        long rto = icskRtoJiffies;
        if (timer.pending() == RetransmitTimer.Kind.REO_TIMEOUT || timer.pending() == RetransmitTimer.Kind.LOSS_PROBE) {
            rto = clock.toJiffies(Math.max(rtoDeltaNs(), 1000));
        }
        timer.reset(RetransmitTimer.Kind.RETRANS, rto, maxRtoJiffies);
    }

    /** {@code tcp_rto_delta_us}: how far ahead the RTO of the head segment is, ns. */
    private long rtoDeltaNs() {
        return board.xmitNs(board.una()) + icskRtoJiffies * clock.jiffyNs() - clock.nowNs();
    }

    /** {@code tcp_set_xmit_timer}. */
    void setXmitTimer() {
        if (!scheduleLossProbe(true)) {
            rearmRto();
        }
    }

    /** {@code tcp_schedule_loss_probe}. */
    boolean scheduleLossProbe(boolean advancingRto) {
        TcpCaState caState = sk.recovery.caState();
        if (!sk.rf.tailLossProbe() || board.packetsOut() == 0
                || (caState != TcpCaState.OPEN && caState != TcpCaState.CWR)) {
            return false;
        }
        long timeout;
        if (sk.rtt.hasSample()) {
            timeout = sk.cfg.timers().lossProbeJiffies(sk.rtt.srtt8Ns() >> 2, board.packetsOut() == 1, clock);
        } else {
            timeout = clock.toJiffies(sk.cfg.timers().initialRtoNs());
        }
        long rtoDelta = advancingRto ? icskRtoJiffies * clock.jiffyNs() : rtoDeltaNs();
        if (rtoDelta > 0) {
            timeout = Math.min(timeout, clock.toJiffies(rtoDelta));
        }
        timer.reset(RetransmitTimer.Kind.LOSS_PROBE, timeout, maxRtoJiffies);
        return true;
    }

    /** {@code tcp_send_loss_probe}. */
    @Override
    public void lossProbe() {
        if (tlpHighSeq != TcpSender.NONE) {
            rearmRto();
            return;
        }
        tlpRetrans = false;
        long nxt = board.nxt();
        if (sk.output.hasUnsent() && board.endOf(nxt) <= sk.ack.sndUna() + sk.ack.sndWnd()) {
            int pcount = board.packetsOut();
            sk.output.writeXmit(2);
            if (board.packetsOut() <= pcount) {
                rearmRto();
                return;
            }
        } else {
            long last = board.nxt() - 1;
            if (last < board.una()) {
                timer.forget();
                return;
            }
            board.stamp(last, clock.nowNs(), clock.tsNow(), sk.ack.delivered());
            sk.output.transmit(last, "TLP");
            tlpRetrans = true;
        }
        tlpHighSeq = sk.sndNxt();
        sk.mib.inc(SenderCounters.LOSS_PROBES);
        timer.forget();
        rearmRto();
    }

    /** {@code tcp_retransmit_timer}. */
    @Override
    public void retransmitTimeout() {
        if (board.packetsOut() == 0) {
            return;
        }
        sk.mib.inc(SenderCounters.TIMEOUTS);
        sk.recovery.enterLoss();
        icskRetransmits++;
        sk.output.retransmitSkb(board.una());
        icskRtoJiffies = Math.min(icskRtoJiffies << 1, maxRtoJiffies);
        timer.reset(RetransmitTimer.Kind.RETRANS, icskRtoJiffies, maxRtoJiffies);
        sk.cwndStats.add(sk.cwndControl.window().cwnd());
    }

    /** {@code tcp_rack_reo_timeout}. */
    @Override
    public void reorderTimeout() {
        int priorInflight = board.inFlight();
        long priorLost = board.lostTotal();
        sk.rack.detectLoss(sk.recovery.reoWnd(), clock.nowNs());
        if (priorInflight != board.inFlight()) {
            if (sk.recovery.caState() != TcpCaState.RECOVERY) {
                sk.recovery.enterRecovery();
                sk.cwndControl.cwndReduction(1, (int) (board.lostTotal() - priorLost), false);
            }
            sk.output.xmitRetransmitQueue();
        }
        if (timer.pending() != RetransmitTimer.Kind.RETRANS) {
            rearmRto();
        }
    }
}
