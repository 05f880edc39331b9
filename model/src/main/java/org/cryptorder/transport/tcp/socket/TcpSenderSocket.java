package org.cryptorder.transport.tcp.socket;

import org.cryptorder.host.Cpu;
import org.cryptorder.host.Work;
import org.cryptorder.macsec.MacsecFrame;
import org.cryptorder.net.Packet;
import org.cryptorder.transport.tcp.SendPath;
import org.cryptorder.transport.tcp.SocketLock;
import org.cryptorder.transport.tcp.TcpConfig;
import org.cryptorder.transport.tcp.receive.TcpReceiver;
import org.cryptorder.transport.tcp.send.SendBuffer;
import org.cryptorder.transport.tcp.send.SenderCounters;
import org.cryptorder.transport.tcp.send.TcpSender;
import org.cryptorder.transport.tcp.send.TransmitGate;
import org.cryptorder.transport.wire.FlowAddress;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;

/**
 * The sending side of a {@link TcpSocket}: a {@link TcpSender} on the host, the application's
 * writes ({@link TcpSendmsg}), the socket lock and its backlog ({@link SocketLock}), the send
 * buffer ({@link SendBuffer}), and TCP small queues.
 *
 * <p><b>ACKs and the lock</b> ({@code tcp_v4_rcv}): an ACK delivered while the application owns
 * the socket goes to the backlog ({@code tcp_add_backlog}); the CPU time of taking it up the stack
 * is then spent when the application processes it, on its CPU ({@code __release_sock}), and the
 * segments it clocks out leave from there. An ACK reaching an unowned socket is processed in
 * softirq on the CPU that received it ({@code tcp_v4_do_rcv}), and what it clocks out leaves from
 * there. Whether the socket is owned is read when the ACK's work starts on its CPU ({@code
 * bh_lock_sock} comes first in {@code tcp_v4_rcv}). After each ACK, {@code tcp_data_snd_check}:
 * {@code tcp_push_pending_frames}, then {@code tcp_check_space} (memory given back by the ACK,
 * {@code tcp_new_space}, the writer woken).
 *
 * <p><b>TCP small queues.</b> The host may hold at most {@code tsqLimitBytes} of the socket's
 * frames not yet on the wire ({@code tcp_small_queue_check}, asked once per skb, a GSO skb of
 * several segments included; retransmissions twice that); past it
 * the sender waits ({@code TSQ_THROTTLED}) until frames leave. The frame's release ({@code
 * tcp_wfree}, {@link Packet#onRelease}) then queues the socket to the TSQ tasklet of the CPU that
 * frees the skb ({@code tcp_wfree}: {@code this_cpu_ptr(&tsq_tasklet)}; {@code TSQF_QUEUED}: once);
 * the model takes that CPU to be the one that sent the frame, where MACsec's copy frees it
 * (KERNEL-FACTS.md 10.1). A GSO skb is let go of segment by segment: {@code tcp_gso_segment}
 * ({@code net/ipv4/tcp_offload.c}) gives every segment the skb's socket and {@code tcp_wfree}
 * ({@code copy_destructor}), so each segment's bytes are released at MACsec's copy of that segment,
 * and the whole skb's once its last segment is copied. The tasklet ({@code tcp_tasklet_func}) runs {@code tcp_tsq_handler} in
 * softirq there, or, if the application owns the socket, sets {@code TCP_TSQ_DEFERRED} for {@code
 * tcp_release_cb}.
 */
final class TcpSenderSocket extends TcpSocket {
    private final int mss;
    private final long tsqLimitBytes;
    private final TcpSender sender;
    private final SendPath path;
    private final SendBuffer buffer;
    /** {@code tcp_tsq_handler}'s write, one object for every TSQ resume (no method reference per call). */
    private final Runnable resume;
    private final TcpSendmsg writer;
    /** Told when a data frame leaves the host, one per sending CPU (not one per frame). */
    private final Packet.Released[] releasedOn;
    private final TsqTasklet[] tasklets;
    private long hostBytes;
    private boolean throttled;
    /** {@code TSQF_QUEUED}: the socket waits in a TSQ tasklet's list. */
    private boolean tsqQueued;
    private long lastDataSegs;
    private long dataFromSoftirq;
    private long dataFromTask;

    TcpSenderSocket(TcpEndpoint at, TcpConfig cfg, FlowAddress address, long tsqLimitBytes, SendPath path) {
        super(at, true);
        Cpu[] cpus = at.cpus();
        Cpu home = at.home();
        this.mss = cfg.mss();
        this.tsqLimitBytes = tsqLimitBytes;
        this.path = path;
        this.sender = new TcpSender(home.simulator(), cfg, address, output);
        this.resume = sender::resume;
        sender.transmitGate(new Gate());
        // tcp_xmit_size_goal: the GSO limit in whole MSS; one MSS where skbs are one MSS each (Gso.OFF)
        long sizeGoalLimit = cfg.gso().enabled() ? cfg.gsoMaxBytes() : mss;
        this.buffer = new SendBuffer(mss, mss + 12, sizeGoalLimit, path.smallSkbHeads());
        buffer.expand(cfg.initialCwnd(), sender.reordering());
        if (path.modelled()) {
            sender.writeQueue(buffer);
        }
        this.writer = new TcpSendmsg(this, sender, buffer, lock, path, cfg.byteLimit());
        this.releasedOn = new Packet.Released[cpus.length];
        this.tasklets = new TsqTasklet[cpus.length];
        for (Cpu c : cpus) {
            tasklets[c.id()] = new TsqTasklet(c);
            releasedOn[c.id()] = p -> released(c, p);
        }
    }

