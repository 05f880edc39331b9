package org.cryptorder.transport.tcp.send;

import org.cryptorder.engine.LazyTimer;
import org.cryptorder.engine.Time;
import org.cryptorder.transport.tcp.Gso;
import org.cryptorder.transport.tcp.SegmentOutput;
import org.cryptorder.transport.tcp.TcpConfig;
import org.cryptorder.transport.tcp.TcpPacing;
import org.cryptorder.transport.tcp.congestion.CongestionWindow;
import org.cryptorder.transport.tcp.congestion.TcpCaState;
import org.cryptorder.transport.wire.FlowAddress;
import org.cryptorder.transport.wire.Ipv4TcpHeader;
import org.cryptorder.transport.wire.PayloadStream;
import umontreal.ssj.simevents.Simulator;

/**
 * Segment output, after {@code net/ipv4/tcp_output.c}: what to send and when the host lets it go.
 * {@code tcp_write_xmit} sends new data within cwnd and the peer's window; {@code
 * tcp_xmit_retransmit_queue} resends segments marked lost; {@code tcp_retransmit_skb} and {@code
 * tcp_transmit_skb} stamp a segment and build its IPv4/TCP bytes; {@code tcp_xmit_recovery}
 * ({@code tcp_input.c}) does what loss recovery decided after an ACK. The host's TCP small queues
 * budget is asked before each segment ({@link TransmitGate}); once refused the sender waits for
 * {@link #resume} ({@code tcp_tsq_handler}).
 *
 * <p><b>Pacing.</b> A paced socket ({@link TcpPacing#INTERNAL}) gives each skb a departure time
 * ({@code tp->tcp_wstamp_ns}): after an skb of {@code len} payload octets leaves, the next may leave
 * {@code len / sk_pacing_rate} later, less up to half of that for time the socket spent idle past its
 * last departure time ({@code tcp_update_skb_after_send}: "take into account OS jitter"), and not
 * before 10 data segments have gone ({@code data_segs_out}, as {@code sch_fq}). {@code
 * tcp_write_xmit} and {@code tcp_xmit_retransmit_queue} stop at an skb whose time has not come
 * ({@code tcp_pacing_check}) and arm the pacing hrtimer for it, which fires exactly then, in softirq
 * on the CPU that armed it, and writes again ({@code tcp_pace_kick}, {@code tcp_tsq_write}).
 */
final class TcpOutput {
    private final TcpSender sk;
    private final SackScoreboard board;
    private final TcpConfig cfg;
    private final SegmentOutput output;
    private final Ipv4TcpHeader tx = new Ipv4TcpHeader();
    private final byte[] txBuf;
    private TransmitGate gate = TransmitGate.OPEN;
    private boolean inOutput;
    private int ipId;
    /** When the last skb left, a retransmission included ({@code tp->tcp_wstamp_ns} of an unpaced socket), ns. */
    private long lastSkbNs = Long.MIN_VALUE / 2;
    /** Whether the socket is paced ({@code tcp_needs_internal_pacing}). */
    private final boolean paced;
    /** {@code tp->tcp_wstamp_ns} of a paced socket: when its next skb may leave, ns. */
    private long wstampNs;
    /** {@code tp->data_segs_out}: data segments sent, retransmissions included. */
    private long dataSegsOut;
    /** {@code tp->pacing_timer}. */
    private final PacingTimer pacingTimer;
    /** The CPU that armed the pacing timer ({@code HRTIMER_MODE_ABS_PINNED_SOFT}). */
    private Object pacingCpu;
    /** {@code tcp_pace_kick}'s write, one object for every expiry. */
    private final Runnable paceKick = this::resume;

    TcpOutput(TcpSender sk, Simulator sim, FlowAddress address, SegmentOutput output) {
        this.sk = sk;
        this.board = sk.board;
        this.cfg = sk.cfg;
        this.output = output;
        this.txBuf = new byte[Ipv4TcpHeader.IPV4_HEADER_BYTES + Ipv4TcpHeader.TCP_HEADER_BYTES
                + 40 + sk.mss];
        tx.address(address);
        this.paced = cfg.pacing() == TcpPacing.INTERNAL;
        this.pacingTimer = paced ? new PacingTimer(sim) : null;
    }

