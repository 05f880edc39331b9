package org.cryptorder.transport;

import umontreal.ssj.simevents.Simulator;

/**
 * The sending end of one TCP connection (an {@code iperf3 -c} client whose application always has
 * data): protocol logic only, on a {@link Simulator}. Segments leave through a {@link
 * SegmentOutput} as real IPv4/TCP bytes; ACKs come in through {@link #receive}.
 *
 * <p>In {@link TcpMode#LINUX} mode it behaves as Linux 6.12 does where reordering matters. Each
 * part names the kernel function it follows:
 * <ul>
 *   <li>ACK processing: {@code tcp_ack}, {@code tcp_sacktag_write_queue} /
 *       {@code tcp_sacktag_one}, {@code tcp_check_dsack} / {@code tcp_dsack_seen},
 *       {@code tcp_clean_rtx_queue}, {@code tcp_ack_update_rtt}, {@code tcp_check_sack_reordering}
 *       ({@code net/ipv4/tcp_input.c});
 *   <li>the state machine: {@code tcp_fastretrans_alert}, {@code tcp_time_to_recover},
 *       {@code tcp_enter_recovery}, {@code tcp_process_loss} (F-RTO), {@code tcp_try_undo_recovery},
 *       {@code tcp_try_undo_dsack}, {@code tcp_try_undo_partial}, {@code tcp_try_undo_loss},
 *       {@code tcp_undo_cwnd_reduction}, {@code tcp_try_keep_open};
 *   <li>loss detection: RACK ({@link RackLossDetector}, {@code tcp_identify_packet_loss},
 *       {@code tcp_rack_reo_timeout}); without RACK, {@code tcp_update_scoreboard} /
 *       {@code tcp_mark_head_lost};
 *   <li>cwnd: {@code tcp_cong_control}, PRR in {@code tcp_cwnd_reduction} (RFC 6937),
 *       {@code tcp_end_cwnd_reduction}, {@code tcp_cwnd_validate}, {@code tcp_may_raise_cwnd};
 *   <li>sending: {@code tcp_write_xmit}, {@code tcp_xmit_retransmit_queue},
 *       {@code tcp_retransmit_skb}, {@code tcp_schedule_loss_probe} and
 *       {@code tcp_send_loss_probe} ({@code net/ipv4/tcp_output.c});
 *   <li>timers: one retransmit timer shared by the RTO, the RACK reordering timeout and the loss
 *       probe, as {@code icsk_pending} shares it ({@code tcp_write_timer_handler},
 *       {@code tcp_retransmit_timer}, {@code tcp_rearm_rto}, {@code tcp_enter_loss} in
 *       {@code net/ipv4/tcp_timer.c} and {@code tcp_input.c}); timers run in whole jiffies.
 * </ul>
 * In {@link TcpMode#TEXTBOOK} mode the features ns-3 lacks are off ({@link RecoveryFeatures}).
 *
 * <p>Not modelled: the handshake and connection close, TSO/GSO (every segment is one MSS; segments
 * sent in one call share their send time, as a TSO burst does), pacing, Nagle and PSH, ECN, SACK
 * reneging, zero-window probes, MTU probing, {@code tcp_metrics} caching of the reordering degree,
 * cwnd decay while application-limited, the check that the original is still in a host queue
 * ({@code skb_still_in_host_queue}).
 */
public final class TcpSender {

    private static final int FLAG_DATA = 0x01;
    private static final int FLAG_WIN_UPDATE = 0x02;
    private static final int FLAG_DATA_ACKED = 0x04;
    private static final int FLAG_RETRANS_DATA_ACKED = 0x08;
    private static final int FLAG_DATA_SACKED = 0x20;
    private static final int FLAG_LOST_RETRANS = 0x80;
    private static final int FLAG_ORIG_SACK_ACKED = 0x200;
    private static final int FLAG_SND_UNA_ADVANCED = 0x400;
    private static final int FLAG_DSACKING_ACK = 0x800;
    private static final int FLAG_SET_XMIT_TIMER = 0x1000;
    private static final int FLAG_ACK_MAYBE_DELAYED = 0x10000;
    private static final int FLAG_DSACK_TLP = 0x20000;
    private static final int FLAG_ACKED = FLAG_DATA_ACKED;
    private static final int FLAG_NOT_DUP = FLAG_DATA | FLAG_WIN_UPDATE | FLAG_ACKED;
    private static final int FLAG_CA_ALERT = FLAG_DATA_SACKED | FLAG_DSACKING_ACK;
    private static final int FLAG_FORWARD_PROGRESS = FLAG_ACKED | FLAG_DATA_SACKED;

    private static final int REXMIT_NONE = 0;
    private static final int REXMIT_LOST = 1;
    private static final int REXMIT_NEW = 2;
    private static final long NONE = Long.MIN_VALUE;

    private final TcpConfig cfg;
    private final RecoveryFeatures rf;
    private final int mss;
    private final SegmentOutput output;
    private final TcpClock clock;
    private final SackScoreboard board;
    private final RackLossDetector rack;
    private final RttEstimator rtt;
    private final CongestionWindow cw;
    private final CongestionControl cc;
    private final Ipv4TcpHeader tx = new Ipv4TcpHeader();
    private final Ipv4TcpHeader rx = new Ipv4TcpHeader();
    private final byte[] txBuf;
    private final RetransmitTimer timer;
    private final SenderCounters counters = new SenderCounters();
    private final SampleStats cwndStats = new SampleStats();
    private final SampleStats rttStats = new SampleStats();
    private long lostBase;
    private long lostRetransmitsBase;
    private TransmitGate gate = TransmitGate.OPEN;

