package org.cryptorder.transport.tcp.send;

import static org.cryptorder.transport.tcp.send.TcpSender.NONE;

import org.cryptorder.transport.tcp.RecoveryFeatures;
import org.cryptorder.transport.tcp.congestion.CaTransition;
import org.cryptorder.transport.tcp.congestion.CongestionWindow;
import org.cryptorder.transport.tcp.congestion.TcpCaState;

/**
 * Loss recovery and undo, after {@code net/ipv4/tcp_input.c}: the congestion state machine
 * {@code tcp_fastretrans_alert} with {@code tcp_time_to_recover}, {@code tcp_enter_recovery},
 * {@code tcp_process_loss} (F-RTO, RFC 5682), {@code tcp_enter_loss} (with {@code
 * tcp_timeout_mark_lost}), {@code tcp_process_tlp_ack}; the undo procedures {@code
 * tcp_try_undo_recovery}, {@code tcp_try_undo_dsack}, {@code tcp_try_undo_partial}, {@code
 * tcp_try_undo_loss}, {@code tcp_undo_cwnd_reduction}; {@code tcp_try_keep_open} and {@code
 * tcp_try_to_open}; loss marking, by RACK ({@code tcp_identify_packet_loss}, {@code
 * tcp_rack_mark_lost} in {@code tcp_recovery.c}) or without it {@code tcp_update_scoreboard} /
 * {@code tcp_mark_head_lost}; and when a cwnd reduction starts and ends ({@code
 * tcp_init_cwnd_reduction}, {@code tcp_end_cwnd_reduction}).
 *
 * <p>It owns {@code icsk_ca_state}, and changes it in one place, {@link #setCaState}, which checks
 * the {@link CaTransition} against the current state and throws {@link IllegalStateException} on
 * one Linux never makes. It keeps what undo needs ({@code undo_marker}, {@code undo_retrans},
 * {@code retrans_stamp}), {@code high_seq} and F-RTO's flag.
 */
final class LossRecovery {
    private final TcpSender sk;
    private final RecoveryFeatures rf;
    private final SackScoreboard board;
    private final RackLossDetector rack;
    private final SenderCounters mib;

    private TcpCaState caState = TcpCaState.OPEN;
    private long highSeq;
    private long undoMarker = NONE;
    private int undoRetrans = -1;
    private int retransStamp;
    private boolean frto;
    /** {@code tcp_fastretrans_alert}'s {@code do_lost}, which {@code tcp_try_undo_partial} may change. */
    private boolean doLost;

    LossRecovery(TcpSender sk) {
        this.sk = sk;
        this.rf = sk.rf;
        this.board = sk.board;
        this.rack = sk.rack;
        this.mib = sk.mib;
    }

    /** {@code icsk_ca_state}. */
    TcpCaState caState() {
        return caState;
    }

    /** {@code high_seq}: SND.NXT when the current reduction or recovery began. */
    long highSeq() {
        return highSeq;
    }

    /** {@code undo_marker}: SND.UNA when recovery began, {@link TcpSender#NONE} if no undo is possible. */
    long undoMarker() {
        return undoMarker;
    }

    /** {@code tcp_xmit_recovery}: F-RTO sent new data and is over. */
    void stopFrto() {
        frto = false;
    }

    /** {@code tcp_in_cwnd_reduction}: CWR or Recovery. */
    boolean inCwndReduction() {
        return caState == TcpCaState.CWR || caState == TcpCaState.RECOVERY;
    }

    /** RACK's reordering window now, ns. */
    long reoWnd() {
        return rack.reoWnd(sk.ack.reordSeen(), caState, sk.ack.reordering(), sk.rtt.minRttNs(),
                sk.rtt.srtt8Ns());
    }

    /**
     * The one way {@code icsk_ca_state} changes ({@code tcp_set_ca_state}): {@code t} must allow
     * the move from the current state to {@code to}.
     *
     * @throws IllegalStateException if it does not
     */
    private void setCaState(CaTransition t, TcpCaState to) {
        TcpCaState from = caState;
        t.check(from, to);
        sk.cwndControl.onState(to);
        caState = to;
        if (sk.trace != null) {
            sk.trace.caState(from, to, t, highSeq);
        }
    }

