package org.cryptorder.transport.tcp.receive;

import org.cryptorder.metrics.LatencyHistogram;
import org.cryptorder.transport.tcp.AckPolicy;
import org.cryptorder.transport.tcp.ReadPath;
import org.cryptorder.transport.tcp.SegmentOutput;
import org.cryptorder.transport.tcp.SocketLock;
import org.cryptorder.transport.tcp.TcpClock;
import org.cryptorder.transport.tcp.TcpConfig;
import org.cryptorder.transport.tcp.trace.TcpSequenceObserver;
import org.cryptorder.transport.wire.FlowAddress;
import org.cryptorder.transport.wire.InternetChecksum;
import org.cryptorder.transport.wire.Ipv4TcpHeader;
import org.cryptorder.transport.wire.PayloadStream;
import umontreal.ssj.simevents.Simulator;

/**
 * The receiving end of one TCP connection (an iperf3 server reading as fast as data arrives):
 * protocol logic only, on a {@link Simulator}. Data segments come in as real bytes through
 * {@link #receive}; ACKs leave through a {@link SegmentOutput}.
 *
 * <p>It follows Linux's receive path ({@code net/ipv4/tcp_input.c}): {@code tcp_data_queue} (in
 * order: deliver, pull what the out-of-order queue now continues, ACK at once if the queue
 * emptied; old data: D-SACK and quick ACK; out of window: drop), {@code tcp_data_queue_ofo} (queue,
 * D-SACK for data held already, SACK blocks via {@code tcp_sack_new_ofo_skb}), {@code tcp_dsack_set}
 * / {@code tcp_dsack_extend}, the SACK option with a D-SACK first and at most 3 blocks beside
 * timestamps ({@code tcp_established_options}), RFC 7323 timestamp echo
 * ({@code tcp_replace_ts_recent}: TSval of the segment at the left window edge, never moving back),
 * PAWS ({@code tcp_paws_discard}: data more than a tick older than that echo is dropped with a
 * duplicate ACK, in Linux mode), the receiver's RTT
 * estimate ({@code tcp_rcv_rtt_measure}, {@code tcp_rcv_rtt_measure_ts}) that sizes the SACK
 * compression delay, and the window it advertises ({@code tcp_select_window}: never shrinks).
 * When ACKs go is {@link DelayedAck}'s business.
 *
 * <p>The receiver's own RTO, which bounds its ACK timeout and decides when a long silence puts it
 * back in quick-ACK mode, is the minimum RTO: what the handshake's sub-millisecond RTT sample
 * would have given it ({@code tcp_synack_rtt_meas}).
 *
 * <p>Without a modelled application ({@link ReadPath#INSTANT}) in-order data is read the moment it
 * arrives, so the advertised window is the configured buffer less what the out-of-order queue
 * holds; with one ({@link org.cryptorder.transport.tcp.socket.TcpRecvmsg}), the socket's memory,
 * window and autotuning are Linux's ({@link ReceiveBuffer}) and data waits for the reads. A GRO packet arrives as one skb of several
 * segments ({@link #receive(byte[], int, int, int)}). Every payload octet is checked against
 * {@link PayloadStream}. Not modelled: PAWS's 24-day expiry of {@code ts_recent}, SACK reneging and
 * out-of-order queue pruning under memory pressure, PSH, the FIN.
 */
public final class TcpReceiver implements DelayedAck.Receiver {

    private final TcpConfig cfg;
    private final AckPolicy policy;
    private final SegmentOutput output;
    private final TcpClock clock;
    private final DelayedAck acks;
    private final OutOfOrderQueue ofo = new OutOfOrderQueue();
    private final SackBlockList sacks = new SackBlockList();
    private final Ipv4TcpHeader rx = new Ipv4TcpHeader();
    private final Ipv4TcpHeader tx = new Ipv4TcpHeader();
    private final byte[] txBuf = new byte[Ipv4TcpHeader.IPV4_HEADER_BYTES
            + Ipv4TcpHeader.TCP_HEADER_BYTES + 40];
    private final Runnable flushCompressed;