    private TcpCaState caState = TcpCaState.OPEN;
    private long sndUna;
    private long sndWnd;
    private long maxWindow;
    private long highSeq;
    private long undoMarker = NONE;
    private int undoRetrans = -1;
    private int retransStamp;
    private int reordering;
    private long reordSeen;
    private boolean frto;
    private long tlpHighSeq = NONE;
    private boolean tlpRetrans;
    private int icskRetransmits;
    private long icskRtoJiffies;
    private final long maxRtoJiffies;
    private long delivered;
    private int tsRecent;
    private int rcvTsecr;
    private boolean sawTstamp;
    private boolean throttled;
    private boolean inOutput;
    private boolean isCwndLimited;
    private int maxPacketsOut;
    private long cwndUsageSeq;
    private long pacingRate;
    private int ipId;
    private boolean started;

    // Per-ACK scratch: tcp_sacktag_state, rate_sample and the flags of tcp_ack.
    private int flag;
    private int rexmit;
    private boolean doLost;
    private long reord;
    private long firstSacktNs;
    private long lastSacktNs;
    private int sackDelivered;
    private boolean rsValid;
    private long rsPriorDelivered;
    private long rsLastXmitNs;
    private long rsLastEnd;
    private long rsRttNs;
    private final long[] blockStart = new long[Ipv4TcpHeader.MAX_SACK_BLOCKS];
    private final long[] blockEnd = new long[Ipv4TcpHeader.MAX_SACK_BLOCKS];
    private final boolean[] blockDup = new boolean[Ipv4TcpHeader.MAX_SACK_BLOCKS];

    /**
     * @param sim the simulator of this replication
     * @param cfg the connection's parameters
     * @param address the data direction's addresses and ports (this host is the source)
     * @param output where segments go
     */
    public TcpSender(Simulator sim, TcpConfig cfg, FlowAddress address, SegmentOutput output) {
        this.cfg = cfg;
        this.rf = cfg.recovery();
        this.mss = cfg.mss();
        this.output = output;
        this.clock = new TcpClock(sim, cfg.timers());
        this.board = new SackScoreboard(mss, cfg.byteLimit(), cfg.sendBufferBytes());
        this.rack = new RackLossDetector(board, rf);
        this.rtt = new RttEstimator(cfg.timers(), clock);
        this.cw = new CongestionWindow(cfg.initialCwnd());
        this.cc = CongestionControl.create(cfg.congestionControl(), new Context(), cfg.hystart());
        this.txBuf = new byte[Ipv4TcpHeader.IPV4_HEADER_BYTES + Ipv4TcpHeader.TCP_HEADER_BYTES
                + 40 + mss];
        this.timer = new RetransmitTimer(sim, clock, new Timeouts());
        this.sndWnd = cfg.receiveWindowBytes();
        this.maxWindow = sndWnd;
        this.reordering = rf.initialReordering();
        this.icskRtoJiffies = rtt.rtoJiffies();
        this.maxRtoJiffies = clock.toJiffies(cfg.timers().maxRtoNs());
        tx.address(address);
    }

    /** Sets the host's backpressure hook ({@link TransmitGate#OPEN} by default). */
    public void transmitGate(TransmitGate g) {
        this.gate = g;
    }

    /** Starts sending at the current simulation time (the connection is already established). */
    public void start() {
        if (started) {
            throw new IllegalStateException("sender already started");
        }
        started = true;
        writeXmit(0);
    }

    /**
     * The host has room again after {@link TransmitGate#canTransmit} said no ({@code
     * tcp_tsq_handler}): retransmits what is lost, then sends new data.
     */
    public void resume() {
        if (!throttled || inOutput) {
            return;
        }
        throttled = false;
        if (board.lostOut() > board.retransOut() && cw.cwnd() > board.inFlight()) {
            xmitRetransmitQueue();
        }
        writeXmit(0);
    }

    /** An incoming packet for this connection: an ACK from the receiver. */
    public void receive(byte[] buf, int off, int len) {
        if (rx.parse(buf, off, len) != Ipv4TcpHeader.ParseResult.OK) {
            counters.inc(SenderCounters.BAD_SEGMENTS);
            return;
        }
        if ((rx.flags() & Ipv4TcpHeader.ACK) == 0) {
            return;
        }
        sawTstamp = rx.hasTimestamps();
        if (sawTstamp) {
            rcvTsecr = rx.tsEcr() - cfg.tsOffset();
            tsRecent = rx.tsVal();
        }
        long ack = Ipv4TcpHeader.unwrap(rx.ack(), cfg.senderIsn(), sndUna);
        long window = (long) rx.window() << cfg.windowScale();
        tcpAck(ack, window);
        cwndStats.add(cw.cwnd());
        writeXmit(0);
    }

    // ------------------------------------------------------------------------------------------
    // Accessors

    /** Congestion window, segments. */
    public int cwnd() {
        return cw.cwnd();
    }

    /** Slow start threshold, segments. */
    public int ssthresh() {
        return cw.ssthresh();
    }

    public TcpCaState caState() {
        return caState;
    }

    /** SND.UNA: stream octets cumulatively ACKed. */
    public long sndUna() {
        return sndUna;
    }

    /** SND.NXT: stream octets sent at least once. */
    public long sndNxt() {
        return board.nxt() == 0 ? 0 : board.endOf(board.nxt() - 1);
    }

    /** Segments in flight ({@code tcp_packets_in_flight}). */
    public int inFlight() {
        return board.inFlight();
    }

    /** {@code tp->reordering}. */
    public int reordering() {
        return reordering;
    }

    /** Whether a byte-limited transfer is complete (every octet ACKed). */
    public boolean finished() {
        return cfg.byteLimit() > 0 && sndUna >= cfg.byteLimit();
    }

    /** The current RTO with back-off, ns. */
    public long rtoNs() {
        return icskRtoJiffies * clock.jiffyNs();
    }

    /** Smoothed RTT, ns (0 before the first sample). */
    public long srttNs() {
        return rtt.srttNs();
    }

    /** RACK's reordering window as it would be computed now, ns. */
    public long reoWndNs() {
        return reoWnd();
    }

