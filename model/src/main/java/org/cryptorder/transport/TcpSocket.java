package org.cryptorder.transport;

import java.util.ArrayDeque;
import org.cryptorder.host.Context;
import org.cryptorder.host.Cpu;
import org.cryptorder.host.Task;
import org.cryptorder.host.Work;
import org.cryptorder.macsec.MacsecFrame;
import org.cryptorder.metrics.LatencyHistogram;
import org.cryptorder.metrics.Rfc4737Reordering;
import org.cryptorder.net.MacsecDevice;
import org.cryptorder.net.Packet;
import org.cryptorder.net.StackCosts;
import org.cryptorder.net.Upper;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;

/**
 * A TCP endpoint bound to a host: the glue between the protocol logic ({@link TcpSender} or
 * {@link TcpReceiver}) and the host's CPUs and MACsec device.
 *
 * <p>Where a segment is sent from decides its CPU and context, as in Linux:
 * <ul>
 *   <li>while a received packet is being delivered to the endpoint (ACK clocking, the receiver's
 *       ACKs), in softirq on the CPU delivering it, right after that packet;</li>
 *   <li>from the application ({@code sendmsg}: the connection's first window), in the application's
 *       task;</li>
 *   <li>from a timer (RTO, loss probe, delayed ACK) or the TCP small queues handler, in softirq on
 *       the socket's home CPU.</li>
 * </ul>
 * Each segment is one piece of work: the TCP/IP transmit cost plus the MACsec device's part. TCP
 * small queues: a sender may have at most {@code tsqLimitBytes} of frames held in the host (not yet
 * on the wire); past that it waits until frames leave, and is resumed from softirq
 * ({@code tcp_tsq_handler}).
 *
 * <p>On the receiving side the socket records, for data segments, the RFC 4737 reordering of
 * segment numbers (sequence offset / MSS) in arrival order and the frame latency from the sender's
 * MACsec transmit to delivery.
 */
public final class TcpSocket implements Upper {
    private final MacsecDevice device;
    private final StackCosts costs;
    private final Cpu home;
    private final Task app;
    private final int flow;
    private final long idBase;
    private final byte[] ethernet = new byte[14];
    private final SoftirqTx[] softirqTx;
    private final Cpu[] cpus;
    private final int mss;
    private final int dataIsn;
    private final long tsqLimitBytes;
    private final Event resume;
    /** Told when a data frame leaves the host (TCP small queues); one reference, not one per frame. */
    private final Packet.Released releasedHandler = this::released;
    private TcpSender sender;
    private TcpReceiver receiver;
    private Cpu delivering;
    private boolean inApp;
    private long hostBytes;
    private boolean throttled;
    private long packets;
    private final Rfc4737Reordering reordering = new Rfc4737Reordering();
    private final LatencyHistogram latency = new LatencyHistogram();

    private TcpSocket(Cpu[] cpus, Cpu home, MacsecDevice device, StackCosts costs, int flow, boolean dataSide,
                      byte[] srcMac, byte[] dstMac, TcpConfig cfg, long tsqLimitBytes) {
        this.cpus = cpus.clone();
        this.home = home;
        this.device = device;
        this.costs = costs;
        this.flow = flow;
        this.idBase = ((long) flow << 41) | (dataSide ? 0 : 1L << 40);
        this.app = home.newTask((dataSide ? "tcp-sender" : "tcp-receiver") + flow, Context.USER_TASK, true);
        this.softirqTx = new SoftirqTx[cpus.length];
        this.mss = cfg.mss();
        this.dataIsn = cfg.senderIsn();
        this.tsqLimitBytes = tsqLimitBytes;
        this.resume = new Resume(home.simulator());
        System.arraycopy(dstMac, 0, ethernet, 0, 6);
        System.arraycopy(srcMac, 0, ethernet, 6, 6);
        ethernet[12] = 0x08;
        device.bind(flow, this);
    }

    /**
     * The data sender of a flow (iperf3 -c), on host CPUs {@code cpus}, its application on {@code home}.
     *
     * @param tsqLimitBytes octets of this socket's frames the host may hold before the sender waits
     */
    public static TcpSocket sender(Cpu[] cpus, Cpu home, MacsecDevice device, StackCosts costs, int flow,
                                   byte[] srcMac, byte[] dstMac, TcpConfig cfg, FlowAddress address,
                                   long tsqLimitBytes) {
        TcpSocket s = new TcpSocket(cpus, home, device, costs, flow, true, srcMac, dstMac, cfg, tsqLimitBytes);
        s.sender = new TcpSender(home.simulator(), cfg, address, s::transmit);
        s.sender.transmitGate(s.new Gate());
        return s;
    }

    /** The receiving end of a flow (iperf3 -s). */
    public static TcpSocket receiver(Cpu[] cpus, Cpu home, MacsecDevice device, StackCosts costs, int flow,
                                     byte[] srcMac, byte[] dstMac, TcpConfig cfg, FlowAddress address) {
        TcpSocket s = new TcpSocket(cpus, home, device, costs, flow, false, srcMac, dstMac, cfg, Long.MAX_VALUE);
        s.receiver = new TcpReceiver(home.simulator(), cfg, address, s::transmit);
        return s;
    }