    private long rcvNxt;
    private long rcvWup;
    private long rcvWnd;
    private int rcvMss;
    private int tsRecent;
    private boolean dsackPending;
    private long dsackStart;
    private long dsackEnd;
    private int ipId;
    /** The socket's memory and window, or null when no application is modelled ({@link ReadPath#INSTANT}). */
    private final ReceiveBuffer buffer;
    private final ReadPath readPath;
    private ReceiverOwner owner = ReceiverOwner.NONE;
    /** {@code TCP_ACK_DEFERRED}: an ACK decided while the socket was owned waits for {@code tcp_release_cb}. */
    private boolean ackDeferred;

    /** In-order arrivals not yet read, and the delays to the reads that copied them. */
    private final ArrivalLog arrivals = new ArrivalLog();
    /** The receiver's RTT estimate. */
    private final ReceiverRtt rtt;
    private final long[] life = new long[14];
    private final long[] base = new long[14];
    private long ofoBytesMax;
    // the counters' places in life[] and base[] (10 and 11 hold DelayedAck's delayed and compressed ACKs)
    private static final int SEGS_IN = 0, BYTES_DELIVERED = 1, OFO_SEGS = 2, DUP_SEGS = 3, DSACK_OLD = 4,
            DSACK_OFO = 5, ACKS_SENT = 6, OUT_OF_WINDOW = 7, BAD = 8, PAYLOAD_ERRORS = 9, PAWS_REJECTED = 12,
            READ_ACKS = 13;
    /** TCP_PAWS_WINDOW: how many ticks older than {@code ts_recent} a TSval may be. */
    private static final int PAWS_WINDOW = 1;

    /** Told of each segment queued out of order while a time-sequence graph is drawn, or null. */
    private TcpSequenceObserver sequence;

    /**
     * Tells {@code observer} of each segment queued out of order from now on ({@link
     * TcpSequenceObserver#arrivedOutOfOrder}); null detaches it. What the receiver does is the same
     * either way.
     */
    public void sequence(TcpSequenceObserver observer) {
        sequence = observer;
    }

    /** Sets the socket this receiver's lock and reader belong to. */
    public void owner(ReceiverOwner o) {
        this.owner = o;
    }

    /**
     * @param sim the simulator of this replication
     * @param cfg the connection's parameters
     * @param address the ACK direction's addresses and ports (this host is the source)
     * @param output where ACKs go
     */
    public TcpReceiver(Simulator sim, TcpConfig cfg, FlowAddress address, SegmentOutput output) {
        this(sim, cfg, address, output, ReadPath.INSTANT);
    }

    /**
     * A receiver whose application reads as {@code read} says: with a modelled application the
     * socket's memory, window and autotuning are Linux's ({@link ReceiveBuffer}), the window scale
     * is {@link ReadPath#windowScale()} (the sender's {@code cfg} must agree), and data waits in the
     * receive queue until {@link #read}.
     */
    public TcpReceiver(Simulator sim, TcpConfig cfg, FlowAddress address, SegmentOutput output, ReadPath read) {
        this.cfg = cfg;
        this.policy = cfg.acks();
        this.output = output;
        this.clock = new TcpClock(sim, cfg.timers());
        this.acks = new DelayedAck(sim, clock, policy, cfg.timers().minRtoNs(), this, output);
        this.readPath = read;
        this.rtt = new ReceiverRtt(read.rcvRtt());
        if (read.modelled()) {
            if (read.windowScale() != cfg.windowScale()) {
                throw new IllegalArgumentException("window scale " + cfg.windowScale() + " but the receiver's kernel offers "
                        + read.windowScale());
            }
            this.buffer = new ReceiveBuffer(read, cfg.mss(), (long) sim.time());
            this.rcvWnd = buffer.initialWindow();
        } else {
            this.buffer = null;
            this.rcvWnd = cfg.receiveWindowBytes();
        }
        this.rcvMss = Math.min(cfg.mss(), 536);
        this.flushCompressed = acks::flushCompressed;
        tx.address(address);
    }

    /** An incoming packet for this connection: a data segment from the sender. */
    public void receive(byte[] buf, int off, int len) {
        receive(buf, off, len, 0);
    }

