package org.cryptorder.transport.tcp.socket;

import java.util.ArrayDeque;
import org.cryptorder.host.Context;
import org.cryptorder.host.Cpu;
import org.cryptorder.host.Task;
import org.cryptorder.host.Work;
import org.cryptorder.macsec.FramePool;
import org.cryptorder.macsec.MacsecFrame;
import org.cryptorder.metrics.LatencyHistogram;
import org.cryptorder.metrics.Rfc4737Reordering;
import org.cryptorder.net.MacsecDevice;
import org.cryptorder.net.Packet;
import org.cryptorder.net.ProtocolEndpoint;
import org.cryptorder.net.StackCosts;
import org.cryptorder.transport.tcp.ReadPath;
import org.cryptorder.transport.tcp.SegmentOutput;
import org.cryptorder.transport.tcp.SendPath;
import org.cryptorder.transport.tcp.SocketLock;
import org.cryptorder.transport.tcp.TcpConfig;
import org.cryptorder.transport.tcp.receive.TcpReceiver;
import org.cryptorder.transport.tcp.send.TcpSender;
import org.cryptorder.transport.wire.FlowAddress;
import org.cryptorder.transport.wire.Ipv4Header;
import org.cryptorder.transport.wire.Ipv4TcpHeader;

/**
 * A TCP endpoint bound to a host: the glue between the protocol logic ({@link TcpSender} or
 * {@link TcpReceiver}) and the host's CPUs and MACsec device.
 *
 * <p>Where a segment is sent from decides its CPU and context, as in Linux ({@link SendContext}):
 * <ul>
 *   <li>while a received packet is being delivered to an unowned socket (ACK clocking, {@code
 *       tcp_v4_rcv} -> {@code tcp_ack} -> {@code tcp_data_snd_check}; the receiver's ACKs), in
 *       softirq on the CPU delivering it, right after that packet;</li>
 *   <li>from the application's write ({@code tcp_sendmsg}: {@code tcp_push}, {@code
 *       tcp_push_one}), from an ACK the application takes from the socket's backlog ({@code
 *       __release_sock}) and from {@code tcp_release_cb}: in the application's task, on its CPU
 *       ({@link TcpSenderSocket});</li>
 *   <li>from a timer (RTO, loss probe, RACK's reorder timer, delayed ACK, compressed ACK), in
 *       softirq on the CPU that armed it last: Linux's {@code __mod_timer} moves a timer to the CPU
 *       that arms it (unless its callback is running) and the timer wheel runs it in TIMER_SOFTIRQ
 *       there, and {@code hrtimer_start} does the same for the compressed-ACK hrtimer. A timer armed
 *       while an ACK was delivered fires on the CPU that delivered it; one armed by the application,
 *       on the application's CPU (the model does not move a timer off an idle CPU, which
 *       {@code get_nohz_timer_target} may do). A timer that fires while the application owns the
 *       socket only sets a flag ({@code tcp_write_timer}, {@code tcp_delack_timer}: {@code
 *       sock_owned_by_user}); its handler runs in {@code tcp_release_cb};</li>
 *   <li>from the TCP small queues handler ({@code tcp_tasklet_func}, {@code tcp_tsq_handler}), in
 *       softirq on the CPU that freed the skb, or in {@code tcp_release_cb} when the socket was owned
 *       ({@code TCP_TSQ_DEFERRED}).</li>
 * </ul>
 * Each segment is one piece of work: the TCP/IP transmit cost plus the MACsec device's part; this
 * class holds that transmit path and the delivery of received packets, which both sides share.
 *
 * <p>The two sides are its two subclasses: {@link TcpSenderSocket} (the data sender, with TCP small
 * queues: at most {@code tsqLimitBytes} of its frames held in the host, not yet on the wire; past
 * that it waits until frames leave, and is resumed from softirq, {@code tcp_tsq_handler}) and
 * {@link TcpReceiverSocket} (which records, for data segments, the RFC 4737 reordering of segment
 * numbers (sequence offset / MSS) in arrival order and the frame latency from the sender's MACsec
 * transmit to delivery).
 */