    /** {@code undo_retrans}: retransmissions not yet D-SACKed since undo was armed, -1 if none. */
    int undoRetrans() {
        return undoRetrans;
    }

    // ------------------------------------------------------------------------------------------
    // What ACK processing and output report

    /** {@code tcp_check_dsack}: {@code dupSegs} retransmissions up to {@code end} were D-SACKed. */
    void dsackedRetransmissions(int dupSegs, long end, long priorSndUna) {
        if (undoMarker != NONE && undoRetrans > 0 && end <= priorSndUna && end > undoMarker) {
            undoRetrans = Math.max(0, undoRetrans - dupSegs);
        }
    }

    /** {@code tcp_sacktag_one}: a retransmitted segment ending at {@code end} was D-SACKed. */
    void dsackedRetransmission(long end) {
        if (undoMarker != NONE && undoRetrans > 0 && end > undoMarker) {
            undoRetrans = Math.max(0, undoRetrans - 1);
        }
    }

    /** {@code tcp_retransmit_skb}: segment {@code n} was retransmitted (stamped already). */
    void noteRetransmission(long n) {
        int tsVal = board.tsVal(n);
        if (retransStamp == 0) {
            retransStamp = tsVal;
        }
        if (undoRetrans < 0) {
            undoRetrans = 0;
        }
        undoRetrans++;
        if (sk.trace != null) {
            sk.trace.retransmitted(n, tsVal, retransStamp, caState);
        }
    }

    // ------------------------------------------------------------------------------------------
    // tcp_fastretrans_alert

    /** {@code tcp_fastretrans_alert}; decides {@code sample}'s {@code rexmit}. */
    void fastretransAlert(AckSample sample, long priorSndUna, int numDupack) {
        boolean fastRexmit = false;
        int entryFlag = sample.flags();
        long sndUna = sk.ack.sndUna();
        doLost = numDupack > 0
                || ((entryFlag & AckSample.DATA_SACKED) != 0 && forceFastRetransmit());

        if (caState == TcpCaState.OPEN) {
            retransStamp = 0;
        } else if (sndUna >= highSeq) {
            if (caState == TcpCaState.CWR) {
                if (sndUna != highSeq) {
                    endCwndReduction();
                    setCaState(CaTransition.END_CWR, TcpCaState.OPEN);
                }
            } else if (caState == TcpCaState.RECOVERY) {
                if (tryUndoRecovery()) {
                    return;
                }
                endCwndReduction();
            }
        }

        switch (caState) {
            case RECOVERY -> {
                if ((entryFlag & AckSample.SND_UNA_ADVANCED) != 0 && tryUndoPartial(priorSndUna)) {
                    return;
                }
                if (tryUndoDsack()) {
                    tryKeepOpen();
                }
                identifyPacketLoss(sample);
                if (caState != TcpCaState.RECOVERY) {
                    if (!timeToRecover()) {
                        return;
                    }
                    enterRecovery();
                }
            }
            case LOSS -> {
                processLoss(sample, entryFlag, numDupack);
                identifyPacketLoss(sample);
                if (!(caState == TcpCaState.OPEN || sample.any(AckSample.LOST_RETRANS))) {
                    return;
                }
                if (openOrStartRecovery(sample)) {
                    return;
                }
                fastRexmit = true;
            }
            default -> {
                if (openOrStartRecovery(sample)) {
                    return;
                }
                fastRexmit = true;
            }
        }
        if (!rf.rack() && doLost) {
            updateScoreboard(fastRexmit);
        }
        sample.rexmit(AckSample.Rexmit.LOST);
    }

    /** The default branch of {@code tcp_fastretrans_alert}; true if it returned early. */
    private boolean openOrStartRecovery(AckSample sample) {
        if (!caState.atLeast(TcpCaState.CWR)) {
            tryUndoDsack();
        }
        identifyPacketLoss(sample);
        if (!timeToRecover()) {
            tryToOpen();
            return true;
        }
        enterRecovery();
        return false;
    }

    /** {@code tcp_time_to_recover}. */
    private boolean timeToRecover() {
        if (board.lostOut() > 0) {
            return true;
        }
        return !rf.rack() && board.sackedOut() + 1 > sk.ack.reordering();
    }