    /**
     * An incoming skb for this connection: one data segment ({@code gsoSize} 0), or a GRO packet of
     * consecutive segments merged, {@code gsoSize} the first one's payload. A GRO packet's checksum
     * was validated segment by segment in GRO ({@code CHECKSUM_UNNECESSARY}); its payload is still
     * checked against the stream. It is one {@code tcp_rcv_established}: one pass through the
     * receive path, one ACK decision, {@code tcp_measure_rcv_mss} from {@code gso_size}, and its
     * segments counted ({@code tcp_segs_in} adds {@code gso_segs}).
     */
    public void receive(byte[] buf, int off, int len, int gsoSize) {
        if (rx.parseHeaders(buf, off, len) != Ipv4TcpHeader.ParseResult.OK) {
            life[BAD]++;
            return;
        }
        int plen = rx.payloadLength();
        int payloadAt = rx.payloadOffset();
        long seq = Ipv4TcpHeader.unwrap(rx.seq(), cfg.senderIsn(), rcvNxt);
        // the payload is read once: checked against the stream and added up for the checksum
        long payloadSum = PayloadStream.sumIfIntact(buf, payloadAt, seq, plen);
        boolean intact = payloadSum >= 0;
        if (gsoSize == 0 && !rx.payloadSumChecks(intact ? payloadSum : InternetChecksum.add(0, buf, payloadAt, plen))) {
            life[BAD]++;
            return;
        }
        if (plen == 0) {
            return;
        }
        int segs = gsoSize == 0 ? 1 : (plen + gsoSize - 1) / gsoSize;
        truesize = segs * SocketLock.RX_TRUESIZE;
        mssLen = gsoSize == 0 ? plen : gsoSize;
        life[SEGS_IN] += segs;
        skbs++;
        long end = seq + plen;
        if (!intact) {
            life[PAYLOAD_ERRORS]++;
            return;
        }
        if (rx.hasTimestamps() && pawsDiscard()) {
            life[PAWS_REJECTED]++;
            sendDupack(seq, end);
            return;
        }
        if (end < rcvWup || seq >= rcvNxt + receiveWindow()) {
            if (seq >= rcvNxt) {
                life[OUT_OF_WINDOW]++;
            }
            sendDupack(seq, end);
            return;
        }
        if (rx.hasTimestamps()) {
            replaceTsRecent(seq);
            rtt.measureTs(rx.tsEcr(), plen, rcvMss, clock.tsNow() - (rx.tsEcr() - cfg.tsOffset()), clock.tsTickNs(),
                    unread() > 0);
        }
        dataQueue(seq, end, plen);
        acks.check(!ofo.isEmpty());
    }

    /**
     * {@code tcp_paws_discard}: the segment's TSval is more than {@code TCP_PAWS_WINDOW} older than
     * {@code ts_recent} ({@code tcp_paws_check}; {@code ts_recent} 0 is no reference yet). The
     * exception {@code tcp_disordered_ack} is for pure ACKs, never data.
     */
    private boolean pawsDiscard() {
        return policy.paws() && tsRecent != 0 && tsRecent - rx.tsVal() > PAWS_WINDOW;
    }

    /**
     * {@code tcp_replace_ts_recent}: a segment at or below the left edge of the window last
     * advertised ({@code rcv_wup}) sets the timestamp to echo, if it is not older than the one held
     * ({@code tcp_paws_check} with window 0, RFC 7323 section 4.3: "If SEG.TSval >= TS.Recent and
     * SEG.SEQ <= Last.ACK.sent"). Out-of-order segments never set it, and neither does an original
     * that arrives after a later retransmission moved it on.
     */
    private void replaceTsRecent(long seq) {
        if (seq <= rcvWup && (tsRecent == 0 || rx.tsVal() - tsRecent >= 0)) {
            tsRecent = rx.tsVal();
        }
    }

    /**
     * {@code tcp_send_dupack}: an ACK at once for a segment dropped before {@code tcp_data_queue};
     * if it carried old data, a D-SACK for it and quick-ACK mode.
     */
    private void sendDupack(long seq, long end) {
        if (seq < rcvNxt) {
            duplicate(seq, Math.min(end, rcvNxt));
            acks.enterQuickack();
        }
        sendAck();
    }