public abstract sealed class TcpSocket implements ProtocolEndpoint permits TcpSenderSocket, TcpReceiverSocket {
    private final MacsecDevice device;
    private final StackCosts costs;
    /** The socket's home CPU: its application task and its TSQ handler run there. */
    final Cpu home;
    /** The application's task ({@code iperf3}). */
    final Task app;
    /** The socket's lock, its backlog and the work deferred to {@code tcp_release_cb}. */
    final SocketLock lock = new SocketLock();
    /** Packets whose work began on an owned socket: they go to the backlog when delivered. */
    private Packet[] toBacklog = new Packet[4];
    private int toBacklogCount;
    private final int flow;
    private final long idBase;
    private final byte[] ethernet = new byte[14];
    /** The buffers of this socket's frames, given back by the receiving socket once it has taken them. */
    private final FramePool framePool = new FramePool();
    private final SoftirqTx[] softirqTx;
    /** The segments sent from the application's task. */
    private final TaskTx taskTx = new TaskTx();
    private final Cpu[] cpus;
    /** Told of deliveries and departures (tests), or null. */
    private Listener listener;
    /** The context calling into the endpoint right now, or null outside any. */
    private SendContext context;
    /** The CPU of {@link #context}. */
    private Cpu contextCpu;
    /** {@link SendContext#describe} of each context on each CPU, made once. */
    private final String[][] contextWords;
    /** Where the endpoint puts its segments, knowing from which CPU's context they are sent. */
    final SegmentOutput output = new SocketOutput();
    private long packets;
    /** Segments of the GSO skb being handed down ({@link SegmentOutput#gsoSkb}), 0 outside one. */
    private int gsoSegments;
    /** How many of them have been framed so far. */
    private int gsoFramed;
    /** The octets the next packet retransmits ({@link SegmentOutput#retransmission}), and why; -1: none. */
    private long retransmittedSeq = -1;
    private long retransmittedEnd;
    private String retransmittedWhy;
    /** RFC 4737 reordering of arriving data segments (a sender measures none: it stays empty). */
    final Rfc4737Reordering reordering = new Rfc4737Reordering();
    /** Latency of arriving data segments (a sender measures none: it stays empty). */
    final LatencyHistogram latency = new LatencyHistogram();

    TcpSocket(TcpEndpoint at, boolean dataSide) {
        this.cpus = at.cpus().clone();
        this.home = at.home();
        this.device = at.device();
        this.costs = at.costs();
        this.flow = at.flow();
        this.idBase = ((long) flow << 41) | (dataSide ? 0 : 1L << 40);
        this.app = home.newTask((dataSide ? "tcp-sender" : "tcp-receiver") + flow, Context.USER_TASK, true);
        this.softirqTx = new SoftirqTx[cpus.length];
        this.contextWords = new String[SendContext.values().length][cpus.length];
        for (SendContext c : SendContext.values()) {
            for (Cpu cpu : cpus) {
                contextWords[c.ordinal()][cpu.id()] = c.describe(cpu.name());
            }
        }
        System.arraycopy(at.dstMac(), 0, ethernet, 0, 6);
        System.arraycopy(at.srcMac(), 0, ethernet, 6, 6);
        ethernet[12] = 0x08;
        device.bind(flow, this);
    }

    /**
     * The data sender of a flow (iperf3 -c) at {@code at}.
     *
     * @param tsqLimitBytes octets of this socket's frames the host may hold before the sender waits
     * @param path the application's writes and the socket layer's kernel rules
     */
    public static TcpSocket sender(TcpEndpoint at, TcpConfig cfg, FlowAddress address, long tsqLimitBytes,
                                   SendPath path) {
        return new TcpSenderSocket(at, cfg, address, tsqLimitBytes, path);
    }

    /** The receiving end of a flow (iperf3 -s) at {@code at}, its application reading as {@code read} says. */
    public static TcpSocket receiver(TcpEndpoint at, TcpConfig cfg, FlowAddress address, ReadPath read) {
        return new TcpReceiverSocket(at, cfg, address, read);
    }

