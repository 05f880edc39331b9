package org.cryptorder.transport.tcp.send;

import static org.cryptorder.transport.tcp.send.TcpSender.NONE;

import org.cryptorder.transport.tcp.RecoveryFeatures;
import org.cryptorder.transport.tcp.TcpConfig;
import org.cryptorder.transport.tcp.congestion.TcpCaState;
import org.cryptorder.transport.wire.Ipv4TcpHeader;

/**
 * ACK processing, after {@code net/ipv4/tcp_input.c}: {@code tcp_ack} (SND.UNA, the peer's window,
 * what the ACK delivered, then {@code tcp_fastretrans_alert}, {@code tcp_cong_control} and {@code
 * tcp_xmit_recovery}), {@code tcp_sacktag_write_queue} and {@code tcp_sacktag_one} (SACK blocks
 * onto the {@link SackScoreboard}), {@code tcp_check_dsack} and {@code tcp_dsack_seen} (D-SACKs),
 * {@code tcp_rate_skb_delivered}, {@code tcp_clean_rtx_queue}, {@code tcp_ack_update_rtt} (RTT
 * samples into the {@link RttEstimator}) and {@code tcp_check_sack_reordering} (the reordering
 * degree {@code tp->reordering}).
 *
 * <p>It keeps the receive side of the sender's sequence state ({@code snd_una}, {@code snd_wnd},
 * {@code max_window}, {@code delivered}), the timestamps last echoed, and what the ACK being
 * processed showed, in its {@link AckSample}.
 */
final class TcpAck {
    private final TcpSender sk;
    private final TcpConfig cfg;
    private final RecoveryFeatures rf;
    private final int mss;
    private final SackScoreboard board;
    private final RackLossDetector rack;
    private final SenderCounters mib;
    private final Ipv4TcpHeader rx = new Ipv4TcpHeader();
    private final AckSample sample = new AckSample();
    private final long[] blockStart = new long[Ipv4TcpHeader.MAX_SACK_BLOCKS];
    private final long[] blockEnd = new long[Ipv4TcpHeader.MAX_SACK_BLOCKS];
    private final boolean[] blockDup = new boolean[Ipv4TcpHeader.MAX_SACK_BLOCKS];

    private long sndUna;
    private long sndWnd;
    private long maxWindow;
    private long delivered;
    private int reordering;
    private long reordSeen;
    private int tsRecent;
    private int rcvTsecr;
    private boolean sawTstamp;

    TcpAck(TcpSender sk) {
        this.sk = sk;
        this.cfg = sk.cfg;
        this.rf = sk.rf;
        this.mss = sk.mss;
        this.board = sk.board;
        this.rack = sk.rack;
        this.mib = sk.mib;
        this.sndWnd = cfg.receiveWindowBytes();
        this.maxWindow = sndWnd;
        this.reordering = rf.initialReordering();
    }

    /** SND.UNA. */
    long sndUna() {
        return sndUna;
    }

    /** SND.WND: the peer's window, octets. */
    long sndWnd() {
        return sndWnd;
    }

    /** {@code tp->delivered}: segments delivered (ACKed, SACKed or D-SACKed). */
    long delivered() {
        return delivered;
    }

    /** {@code tp->reordering}, segments. */
    int reordering() {
        return reordering;
    }

    /** {@code tcp_enter_loss}: the reordering degree drops back to at most {@code limit}. */
    void limitReordering(int limit) {
        reordering = Math.min(reordering, limit);
    }

    /** {@code tp->reord_seen}: reordering events detected. */
    long reordSeen() {
        return reordSeen;
    }

    /** {@code ts_recent}: the peer's last timestamp, to echo. */
    int tsRecent() {
        return tsRecent;
    }

    /** The last ACK's TSecr, in the sender's TSval ticks; 0 if it had none. */
    int tsEcr() {
        return sawTstamp ? rcvTsecr : 0;
    }

    /** {@code tcp_tsopt_ecr_before}: the ACK's echo predates timestamp {@code when}. */
    boolean tsoptEcrBefore(int when) {
        return sawTstamp && rcvTsecr != 0 && rcvTsecr - when < 0;
    }