    /** {@code tcp_data_queue}. */
    private void dataQueue(long seq, long end, int plen) {
        dsackPending = false;
        if (seq == rcvNxt) {
            deliverInOrder(end, plen);
            return;
        }
        if (end <= rcvNxt) {
            duplicate(seq, end);
            acks.enterQuickack();
            acks.schedule();
            acks.ackNow();
            return;
        }
        if (seq < rcvNxt) {
            dsackSet(seq, rcvNxt);
            deliverInOrder(end, plen);
            return;
        }
        queueOutOfOrder(seq, end);
    }

    private void duplicate(long seq, long end) {
        life[DUP_SEGS]++;
        dsackSet(seq, end);
    }

    private void deliverInOrder(long end, int plen) {
        life[BYTES_DELIVERED] += end - rcvNxt;
        rcvNxt = end;
        if (buffer != null) {
            buffer.queueSegment(end, truesize);
            arrivals.arrived(end, clock.nowNs());
        }
        measureRcvMss(mssLen);
        rtt.measure(clock.nowNs(), rcvNxt, rcvWnd, unread() > 0);
        acks.dataReceived();
        if (buffer != null && plen >= 128 && buffer.growWindow(plen, truesize, rcvMss, owner.backlogLen())) {
            acks.quickBit();
        }
        if (!ofo.isEmpty()) {
            long next;
            while ((next = ofo.takeFirstIfReachable(rcvNxt)) >= 0) {
                life[BYTES_DELIVERED] += next - rcvNxt;
                if (buffer != null) {
                    int segments = (int) ((next - rcvNxt + cfg.mss() - 1) / cfg.mss());
                    long moved = ofo.isEmpty() ? ofoCharged : Math.min(ofoCharged, (long) segments * SocketLock.RX_TRUESIZE);
                    ofoCharged -= moved;
                    buffer.queueFromOfo(next, (int) moved, segments);
                }
                rcvNxt = next;
            }
            if (ofo.isEmpty()) {
                acks.ackNow();
            }
        }
        if (sacks.count() > 0) {
            sacks.remove(rcvNxt, ofo.isEmpty());
        }
        if (buffer != null) {
            owner.dataReady();
        }
    }

    /** The skb being received: its truesize (every segment's) and the length {@code tcp_measure_rcv_mss} takes. */
    private int truesize = SocketLock.RX_TRUESIZE;
    private int mssLen;
    /** skbs received with payload (a GRO packet counts once). */
    private long skbs;

    /** Truesize charged for the out-of-order queue, octets (a modelled application only). */
    private long ofoCharged;

    /** {@code tcp_data_queue_ofo}. */
    private void queueOutOfOrder(long seq, long end) {
        if (sequence != null) {
            sequence.arrivedOutOfOrder(clock.nowNs(), seq, end);
        }
        acks.schedule();
        life[OFO_SEGS]++;
        boolean dup = ofo.insert(seq, end);
        if (dup) {
            life[DUP_SEGS]++;
            dsackSet(seq, end);
        } else if (ofo.overlap()) {
            dsackSet(ofo.overlapStart(), ofo.overlapEnd());
        }
        ofoBytesMax = Math.max(ofoBytesMax, ofo.bytes());
        sacks.newOutOfOrder(seq, end, flushCompressed);
        if (buffer != null && !dup) {
            // tcp_data_queue_ofo's end: tcp_grow_window before skb_set_owner_r charges the segment
            if (buffer.growWindow((int) (end - seq), truesize, rcvMss, owner.backlogLen())) {
                acks.quickBit();
            }
            ofoCharged += truesize;
            buffer.chargeOfo(truesize);
            buffer.ofoGrow(ofoSpan());
        }
    }

    /** Octets from RCV.NXT to the end of the out-of-order queue, 0 when it is empty. */
    private long ofoSpan() {
        return ofo.isEmpty() ? 0 : ofo.lastEnd() - rcvNxt;
    }

    /** {@code tcp_dsack_set}. */
    private void dsackSet(long s, long e) {
        if (!policy.dsack()) {
            return;
        }
        life[s < rcvNxt ? DSACK_OLD : DSACK_OFO]++;
        dsackPending = true;
        dsackStart = s;
        dsackEnd = e;
    }