    /**
     * {@code tcp_pacing_check}: whether a paced socket must wait for its next departure time; if
     * so the pacing timer is armed for it (unless it is already).
     */
    private boolean pacingCheck() {
        if (!paced) {
            return false;
        }
        long now = sk.clock.nowNs();
        if (wstampNs <= now) {
            return false;
        }
        if (!pacingTimer.isSet()) {
            pacingCpu = output.armingCpu();
            pacingTimer.setIn(Time.ns(wstampNs - now));
        }
        return true;
    }

    /**
     * {@code __tcp_transmit_skb} and {@code tcp_update_skb_after_send} for an skb of {@code
     * payloadBytes} that has just left: the next departure time of a paced socket.
     */
    private void afterSend(int payloadBytes, int segments) {
        dataSegsOut += segments;
        lastSkbNs = sk.clock.nowNs();
        if (!paced) {
            return;
        }
        long prior = wstampNs;
        wstampNs = Math.max(wstampNs, sk.clock.nowNs());
        long rate = sk.cwndControl.pacingRate();
        if (rate > 0 && dataSegsOut - segments >= 10) {
            long lenNs = payloadBytes * 1_000_000_000L / rate;
            long credit = wstampNs - prior;
            lenNs -= Math.min(lenNs / 2, credit);
            wstampNs += lenNs;
        }
    }

    /** The pacing hrtimer: fires at the departure time, in softirq on the CPU that armed it. */
    private final class PacingTimer extends LazyTimer {
        PacingTimer(Simulator sim) {
            super(sim);
        }

        @Override
        protected void expire() {
            output.paceOn(pacingCpu, paceKick);
        }
    }

    void gate(TransmitGate g) {
        this.gate = g;
    }

    /** Whether a segment is being handed to the output right now (it must not call back in). */
    boolean inOutput() {
        return inOutput;
    }

    /**
     * {@code tcp_tsq_write}, as {@code tcp_tsq_handler} runs it for the TSQ tasklet and the pacing
     * hrtimer ({@code tcp_pace_kick}), and {@code tcp_release_cb} for {@code TCP_TSQ_DEFERRED}:
     * unconditionally (a write already under way is not re-entered).
     */
    void resume() {
        if (inOutput) {
            return;
        }
        tsqWrite();
    }

    /** {@code tcp_tsq_write}: retransmits what is lost if cwnd allows, then sends new data. */
    private void tsqWrite() {
        if (board.lostOut() > board.retransOut()
                && sk.cwndControl.window().cwnd() > board.inFlight()) {
            xmitRetransmitQueue();
        }
        writeXmit(0);
    }

    /**
     * Whether the application has written a whole segment not yet sent ({@code tcp_send_head}):
     * what it wrote ({@link TcpSender#writeSeq}, {@code tp->write_seq}), within the send buffer.
     * A written tail shorter than a segment waits for the next write (the model sends whole
     * segments only; Linux may send it, Nagle and autocorking permitting).
     */
    boolean hasUnsent() {
        long n = board.nxt();
        long seq = board.seqOf(n);
        if (cfg.byteLimit() > 0 && seq >= cfg.byteLimit()) {
            return false;
        }
        long end = board.endOf(n);
        return end <= sk.writeSeq() && end - sk.ack.sndUna() <= cfg.sendBufferBytes()
                && n - board.una() < board.capacity();
    }