    /**
     * Starts the sender from its application task (the first window goes out from the task).
     *
     * @throws IllegalStateException on a receiving socket
     */
    public abstract void start();

    /** What a socket tells a listener (tests): where packets were delivered, where frames began to leave. */
    public interface Listener {
        /** A received packet reaches the endpoint in context {@code c} on {@code cpu}. */
        default void delivered(SendContext c, Cpu cpu) {
        }

        /** Frame {@code p}'s transmit work starts on {@code cpu} (its sending context is {@link Packet#sentBy}). */
        default void leaving(Packet p, Cpu cpu) {
        }

        /**
         * The host lets go of data frame {@code p} ({@code tcp_wfree}: at MACsec's copy), leaving
         * {@code hostBytes} octets of the socket's frames held for TCP small queues.
         */
        default void released(Packet p, long hostBytes) {
        }

        /** The sleeping writer is woken ({@code sk_stream_write_space}) with the send buffer as it is now. */
        default void writerWoken(long sndbuf, long wmemQueued) {
        }
    }

    /** Sets the listener (one at a time; null for none). */
    public void listener(Listener l) {
        this.listener = l;
    }

    /** The listener, or null. */
    final Listener listener() {
        return listener;
    }

    // ---- sending ----

    /** The endpoint's packet: framed, and sent from where the endpoint was called. */
    final void transmit(byte[] buf, int off, int len) {
        MacsecFrame f = MacsecFrame.allocate(14 + len, framePool);
        System.arraycopy(ethernet, 0, f.bytes(), f.offset(), 14);
        System.arraycopy(buf, off, f.bytes(), f.offset() + 14, len);
        Packet p = new Packet(idBase | packets++, flow, home.now(), f);
        SendContext c = context != null ? context : SendContext.TIMER;
        Cpu cpu = context != null ? contextCpu : home;
        p.sentBy(contextWords[c.ordinal()][cpu.id()]);
        if (retransmittedSeq >= 0) {
            p.retransmission(retransmittedSeq, retransmittedEnd, retransmittedWhy);
            retransmittedSeq = -1;
        }
        if (gsoFramed < gsoSegments) {
            p.gso(++gsoFramed, gsoSegments);
        }
        holding(p, f, cpu, c);
        if (c.softirq()) {
            softirq(cpu).add(p);
        } else {
            taskTx.add(p);
        }
    }

    /**
     * Runs {@code action} as the endpoint's code in context {@code c} on {@code cpu}: what it sends
     * leaves from there, and timers it arms fire there. Contexts nest (a timer's expiry run from
     * {@code tcp_release_cb}, say).
     */
    final void inContext(SendContext c, Cpu cpu, Runnable action) {
        SendContext beforeContext = context;
        Cpu beforeCpu = contextCpu;
        context = c;
        contextCpu = cpu;
        try {
            action.run();
        } finally {
            context = beforeContext;
            contextCpu = beforeCpu;
        }
    }

    /** The CPU whose context calls into the endpoint now (home outside any). */
    private Cpu contextCpu() {
        return context != null ? contextCpu : home;
    }

    /**
     * Whether the application owns the socket ({@code sock_owned_by_user}): then a timer's expiry is
     * deferred to {@code tcp_release_cb} ({@link #deferTimer}).
     */
    final boolean ownedByUser() {
        return lock.owned();
    }

    /** The socket's lock (tests). */
    final SocketLock lock() {
        return lock;
    }

    /** A timer fired while the socket was owned: its expiry runs in {@code tcp_release_cb}. */
    abstract void deferTimer(Runnable expiry);

    /** {@code tcp_tsq_handler} on an owned socket: {@code TCP_TSQ_DEFERRED}, the write left to {@code tcp_release_cb}. */
    void deferTsqWrite() {
        throw new IllegalStateException("no owner to defer a write to");
    }

    /** The endpoint's output: {@link #transmit}, from the context's CPU, with timers that fire where they were armed. */
    private final class SocketOutput implements SegmentOutput {
        @Override
        public void transmit(byte[] buf, int off, int len) {
            TcpSocket.this.transmit(buf, off, len);
        }