    @Override
    public void start() {
        if (path.modelled()) {
            writer.start();
            return;
        }
        app.submit(new Work() {
            @Override
            public double start(Cpu cpu) {
                return 0;
            }

            @Override
            public void finish(Cpu cpu) {
                inContext(SendContext.SENDMSG, cpu, sender::start);
            }
        });
    }

    @Override
    void holding(Packet p, MacsecFrame f, Cpu cpu, SendContext c) {
        hostBytes += f.length();
        p.onRelease(releasedOn[cpu.id()]);
        long d = sender.mib.get(SenderCounters.DATA_SEGS_OUT);
        if (d != lastDataSegs) {
            lastDataSegs = d;
            if (c.softirq()) {
                dataFromSoftirq++;
            } else {
                dataFromTask++;
            }
        }
    }

    // ---- the lock ----

    /** {@code tcp_write_timer}: {@code TCP_WRITE_TIMER_DEFERRED}. */
    @Override
    void deferTimer(Runnable expiry) {
        lock.deferTimer(expiry, SocketLock.WRITE_TIMER);
    }

    @Override
    void deferTsqWrite() {
        lock.tsqDeferred = true;
    }

    /** {@code tcp_release_cb} on {@code cpu}, in the application's task: the deferred work. */
    void releaseCallback(Cpu cpu) {
        if (!lock.hasDeferred()) {
            return;
        }
        if (lock.tsqDeferred) {
            lock.tsqDeferred = false;
            inContext(SendContext.RELEASE_CB, cpu, resume);
        }
        Runnable timer = lock.takeTimer(SocketLock.WRITE_TIMER);
        if (timer != null) {
            inContext(SendContext.RELEASE_CB, cpu, timer);
        }
    }

    /** The application's part of taking one ACK up the stack, ns. */
    double backlogCostNs() {
        return receiveCostNs();
    }

    /** {@code inContext} for the writer, which lives beside this class. */
    void sendmsgContext(Cpu cpu, Runnable action) {
        inContext(SendContext.SENDMSG, cpu, action);
    }

    // ---- TCP small queues ----

    private final class Gate implements TransmitGate {
        @Override
        public boolean canTransmit() {
            boolean ok = hostBytes + mss <= tsqLimitBytes;
            throttled |= !ok;
            return ok;
        }

        @Override
        public boolean canRetransmit() {
            boolean ok = hostBytes + mss <= 2 * tsqLimitBytes;
            throttled |= !ok;
            return ok;
        }
    }

    private void released(Cpu cpu, Packet p) {
        hostBytes -= p.length();
        if (listener() != null) {
            listener().released(p, hostBytes);
        }
        if (throttled && !tsqQueued && hostBytes + mss <= tsqLimitBytes) {
            tsqQueued = true;
            tasklets[cpu.id()].schedule(0);
        }
    }

    /** A CPU's TSQ tasklet ({@code tsq_tasklet}, {@code tcp_tasklet_func}) for this socket. */
    private final class TsqTasklet extends Event implements Work {
        private final Cpu cpu;

        TsqTasklet(Cpu cpu) {
            super(cpu.simulator());
            this.cpu = cpu;
        }

        /** {@code tasklet_schedule}: TASKLET_SOFTIRQ raised on the CPU. */
        @Override
        public void actions() {
            cpu.raiseSoftirq(this);
        }

        @Override
        public double start(Cpu c) {
            return 0;
        }

        /** {@code tcp_tsq_handler} if the socket is not owned, else {@code TCP_TSQ_DEFERRED}. */
        @Override
        public void finish(Cpu c) {
            tsqQueued = false;
            throttled = false;
            if (ownedByUser()) {
                deferTsqWrite();
            } else {
                inContext(SendContext.TSQ_TASKLET, c, resume);
            }
        }
    }

    // ---- receiving: ACKs ----

    /**
     * {@code tcp_add_backlog}'s limit, {@code sk_rcvbuf + sk_sndbuf + 64 KiB}: the sender's
     * {@code sk_rcvbuf} is {@code tcp_rmem[1]} (it receives no data to autotune it).
     */
    @Override
    long backlogLimit() {
        return SocketLock.RMEM_DEFAULT + buffer.sndbuf() + (64 << 10);
    }

    @Override
    void arriving(byte[] b, int off, int len, double now, Packet p) {
        // ACKs are not measured.
    }

    /** {@code tcp_rcv_established}: {@code tcp_ack}, then {@code tcp_data_snd_check}. */
    @Override
    void endpointReceive(byte[] b, int off, int len, int gsoSize) {
        sender.receive(b, off, len);
        if (path.modelled()) {
            buffer.acked(sender.sndUna());
            writer.checkSpace();
        }
    }

    // ---- results ----

    @Override
    public TcpSender sender() {
        return sender;
    }

    @Override
    public TcpReceiver receiver() {
        return null;
    }

    @Override
    public SocketCounters socketCounters() {
        return new SocketCounters(dataFromSoftirq, dataFromTask, lock.backlogged(), lock.drops(), writer.sleeps(),
                buffer.sndbuf(), buffer.wmemQueued(), lock.queued());
    }

    @Override
    void endpointResetCounters() {
        sender.resetCounters();
        lastDataSegs = sender.mib.get(SenderCounters.DATA_SEGS_OUT);
        dataFromSoftirq = 0;
        dataFromTask = 0;
        lock.resetCounters();
        writer.resetCounters();
    }
}