    /** Everything counted since the start or the last {@link #resetCounters()}. */
    public TcpSenderCounters counters() {
        long minRtt = rtt.minRttNs();
        return new TcpSenderCounters(counters.get(SenderCounters.SEGS_OUT),
                counters.get(SenderCounters.DATA_SEGS_OUT),
                counters.get(SenderCounters.BYTES_ACKED),
                counters.get(SenderCounters.TOTAL_RETRANS),
                counters.get(SenderCounters.FAST_RETRANS),
                counters.get(SenderCounters.SLOW_START_RETRANS),
                counters.get(SenderCounters.DSACK_DUPS),
                counters.get(SenderCounters.DSACK_RECV),
                counters.get(SenderCounters.DSACK_OFO_RECV),
                counters.get(SenderCounters.REORD_SEEN),
                counters.get(SenderCounters.SACK_REORDER),
                counters.get(SenderCounters.TS_REORDER),
                counters.get(SenderCounters.FULL_UNDO),
                counters.get(SenderCounters.PARTIAL_UNDO),
                counters.get(SenderCounters.DSACK_UNDO),
                counters.get(SenderCounters.LOSS_UNDO),
                counters.get(SenderCounters.SPURIOUS_RTOS),
                counters.get(SenderCounters.TIMEOUTS),
                counters.get(SenderCounters.LOSS_PROBES),
                counters.get(SenderCounters.LOSS_PROBE_RECOVERY),
                counters.get(SenderCounters.SACK_RECOVERY),
                board.lostRetransmits() - lostRetransmitsBase,
                board.lostTotal() - lostBase,
                reordering, cwndStats.summary(), rttStats.summary(), rtt.srttNs(),
                minRtt == RttEstimator.NO_SAMPLE ? -1 : minRtt, rtoNs(), cw.ssthresh(),
                rack.reoWndSteps(), caState);
    }

    /** Zeroes the counters and sample summaries (warm-up deletion); the state is kept. */
    public void resetCounters() {
        counters.reset();
        lostBase = board.lostTotal();
        lostRetransmitsBase = board.lostRetransmits();
        cwndStats.reset();
        rttStats.reset();
    }