    /** {@code tcp_force_fast_retransmit}. */
    private boolean forceFastRetransmit() {
        return board.highestSackSeq() > sk.ack.sndUna() + (long) sk.ack.reordering() * sk.mss;
    }

    /** {@code tcp_identify_packet_loss} with RACK ({@code tcp_rack_mark_lost}). */
    private void identifyPacketLoss(AckSample sample) {
        if (board.packetsOut() == 0 || !rf.rack()) {
            return;
        }
        int priorRetrans = board.retransOut();
        long timeout = rack.markLost(reoWnd(), sk.clock.nowNs());
        if (timeout > 0) {
            long j = sk.cfg.timers().reorderTimerJiffies(timeout, sk.clock);
            sk.writeTimer.reorderTimer(j);
            sample.clear(AckSample.SET_XMIT_TIMER);
        }
        if (priorRetrans > board.retransOut()) {
            sample.set(AckSample.LOST_RETRANS);
        }
    }

    /** {@code tcp_update_scoreboard} (SACK, no RACK). */
    private void updateScoreboard(boolean fastRexmit) {
        int sackedUpto = board.sackedOut() - sk.ack.reordering();
        if (sackedUpto >= 0) {
            markHeadLost(sackedUpto, false);
        } else if (fastRexmit) {
            markHeadLost(1, true);
        }
    }

    /** {@code tcp_mark_head_lost}: holes with at least {@code reordering} SACKed segments above. */
    private void markHeadLost(int packets, boolean markHead) {
        int cnt = 0;
        for (long n = board.una(); n < board.nxt(); n++) {
            if (board.has(n, SackScoreboard.SACKED_ACKED)) {
                cnt++;
            }
            if (cnt > packets) {
                break;
            }
            if (!board.has(n, SackScoreboard.LOST)) {
                board.markLost(n);
                if (sk.trace != null) {
                    sk.trace.markedLost(n, "tcp_mark_head_lost", -1, -1, -1);
                }
            }
            if (markHead) {
                break;
            }
        }
    }

    // ------------------------------------------------------------------------------------------
    // Entering and leaving Recovery, CWR and Loss

    /** {@code tcp_enter_recovery}. */
    void enterRecovery() {
        mib.inc(SenderCounters.SACK_RECOVERY);
        CongestionWindow cw = sk.cwndControl.window();
        cw.forgetPriorSsthresh();
        initUndo();
        if (!inCwndReduction()) {
            cw.savePriorSsthresh(sk.cwndControl.currentSsthresh(inCwndReduction()));
            initCwndReduction();
        }
        setCaState(CaTransition.ENTER_RECOVERY, TcpCaState.RECOVERY);
    }

    /** {@code tcp_init_undo}. */
    private void initUndo() {
        undoMarker = sk.ack.sndUna();
        undoRetrans = board.retransOut() != 0 ? board.retransOut() : -1;
    }

    /** {@code tcp_init_cwnd_reduction}. */
    private void initCwndReduction() {
        highSeq = sk.sndNxt();
        sk.writeTimer.forgetLossProbe();
        sk.cwndControl.startReduction();
    }

    /** {@code tcp_end_cwnd_reduction}. */
    private void endCwndReduction() {
        CongestionWindow cw = sk.cwndControl.window();
        if (cw.ssthresh() < CongestionWindow.INFINITE_SSTHRESH
                && (caState == TcpCaState.CWR || undoMarker != NONE)) {
            cw.endReduction();
        }
    }

    /** {@code tcp_process_tlp_ack}: the ACK of a loss probe. */
    void processTlpAck(AckSample sample, long ack) {
        TcpWriteTimer timer = sk.writeTimer;
        if (ack < timer.tlpHighSeq()) {
            return;
        }
        if (!timer.tlpRetrans()) {
            timer.forgetLossProbe();
        } else if (sample.any(AckSample.DSACK_TLP)) {
            timer.forgetLossProbe();
        } else if (ack > timer.tlpHighSeq()) {
            initCwndReduction();
            setCaState(CaTransition.ENTER_CWR, TcpCaState.CWR);
            endCwndReduction();
            tryKeepOpen();
            mib.inc(SenderCounters.LOSS_PROBE_RECOVERY);
        } else if (!sample.any(AckSample.SND_UNA_ADVANCED | AckSample.NOT_DUP
                | AckSample.DATA_SACKED)) {
            timer.forgetLossProbe();
        }
    }