    /** {@code tcp_measure_rcv_mss}, for full segments (and, with a modelled application, the scaling ratio). */
    private void measureRcvMss(int len) {
        if (len >= rcvMss) {
            if (buffer != null && len != rcvMss) {
                buffer.measureRatio(len, SocketLock.RX_TRUESIZE, rcvWnd);
            }
            rcvMss = Math.min(len, cfg.mss());
        }
    }

    /** {@code tcp_rcv_rtt_update} with a sample, ns ({@code winDep}: from a window's arrival, not a timestamp). */
    void rcvRttUpdate(long sample, boolean winDep) {
        rtt.update(sample, winDep, unread() > 0);
    }

    private long receiveWindow() {
        return Math.max(0, rcvWup + rcvWnd - rcvNxt);
    }

    /**
     * {@code tcp_select_window}: the window {@code __tcp_select_window} gives (without an application
     * model, the configured buffer less the out-of-order queue), never moving the right edge back.
     */
    private int selectWindow() {
        int ws = cfg.windowScale();
        long win;
        if (buffer != null) {
            win = newWindow();
        } else {
            long free = Math.max(0, cfg.receiveWindowBytes() - ofo.bytes());
            win = (free >> ws) << ws;
        }
        long cur = receiveWindow();
        if (win < cur) {
            win = ((cur + (1L << ws) - 1) >> ws) << ws;
        }
        rcvWnd = win;
        rcvWup = rcvNxt;
        return (int) Math.min(win >> ws, 0xffff);
    }

    /** {@code __tcp_select_window}, with its side effect: quick ACKs stop while the buffer is over half full. */
    private long newWindow() {
        long w = buffer.selectWindow(rcvMss, owner.backlogLen());
        if (buffer.quickOff) {
            acks.quickOff();
        }
        return w;
    }

    /**
     * {@code __tcp_ack_snd_check}'s window test: nothing is unread ({@code sk_rcvlowat} 1), or the
     * window offered now would be at least the last one, so its right edge moves on by what
     * arrived. Always true without an application model (data is read as it arrives).
     */
    @Override
    public boolean windowAdvances() {
        return buffer == null || rcvNxt - buffer.copiedSeq() < 1 || newWindow() >= rcvWnd;
    }

    /**
     * The immediate ACK of {@code __tcp_ack_snd_check}: sent now, or, from Linux 6.7, while the
     * application owns the socket (the backlog is being processed), left to {@code tcp_release_cb}
     * ({@code TCP_ACK_DEFERRED}).
     */
    @Override
    public void sendAckNow() {
        if (buffer != null && readPath.ackDeferred() && owner.owned()) {
            ackDeferred = true;
            return;
        }
        sendAck();
    }

    // ---- the application's reads ----

    /** Octets of in-order data not yet read. */
    public long unread() {
        return buffer == null ? 0 : rcvNxt - buffer.copiedSeq();
    }

    /**
     * {@code tcp_recvmsg_locked}'s copy of up to {@code n} octets: skbs copied whole are freed, and
     * receive-buffer autotuning runs ({@code tcp_rcv_space_adjust}). Returns the octets copied.
     */
    public long read(long n) {
        long copied = buffer.read(n, rcvNxt);
        if (copied > 0) {
            long now = clock.nowNs();
            buffer.spaceAdjust(now, rtt.rtt8(), rcvNxt, ofoSpan());
            arrivals.read(buffer.copiedSeq(), now);
        }
        return copied;
    }

    /**
     * From each in-order segment's arrival to the read that copied it, since the counters were last
     * reset; empty without a modelled reader. Segments a hole's filling released are not counted.
     */
    public LatencyHistogram readDelay() {
        return arrivals.delays();
    }

    /**
     * {@code __tcp_cleanup_rbuf} after a read that copied {@code copied} octets (negative for
     * EAGAIN): an ACK if one is scheduled and more than one segment came since the last (the input
     * path held it back for the window test), or if the read at least doubled a window that had
     * fallen to half the clamp. The PSH rules do not arise: the model's segments carry no PSH.
     */
    public void cleanupRbuf(long copied) {
        boolean timeToAck = acks.scheduled() && rcvNxt - rcvWup > rcvMss;
        if (copied > 0 && !timeToAck) {
            long now = receiveWindow();
            if (2 * now <= buffer.windowClamp()) {
                long w = newWindow();
                timeToAck = w != 0 && w >= 2 * now;
            }
        }
        if (timeToAck) {
            life[READ_ACKS]++;
            sendAck();
        }
    }