    // ------------------------------------------------------------------------------------------
    // What congestion control reads, and what the retransmit timer calls

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
            return clock;
        }

        @Override
        public long sndUna() {
            return sndUna;
        }

        @Override
        public long sndNxt() {
            return TcpSender.this.sndNxt();
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
            return cfg.gsoMaxBytes();
        }
    }

    /** What the shared retransmit timer runs when it fires. */
    private final class Timeouts implements RetransmitTimer.Handler {
        @Override
        public void retransmitTimeout() {
            retransmitTimer();
        }

        @Override
        public void reorderTimeout() {
            rackReoTimeout();
        }

        @Override
        public void lossProbe() {
            sendLossProbe();
        }
    }

    // ------------------------------------------------------------------------------------------
    // tcp_ack

    private void tcpAck(long ack, long window) {
        long now = clock.nowNs();
        long priorSndUna = sndUna;
        int priorPackets = board.packetsOut();
        long priorDelivered = delivered;
        long priorLost = board.lostTotal();
        flag = 0;
        rexmit = REXMIT_NONE;
        reord = sndNxt();
        firstSacktNs = -1;
        lastSacktNs = -1;
        sackDelivered = 0;
        rsValid = false;
        rsPriorDelivered = 0;
        rsRttNs = -1;

        if (ack < priorSndUna) {
            if (ack < priorSndUna - maxWindow) {
                return;
            }
            if (rx.sackCount() > 0) {
                sacktag(priorSndUna, ack, now);
                delivered += sackDelivered;
                fastretransAlert(priorSndUna, 0);
                xmitRecovery();
            }
            return;
        }
        if (ack > sndNxt()) {
            return;
        }
        if (ack > priorSndUna) {
            flag |= FLAG_SND_UNA_ADVANCED;
            icskRetransmits = 0;
        }
        long priorFack = board.highestSackSeq();
        if (ack > priorSndUna || window > sndWnd || window == 0) {
            flag |= FLAG_WIN_UPDATE;
            sndWnd = window;
            maxWindow = Math.max(maxWindow, window);
        }
        counters.add(SenderCounters.BYTES_ACKED, ack - sndUna);
        sndUna = ack;
        if (rx.sackCount() > 0) {
            sacktag(priorSndUna, ack, now);
        }
        delivered += sackDelivered;

        if (priorPackets == 0) {
            if ((flag & FLAG_DSACKING_ACK) != 0) {
                fastretransAlert(priorSndUna, 0);
            }
            if (tlpHighSeq != NONE) {
                processTlpAck(ack);
            }
            return;
        }
        cleanRtxQueue(priorFack, priorSndUna, now);
        if (rf.rack()) {
            rack.updateReoWnd(rsValid ? rsPriorDelivered : 0, delivered);
        }
        if (tlpHighSeq != NONE) {
            processTlpAck(ack);
        }
        if ((flag & FLAG_NOT_DUP) == 0 || (flag & FLAG_CA_ALERT) != 0
                || caState != TcpCaState.OPEN) {
            int numDupack = 0;
            if ((flag & (FLAG_SND_UNA_ADVANCED | FLAG_NOT_DUP | FLAG_DSACKING_ACK)) == 0) {
                numDupack = 1;
            }
            fastretransAlert(priorSndUna, numDupack);
        }
        if ((flag & FLAG_SET_XMIT_TIMER) != 0) {
            setXmitTimer();
        }
        int newlyDelivered = (int) (delivered - priorDelivered);
        int newlyLost = (int) (board.lostTotal() - priorLost);
        congControl(newlyDelivered, newlyLost);
        xmitRecovery();
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
        if (caState != TcpCaState.LOSS || undoMarker != NONE) {
            checkSackReordering(reord, false);
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
        long nxt = sndNxt();
        if (e > nxt || s >= e || s >= nxt) {
            return false;
        }
        if (s > sndUna) {
            return true;
        }
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
            counters.inc(SenderCounters.DSACK_RECV);
        } else if (nb > 1 && e0 <= blockEnd[1] && s0 >= blockStart[1]) {
            counters.inc(SenderCounters.DSACK_OFO_RECV);
        } else {
            return false;
        }
        int dupSegs = dsackSeen(s0, e0);
        if (dupSegs == 0) {
            return false;
        }
        if (undoMarker != NONE && undoRetrans > 0 && e0 <= priorSndUna && e0 > undoMarker) {
            undoRetrans = Math.max(0, undoRetrans - dupSegs);
        }
        return true;
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
        } else if (tlpHighSeq != NONE && tlpHighSeq == e) {
            flag |= FLAG_DSACK_TLP;
        }
        counters.add(SenderCounters.DSACK_DUPS, dupSegs);
        if (counters.life(SenderCounters.DSACK_DUPS) > counters.life(SenderCounters.TOTAL_RETRANS)) {
            return 0;
        }
        if (reordSeen > 0 && (flag & FLAG_DSACK_TLP) == 0) {
            rack.noteDsack();
        }
        flag |= FLAG_DSACKING_ACK;
        sackDelivered += dupSegs;
        return dupSegs;
    }

    /** {@code tcp_sacktag_one} for segment {@code n}. */
    private void sacktagOne(long n, boolean dup, long now) {
        int t = board.tags(n);
        long s = board.seqOf(n);
        long e = board.endOf(n);
        if (dup && (t & SackScoreboard.RETRANS) != 0) {
            if (undoMarker != NONE && undoRetrans > 0 && e > undoMarker) {
                undoRetrans = Math.max(0, undoRetrans - 1);
            }
            if ((t & SackScoreboard.SACKED_ACKED) != 0 && s < reord) {
                reord = s;
            }
        }
        if (e <= sndUna) {
            return;
        }
        if ((t & SackScoreboard.SACKED_ACKED) == 0) {
            rack.advance(t, e, board.xmitNs(n), now, rtt.minRttNs());
            if ((t & SackScoreboard.SACKED_RETRANS) != 0) {
                if ((t & SackScoreboard.LOST) != 0) {
                    board.clearTags(n, SackScoreboard.LOST | SackScoreboard.SACKED_RETRANS);
                    board.addLostOut(-1);
                    board.addRetransOut(-1);
                }
            } else {
                if ((t & SackScoreboard.RETRANS) == 0) {
                    if (s < board.highestSackSeq() && s < reord) {
                        reord = s;
                    }
                    if (e <= highSeq) {
                        flag |= FLAG_ORIG_SACK_ACKED;
                    }
                    if (firstSacktNs < 0) {
                        firstSacktNs = board.xmitNs(n);
                    }
                    lastSacktNs = board.xmitNs(n);
                }
                if ((t & SackScoreboard.LOST) != 0) {
                    board.clearTags(n, SackScoreboard.LOST);
                    board.addLostOut(-1);
                }
            }
            board.markSacked(n);
            flag |= FLAG_DATA_SACKED;
            sackDelivered++;
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
        if (!rsValid || RackLossDetector.sentAfter(x, rsLastXmitNs, e, rsLastEnd)) {
            rsValid = true;
            rsPriorDelivered = board.deliveredAtSend(n);
            rsLastXmitNs = x;
            rsLastEnd = e;
        }
    }

    /** {@code tcp_clean_rtx_queue} and {@code tcp_ack_update_rtt}. */
    private void cleanRtxQueue(long priorFack, long priorSndUna, long now) {
        long firstAckt = -1;
        long lastAckt = -1;
        int pktsAcked = 0;
        int priorSacked = board.sackedOut();
        long reordAcked = sndNxt();
        while (board.una() < board.nxt() && board.endOf(board.una()) <= sndUna) {
            long n = board.una();
            int t = board.tags(n);
            if ((t & SackScoreboard.RETRANS) != 0) {
                flag |= FLAG_RETRANS_DATA_ACKED;
            } else if ((t & SackScoreboard.SACKED_ACKED) == 0) {
                lastAckt = board.xmitNs(n);
                if (firstAckt < 0) {
                    firstAckt = lastAckt;
                }
                reordAcked = Math.min(reordAcked, board.seqOf(n));
                if (board.endOf(n) <= highSeq) {
                    flag |= FLAG_ORIG_SACK_ACKED;
                }
            }
            if ((t & SackScoreboard.SACKED_ACKED) == 0) {
                delivered++;
                if (!spuriousRetrans(n)) {
                    rack.advance(t, board.endOf(n), board.xmitNs(n), now, rtt.minRttNs());
                }
            }
            pktsAcked++;
            rateDelivered(n);
            flag |= FLAG_DATA_ACKED;
            board.removeHead();
        }
        long seqRtt = -1;
        long caRtt = -1;
        long sackRtt = -1;
        if (firstAckt >= 0 && (flag & FLAG_RETRANS_DATA_ACKED) == 0) {
            seqRtt = now - firstAckt;
            caRtt = now - lastAckt;
            if (pktsAcked == 1 && priorSacked == 0 && sndUna - priorSndUna < mss
                    && rsPriorDelivered + 1 == delivered && (flag & FLAG_CA_ALERT) == 0) {
                flag |= FLAG_ACK_MAYBE_DELAYED;
            }
        }
        if (firstSacktNs >= 0) {
            sackRtt = now - firstSacktNs;
            caRtt = now - lastSacktNs;
        }
        boolean rttUpdate = ackUpdateRtt(seqRtt, sackRtt, caRtt);
        if ((flag & FLAG_ACKED) != 0) {
            flag |= FLAG_SET_XMIT_TIMER;
            if (reordAcked < priorFack) {
                checkSackReordering(reordAcked, false);
            }
        } else if (board.packetsOut() > 0 && rttUpdate && sackRtt >= 0
                && sackRtt > now - board.xmitNs(board.una())) {
            flag |= FLAG_SET_XMIT_TIMER;
        }
        cc.pktsAcked(pktsAcked, rsRttNs);
    }

    /** {@code tcp_skb_spurious_retrans}: the ACK's echo predates segment {@code n}'s retransmission. */
    private boolean spuriousRetrans(long n) {
        return board.has(n, SackScoreboard.RETRANS) && tsoptEcrBefore(board.tsVal(n));
    }

    /** {@code tcp_tsopt_ecr_before}. */
    private boolean tsoptEcrBefore(int when) {
        return sawTstamp && rcvTsecr != 0 && rcvTsecr - when < 0;
    }

    /** {@code tcp_packet_delayed}: the echo predates the first retransmission. */
    private boolean packetDelayed() {
        return retransStamp != 0 && tsoptEcrBefore(retransStamp);
    }

    /** {@code tcp_ack_update_rtt}. */
    private boolean ackUpdateRtt(long seqRtt, long sackRtt, long caRtt) {
        if (seqRtt < 0) {
            seqRtt = sackRtt;
        }
        if (seqRtt < 0 && sawTstamp && rcvTsecr != 0 && (flag & FLAG_ACKED) != 0) {
            int delta = clock.tsNow() - rcvTsecr;
            if (delta >= 0) {
                seqRtt = Math.max(delta, 1) * clock.tsTickNs();
                caRtt = seqRtt;
            }
        }
        rsRttNs = caRtt;
        if (seqRtt < 0) {
            return false;
        }
        rtt.updateMin(caRtt, (flag & FLAG_ACK_MAYBE_DELAYED) != 0);
        rtt.sample(seqRtt, sndUna, sndNxt());
        icskRtoJiffies = rtt.rtoJiffies();
        rttStats.add(seqRtt);
        return true;
    }

    /** {@code tcp_check_sack_reordering}. */
    private void checkSackReordering(long lowSeq, boolean ts) {
        long fack = board.highestSackSeq();
        if (lowSeq >= fack) {
            return;
        }
        long metric = fack - lowSeq;
        if (rf.adaptiveReordering() && metric > (long) reordering * mss) {
            reordering = (int) Math.min((metric + mss - 1) / mss, rf.maxReordering());
        }
        reordSeen++;
        counters.inc(SenderCounters.REORD_SEEN);
        counters.inc(ts ? SenderCounters.TS_REORDER : SenderCounters.SACK_REORDER);
    }

    /** {@code tcp_process_tlp_ack}. */
    private void processTlpAck(long ack) {
        if (ack < tlpHighSeq) {
            return;
        }
        if (!tlpRetrans) {
            tlpHighSeq = NONE;
        } else if ((flag & FLAG_DSACK_TLP) != 0) {
            tlpHighSeq = NONE;
        } else if (ack > tlpHighSeq) {
            initCwndReduction();
            setCaState(TcpCaState.CWR);
            endCwndReduction();
            tryKeepOpen();
            counters.inc(SenderCounters.LOSS_PROBE_RECOVERY);
        } else if ((flag & (FLAG_SND_UNA_ADVANCED | FLAG_NOT_DUP | FLAG_DATA_SACKED)) == 0) {
            tlpHighSeq = NONE;
        }
    }

    // ------------------------------------------------------------------------------------------
    // tcp_fastretrans_alert and the undo procedures

    private void fastretransAlert(long priorSndUna, int numDupack) {
        boolean fastRexmit = false;
        int entryFlag = flag;
        doLost = numDupack > 0 || ((entryFlag & FLAG_DATA_SACKED) != 0 && forceFastRetransmit());

        if (caState == TcpCaState.OPEN) {
            retransStamp = 0;
        } else if (sndUna >= highSeq) {
            if (caState == TcpCaState.CWR) {
                if (sndUna != highSeq) {
                    endCwndReduction();
                    setCaState(TcpCaState.OPEN);
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
                if ((entryFlag & FLAG_SND_UNA_ADVANCED) != 0 && tryUndoPartial(priorSndUna)) {
                    return;
                }
                if (tryUndoDsack()) {
                    tryKeepOpen();
                }
                identifyPacketLoss();
                if (caState != TcpCaState.RECOVERY) {
                    if (!timeToRecover()) {
                        return;
                    }
                    enterRecovery();
                }
            }
            case LOSS -> {
                processLoss(entryFlag, numDupack);
                identifyPacketLoss();
                if (!(caState == TcpCaState.OPEN || (flag & FLAG_LOST_RETRANS) != 0)) {
                    return;
                }
                if (openOrStartRecovery(entryFlag)) {
                    return;
                }
                fastRexmit = true;
            }
            default -> {
                if (openOrStartRecovery(entryFlag)) {
                    return;
                }
                fastRexmit = true;
            }
        }
        if (!rf.rack() && doLost) {
            updateScoreboard(fastRexmit);
        }
        rexmit = REXMIT_LOST;
    }

    /** The default branch of {@code tcp_fastretrans_alert}; true if it returned early. */
    private boolean openOrStartRecovery(int entryFlag) {
        if (!caState.atLeast(TcpCaState.CWR)) {
            tryUndoDsack();
        }
        identifyPacketLoss();
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
        return !rf.rack() && board.sackedOut() + 1 > reordering;
    }

    /** {@code tcp_force_fast_retransmit}. */
    private boolean forceFastRetransmit() {
        return board.highestSackSeq() > sndUna + (long) reordering * mss;
    }

    /** {@code tcp_identify_packet_loss} with RACK ({@code tcp_rack_mark_lost}). */
    private void identifyPacketLoss() {
        if (board.packetsOut() == 0 || !rf.rack()) {
            return;
        }
        int priorRetrans = board.retransOut();
        long timeout = rack.markLost(reoWnd(), clock.nowNs());
        if (timeout > 0) {
            long j = clock.toJiffies(timeout + cfg.timers().rackSlackNs());
            timer.reset(RetransmitTimer.Kind.REO_TIMEOUT, j, icskRtoJiffies);
            flag &= ~FLAG_SET_XMIT_TIMER;
        }
        if (priorRetrans > board.retransOut()) {
            flag |= FLAG_LOST_RETRANS;
        }
    }

    private long reoWnd() {
        return rack.reoWnd(reordSeen, caState, reordering, rtt.minRttNs(), rtt.srtt8Ns());
    }

    /** {@code tcp_update_scoreboard} (SACK, no RACK). */
    private void updateScoreboard(boolean fastRexmit) {
        int sackedUpto = board.sackedOut() - reordering;
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
            }
            if (markHead) {
                break;
            }
        }
    }

    /** {@code tcp_enter_recovery}. */
    private void enterRecovery() {
        counters.inc(SenderCounters.SACK_RECOVERY);
        cw.forgetPriorSsthresh();
        initUndo();
        if (!inCwndReduction()) {
            cw.savePriorSsthresh(currentSsthresh());
            initCwndReduction();
        }
        setCaState(TcpCaState.RECOVERY);
    }

    /** {@code tcp_init_undo}. */
    private void initUndo() {
        undoMarker = sndUna;
        undoRetrans = board.retransOut() != 0 ? board.retransOut() : -1;
    }

    /** {@code tcp_init_cwnd_reduction}. */
    private void initCwndReduction() {
        highSeq = sndNxt();
        tlpHighSeq = NONE;
        cw.startReduction(cc.ssthresh());
    }

    /** {@code tcp_end_cwnd_reduction}. */
    private void endCwndReduction() {
        if (cw.ssthresh() < CongestionWindow.INFINITE_SSTHRESH
                && (caState == TcpCaState.CWR || undoMarker != NONE)) {
            cw.endReduction();
        }
    }

    /** {@code tcp_in_cwnd_reduction}: CWR or Recovery. */
    private boolean inCwndReduction() {
        return caState == TcpCaState.CWR || caState == TcpCaState.RECOVERY;
    }

    /** {@code tcp_current_ssthresh}. */
    private int currentSsthresh() {
        if (inCwndReduction()) {
            return cw.ssthresh();
        }
        return Math.max(cw.ssthresh(), (cw.cwnd() >> 1) + (cw.cwnd() >> 2));
    }

    private void setCaState(TcpCaState s) {
        cc.onState(s);
        caState = s;
    }

    /** {@code tcp_try_keep_open}. */
    private void tryKeepOpen() {
        TcpCaState s = board.leftOut() > 0 || board.anyRetransDone()
                ? TcpCaState.DISORDER : TcpCaState.OPEN;
        if (caState != s) {
            setCaState(s);
            highSeq = sndNxt();
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

    /** {@code tcp_may_undo}. */
    private boolean mayUndo() {
        return rf.undo() && undoMarker != NONE && (undoRetrans == 0 || packetDelayed());
    }

    /** {@code tcp_undo_cwnd_reduction}. */
    private void undoCwndReduction(boolean unmarkLoss) {
        if (unmarkLoss) {
            board.unmarkAllLost();
        }
        if (cw.priorSsthresh() != 0) {
            cw.undo(cc.undoCwnd());
        }
        undoMarker = NONE;
        rack.forceAdvanced();
    }

    /** {@code tcp_try_undo_recovery}; true if the caller must stop. */
    private boolean tryUndoRecovery() {
        if (mayUndo()) {
            undoCwndReduction(false);
            counters.inc(caState == TcpCaState.LOSS ? SenderCounters.LOSS_UNDO
                    : SenderCounters.FULL_UNDO);
        } else if (rack.reoWndPersist() > 0) {
            rack.reoWndPersist(rack.reoWndPersist() - 1);
        }
        setCaState(TcpCaState.OPEN);
        return false;
    }

    /** {@code tcp_try_undo_dsack}. */
    private boolean tryUndoDsack() {
        if (rf.undo() && undoMarker != NONE && undoRetrans == 0) {
            rack.reoWndPersist(Math.min(RackLossDetector.RECOVERY_THRESH,
                    rack.reoWndPersist() + 1));
            undoCwndReduction(false);
            counters.inc(SenderCounters.DSACK_UNDO);
            return true;
        }
        return false;
    }

    /** {@code tcp_try_undo_partial}; true if the caller must stop. */
    private boolean tryUndoPartial(long priorSndUna) {
        if (rf.undo() && undoMarker != NONE && packetDelayed()) {
            checkSackReordering(priorSndUna, true);
            if (board.retransOut() > 0) {
                return true;
            }
            if (!board.anyRetransDone()) {
                retransStamp = 0;
            }
            undoCwndReduction(true);
            counters.inc(SenderCounters.PARTIAL_UNDO);
            tryKeepOpen();
        } else {
            doLost = forceFastRetransmit();
        }
        return false;
    }

    /** {@code tcp_try_undo_loss}. */
    private boolean tryUndoLoss(boolean frtoUndo) {
        if (frtoUndo || mayUndo()) {
            undoCwndReduction(true);
            counters.inc(SenderCounters.LOSS_UNDO);
            if (frtoUndo) {
                counters.inc(SenderCounters.SPURIOUS_RTOS);
            }
            icskRetransmits = 0;
            setCaState(TcpCaState.OPEN);
            return true;
        }
        return false;
    }

    /** {@code tcp_process_loss}: the Loss state, with F-RTO (RFC 5682, SACK-enhanced). */
    private void processLoss(int entryFlag, int numDupack) {
        boolean recovered = sndUna >= highSeq;
        if ((entryFlag & FLAG_SND_UNA_ADVANCED) != 0 && tryUndoLoss(false)) {
            return;
        }
        if (frto) {
            if ((entryFlag & FLAG_ORIG_SACK_ACKED) != 0 && rf.undo() && tryUndoLoss(true)) {
                return;
            }
            if (sndNxt() > highSeq) {
                if ((entryFlag & FLAG_DATA_SACKED) != 0 || numDupack > 0) {
                    frto = false;
                }
            } else if ((entryFlag & FLAG_SND_UNA_ADVANCED) != 0 && !recovered) {
                highSeq = sndNxt();
                if (hasUnsent() && sndUna + sndWnd > sndNxt()) {
                    rexmit = REXMIT_NEW;
                    return;
                }
                frto = false;
            }
        }
        if (recovered) {
            tryUndoRecovery();
            return;
        }
        rexmit = REXMIT_LOST;
    }

    /** {@code tcp_enter_loss}, with {@code tcp_timeout_mark_lost}. */
    private void enterLoss() {
        boolean newRecovery = caState.compareTo(TcpCaState.RECOVERY) < 0;
        long now = clock.nowNs();
        long head = board.una();
        for (long n = head; n < board.nxt(); n++) {
            if (rf.rack() && n != head && rack.skbTimeout(n, 0, now) > 0) {
                continue;
            }
            board.markLost(n);
        }
        board.retransmitHint(board.una());
        if (!caState.atLeast(TcpCaState.RECOVERY) || highSeq <= sndUna
                || (caState == TcpCaState.LOSS && icskRetransmits == 0)) {
            int priorSsthresh = currentSsthresh();
            cw.lowerSsthreshForLoss(priorSsthresh, cc.ssthresh());
            initUndo();
        }
        cw.restartAfterTimeout(board.inFlight() + 1);
        if (!caState.atLeast(TcpCaState.CWR) && board.sackedOut() >= rf.initialReordering()) {
            reordering = Math.min(reordering, rf.initialReordering());
        }
        setCaState(TcpCaState.LOSS);
        highSeq = sndNxt();
        frto = rf.frto() && (newRecovery || icskRetransmits > 0);
    }

    // ------------------------------------------------------------------------------------------
    // cwnd

    /** {@code tcp_cong_control} without a {@code cong_control} op. */
    private void congControl(int ackedSacked, int newlyLost) {
        if (inCwndReduction()) {
            cwndReduction(ackedSacked, newlyLost);
        } else if (mayRaiseCwnd()) {
            cc.congAvoid(ackedSacked);
        }
        updatePacingRate();
    }

    /** {@code tcp_may_raise_cwnd}. */
    private boolean mayRaiseCwnd() {
        if (reordering > rf.initialReordering()) {
            return (flag & FLAG_FORWARD_PROGRESS) != 0;
        }
        return (flag & FLAG_DATA_ACKED) != 0;
    }

    /** {@code tcp_cwnd_reduction}: Proportional Rate Reduction, RFC 6937. */
    private void cwndReduction(int newlyAckedSacked, int newlyLost) {
        cw.proportionalRateReduction(newlyAckedSacked, board.inFlight(),
                (flag & FLAG_SND_UNA_ADVANCED) != 0 && newlyLost == 0);
    }

    /** {@code tcp_update_pacing_rate}: 200 % of cwnd/SRTT in slow start, 120 % after. */
    private void updatePacingRate() {
        int ratio = cw.cwnd() < cw.ssthresh() / 2 ? 200 : 120;
        double rate = (double) mss * 80_000 * ratio * Math.max(cw.cwnd(), board.packetsOut());
        long srtt8 = rtt.srtt8Ns();
        if (srtt8 > 0) {
            rate = rate * 1000.0 / srtt8;
        }
        pacingRate = (long) Math.min(rate, Long.MAX_VALUE / 2);
    }

    /** {@code tcp_cwnd_validate}, without the application-limited decay. */
    private void cwndValidate(boolean cwndLimited) {
        if (sndUna >= cwndUsageSeq || cwndLimited
                || (!isCwndLimited && board.packetsOut() > maxPacketsOut)) {
            isCwndLimited = cwndLimited;
            maxPacketsOut = board.packetsOut();
            cwndUsageSeq = sndNxt();
        }
    }

    // ------------------------------------------------------------------------------------------
    // Sending

    private boolean hasUnsent() {
        long n = board.nxt();
        long seq = board.seqOf(n);
        if (cfg.byteLimit() > 0 && seq >= cfg.byteLimit()) {
            return false;
        }
        return board.endOf(n) - sndUna <= cfg.sendBufferBytes() && n - board.una() < board.capacity();
    }

    /** {@code tcp_write_xmit}; {@code pushOne} 2 forces one segment past cwnd (a loss probe). */
    private void writeXmit(int pushOne) {
        if (!started || inOutput) {
            return;
        }
        int sent = 0;
        boolean cwndLimited = false;
        while (hasUnsent()) {
            int inFlight = board.inFlight();
            if (inFlight >= cw.cwnd() && pushOne != 2) {
                break;
            }
            long n = board.nxt();
            if (board.endOf(n) > sndUna + sndWnd) {
                break;
            }
            if (!gate.canTransmit()) {
                throttled = true;
                break;
            }
            int priorPackets = board.packetsOut();
            board.sendNew(clock.nowNs(), clock.tsNow(), delivered);
            transmit(n, false);
            if (priorPackets == 0 || timer.pending() == RetransmitTimer.Kind.LOSS_PROBE) {
                rearmRto();
            }
            sent++;
            if (pushOne != 0) {
                break;
            }
        }
        cwndLimited |= board.inFlight() >= cw.cwnd();
        if (sent > 0 || cwndLimited) {
            cwndValidate(cwndLimited);
        }
        if (sent > 0) {
            if (inCwndReduction()) {
                cw.prrSent(sent);
            }
            if (pushOne != 2) {
                scheduleLossProbe(false);
            }
        }
    }

    /** {@code tcp_xmit_recovery}. */
    private void xmitRecovery() {
        if (rexmit == REXMIT_NONE) {
            return;
        }
        if (rexmit == REXMIT_NEW) {
            writeXmit(0);
            if (sndNxt() > highSeq) {
                return;
            }
            frto = false;
        }
        xmitRetransmitQueue();
    }

    /** {@code tcp_xmit_retransmit_queue}: retransmits segments marked lost, within cwnd. */
    private void xmitRetransmitQueue() {
        if (board.packetsOut() == 0 || inOutput) {
            return;
        }
        boolean rearm = false;
        boolean hole = false;
        for (long n = board.retransmitHint(); n < board.nxt(); n++) {
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
                throttled = true;
                break;
            }
            retransmitSkb(n);
            counters.inc(caState != TcpCaState.LOSS ? SenderCounters.FAST_RETRANS
                    : SenderCounters.SLOW_START_RETRANS);
            if (inCwndReduction()) {
                cw.prrSent(1);
            }
            if (n == board.una() && timer.pending() != RetransmitTimer.Kind.REO_TIMEOUT) {
                rearm = true;
            }
        }
        if (rearm) {
            timer.reset(RetransmitTimer.Kind.RETRANS, icskRtoJiffies, maxRtoJiffies);
        }
    }

    /** {@code tcp_retransmit_skb}. */
    private void retransmitSkb(long n) {
        board.stamp(n, clock.nowNs(), clock.tsNow(), delivered);
        transmit(n, true);
        board.setTags(n, SackScoreboard.SACKED_RETRANS);
        board.addRetransOut(1);
        if (retransStamp == 0) {
            retransStamp = board.tsVal(n);
        }
        if (undoRetrans < 0) {
            undoRetrans = 0;
        }
        undoRetrans++;
    }

    /** Builds segment {@code n} (stamped already) and hands it to the output. */
    private void transmit(long n, boolean retransmission) {
        long seq = board.seqOf(n);
        int len = board.lenOf(n);
        tx.seq(Ipv4TcpHeader.wire(seq, cfg.senderIsn()))
                .ack(cfg.receiverIsn())
                .flags(Ipv4TcpHeader.ACK)
                .window(0xffff)
                .timestamp(board.tsVal(n) + cfg.tsOffset(), tsRecent)
                .clearSack()
                .ipId(ipId++);
        int hl = tx.headerLength();
        long payloadSum = PayloadStream.fillAndSum(txBuf, hl, seq, len);
        int total = tx.write(txBuf, 0, len, payloadSum);
        counters.inc(SenderCounters.SEGS_OUT);
        if (retransmission) {
            counters.inc(SenderCounters.TOTAL_RETRANS);
            board.setTags(n, SackScoreboard.EVER_RETRANS);
        } else {
            counters.inc(SenderCounters.DATA_SEGS_OUT);
        }
        inOutput = true;
        try {
            output.transmit(txBuf, 0, total);
        } finally {
            inOutput = false;
        }
    }

    // ------------------------------------------------------------------------------------------
    // The retransmit timer: RTO, RACK reordering timeout, tail loss probe

    /** {@code tcp_rearm_rto}. */
    private void rearmRto() {
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
    private void setXmitTimer() {
        if (!scheduleLossProbe(true)) {
            rearmRto();
        }
    }

    /** {@code tcp_schedule_loss_probe}. */
    private boolean scheduleLossProbe(boolean advancingRto) {
        if (!rf.tailLossProbe() || board.packetsOut() == 0
                || (caState != TcpCaState.OPEN && caState != TcpCaState.CWR)) {
            return false;
        }
        long timeout;
        if (rtt.hasSample()) {
            long t = rtt.srtt8Ns() >> 2;
            t += board.packetsOut() == 1 ? cfg.timers().minRtoNs() : 2_000_000L;
            timeout = clock.toJiffies(t);
        } else {
            timeout = clock.toJiffies(cfg.timers().initialRtoNs());
        }
        long rtoDelta = advancingRto ? icskRtoJiffies * clock.jiffyNs() : rtoDeltaNs();
        if (rtoDelta > 0) {
            timeout = Math.min(timeout, clock.toJiffies(rtoDelta));
        }
        timer.reset(RetransmitTimer.Kind.LOSS_PROBE, timeout, maxRtoJiffies);
        return true;
    }

    /** {@code tcp_send_loss_probe}. */
    private void sendLossProbe() {
        if (tlpHighSeq != NONE) {
            rearmRto();
            return;
        }
        tlpRetrans = false;
        long nxt = board.nxt();
        if (hasUnsent() && board.endOf(nxt) <= sndUna + sndWnd) {
            int pcount = board.packetsOut();
            writeXmit(2);
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
            board.stamp(last, clock.nowNs(), clock.tsNow(), delivered);
            transmit(last, true);
            tlpRetrans = true;
        }
        tlpHighSeq = sndNxt();
        counters.inc(SenderCounters.LOSS_PROBES);
        timer.forget();
        rearmRto();
    }

    /** {@code tcp_retransmit_timer}. */
    private void retransmitTimer() {
        if (board.packetsOut() == 0) {
            return;
        }
        counters.inc(SenderCounters.TIMEOUTS);
        enterLoss();
        icskRetransmits++;
        retransmitSkb(board.una());
        icskRtoJiffies = Math.min(icskRtoJiffies << 1, maxRtoJiffies);
        timer.reset(RetransmitTimer.Kind.RETRANS, icskRtoJiffies, maxRtoJiffies);
        cwndStats.add(cw.cwnd());
    }

    /** {@code tcp_rack_reo_timeout}. */
    private void rackReoTimeout() {
        int priorInflight = board.inFlight();
        long priorLost = board.lostTotal();
        rack.detectLoss(reoWnd(), clock.nowNs());
        if (priorInflight != board.inFlight()) {
            if (caState != TcpCaState.RECOVERY) {
                enterRecovery();
                flag = 0;
                cwndReduction(1, (int) (board.lostTotal() - priorLost));
            }
            xmitRetransmitQueue();
        }
        if (timer.pending() != RetransmitTimer.Kind.RETRANS) {
            rearmRto();
        }
    }
}