    /**
     * An incoming packet: parsed, and processed if it is an ACK.
     *
     * @return whether it was an ACK (then the sender may send)
     */
    boolean receive(byte[] buf, int off, int len) {
        if (rx.parse(buf, off, len) != Ipv4TcpHeader.ParseResult.OK) {
            mib.inc(SenderCounters.BAD_SEGMENTS);
            return false;
        }
        if ((rx.flags() & Ipv4TcpHeader.ACK) == 0) {
            return false;
        }
        sawTstamp = rx.hasTimestamps();
        if (sawTstamp) {
            rcvTsecr = rx.tsEcr() - cfg.tsOffset();
            tsRecent = rx.tsVal();
        }
        long ack = Ipv4TcpHeader.unwrap(rx.ack(), cfg.senderIsn(), sndUna);
        long window = (long) rx.window() << cfg.windowScale();
        tcpAck(ack, window);
        if (sk.sequence != null) {
            observeAck();
        }
        if (sk.trace != null) {
            sk.trace.acked();
        }
        return true;
    }

    /** Tells the time-sequence observer of the ACK just processed, its SACK blocks as carried. */
    private void observeAck() {
        int nb = rx.sackCount();
        long[] starts = new long[nb];
        long[] ends = new long[nb];
        for (int i = 0; i < nb; i++) {
            starts[i] = Ipv4TcpHeader.unwrap(rx.sackStart(i), cfg.senderIsn(), sndUna);
            ends[i] = Ipv4TcpHeader.unwrap(rx.sackEnd(i), cfg.senderIsn(), sndUna);
        }
        sk.sequence.acked(sk.clock.nowNs(), sndUna, sndWnd, starts, ends, nb);
    }

    /** {@code tcp_ack}. */
    private void tcpAck(long ack, long window) {
        long now = sk.clock.nowNs();
        long priorSndUna = sndUna;
        int priorPackets = board.packetsOut();
        long priorDelivered = delivered;
        long priorLost = board.lostTotal();
        sample.reset(sk.sndNxt());

        if (ack < priorSndUna) {
            if (ack < priorSndUna - maxWindow) {
                return;
            }
            if (rx.sackCount() > 0) {
                sacktag(priorSndUna, ack, now);
                delivered += sample.sackDelivered;
                sk.recovery.fastretransAlert(sample, priorSndUna, 0);
                sk.output.xmitRecovery(sample.rexmit());
            }
            return;
        }
        if (ack > sk.sndNxt()) {
            return;
        }
        if (ack > priorSndUna) {
            sample.set(AckSample.SND_UNA_ADVANCED);
            sk.writeTimer.clearRetransmits();
        }
        long priorFack = board.highestSackSeq();
        if (ack > priorSndUna || window > sndWnd || window == 0) {
            sample.set(AckSample.WIN_UPDATE);
            sndWnd = window;
            maxWindow = Math.max(maxWindow, window);
        }
        mib.add(SenderCounters.BYTES_ACKED, ack - sndUna);
        sndUna = ack;
        if (rx.sackCount() > 0) {
            sacktag(priorSndUna, ack, now);
        }
        delivered += sample.sackDelivered;

        if (priorPackets == 0) {
            if (sample.any(AckSample.DSACKING_ACK)) {
                sk.recovery.fastretransAlert(sample, priorSndUna, 0);
            }
            if (sk.writeTimer.tlpHighSeq() != NONE) {
                sk.recovery.processTlpAck(sample, ack);
            }
            return;
        }
        cleanRtxQueue(priorFack, priorSndUna, now);
        if (rf.rack()) {
            rack.updateReoWnd(sample.rateValid ? sample.priorDelivered : 0, delivered);
        }
        if (sk.writeTimer.tlpHighSeq() != NONE) {
            sk.recovery.processTlpAck(sample, ack);
        }
        if (!sample.any(AckSample.NOT_DUP) || sample.any(AckSample.CA_ALERT)
                || sk.recovery.caState() != TcpCaState.OPEN) {
            int numDupack = 0;
            if (!sample.any(AckSample.SND_UNA_ADVANCED | AckSample.NOT_DUP
                    | AckSample.DSACKING_ACK)) {
                numDupack = 1;
            }
            sk.recovery.fastretransAlert(sample, priorSndUna, numDupack);
        }
        if (sample.any(AckSample.SET_XMIT_TIMER)) {
            sk.writeTimer.setXmitTimer();
        }
        int newlyDelivered = (int) (delivered - priorDelivered);
        int newlyLost = (int) (board.lostTotal() - priorLost);
        sk.cwndControl.congControl(newlyDelivered, newlyLost, sample);
        sk.output.xmitRecovery(sample.rexmit());
    }