    /** {@code tcp_try_keep_open}. */
    private void tryKeepOpen() {
        TcpCaState s = board.leftOut() > 0 || board.anyRetransDone()
                ? TcpCaState.DISORDER : TcpCaState.OPEN;
        if (caState != s) {
            setCaState(CaTransition.KEEP_OPEN, s);
            highSeq = sk.sndNxt();
        }
    }

    /** {@code tcp_try_to_open}. */
    private void tryToOpen() {
        if (!board.anyRetransDone()) {
            retransStamp = 0;
        }
        if (caState != TcpCaState.CWR) {
            tryKeepOpen();
        }
    }

    /** {@code tcp_enter_loss}, with {@code tcp_timeout_mark_lost}. */
    void enterLoss() {
        boolean newRecovery = caState.compareTo(TcpCaState.RECOVERY) < 0;
        long now = sk.clock.nowNs();
        long head = board.una();
        for (long n = head; n < board.nxt(); n++) {
            if (rf.rack() && n != head && rack.skbTimeout(n, 0, now) > 0) {
                continue;
            }
            board.markLost(n);
        }
        board.retransmitHint(board.una());
        int icskRetransmits = sk.writeTimer.retransmits();
        if (!caState.atLeast(TcpCaState.RECOVERY) || highSeq <= sk.ack.sndUna()
                || (caState == TcpCaState.LOSS && icskRetransmits == 0)) {
            sk.cwndControl.lowerSsthreshForLoss(sk.cwndControl.currentSsthresh(inCwndReduction()));
            initUndo();
        }
        sk.cwndControl.window().restartAfterTimeout(board.inFlight() + 1);
        if (!caState.atLeast(TcpCaState.CWR) && board.sackedOut() >= rf.initialReordering()) {
            sk.ack.limitReordering(rf.initialReordering());
        }
        highSeq = sk.sndNxt(); // Linux sets it just after tcp_set_ca_state, which does not read it
        setCaState(CaTransition.ENTER_LOSS, TcpCaState.LOSS);
        frto = rf.frto() && (newRecovery || icskRetransmits > 0);
    }

    /** {@code tcp_process_loss}: the Loss state, with F-RTO (RFC 5682, SACK-enhanced). */
    private void processLoss(AckSample sample, int entryFlag, int numDupack) {
        long sndUna = sk.ack.sndUna();
        boolean recovered = sndUna >= highSeq;
        if ((entryFlag & AckSample.SND_UNA_ADVANCED) != 0 && tryUndoLoss(false)) {
            return;
        }
        if (frto) {
            if ((entryFlag & AckSample.ORIG_SACK_ACKED) != 0 && rf.undo() && tryUndoLoss(true)) {
                return;
            }
            if (sk.sndNxt() > highSeq) {
                if ((entryFlag & AckSample.DATA_SACKED) != 0 || numDupack > 0) {
                    frto = false;
                }
            } else if ((entryFlag & AckSample.SND_UNA_ADVANCED) != 0 && !recovered) {
                highSeq = sk.sndNxt();
                if (sk.output.hasUnsent() && sndUna + sk.ack.sndWnd() > sk.sndNxt()) {
                    sample.rexmit(AckSample.Rexmit.NEW);
                    return;
                }
                frto = false;
            }
        }
        if (recovered) {
            tryUndoRecovery();
            return;
        }
        sample.rexmit(AckSample.Rexmit.LOST);
    }

    // ------------------------------------------------------------------------------------------
    // Undo

    /** {@code tcp_packet_delayed}: the echo predates the first retransmission. */
    private boolean packetDelayed() {
        return packetDelayed(retransStamp);
    }

    private boolean packetDelayed(int stamp) {
        return stamp != 0 && sk.ack.tsoptEcrBefore(stamp);
    }

    /** {@code tcp_may_undo}. */
    private boolean mayUndo() {
        return rf.undo() && undoMarker != NONE && (undoRetrans == 0 || packetDelayed());
    }

