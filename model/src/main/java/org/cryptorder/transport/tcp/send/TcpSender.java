package org.cryptorder.transport.tcp.send;

import org.cryptorder.transport.tcp.Gso;
import org.cryptorder.transport.tcp.RecoveryFeatures;
import org.cryptorder.transport.tcp.SegmentOutput;
import org.cryptorder.transport.tcp.TcpClock;
import org.cryptorder.transport.tcp.TcpConfig;
import org.cryptorder.transport.tcp.TcpMode;
import org.cryptorder.transport.tcp.congestion.TcpCaState;
import org.cryptorder.transport.tcp.trace.TcpSequenceObserver;
import org.cryptorder.transport.tcp.trace.TcpTraceEvent;
import org.cryptorder.transport.tcp.trace.TcpTraceObserver;
import org.cryptorder.transport.wire.FlowAddress;
import umontreal.ssj.simevents.Simulator;

/**
 * The sending end of one TCP connection (an {@code iperf3 -c} client whose application always has
 * data): protocol logic only, on a {@link Simulator}. Segments leave through a {@link
 * SegmentOutput} as real IPv4/TCP bytes; ACKs come in through {@link #receive}.
 *
 * <p>In {@link TcpMode#LINUX} mode it behaves as Linux 6.12 does where reordering matters. This
 * class is the socket ({@code struct tcp_sock}) the rest of the model talks to; the work is done by
 * parts named after what Linux does, each citing the kernel functions it follows:
 * <ul>
 *   <li>{@link TcpAck}: ACK processing ({@code tcp_ack}, {@code tcp_sacktag_write_queue},
 *       D-SACKs, RTT samples, {@code tcp_clean_rtx_queue}), with the ACK's flags and samples in an
 *       {@link AckSample};
 *   <li>{@link LossRecovery}: {@code tcp_fastretrans_alert}, entering and leaving Recovery and
 *       Loss, the undo procedures, loss marking (RACK through {@link RackLossDetector}, or
 *       {@code tcp_mark_head_lost}); the congestion state changes only through checked
 *       {@link org.cryptorder.transport.tcp.congestion.CaTransition}s;
 *   <li>{@link CwndControl}: the congestion control glue ({@code tcp_cong_control}), PRR,
 *       {@code tcp_cwnd_validate}, the pacing rate, on a {@link org.cryptorder.transport.tcp.congestion.CongestionWindow};
 *   <li>{@link TcpOutput}: {@code tcp_write_xmit}, {@code tcp_xmit_retransmit_queue},
 *       {@code tcp_retransmit_skb}, {@code tcp_transmit_skb}, the TCP small queues gate;
 *   <li>{@link TcpWriteTimer}: the one retransmit timer shared by the RTO, RACK's reordering
 *       timeout and the tail loss probe ({@code tcp_write_timer_handler}), in whole jiffies.
 * </ul>
 * The parts reach one another through this class, as the kernel's functions all take the socket.
 * In {@link TcpMode#TEXTBOOK} mode the features ns-3 lacks are off ({@link RecoveryFeatures}).
 *
 * <p>GSO ({@link Gso}): in Linux mode new data leaves in skbs of up to 46 MSS, the MACsec device
 * cutting them into frames; the scoreboard keeps one entry per MSS segment, as Linux's write queue
 * is after {@code tcp_fragment} splits a partly acknowledged or SACKed skb (here every skb is
 * split so from the start: RTO, SACK and RACK count segments, TSQ counts skbs); retransmissions
 * go one MSS each, where Linux's {@code tcp_retransmit_skb} may resend a lost skb of several.
 *
 * <p>Not modelled: the handshake and connection close, TSO (segments sent in one call share their
 * send time, as a TSO burst does), Nagle and PSH (a written tail shorter than a segment waits for the
 * next write), ECN, SACK
 * reneging, zero-window probes, MTU probing, {@code tcp_metrics} caching of the reordering degree,
 * cwnd decay while application-limited, the check that the original is still in a host queue
 * ({@code skb_still_in_host_queue}).
 */