    /** Starts the sender from its application task (the first window goes out from the task). */
    public void start() {
        app.submit(new Work() {
            @Override
            public double start(Cpu cpu) {
                return 0;
            }

            @Override
            public void finish(Cpu cpu) {
                inApp = true;
                sender.start();
                inApp = false;
            }
        });
    }

    // ---- sending ----

    private void transmit(byte[] buf, int off, int len) {
        MacsecFrame f = MacsecFrame.allocate(14 + len);
        System.arraycopy(ethernet, 0, f.bytes(), f.offset(), 14);
        System.arraycopy(buf, off, f.bytes(), f.offset() + 14, len);
        Packet p = new Packet(idBase | packets++, flow, home.now(), f);
        if (sender != null) {
            hostBytes += f.length();
            p.onRelease(releasedHandler);
        }
        if (delivering != null) {
            softirq(delivering).add(p);
        } else if (inApp) {
            app.submit(new TaskTx(p));
        } else {
            softirq(home).add(p);
        }
    }

    private SoftirqTx softirq(Cpu cpu) {
        SoftirqTx t = softirqTx[cpu.id()];
        if (t == null) {
            t = new SoftirqTx(cpu);
            softirqTx[cpu.id()] = t;
        }
        return t;
    }

    private double transmitNs(Cpu cpu, Packet p) {
        return costs.ns(costs.tcpTxCycles()) + device.startTransmit(cpu, p);
    }

    /** One segment from the application's task. */
    private final class TaskTx implements Work {
        private final Packet packet;

        TaskTx(Packet p) {
            this.packet = p;
        }

        @Override
        public double start(Cpu cpu) {
            return transmitNs(cpu, packet);
        }

        @Override
        public void finish(Cpu cpu) {
            device.finishTransmit(cpu, packet);
        }

        /** dev_queue_xmit runs under rcu_read_lock_bh: softirqs wait for the transmission. */
        @Override
        public boolean bhDisabled() {
            return true;
        }
    }

    /** The segments this socket sends from softirq on one CPU, in order, one piece of work each. */
    private final class SoftirqTx implements Work {
        private final Cpu cpu;
        private final ArrayDeque<Packet> queue = new ArrayDeque<>();
        private boolean scheduled;
        private Packet current;

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
        public double start(Cpu c) {
            current = queue.poll();
            return transmitNs(c, current);
        }

        @Override
        public void finish(Cpu c) {
            device.finishTransmit(c, current);
            current = null;
            if (queue.isEmpty()) {
                scheduled = false;
            } else {
                c.raiseSoftirqNext(this);
            }
        }
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

    private void released(Packet p) {
        hostBytes -= p.length();
        if (throttled && hostBytes + mss <= tsqLimitBytes && resume.time() < 0) {
            resume.schedule(0);
        }
    }

    /** {@code tcp_tsq_handler}: room again; the sender continues from softirq on its home CPU. */
    private final class Resume extends Event {
        Resume(Simulator s) {
            super(s);
        }

        @Override
        public void actions() {
            throttled = false;
            home.raiseSoftirq(new Work() {
                @Override
                public double start(Cpu cpu) {
                    return 0;
                }

                @Override
                public void finish(Cpu cpu) {
                    delivering = cpu;
                    sender.resume();
                    delivering = null;
                }
            });
        }
    }

    // ---- receiving ----

    @Override
    public double receiveNs(Packet p) {
        return costs.ns(costs.tcpRxCycles());
    }

    @Override
    public void deliver(Cpu cpu, Packet p) {
        byte[] b = p.frame().bytes();
        int off = p.frame().offset() + 14;
        int len = p.frame().length() - 14;
        if (receiver != null) {
            observeData(b, off, len, cpu.now(), p);
        }
        delivering = cpu;
        if (sender != null) {
            sender.receive(b, off, len);
        } else {
            receiver.receive(b, off, len);
        }
        delivering = null;
    }

    private void observeData(byte[] b, int off, int len, double now, Packet p) {
        if (len < 40) {
            return;
        }
        int ipHeader = (b[off] & 0x0f) * 4;
        int total = Ipv4TcpHeader.getShort(b, off + 2);
        int tcp = off + ipHeader;
        int tcpHeader = ((b[tcp + 12] & 0xf0) >>> 4) * 4;
        if (total - ipHeader - tcpHeader <= 0) {
            return;
        }
        int seq = Ipv4TcpHeader.getInt(b, tcp + 4);
        long segment = Integer.toUnsignedLong(seq - dataIsn) / mss;
        reordering.arrive(segment, (long) now);
        latency.add(now - p.createdAt());
    }

    // ---- results ----

    public TcpSender sender() {
        return sender;
    }

    public TcpReceiver receiver() {
        return receiver;
    }

    /** RFC 4737 reordering of data segments at the receiver, in arrival order. */
    public Rfc4737Reordering reordering() {
        return reordering;
    }

    /** Frame latency of data segments, from the sender's transmit to delivery, ns. */
    public LatencyHistogram latency() {
        return latency;
    }

    /** Forgets what was measured so far (warm-up deletion). */
    public void resetCounters() {
        reordering.reset();
        latency.reset();
        if (sender != null) {
            sender.resetCounters();
        } else {
            receiver.resetCounters();
        }
    }

    public int flow() {
        return flow;
    }
}