        @Override
        public void gsoSkb(int segments) {
            if (gsoFramed < gsoSegments) {
                throw new IllegalStateException("GSO skb of " + segments + " segments begun after "
                        + gsoFramed + " of " + gsoSegments);
            }
            gsoSegments = segments;
            gsoFramed = 0;
        }

        @Override
        public void retransmission(long seq, long end, String why) {
            retransmittedSeq = seq;  // the words are made only if a capture or a trace asks (Packet#retransmission)
            retransmittedEnd = end;
            retransmittedWhy = why;
        }

        @Override
        public Object armingCpu() {
            return contextCpu();
        }

        @Override
        public void fireOn(Object cpu, Runnable expiry) {
            expire(SendContext.TIMER, cpu, expiry);
        }

        /**
         * {@code tcp_pace_kick} runs {@code tcp_tsq_handler}: the write now, in softirq on {@code
         * cpu}, or on a socket the application owns {@code TCP_TSQ_DEFERRED}, the same deferred
         * write the TSQ tasklet leaves to {@code tcp_release_cb} ({@link #deferTsqWrite}).
         */
        @Override
        public void paceOn(Object cpu, Runnable kick) {
            if (ownedByUser()) {
                deferTsqWrite();
            } else {
                inContext(SendContext.PACING_TIMER, (Cpu) cpu, kick);
            }
        }

        /** A timer's work in softirq context {@code c} on {@code cpu}, or in {@code tcp_release_cb} if the socket is owned. */
        private void expire(SendContext c, Object cpu, Runnable work) {
            if (ownedByUser()) {
                deferTimer(work);
            } else {
                inContext(c, (Cpu) cpu, work);
            }
        }
    }

    /** Packet {@code p} (frame {@code f}), sent in context {@code c} on {@code cpu}, is now held in the host. */
    abstract void holding(Packet p, MacsecFrame f, Cpu cpu, SendContext c);

    private SoftirqTx softirq(Cpu cpu) {
        SoftirqTx t = softirqTx[cpu.id()];
        if (t == null) {
            t = new SoftirqTx(cpu);
            softirqTx[cpu.id()] = t;
        }
        return t;
    }

    private double transmitNs(Cpu cpu, Packet p) {
        if (listener != null) {
            listener.leaving(p, cpu);
        }
        return costs.ns(skbCycles(p)) + device.startTransmit(cpu, p);
    }

    /**
     * TCP's and GSO's cycles charged to frame {@code p}'s work: a frame of its own pays for its skb;
     * the first segment of a GSO skb pays for the skb and for cutting every segment
     * ({@code skb_gso_segment} builds the whole list before {@code macsec_start_xmit} sees the
     * first), the others for nothing but MACsec's part.
     */
    private double skbCycles(Packet p) {
        if (p.gsoSegments() == 0) {
            return costs.tcpTxCycles();
        }
        return p.gsoSegment() == 1 ? costs.tcpTxCycles() + p.gsoSegments() * costs.gsoSegmentCycles() : 0;
    }

    /**
     * Segments sent one piece of work each, in the order they were added: the work runs one piece
     * at a time in submission order, so the k-th start of this one object is the k-th segment added
     * (one object for all, instead of one per segment on the hot path).
     */
    private abstract class SegmentWork implements Work {
        final ArrayDeque<Packet> queue = new ArrayDeque<>();
        private Packet current;

        @Override
        public double start(Cpu cpu) {
            current = queue.poll();
            return transmitNs(cpu, current);
        }

        /** Hands the segment started last to the device. */
        final void transmitCurrent(Cpu cpu) {
            Packet p = current;
            current = null;
            device.finishTransmit(cpu, p);
        }
    }

    /** The segments this socket sends from the application's task. */
    private final class TaskTx extends SegmentWork {
        void add(Packet p) {
            queue.add(p);
            app.submit(this);
        }

        @Override
        public void finish(Cpu cpu) {
            transmitCurrent(cpu);
        }

        /** dev_queue_xmit runs under rcu_read_lock_bh: softirqs wait for the transmission. */
        @Override
        public boolean bhDisabled() {
            return true;
        }
    }