    /** {@code tcp_sacktag_write_queue} and {@code tcp_check_dsack}. */
    private void sacktag(long priorSndUna, long ackSeq, long now) {
        int nb = rx.sackCount();
        for (int i = 0; i < nb; i++) {
            blockStart[i] = Ipv4TcpHeader.unwrap(rx.sackStart(i), cfg.senderIsn(), priorSndUna);
            blockEnd[i] = Ipv4TcpHeader.unwrap(rx.sackEnd(i), cfg.senderIsn(), priorSndUna);
        }
        if (board.sackedOut() == 0) {
            board.resetHighestSack();
        }
        boolean foundDup = rf.dsack() && checkDsack(nb, ackSeq, priorSndUna);
        if (ackSeq < priorSndUna - maxWindow || board.packetsOut() == 0) {
            return;
        }
        int used = 0;
        for (int i = 0; i < nb; i++) {
            boolean dup = i == 0 && foundDup;
            long s = blockStart[i];
            long e = blockEnd[i];
            if (!sackBlockValid(dup, s, e) || e <= priorSndUna) {
                continue;
            }
            blockStart[used] = s;
            blockEnd[used] = e;
            blockDup[used] = dup;
            used++;
        }
        for (int i = 1; i < used; i++) {
            for (int j = i; j > 0 && blockStart[j - 1] > blockStart[j]; j--) {
                swap(j - 1, j);
            }
        }
        long dupFirst = -1;
        long dupLast = -1;
        for (int i = 0; i < used; i++) {
            if (blockDup[i]) {
                dupFirst = board.firstSegAtOrAfter(blockStart[i]);
                dupLast = board.segsEndingBy(blockEnd[i]);
            }
        }
        for (int i = 0; i < used; i++) {
            if (blockDup[i] && containedInOther(i, used)) {
                continue;
            }
            long first = Math.max(board.firstSegAtOrAfter(blockStart[i]), board.una());
            long last = Math.min(board.segsEndingBy(blockEnd[i]), board.nxt());
            for (long n = first; n < last; n++) {
                boolean dup = blockDup[i] || (n >= dupFirst && n < dupLast);
                if (!dup && board.has(n, SackScoreboard.SACKED_ACKED)) {
                    continue;
                }
                sacktagOne(n, dup, now);
            }
        }
        if (sk.recovery.caState() != TcpCaState.LOSS || sk.recovery.undoMarker() != NONE) {
            checkSackReordering(sample.reord, false);
        }
    }

    private boolean containedInOther(int i, int used) {
        for (int j = 0; j < used; j++) {
            if (j != i && blockStart[j] <= blockStart[i] && blockEnd[i] <= blockEnd[j]) {
                return true;
            }
        }
        return false;
    }

    private void swap(int a, int b) {
        long s = blockStart[a];
        long e = blockEnd[a];
        boolean d = blockDup[a];
        blockStart[a] = blockStart[b];
        blockEnd[a] = blockEnd[b];
        blockDup[a] = blockDup[b];
        blockStart[b] = s;
        blockEnd[b] = e;
        blockDup[b] = d;
    }

    /** {@code tcp_is_sackblock_valid}. */
    private boolean sackBlockValid(boolean dup, long s, long e) {
        long nxt = sk.sndNxt();
        if (e > nxt || s >= e || s >= nxt) {
            return false;
        }
        if (s > sndUna) {
            return true;
        }
        long undoMarker = sk.recovery.undoMarker();
        if (!dup || undoMarker == NONE) {
            return false;
        }
        if (e > sndUna) {
            return false;
        }
        if (s >= undoMarker) {
            return true;
        }
        if (e <= undoMarker) {
            return false;
        }
        return s >= e - maxWindow;
    }

    /** {@code tcp_check_dsack}: whether the first block is a D-SACK the sender takes. */
    private boolean checkDsack(int nb, long ackSeq, long priorSndUna) {
        long s0 = blockStart[0];
        long e0 = blockEnd[0];
        if (s0 < ackSeq) {
            mib.inc(SenderCounters.DSACK_RECV);
        } else if (nb > 1 && e0 <= blockEnd[1] && s0 >= blockStart[1]) {
            mib.inc(SenderCounters.DSACK_OFO_RECV);
        } else {
            return false;
        }
        int dupSegs = dsackSeen(s0, e0);
        if (dupSegs > 0) {
            sk.recovery.dsackedRetransmissions(dupSegs, e0, priorSndUna);
        }
        if (sk.sequence != null && dupSegs > 0) {
            sk.sequence.dsacked(sk.clock.nowNs(), s0, e0, dupSegs);
        }
        if (sk.trace != null) {
            sk.trace.dsack(s0, e0, dupSegs, sk.recovery.undoMarker() == NONE ? -1 : sk.recovery.undoRetrans(),
                    dupSegs > 0 && reordSeen > 0 && !sample.any(AckSample.DSACK_TLP));
        }
        return dupSegs > 0;
    }

