package org.cryptorder.net;

import org.cryptorder.host.Cpu;
import org.cryptorder.host.NapiPoll;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;

/**
 * A network interface: TX rings drained in turn onto the outgoing {@link Link}, and RX queues
 * each served by one CPU through NAPI. A received frame is steered to a queue by RSS (the flow
 * number modulo the queue count); its queue's CPU is interrupted unless NAPI is already scheduled
 * there (with {@link RxSteering#PER_FRAME}, frames go to the queues in turn instead), and the NAPI poll then handles up to {@code budget} frames, one piece of softirq work per
 * frame, before yielding to other softirq work.
 *
 * <p>The transmitter is in one of two states ({@link TxState}): {@code IDLE}, with every TX ring
 * empty, or {@code TRANSMITTING} one frame, which the {@code TransmitComplete} event ends; it then
 * starts the next frame from the rings in turn, or goes idle. Each transition checks the state it
 * leaves, as ns-3's {@code PointToPointNetDevice} checks its {@code TxMachineState}, and throws
 * {@link IllegalStateException} on an illegal one.
 *
 * <p>Not modelled: interrupt moderation delays, the TX completion interrupt, GRO on the real
 * device. The softirq budget and ksoftirqd are the CPU's ({@link org.cryptorder.host.SoftirqDeferral}),
 * when the experiment asks for them.
 */
public final class Nic implements Link.Receiver {
    /** The transmitter's state: idle, or serialising one frame onto the link. */
    public enum TxState {
        /** No frame on the wire; every TX ring is empty (a queued frame starts at once). */
        IDLE,
        /** One frame is being serialised; the rings wait for its {@code TransmitComplete}. */
        TRANSMITTING
    }

    /** Linux's default NAPI weight ({@code NAPI_POLL_WEIGHT}). */
    public static final int DEFAULT_BUDGET = 64;

    private final Simulator sim;
    private final String name;
    private final Ring[] txRings;
    private final RxQueue[] rxQueues;
    private final double driverRxNs;
    private final int budget;
    private final Event transmitComplete;
    private Link out;
    private ReceivedFrameHandler handler;
    private FrameTrace trace;
    private int nextTxRing;
    private final RxSteering steering;
    private int nextRxQueue;
    private TxState txState = TxState.IDLE;
    /** The frame being serialised while {@code TRANSMITTING}, null while {@code IDLE}. */
    private Packet onWire;

    /**
     * @param rxCpus     the CPU that serves each RX queue (the queue count is its length)
     * @param driverRxNs CPU time of the driver per received frame, ns
     */
    public Nic(Simulator sim, String name, int txRings, int txRingSize, Cpu[] rxCpus, int rxRingSize,
               double driverRxNs, int budget, RxSteering steering) {
        if (txRings < 1 || rxCpus.length < 1 || budget < 1) {
            throw new IllegalArgumentException("a NIC needs at least one TX ring, one RX queue and a budget of 1");
        }
        this.sim = sim;
        this.name = name;
        this.driverRxNs = driverRxNs;
        this.budget = budget;
        this.steering = steering;
        this.txRings = new Ring[txRings];
        for (int i = 0; i < txRings; i++) {
            this.txRings[i] = new Ring(name + ".tx" + i, txRingSize);
        }
        this.rxQueues = new RxQueue[rxCpus.length];
        for (int i = 0; i < rxCpus.length; i++) {
            this.rxQueues[i] = new RxQueue(new Ring(name + ".rx" + i, rxRingSize), rxCpus[i]);
        }
        this.transmitComplete = new TransmitComplete(sim);
    }

    public void connect(Link outgoing, ReceivedFrameHandler rxHandler) {
        this.out = outgoing;
        this.handler = rxHandler;
    }

    /** Narrates the followed frames' wire and ring steps into {@code t}. */
    public void trace(FrameTrace t) {
        this.trace = t;
    }

    public String name() {
        return name;
    }

    // ---- transmit ----

    /** Queues a frame on a TX ring; false when that ring is full (the frame is not queued). */
    public boolean transmit(int ring, Packet p) {
        if (!txRings[ring].offer(p, sim.time())) {
            return false;
        }
        if (txState == TxState.IDLE) {
            startNext();
        }
        return true;
    }