    /** The segments this socket sends from softirq on one CPU. */
    private final class SoftirqTx extends SegmentWork {
        private final Cpu cpu;
        private boolean scheduled;

        SoftirqTx(Cpu cpu) {
            this.cpu = cpu;
        }

        void add(Packet p) {
            queue.add(p);
            if (!scheduled) {
                scheduled = true;
                cpu.raiseSoftirq(this);
            }
        }

        @Override
        public void finish(Cpu c) {
            transmitCurrent(c);
            if (queue.isEmpty()) {
                scheduled = false;
            } else {
                c.raiseSoftirqNext(this);
            }
        }
    }

    // ---- receiving ----

    /**
     * {@code tcp_v4_rcv} takes {@code bh_lock_sock} first: a packet for an unowned socket costs its
     * way up the stack here, and holds the spinlock until {@link #receive} has taken it through (an
     * application's {@code lock_sock} meanwhile waits, {@link SocketLock#lock}); one for an owned
     * socket is only queued ({@code tcp_add_backlog}, at no cost here) and pays when the owner
     * processes it.
     */
    @Override
    public double receiveNs(Packet p) {
        if (!lock.owned()) {
            lock.softirqHold();
            return receiveCostNs();
        }
        if (toBacklogCount == toBacklog.length) {
            toBacklog = java.util.Arrays.copyOf(toBacklog, toBacklogCount * 2);
        }
        toBacklog[toBacklogCount++] = p;
        return 0;
    }

    /** CPU time of one packet up the stack through the endpoint ({@code tcp_v4_rcv} and what it calls), ns. */
    final double receiveCostNs() {
        return costs.ns(costs.tcpRxCycles());
    }

    @Override
    public void receive(Cpu cpu, Packet p) {
        byte[] b = p.frame().bytes();
        int off = p.frame().offset() + 14;
        int len = p.frame().length() - 14;
        arriving(b, off, len, cpu.now(), p);
        toEndpointOrBacklog(cpu, p, b, off, len, 0, SocketLock.RX_TRUESIZE);
        MacsecFrame.release(p.frame());  // the endpoint and the backlog copy what they keep
    }

    /** A GRO packet costs one way up the stack, as one skb; one for an owned socket is only queued. */
    @Override
    public double receiveNs(Packet first, int segments) {
        return receiveNs(first);
    }

    /**
     * A GRO packet: each segment is recorded as it arrives ({@link #arriving}), then the merged skb,
     * its headers the first segment's and its payload all of theirs ({@code gso_size} the first's
     * payload), goes to the endpoint or to the backlog of an owned socket at once, with the truesize of
     * all its segments.
     */
    @Override
    public void receive(Cpu cpu, Packet[] segments, int count) {
        Packet first = segments[0];
        int total = 0;
        for (int i = 0; i < count; i++) {
            Packet p = segments[i];
            arriving(p.frame().bytes(), p.frame().offset() + 14, p.frame().length() - 14, cpu.now(), p);
            total += p.frame().length() - 14;
        }
        byte[] fb = first.frame().bytes();
        int foff = first.frame().offset() + 14;
        int headers = (fb[foff] & 0x0f) * 4 + ((fb[foff + (fb[foff] & 0x0f) * 4 + 12] & 0xf0) >>> 4) * 4;
        int gsoSize = Ipv4TcpHeader.getShort(fb, foff + 2) - headers;
        if (merged.length < total) {
            merged = new byte[Math.max(total, 2 * merged.length)];
        }
        System.arraycopy(fb, foff, merged, 0, headers);
        int at = headers;
        for (int i = 0; i < count; i++) {
            MacsecFrameView f = new MacsecFrameView(segments[i]);
            int payload = f.ipLength() - headers;
            System.arraycopy(f.bytes, f.ip + headers, merged, at, payload);
            MacsecFrame.release(segments[i].frame());  // its octets are in merged: read no more
            at += payload;
        }
        Ipv4Header.setTotalLength(merged, 0, at);
        toEndpointOrBacklog(cpu, first, merged, 0, at, gsoSize, count * SocketLock.RX_TRUESIZE);
    }