    /**
     * {@code tcp_write_xmit}; {@code pushOne} 1 sends one skb ({@code tcp_push_one}), 2 forces one
     * segment past cwnd (a loss probe). For each skb at the send head: the cwnd quota ({@code
     * tcp_cwnd_test}, capped at {@link Gso#tsoSegs}); from Linux 6.10 {@code tcp_grow_skb} tops the
     * head skb up from the next to that quota; the first segment must fit the peer's window ({@code
     * tcp_snd_wnd_test}); a head skb of more than one segment may be deferred ({@code
     * tcp_tso_should_defer}); what goes is cut to the quota and the window ({@code
     * tcp_mss_split_point}, {@code tso_fragment}); TCP small queues are asked once ({@code
     * tcp_small_queue_check}). The skb's segments go to the output one by one, after
     * {@link SegmentOutput#gsoSkb} when there is more than one.
     */
    void writeXmit(int pushOne) {
        if (!sk.started() || inOutput) {
            return;
        }
        CongestionWindow cw = sk.cwndControl.window();
        Gso gso = cfg.gso();
        SendBuffer wq = sk.writeQueue();
        int maxSegs = gso.tsoSegs(pacingRate(), sk.mss, minRttUs());
        int sent = 0;
        boolean cwndLimited = false;
        while (hasUnsent()) {
            if (pacingCheck()) {
                break;
            }
            int quota = gso.enabled() ? Gso.cwndQuota(cw.cwnd(), board.inFlight())
                    : Math.max(0, cw.cwnd() - board.inFlight());
            if (quota == 0) {
                if (pushOne != 2) {
                    break;
                }
                quota = 1;
            }
            quota = Math.min(quota, maxSegs);
            long n = board.nxt();
            if (wq != null && gso.growSkb()) {
                wq.grow((long) quota * sk.mss - wq.headLen());
            }
            long windowEnd = sk.ack.sndUna() + sk.ack.sndWnd();
            if (board.endOf(n) > windowEnd) {
                break;
            }
            int headSegs = gso.enabled() ? headSkbSegments(n, wq, maxSegs) : 1;
            if (headSegs > 1 && pushOne == 0 && gso.deferTso()) {
                long headLen = wq != null ? wq.headLen() : (long) headSegs * sk.mss;
                boolean tail = wq == null || wq.headIsTail();
                int defer = shouldDefer(n, maxSegs, windowEnd, headLen, tail);
                if (defer != SEND_NOW) {
                    cwndLimited |= defer == DEFER_CWND_LIMITED;
                    break;
                }
            }
            if (!gate.canTransmit()) {
                break;
            }
            int segs = skbSegments(n, Math.min(quota, headSegs), windowEnd);
            int priorPackets = board.packetsOut();
            if (segs > 1) {
                output.gsoSkb(segs);
            }
            int bytes = 0;
            for (int k = 0; k < segs; k++) {
                board.sendNew(sk.clock.nowNs(), sk.clock.tsNow(), sk.ack.delivered());
                transmit(n + k, false);
                bytes += board.lenOf(n + k);
            }
            if (wq != null) {
                wq.sent(board.endOf(n + segs - 1));
            }
            afterSend(bytes, segs);
            if (priorPackets == 0 || sk.writeTimer.pending() == RetransmitTimer.Kind.LOSS_PROBE) {
                sk.writeTimer.rearmRto();
            }
            sent += segs;
            if (pushOne != 0) {
                break;
            }
        }
        cwndLimited |= board.inFlight() >= cw.cwnd();
        if (sent > 0 || cwndLimited) {
            sk.cwndControl.cwndValidate(cwndLimited);
        }
        if (sent > 0) {
            if (sk.recovery.inCwndReduction()) {
                cw.prrSent(sent);
            }
            if (pushOne != 2) {
                sk.writeTimer.scheduleLossProbe(false);
            }
        }
    }

    /**
     * {@code sk_pacing_rate}: before the first ACK computes it, {@code ~0UL} as {@code
     * sock_init_data} leaves it (Linux has the handshake's RTT by then; the model starts established).
     */
    private long pacingRate() {
        long rate = sk.cwndControl.pacingRate();
        return rate == 0 ? Long.MAX_VALUE : rate;
    }

    /** {@code tcp_min_rtt} in microseconds, -1 before a sample ({@code ~0U} in Linux adds nothing). */
    private long minRttUs() {
        long ns = sk.rtt.minRttNs();
        return ns == RttEstimator.NO_SAMPLE ? -1 : ns / 1000;
    }

    /**
     * {@code tcp_mss_split_point}: segments of the skb sent from segment {@code n}, at most
     * {@code maxSegs} (the cwnd quota and the head skb's own length), all whole, written and within
     * the peer's window.
     */
    private int skbSegments(long n, int maxSegs, long windowEnd) {
        int segs = 1;
        while (segs < maxSegs && unsentWhole(n + segs) && board.endOf(n + segs) <= windowEnd) {
            segs++;
        }
        return segs;
    }