    /** The transmitter's state now. */
    public TxState txState() {
        return txState;
    }

    /**
     * Moves the transmitter from {@code from} to {@code to}: IDLE to TRANSMITTING when a frame
     * starts, TRANSMITTING to IDLE when it ends; anything else, or a transmitter not in {@code from},
     * is an illegal transition.
     */
    void txTransition(TxState from, TxState to) {
        if (txState != from || from == to) {
            throw new IllegalStateException(name + " transmitter: illegal transition " + from + " -> " + to
                    + " while " + txState);
        }
        txState = to;
    }

    public int txRingCount() {
        return txRings.length;
    }

    private void startNext() {
        for (int k = 0; k < txRings.length; k++) {
            Ring r = txRings[(nextTxRing + k) % txRings.length];
            if (!r.isEmpty()) {
                nextTxRing = (nextTxRing + k + 1) % txRings.length;
                Packet p = r.poll(sim.time());
                txTransition(TxState.IDLE, TxState.TRANSMITTING);
                onWire = p;
                double end = out.send(p);
                if (FrameTrace.follows(trace, p)) {
                    trace.stepAt(sim.time(), name, p, p.frame().pn(), String.format(java.util.Locale.ROOT,
                            "on the wire %s: %.3f us to serialise, arrives at %.3f us", out.name(),
                            (end - sim.time()) / 1000, p.arrivesAt / 1000));
                    trace.span(p, p.frame().pn(), out.name(), null, FrameTrace.Kind.WIRE, sim.time(), p.arrivesAt);
                }
                transmitComplete.schedule(end - sim.time());
                return;
            }
        }
    }

    private final class TransmitComplete extends Event {
        TransmitComplete(Simulator s) {
            super(s);
        }

        @Override
        public void actions() {
            Packet sent = onWire;
            onWire = null;
            txTransition(TxState.TRANSMITTING, TxState.IDLE);
            startNext();
            sent.release();
        }
    }

    // ---- receive ----

    @Override
    public void arrive(Packet p) {
        RxQueue q;
        if (steering == RxSteering.FLOW) {
            q = rxQueues[Math.floorMod(p.flow(), rxQueues.length)];
        } else {
            q = rxQueues[nextRxQueue];
            nextRxQueue = (nextRxQueue + 1) % rxQueues.length;
        }
        if (!q.ring.offer(p, sim.time())) {
            if (FrameTrace.follows(trace, p)) {
                trace.stepAt(sim.time(), name, p, p.frame().pn(), "RX ring of " + q.cpu.name() + " full: dropped (rx_missed)");
            }
            return;
        }
        if (FrameTrace.follows(trace, p)) {
            trace.stepAt(sim.time(), name, p, p.frame().pn(), "arrives on the RX queue of " + q.cpu.name() + " ("
                    + (q.ring.size() - 1) + (q.ring.size() == 2 ? " frame ahead" : " frames ahead")
                    + (q.scheduled() ? ", NAPI already polling)" : ", interrupt raises NET_RX softirq)"));
        }
        q.schedule(q.cpu);
    }

    public Ring rxRing(int i) {
        return rxQueues[i].ring;
    }

    /** Frames dropped because an RX ring was full ({@code rx_missed_errors}). */
    public long rxMissed() {
        long n = 0;
        for (RxQueue q : rxQueues) {
            n += q.ring.dropped();
        }
        return n;
    }

    /** One RX queue and its NAPI context; as softirq work it handles one frame. */
    private final class RxQueue extends NapiPoll {
        final Ring ring;
        final Cpu cpu;
        Packet current;

        RxQueue(Ring ring, Cpu cpu) {
            super(budget);
            this.ring = ring;
            this.cpu = cpu;
        }

        @Override
        public double start(Cpu c) {
            current = ring.poll(c.now());
            polledOne();
            return driverRxNs + handler.receiveStart(c, current);
        }

        @Override
        public void finish(Cpu c) {
            Packet p = current;
            current = null;
            handler.receiveFinish(c, p);
            afterFrame(c, ring.isEmpty());
        }
    }
}