    /**
     * The rest of {@code tcp_v4_rcv} for the skb of packet {@code p} ({@code b[off .. off+len)},
     * {@code gsoSize} 0 for one segment), in either {@link #receive}: one {@link #receiveNs} found the
     * socket owned for goes to the backlog with {@code truesize} ({@code tcp_add_backlog}) if it still
     * is, else to the endpoint; one that took {@code bh_lock_sock} goes to the endpoint and releases it.
     */
    private void toEndpointOrBacklog(Cpu cpu, Packet p, byte[] b, int off, int len, int gsoSize, int truesize) {
        boolean held = true;
        for (int i = 0; i < toBacklogCount; i++) {
            if (toBacklog[i] == p) {
                toBacklog[i] = toBacklog[--toBacklogCount];
                toBacklog[toBacklogCount] = null;
                held = false;
                if (lock.owned()) {
                    lock.add(b, off, len, gsoSize, truesize, rmemAlloc(), backlogLimit());
                    return;
                }
                break;
            }
        }
        deliver(this instanceof TcpSenderSocket ? SendContext.SOFTIRQ_ACK : SendContext.SOFTIRQ_DATA, cpu, b, off, len,
                gsoSize);
        if (held) {
            lock.softirqRelease();
        }
    }

    /** The merged bytes of the last GRO packet (reused: the endpoint and the backlog copy what they keep). */
    private byte[] merged = new byte[1 << 16];

    /** {@code tcp_add_backlog}'s limit on backlog and receive memory together, octets of truesize. */
    abstract long backlogLimit();

    /** {@code sk_rmem_alloc}: truesize held in the receive and out-of-order queues, octets. */
    long rmemAlloc() {
        return 0;
    }

    /** The oldest backlogged packet, processed by the owner on {@code cpu} ({@code sk_backlog_rcv}). */
    final void processBacklogged(Cpu cpu) {
        deliver(this instanceof TcpSenderSocket ? SendContext.BACKLOG : SendContext.BACKLOG_DATA, cpu, lock.peek(), 0,
                lock.peekLength(), lock.peekGsoSize());
        lock.poll();
    }

    /** The endpoint takes packet {@code b[off .. off+len)} in context {@code c} on {@code cpu}. */
    final void deliver(SendContext c, Cpu cpu, byte[] b, int off, int len, int gsoSize) {
        SendContext beforeContext = context;
        Cpu beforeCpu = contextCpu;
        context = c;
        contextCpu = cpu;
        if (listener != null) {
            listener.delivered(c, cpu);
        }
        try {
            endpointReceive(b, off, len, gsoSize);
        } finally {
            context = beforeContext;
            contextCpu = beforeCpu;
        }
    }

    /**
     * A packet {@code b[off .. off+len)} arrives at time {@code now}, before the endpoint sees it
     * (and before it is queued to the backlog of an owned socket).
     */
    abstract void arriving(byte[] b, int off, int len, double now, Packet p);

    /** The endpoint takes the packet (sent segments go out on the delivering CPU). */
    abstract void endpointReceive(byte[] b, int off, int len, int gsoSize);

    // ---- results ----

    /** The sending endpoint, null on a receiving socket. */
    public abstract TcpSender sender();

    /** The receiving endpoint, null on a sending socket. */
    public abstract TcpReceiver receiver();

    /** RFC 4737 reordering of data segments at the receiver, in arrival order (empty on a sender). */
    public final Rfc4737Reordering reordering() {
        return reordering;
    }

    /** Frame latency of data segments, from the sender's transmit to delivery, ns (empty on a sender). */
    public final LatencyHistogram latency() {
        return latency;
    }

    /** Where the socket's data segments were sent from, its backlog and its send buffer (zeros on a receiver). */
    public SocketCounters socketCounters() {
        return SocketCounters.NONE;
    }

    /** Forgets what was measured so far (warm-up deletion). */
    public final void resetCounters() {
        reordering.reset();
        latency.reset();
        endpointResetCounters();
    }

    /** The endpoint forgets what it counted so far. */
    abstract void endpointResetCounters();

    public int flow() {
        return flow;
    }
}