    /**
     * {@code tcp_release_cb}'s part for a receiver: the deferred delayed-ACK or compressed-ACK timer
     * ({@code tcp_delack_timer_handler}), then a deferred ACK if one is still scheduled.
     */
    public void releaseCallback(boolean delackDeferred) {
        if (delackDeferred) {
            acks.delackTimerHandler();
        }
        if (ackDeferred) {
            ackDeferred = false;
            if (acks.scheduled()) {
                sendAck();
            }
        }
    }

    /** Whether {@code tcp_release_cb} has an ACK to consider. */
    public boolean ackDeferred() {
        return ackDeferred;
    }

    /** The socket's memory and window (null without an application model). */
    public ReceiveBuffer buffer() {
        return buffer;
    }

    /** {@code sk_rcvbuf} now, octets; 0 without an application model (the window is fixed). */
    public long receiveBufferBytes() {
        return buffer == null ? 0 : buffer.rcvbuf();
    }

    /** {@code tcp_send_ack}: builds the ACK with timestamps and SACK blocks and sends it. */
    @Override
    public void sendAck() {
        int field = selectWindow();
        tx.seq(cfg.receiverIsn())
                .ack(Ipv4TcpHeader.wire(rcvNxt, cfg.senderIsn()))
                .flags(Ipv4TcpHeader.ACK)
                .window(field)
                .timestamp(clock.tsNow() + cfg.tsOffset(), tsRecent)
                .clearSack()
                .ipId(ipId++);
        int room = Ipv4TcpHeader.MAX_SACK_BLOCKS_WITH_TIMESTAMPS;
        if (dsackPending) {
            tx.addSack(Ipv4TcpHeader.wire(dsackStart, cfg.senderIsn()),
                    Ipv4TcpHeader.wire(dsackEnd, cfg.senderIsn()));
            room--;
            dsackPending = false;
        }
        for (int i = 0; i < sacks.count() && i < room; i++) {
            tx.addSack(Ipv4TcpHeader.wire(sacks.start(i), cfg.senderIsn()),
                    Ipv4TcpHeader.wire(sacks.end(i), cfg.senderIsn()));
        }
        int total = tx.write(txBuf, 0, 0);
        life[ACKS_SENT]++;
        acks.onAckSent();
        output.transmit(txBuf, 0, total);
    }

    @Override
    public long rcvWnd() {
        return rcvWnd;
    }

    @Override
    public int rcvMss() {
        return rcvMss;
    }

    /** RCV.NXT: stream octets received in order. */
    @Override
    public long rcvNxt() {
        return rcvNxt;
    }

    @Override
    public long unackedBytes() {
        return rcvNxt - rcvWup;
    }

    @Override
    public long rcvRtt8Ns() {
        return rtt.rtt8();
    }

    /** Octets held in the out-of-order queue now. */
    public long outOfOrderBytes() {
        return ofo.bytes();
    }

    /** Octets delivered in order since the start or the last reset: the goodput numerator. */
    public long bytesDelivered() {
        return life[BYTES_DELIVERED] - base[BYTES_DELIVERED];
    }

    /** Everything counted since the start or the last {@link #resetCounters()}. */
    public TcpReceiverCounters counters() {
        return new TcpReceiverCounters(get(SEGS_IN), get(BYTES_DELIVERED), get(OFO_SEGS),
                get(DUP_SEGS), get(DSACK_OLD), get(DSACK_OFO), get(ACKS_SENT),
                acks.delayedAcks() - base[10], acks.compressedAcks() - base[11],
                get(OUT_OF_WINDOW), get(BAD), get(PAYLOAD_ERRORS), ofoBytesMax, get(PAWS_REJECTED), get(READ_ACKS));
    }

    private long get(int c) {
        return life[c] - base[c];
    }

    /** Zeroes the counters (warm-up deletion); the state is kept. */
    public void resetCounters() {
        System.arraycopy(life, 0, base, 0, life.length);
        arrivals.delays().reset();
        base[10] = acks.delayedAcks();
        base[11] = acks.compressedAcks();
        ofoBytesMax = ofo.bytes();
    }
}
