package org.cryptorder.transport;

import java.util.function.Consumer;

import org.cryptorder.host.Cpu;
import org.cryptorder.host.Work;
import org.cryptorder.macsec.MacsecFrame;
import org.cryptorder.net.MacsecDevice;
import org.cryptorder.net.Packet;
import org.cryptorder.net.StackCosts;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;

/**
 * The sending side of a {@link TcpSocket}: a {@link TcpSender} on the host, started from its
 * application task, with TCP small queues. The host may hold at most {@code tsqLimitBytes} of the
 * socket's frames not yet on the wire ({@code tcp_small_queue_check}; retransmissions twice that);
 * past it the sender waits until frames leave, and is then resumed from softirq on its home CPU
 * ({@code tcp_tsq_handler}).
 */
final class TcpSenderSocket extends TcpSocket {
    private final int mss;
    private final long tsqLimitBytes;
    private final Event resume;
    /** Told when a data frame leaves the host (TCP small queues); one reference, not one per frame. */
    private final Packet.Released releasedHandler = this::released;
    private final TcpSender sender;
    private long hostBytes;
    private boolean throttled;

    TcpSenderSocket(Cpu[] cpus, Cpu home, MacsecDevice device, StackCosts costs, int flow,
                    byte[] srcMac, byte[] dstMac, TcpConfig cfg, FlowAddress address, long tsqLimitBytes) {
        super(cpus, home, device, costs, flow, true, srcMac, dstMac);
        this.mss = cfg.mss();
        this.tsqLimitBytes = tsqLimitBytes;
        this.resume = new Resume(home.simulator());
        this.sender = new TcpSender(home.simulator(), cfg, address, output);
        sender.transmitGate(new Gate());
    }

    @Override
    public void start() {
        app.submit(new Costless(cpu -> {
            inApp = true;
            sender.start();
            inApp = false;
        }));
    }

    @Override
    void holding(Packet p, MacsecFrame f) {
        hostBytes += f.length();
        p.onRelease(releasedHandler);
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
            home.raiseSoftirq(new Costless(cpu -> {
                delivering = cpu;
                sender.resume();
                delivering = null;
            }));
        }
    }

    /** Work that takes no CPU time and, when it finishes, does {@code action} on its CPU. */
    private static final class Costless implements Work {
        private final Consumer<Cpu> action;

        Costless(Consumer<Cpu> action) {
            this.action = action;
        }

        @Override
        public double start(Cpu cpu) {
            return 0;
        }

        @Override
        public void finish(Cpu cpu) {
            action.accept(cpu);
        }
    }

    // ---- receiving: ACKs ----

    @Override
    void arriving(byte[] b, int off, int len, double now, Packet p) {
        // ACKs are not measured.
    }

    @Override
    void endpointReceive(byte[] b, int off, int len) {
        sender.receive(b, off, len);
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
    void endpointResetCounters() {
        sender.resetCounters();
    }
}