    /** {@code tcp_undo_cwnd_reduction}. */
    private void undoCwndReduction(boolean unmarkLoss) {
        if (unmarkLoss) {
            board.unmarkAllLost();
        }
        sk.cwndControl.undoReduction();
        undoMarker = NONE;
        rack.forceAdvanced();
    }

    /** {@code tcp_try_undo_recovery}; true if the caller must stop. */
    private boolean tryUndoRecovery() {
        boolean marked = undoMarker != NONE;
        if (mayUndo()) {
            undoCwndReduction(false);
            mib.inc(caState == TcpCaState.LOSS ? SenderCounters.LOSS_UNDO
                    : SenderCounters.FULL_UNDO);
            traceUndo("tcp_try_undo_recovery", true, caState == TcpCaState.LOSS ? "TCPLossUndo" : "TCPFullUndo",
                    marked, retransStamp);
        } else {
            if (rack.reoWndPersist() > 0) {
                rack.reoWndPersist(rack.reoWndPersist() - 1);
            }
            traceUndo("tcp_try_undo_recovery", false, "tcp_may_undo false", marked, retransStamp);
        }
        setCaState(CaTransition.END_RECOVERY, TcpCaState.OPEN);
        return false;
    }

    /** {@code tcp_try_undo_dsack}. */
    private boolean tryUndoDsack() {
        if (rf.undo() && undoMarker != NONE && undoRetrans == 0) {
            rack.reoWndPersist(Math.min(RackLossDetector.RECOVERY_THRESH,
                    rack.reoWndPersist() + 1));
            undoCwndReduction(false);
            mib.inc(SenderCounters.DSACK_UNDO);
            traceUndo("tcp_try_undo_dsack", true, "TCPDSACKUndo: every retransmission D-SACKed", true,
                    retransStamp);
            return true;
        }
        return false;
    }

    /** {@code tcp_try_undo_partial}; true if the caller must stop. */
    private boolean tryUndoPartial(long priorSndUna) {
        int stamp = retransStamp;
        if (rf.undo() && undoMarker != NONE && packetDelayed()) {
            sk.ack.checkSackReordering(priorSndUna, true);
            if (board.retransOut() > 0) {
                traceUndo("tcp_try_undo_partial", false, "retransmissions still out", true, stamp);
                return true;
            }
            if (!board.anyRetransDone()) {
                retransStamp = 0;
            }
            undoCwndReduction(true);
            mib.inc(SenderCounters.PARTIAL_UNDO);
            traceUndo("tcp_try_undo_partial", true, "TCPPartialUndo", true, stamp);
            tryKeepOpen();
        } else {
            doLost = forceFastRetransmit();
            traceUndo("tcp_try_undo_partial", false, doLost ? "tcp_force_fast_retransmit true"
                    : "tcp_force_fast_retransmit false", undoMarker != NONE, stamp);
        }
        return false;
    }

    /** {@code tcp_try_undo_loss}. */
    private boolean tryUndoLoss(boolean frtoUndo) {
        boolean marked = undoMarker != NONE;
        if (frtoUndo || mayUndo()) {
            undoCwndReduction(true);
            mib.inc(SenderCounters.LOSS_UNDO);
            if (frtoUndo) {
                mib.inc(SenderCounters.SPURIOUS_RTOS);
            }
            traceUndo("tcp_try_undo_loss", true, frtoUndo ? "F-RTO: TCPLossUndo, TCPSpuriousRTOs" : "TCPLossUndo",
                    marked, retransStamp);
            sk.writeTimer.clearRetransmits();
            setCaState(CaTransition.UNDO_LOSS, TcpCaState.OPEN);
            return true;
        }
        traceUndo("tcp_try_undo_loss", false, "tcp_may_undo false", marked, retransStamp);
        return false;
    }

    /**
     * Tells the trace, if any, what an undo procedure decided, with what it looked at: whether
     * {@code undo_marker} was set and {@code retrans_stamp}, both as they were before the undo.
     */
    private void traceUndo(String function, boolean undone, String why, boolean marked, int stamp) {
        if (sk.trace != null) {
            sk.trace.undo(function, undone, why, marked, undoRetrans, packetDelayed(stamp), stamp);
        }
    }
}