    /**
     * {@code tcp_skb_pcount} of the skb at the send head, in whole segments (a written tail shorter
     * than a segment waits: see {@link #hasUnsent}): the write queue's head skb ({@link SendBuffer}),
     * or, with no application modelled, the whole written segments from {@code n} up to {@code
     * maxSegs}.
     */
    private int headSkbSegments(long n, SendBuffer wq, int maxSegs) {
        int cap = wq == null ? maxSegs : (int) Math.max(1, wq.headLen() / sk.mss);
        return skbSegments(n, cap, Long.MAX_VALUE);
    }

    /** Whether segment {@code n}, past the send head, is written, within the limits of {@link #hasUnsent}. */
    private boolean unsentWhole(long n) {
        if (cfg.byteLimit() > 0 && board.seqOf(n) >= cfg.byteLimit()) {
            return false;
        }
        long end = board.endOf(n);
        return end <= sk.writeSeq() && end - sk.ack.sndUna() <= cfg.sendBufferBytes()
                && n - board.una() < board.capacity();
    }

    /** {@link #shouldDefer}: send the head skb now. */
    private static final int SEND_NOW = 0;
    /** {@link #shouldDefer}: wait, cwnd not the limit ({@code tcp_tso_should_defer}'s third case: the application). */
    private static final int DEFER = 1;
    /** {@link #shouldDefer}: wait, cwnd-limited ({@code *is_cwnd_limited = true}). */
    private static final int DEFER_CWND_LIMITED = 2;

    /**
     * {@code tcp_tso_should_defer} for the head skb of {@code headLen} octets from segment {@code
     * n}: wait for the next ACK rather than send a small skb. Send now when the connection is in
     * recovery, the last skb left more than 1 ms ago ({@code tcp_wstamp_ns}), a full skb
     * ({@code maxSegs}) may go, the head skb is not the tail and fits whole ("middle in queue won't
     * get any more data"), or a third of the window may go ({@code tcp_tso_win_divisor}); and when
     * the next ACK is not near: from Linux 6.18 (commit "tcp: fix tcp_tso_should_defer() vs large
     * RTT", in 6.12's stable tree by 6.12.117) when it is due more than min(SRTT / 2, 1 ms) from now
     * (the oldest unacknowledged skb's send time plus SRTT), before it when that skb left less than
     * SRTT / 2 ago ({@link Gso#deferToAckDue}). Otherwise defer, cwnd-limited when the room in cwnd
     * is the smaller and does not hold the skb.
     */
    private int shouldDefer(long n, int maxSegs, long windowEnd, long headLen, boolean tail) {
        if (!sk.rtt.hasSample() || sk.recovery.caState().atLeast(TcpCaState.RECOVERY)) {
            return SEND_NOW;
        }
        long now = sk.clock.nowNs();
        if (now - (paced ? wstampNs : lastSkbNs) > 1_000_000) {
            return SEND_NOW;
        }
        CongestionWindow cw = sk.cwndControl.window();
        long sendWin = windowEnd - board.seqOf(n);
        long congWin = (long) (cw.cwnd() - board.inFlight()) * sk.mss;
        long limit = Math.min(sendWin, congWin);
        if (limit >= (long) maxSegs * sk.mss) {
            return SEND_NOW;
        }
        if (!tail && limit >= headLen) {
            return SEND_NOW;
        }
        long chunk = Math.min(sk.ack.sndWnd(), (long) cw.cwnd() * sk.mss) / Gso.TSO_WIN_DIVISOR;
        if (limit >= chunk || board.packetsOut() == 0) {
            return SEND_NOW;
        }
        long srtt = sk.rtt.srttNs();
        long headSent = board.xmitNs(board.una());
        if (cfg.gso().deferToAckDue()) {
            if (headSent + srtt - now > Math.min(srtt >> 1, 1_000_000)) {
                return SEND_NOW;
            }
        } else if (now - headSent < srtt >> 1) {
            return SEND_NOW;
        }
        return congWin < sendWin && congWin <= headLen ? DEFER_CWND_LIMITED : DEFER;
    }

    /** {@code tcp_xmit_recovery}. */
    void xmitRecovery(AckSample.Rexmit rexmit) {
        if (rexmit == AckSample.Rexmit.NONE) {
            return;
        }
        if (rexmit == AckSample.Rexmit.NEW) {
            writeXmit(0);
            if (sk.sndNxt() > sk.recovery.highSeq()) {
                return;
            }
            sk.recovery.stopFrto();
        }
        xmitRetransmitQueue();
    }