    /** {@code tcp_dsack_seen}: counts the D-SACKed segments; 0 if the D-SACK is dubious. */
    private int dsackSeen(long s, long e) {
        if (s >= e) {
            return 0;
        }
        long len = e - s;
        if (len > maxWindow) {
            return 0;
        }
        int dupSegs = 1;
        if (len > mss) {
            dupSegs = (int) ((len + mss - 1) / mss);
        } else if (sk.writeTimer.tlpHighSeq() != NONE && sk.writeTimer.tlpHighSeq() == e) {
            sample.set(AckSample.DSACK_TLP);
        }
        mib.add(SenderCounters.DSACK_DUPS, dupSegs);
        if (mib.life(SenderCounters.DSACK_DUPS) > mib.life(SenderCounters.TOTAL_RETRANS)) {
            return 0;
        }
        if (reordSeen > 0 && !sample.any(AckSample.DSACK_TLP)) {
            rack.noteDsack();
        }
        sample.set(AckSample.DSACKING_ACK);
        sample.sackDelivered += dupSegs;
        return dupSegs;
    }

    /** {@code tcp_sacktag_one} for segment {@code n}. */
    private void sacktagOne(long n, boolean dup, long now) {
        int t = board.tags(n);
        long s = board.seqOf(n);
        long e = board.endOf(n);
        if (dup && (t & SackScoreboard.RETRANS) != 0) {
            sk.recovery.dsackedRetransmission(e);
            if ((t & SackScoreboard.SACKED_ACKED) != 0 && s < sample.reord) {
                sample.reord = s;
            }
        }
        if (e <= sndUna) {
            return;
        }
        if ((t & SackScoreboard.SACKED_ACKED) == 0) {
            rack.advance(t, e, board.xmitNs(n), now, sk.rtt.minRttNs());
            if ((t & SackScoreboard.SACKED_RETRANS) != 0) {
                if ((t & SackScoreboard.LOST) != 0) {
                    board.clearTags(n, SackScoreboard.LOST | SackScoreboard.SACKED_RETRANS);
                    board.addLostOut(-1);
                    board.addRetransOut(-1);
                }
            } else {
                if ((t & SackScoreboard.RETRANS) == 0) {
                    if (s < board.highestSackSeq() && s < sample.reord) {
                        sample.reord = s;
                    }
                    if (e <= sk.recovery.highSeq()) {
                        sample.set(AckSample.ORIG_SACK_ACKED);
                    }
                    if (sample.firstSacktNs < 0) {
                        sample.firstSacktNs = board.xmitNs(n);
                    }
                    sample.lastSacktNs = board.xmitNs(n);
                }
                if ((t & SackScoreboard.LOST) != 0) {
                    board.clearTags(n, SackScoreboard.LOST);
                    board.addLostOut(-1);
                }
            }
            board.markSacked(n);
            sample.set(AckSample.DATA_SACKED);
            sample.sackDelivered++;
            rateDelivered(n);
        }
        if (dup && board.has(n, SackScoreboard.SACKED_RETRANS)) {
            board.clearTags(n, SackScoreboard.SACKED_RETRANS);
            board.addRetransOut(-1);
        }
    }

    /** {@code tcp_rate_skb_delivered}: keeps the most recently sent delivered segment's count. */
    private void rateDelivered(long n) {
        if (!board.takeRatePending(n)) {
            return;
        }
        long x = board.xmitNs(n);
        long e = board.endOf(n);
        if (!sample.rateValid
                || RackLossDetector.sentAfter(x, sample.lastXmitNs, e, sample.lastEnd)) {
            sample.rateValid = true;
            sample.priorDelivered = board.deliveredAtSend(n);
            sample.lastXmitNs = x;
            sample.lastEnd = e;
        }
    }