public final class TcpSender {
    /** "No sequence" for {@code undo_marker} and {@code tlp_high_seq} (0 in the kernel). */
    static final long NONE = Long.MIN_VALUE;

    final TcpConfig cfg;
    final RecoveryFeatures rf;
    final int mss;
    final TcpClock clock;
    final SackScoreboard board;
    final RackLossDetector rack;
    final RttEstimator rtt;
    /** The MIB counters ({@code nstat}) and {@code tcp_info} totals. */
    public final SenderCounters mib = new SenderCounters();
    final SampleStats cwndStats = new SampleStats();
    final SampleStats rttStats = new SampleStats();

    final CwndControl cwndControl;
    final TcpAck ack;
    final LossRecovery recovery;
    final TcpOutput output;
    final TcpWriteTimer writeTimer;

    /** Where loss recovery's decisions go while a {@link TcpTraceObserver} is attached, or null. */
    TcpTracePoints trace;
    /** Told of each segment sent and ACK processed while a time-sequence graph is drawn, or null. */
    TcpSequenceObserver sequence;

    private long lostBase;
    private long lostRetransmitsBase;
    private boolean started;
    /**
     * {@code tp->write_seq}: stream octets the application has written; unbounded when no
     * application is modelled (it then always has data, up to the send buffer).
     */
    private long writeSeq = Long.MAX_VALUE;
    /** The socket's write queue, whose skbs the output sends; null when no application is modelled. */
    private SendBuffer writeQueue;

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
        this.clock = new TcpClock(sim, cfg.timers());
        this.board = new SackScoreboard(mss, cfg.byteLimit(), cfg.sendBufferBytes());
        this.rack = new RackLossDetector(board, rf);
        this.rtt = new RttEstimator(cfg.timers(), clock);
        this.cwndControl = new CwndControl(this);
        this.output = new TcpOutput(this, sim, address, output);
        this.writeTimer = new TcpWriteTimer(this, sim, output);
        this.ack = new TcpAck(this);
        this.recovery = new LossRecovery(this);
    }

    /** Sets the host's backpressure hook ({@link TransmitGate#OPEN} by default). */
    public void transmitGate(TransmitGate g) {
        output.gate(g);
    }

    /**
     * Tells {@code observer} of each loss-recovery decision from now on ({@link TcpTraceEvent});
     * null detaches it. What the sender does is the same either way.
     */
    public void trace(TcpTraceObserver observer) {
        trace = observer == null ? null : new TcpTracePoints(this, observer);
        rack.trace(trace);
    }

    /**
     * Tells {@code observer} of each segment sent, ACK processed and D-SACK taken from now on
     * ({@link TcpSequenceObserver}); null detaches it. What the sender does is the same either way.
     */
    public void sequence(TcpSequenceObserver observer) {
        sequence = observer;
    }

    /** Starts sending at the current simulation time (the connection is already established). */
    public void start() {
        if (started) {
            throw new IllegalStateException("sender already started");
        }
        started = true;
        output.writeXmit(0);
    }

    /** Whether {@link #start} was called: nothing is sent before. */
    public boolean started() {
        return started;
    }

    /**
     * The application has written the stream up to {@code seq} ({@code tp->write_seq}, set by
     * {@code tcp_sendmsg}): only whole segments written are sent. Once called, the sender sends
     * nothing beyond what is written.
     */
    public void written(long seq) {
        writeSeq = seq;
    }

    /** Sends the skbs of {@code queue} ({@code sk_write_queue}) from now on, as the application builds them. */
    public void writeQueue(SendBuffer queue) {
        this.writeQueue = queue;
    }

    /** The write queue, or null when no application is modelled. */
    SendBuffer writeQueue() {
        return writeQueue;
    }

    /** {@code tp->write_seq}. */
    long writeSeq() {
        return writeSeq;
    }

    /** {@code tcp_push}: sends what cwnd, the peer's window and the host allow of what is written. */
    public void push() {
        output.writeXmit(0);
    }

    /**
     * The host has room again after {@link TransmitGate#canTransmit} said no ({@code
     * tcp_tsq_handler}): retransmits what is lost, then sends new data.
     */
    public void resume() {
        output.resume();
    }

    /** An incoming packet for this connection: an ACK from the receiver. */
    public void receive(byte[] buf, int off, int len) {
        if (!ack.receive(buf, off, len)) {
            return;
        }
        cwndStats.add(cwndControl.window().cwnd());
        output.writeXmit(0);
    }

    // ------------------------------------------------------------------------------------------
    // Accessors

    /** Congestion window, segments. */
    public int cwnd() {
        return cwndControl.window().cwnd();
    }

    /** Slow start threshold, segments. */
    public int ssthresh() {
        return cwndControl.window().ssthresh();
    }

    public TcpCaState caState() {
        return recovery.caState();
    }

    /** SND.UNA: stream octets cumulatively ACKed. */
    public long sndUna() {
        return ack.sndUna();
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
        return ack.reordering();
    }

    /** Whether a byte-limited transfer is complete (every octet ACKed). */
    public boolean finished() {
        return cfg.byteLimit() > 0 && ack.sndUna() >= cfg.byteLimit();
    }

    /** The current RTO with back-off, ns. */
    public long rtoNs() {
        return writeTimer.rtoNs();
    }

    /** Smoothed RTT, ns (0 before the first sample). */
    public long srttNs() {
        return rtt.srttNs();
    }

    /** RACK's reordering window as it would be computed now, ns. */
    public long reoWndNs() {
        return recovery.reoWnd();
    }

    /** Everything counted since the start or the last {@link #resetCounters()}. */
    public TcpSenderCounters counters() {
        long minRtt = rtt.minRttNs();
        return new TcpSenderCounters(mib.get(SenderCounters.SEGS_OUT),
                mib.get(SenderCounters.DATA_SEGS_OUT),
                mib.get(SenderCounters.BYTES_ACKED),
                mib.get(SenderCounters.TOTAL_RETRANS),
                mib.get(SenderCounters.FAST_RETRANS),
                mib.get(SenderCounters.SLOW_START_RETRANS),
                mib.get(SenderCounters.DSACK_DUPS),
                mib.get(SenderCounters.DSACK_RECV),
                mib.get(SenderCounters.DSACK_OFO_RECV),
                mib.get(SenderCounters.REORD_SEEN),
                mib.get(SenderCounters.SACK_REORDER),
                mib.get(SenderCounters.TS_REORDER),
                mib.get(SenderCounters.FULL_UNDO),
                mib.get(SenderCounters.PARTIAL_UNDO),
                mib.get(SenderCounters.DSACK_UNDO),
                mib.get(SenderCounters.LOSS_UNDO),
                mib.get(SenderCounters.SPURIOUS_RTOS),
                mib.get(SenderCounters.TIMEOUTS),
                mib.get(SenderCounters.LOSS_PROBES),
                mib.get(SenderCounters.LOSS_PROBE_RECOVERY),
                mib.get(SenderCounters.SACK_RECOVERY),
                board.lostRetransmits() - lostRetransmitsBase,
                board.lostTotal() - lostBase,
                ack.reordering(), cwndStats.summary(), rttStats.summary(), rtt.srttNs(),
                minRtt == RttEstimator.NO_SAMPLE ? -1 : minRtt, rtoNs(), ssthresh(),
                rack.reoWndSteps(), recovery.caState());
    }

    /** Zeroes the counters and sample summaries (warm-up deletion); the state is kept. */
    public void resetCounters() {
        mib.reset();
        lostBase = board.lostTotal();
        lostRetransmitsBase = board.lostRetransmits();
        cwndStats.reset();
        rttStats.reset();
    }
}