    /** {@code tcp_xmit_retransmit_queue}: retransmits segments marked lost, within cwnd. */
    void xmitRetransmitQueue() {
        if (board.packetsOut() == 0 || inOutput) {
            return;
        }
        CongestionWindow cw = sk.cwndControl.window();
        boolean rearm = false;
        boolean hole = false;
        for (long n = board.retransmitHint(); n < board.nxt(); n++) {
            if (pacingCheck()) {
                break;
            }
            if (!hole) {
                board.retransmitHint(n);
            }
            if (cw.cwnd() - board.inFlight() <= 0) {
                break;
            }
            if (board.retransOut() >= board.lostOut()) {
                break;
            }
            int t = board.tags(n);
            if ((t & SackScoreboard.LOST) == 0) {
                if (!hole && (t & (SackScoreboard.SACKED_RETRANS
                        | SackScoreboard.SACKED_ACKED)) == 0) {
                    hole = true;
                }
                continue;
            }
            if ((t & (SackScoreboard.SACKED_ACKED | SackScoreboard.SACKED_RETRANS)) != 0) {
                continue;
            }
            if (!gate.canRetransmit()) {
                break;
            }
            retransmitSkb(n);
            sk.mib.inc(sk.recovery.caState() != TcpCaState.LOSS ? SenderCounters.FAST_RETRANS
                    : SenderCounters.SLOW_START_RETRANS);
            if (sk.recovery.inCwndReduction()) {
                cw.prrSent(1);
            }
            if (n == board.una() && sk.writeTimer.pending() != RetransmitTimer.Kind.REO_TIMEOUT) {
                rearm = true;
            }
        }
        if (rearm) {
            sk.writeTimer.resetRto();
        }
    }

    /**
     * {@code tcp_retransmit_skb}: of a segment marked lost by RACK (or, without RACK, by SACK's
     * {@code tcp_mark_head_lost}), or, in Loss, after the retransmission timer expired.
     */
    void retransmitSkb(long n) {
        board.stamp(n, sk.clock.nowNs(), sk.clock.tsNow(), sk.ack.delivered());
        transmit(n, sk.recovery.caState() == TcpCaState.LOSS ? "RTO" : sk.rf.rack() ? "RACK" : "SACK");
        afterSend(board.lenOf(n), 1);
        board.setTags(n, SackScoreboard.SACKED_RETRANS);
        board.addRetransOut(1);
        sk.recovery.noteRetransmission(n);
    }

    /**
     * {@code tcp_transmit_skb}: builds segment {@code n} (stamped already) and hands it to the
     * output.
     */
    void transmit(long n, boolean retransmission) {
        transmit(n, retransmission ? "" : null);
    }

    /**
     * {@code tcp_transmit_skb} of segment {@code n}, a retransmission unless {@code retransmitted} is
     * null, for the reason it names (told to the output for captures).
     */
    void transmit(long n, String retransmitted) {
        boolean retransmission = retransmitted != null;
        long seq = board.seqOf(n);
        int len = board.lenOf(n);
        tx.seq(Ipv4TcpHeader.wire(seq, cfg.senderIsn()))
                .ack(cfg.receiverIsn())
                .flags(Ipv4TcpHeader.ACK)
                .window(0xffff)
                .timestamp(board.tsVal(n) + cfg.tsOffset(), sk.ack.tsRecent())
                .clearSack()
                .ipId(ipId++);
        int hl = tx.headerLength();
        long payloadSum = PayloadStream.fillAndSum(txBuf, hl, seq, len);
        int total = tx.write(txBuf, 0, len, payloadSum);
        sk.mib.inc(SenderCounters.SEGS_OUT);
        if (sk.sequence != null) {
            sk.sequence.sent(sk.clock.nowNs(), seq, len, retransmission);
        }
        if (retransmission) {
            sk.mib.inc(SenderCounters.TOTAL_RETRANS);
            board.setTags(n, SackScoreboard.EVER_RETRANS);
            output.retransmission(seq, seq + len, retransmitted);
        } else {
            sk.mib.inc(SenderCounters.DATA_SEGS_OUT);
        }
        inOutput = true;
        try {
            output.transmit(txBuf, 0, total);
        } finally {
            inOutput = false;
        }
    }
}