    /** {@code tcp_clean_rtx_queue} and {@code tcp_ack_update_rtt}. */
    private void cleanRtxQueue(long priorFack, long priorSndUna, long now) {
        long firstAckt = -1;
        long lastAckt = -1;
        int pktsAcked = 0;
        int priorSacked = board.sackedOut();
        long reordAcked = sk.sndNxt();
        long highSeq = sk.recovery.highSeq();
        while (board.una() < board.nxt() && board.endOf(board.una()) <= sndUna) {
            long n = board.una();
            int t = board.tags(n);
            if ((t & SackScoreboard.RETRANS) != 0) {
                sample.set(AckSample.RETRANS_DATA_ACKED);
            } else if ((t & SackScoreboard.SACKED_ACKED) == 0) {
                lastAckt = board.xmitNs(n);
                if (firstAckt < 0) {
                    firstAckt = lastAckt;
                }
                reordAcked = Math.min(reordAcked, board.seqOf(n));
                if (board.endOf(n) <= highSeq) {
                    sample.set(AckSample.ORIG_SACK_ACKED);
                }
            }
            if ((t & SackScoreboard.SACKED_ACKED) == 0) {
                delivered++;
                if (!spuriousRetrans(n)) {
                    rack.advance(t, board.endOf(n), board.xmitNs(n), now, sk.rtt.minRttNs());
                }
            }
            pktsAcked++;
            rateDelivered(n);
            sample.set(AckSample.DATA_ACKED);
            board.removeHead();
        }
        long seqRtt = -1;
        long caRtt = -1;
        long sackRtt = -1;
        if (firstAckt >= 0 && !sample.any(AckSample.RETRANS_DATA_ACKED)) {
            seqRtt = now - firstAckt;
            caRtt = now - lastAckt;
            if (pktsAcked == 1 && priorSacked == 0 && sndUna - priorSndUna < mss
                    && sample.priorDelivered + 1 == delivered && !sample.any(AckSample.CA_ALERT)) {
                sample.set(AckSample.ACK_MAYBE_DELAYED);
            }
        }
        if (sample.firstSacktNs >= 0) {
            sackRtt = now - sample.firstSacktNs;
            caRtt = now - sample.lastSacktNs;
        }
        boolean rttUpdate = ackUpdateRtt(seqRtt, sackRtt, caRtt);
        if (sample.any(AckSample.ACKED)) {
            sample.set(AckSample.SET_XMIT_TIMER);
            if (reordAcked < priorFack) {
                checkSackReordering(reordAcked, false);
            }
        } else if (board.packetsOut() > 0 && rttUpdate && sackRtt >= 0
                && sackRtt > now - board.xmitNs(board.una())) {
            sample.set(AckSample.SET_XMIT_TIMER);
        }
        sk.cwndControl.pktsAcked(pktsAcked, sample.rttNs);
    }

    /** {@code tcp_skb_spurious_retrans}: the ACK's echo predates segment {@code n}'s retransmission. */
    private boolean spuriousRetrans(long n) {
        return board.has(n, SackScoreboard.RETRANS) && tsoptEcrBefore(board.tsVal(n));
    }

    /** {@code tcp_ack_update_rtt}. */
    private boolean ackUpdateRtt(long seqRtt, long sackRtt, long caRtt) {
        if (seqRtt < 0) {
            seqRtt = sackRtt;
        }
        if (seqRtt < 0 && sawTstamp && rcvTsecr != 0 && sample.any(AckSample.ACKED)) {
            int delta = sk.clock.tsNow() - rcvTsecr;
            if (delta >= 0) {
                seqRtt = Math.max(delta, 1) * sk.clock.tsTickNs();
                caRtt = seqRtt;
            }
        }
        sample.rttNs = caRtt;
        if (seqRtt < 0) {
            return false;
        }
        sk.rtt.updateMin(caRtt, sample.any(AckSample.ACK_MAYBE_DELAYED));
        sk.rtt.sample(seqRtt, sndUna, sk.sndNxt());
        sk.writeTimer.setRto();
        sk.rttStats.add(seqRtt);
        return true;
    }

    /** {@code tcp_check_sack_reordering}; {@code ts} if found by timestamps. */
    void checkSackReordering(long lowSeq, boolean ts) {
        long fack = board.highestSackSeq();
        if (lowSeq >= fack) {
            return;
        }
        long metric = fack - lowSeq;
        int prior = reordering;
        if (rf.adaptiveReordering() && metric > (long) reordering * mss) {
            reordering = (int) Math.min((metric + mss - 1) / mss, rf.maxReordering());
        }
        reordSeen++;
        mib.inc(SenderCounters.REORD_SEEN);
        mib.inc(ts ? SenderCounters.TS_REORDER : SenderCounters.SACK_REORDER);
        if (sk.trace != null) {
            sk.trace.reordering(metric, prior, reordering, ts);
        }
    }
}
