package org.cryptorder.net;

import java.util.Arrays;
import java.util.List;
import org.cryptorder.engine.ReasonSignal;
import org.cryptorder.host.Cpu;
import org.cryptorder.host.NapiPoll;
import org.cryptorder.metrics.Column;
import umontreal.ssj.simevents.Simulator;

/**
 * A network interface: TX queues (each with its qdisc, byte queue limit and descriptor ring,
 * {@link TxQueue}) that the NIC fetches from round-robin into its TX packet buffer, which drains
 * onto the outgoing {@link Link} in order ({@link TxPacketBuffer}); and RX queues each served by
 * one CPU through NAPI. A frame to send goes to the TX queue XPS picks ({@link #transmit}). A
 * received frame is steered to a queue as {@link RxSteering} says (queue 0 for every MACsec frame,
 * as the 82599 does; or one of the hypothetical spreadings) and is a cause of that
 * queue's {@link InterruptVector}: RX queue i and TX queue i share vector i, whose interrupt fires
 * within its throttle interval ({@link InterruptModeration}) unless its NAPI is already scheduled,
 * and the NAPI poll then handles up to {@code budget} frames, one piece of softirq work per frame,
 * before yielding to other softirq work.
 *
 * <p>Not modelled: GRO on the real device (MACsec's EtherType has no GRO handler: frames go up
 * one by one to the MACsec device, whose {@link GroCell}s merge), the CPU time of the TX path
 * below MACsec (qdisc, driver, clean). The softirq budget and ksoftirqd are the CPU's
 * ({@link org.cryptorder.host.SoftirqDeferral}), when the experiment asks for them.
 */
public final class Nic implements Link.Receiver {
    /** The NIC's receive columns of {@code runs.csv}, read from b's NIC. */
    public static final List<Column<Nic>> RX_COLUMNS = List.of(
            Column.count("rx_missed", "frames", "RX missed", "Frames b's NIC dropped because an RX ring was full.",
                    Nic::rxMissed),
            Column.perSecond("rx_interrupts_per_s", "1/s", "RX interrupts/s",
                    "Interrupts per second of b's NIC vectors that serve an RX queue (each also cleans its TX"
                            + " queue), from the warm-up's end to the traffic's: with adaptive moderation"
                            + " (`hosts.rxUsecs`) ixgbe's `ixgbe_update_itr` sets the interval between 10 and 126 us.",
                    Nic::rxInterrupts),
            Column.growthRatio("napi_frames_per_poll_mean", "frames", "frames per NAPI poll",
                    "Mean frames one run of b's RX NAPI polls took (`ixgbe_poll`'s RX part, at most"
                            + " `hosts.napiBudget`), from the warm-up's end to the traffic's.",
                    Nic::rxPolledFrames, Nic::rxPolls));

    /** The drops of the TX path below MACsec, by reason ({@link #txDrops}), both hosts' NICs. */
    public static final List<Column<Nic>> TX_DROP_COLUMNS = List.of(
            txDrops("tx_qdisc_dropped", "qdisc dropped",
                    "Of `tx_queue_dropped`, the frames a full qdisc refused (`hosts.qdisc` pfifo_fast: 1000 packets"
                            + " per TX queue; fq_codel refuses none, `tx_fq_overlimit_dropped`), both hosts.",
                    TxDrop.QDISC_FULL),
            txDrops("tx_ring_dropped", "ring dropped",
                    "Of `tx_queue_dropped`, the frames that found their TX queue stopped with no qdisc to hold"
                            + " them (`hosts.qdisc` noqueue): the ring short of descriptors or BQL over its limit,"
                            + " both hosts.",
                    TxDrop.RING_FULL),
            txDrops("tx_fq_overlimit_dropped", "fq_codel overlimit",
                    "Frames fq_codel (`hosts.qdisc`) took in and then dropped from the head of its fattest bucket"
                            + " because the qdisc held over 10240 packets or 32 MB (`fq_codel_drop`, up to 64 at a"
                            + " time), both hosts; not in `tx_queue_dropped` (MACsec counted them as sent).",
                    TxDrop.FQ_OVERLIMIT),
            txDrops("tx_codel_dropped", "CoDel dropped",
                    "Frames fq_codel's CoDel (`hosts.qdisc`) dropped at dequeue, their bucket's sojourn above 5 ms"
                            + " for 100 ms, both hosts; not in `tx_queue_dropped` (MACsec counted them as sent).",
                    TxDrop.CODEL));

    private static Column<Nic> txDrops(String name, String heading, String description, TxDrop reason) {
        return Column.drops(name, "frames", heading, description, n -> n.txDrops, reason);
    }

    /** Linux's default NAPI weight ({@code NAPI_POLL_WEIGHT}). */
    public static final int DEFAULT_BUDGET = 64;

    /**
     * Every frame a TX queue dropped, with the reason: {@code <name>.tx.drop}. The MACsec device
     * that handed it down also emits {@link MacsecDrop#LOWER_QUEUE_FULL} for it.
     */
    public final ReasonSignal<Packet, TxDrop> txDrops;
    private final Simulator sim;
    private final String name;
    private final TxQueue[] txQueues;
    private final TxPacketBuffer txBuffer;
    private final RxQueue[] rxQueues;
    private final InterruptVector[] vectors;
    private final double driverRxNs;
    private final int budget;
    private Link out;
    private ReceivedFrameHandler handler;
    private FrameTrace trace;
    private FrameTap tap;
    private final RxSteering steering;
    private int nextRxQueue;

    /**
     * @param tx         how each TX queue is built
     * @param txQueues   TX queues; queue i's interrupt and clean run on CPU i mod the CPU count
     * @param cpus       the host's CPUs
     * @param rxCpus     the CPU that serves each RX queue (the queue count is its length)
     * @param driverRxNs CPU time of the driver per received frame, ns
     * @param moderation the interrupt vectors' throttling; null: each keeps the profile's start interval
     */
    public Nic(Simulator sim, String name, TxPathSpec tx, int txQueues, Cpu[] cpus, Cpu[] rxCpus, int rxRingSize,
               double driverRxNs, int budget, RxSteering steering, InterruptModeration moderation) {
        if (txQueues < 1 || cpus.length < 1 || rxCpus.length < 1 || budget < 1) {
            throw new IllegalArgumentException("a NIC needs at least one TX queue, one CPU, one RX queue and a budget of 1");
        }
        this.sim = sim;
        this.name = name;
        this.driverRxNs = driverRxNs;
        this.budget = budget;
        this.steering = steering;
        this.txDrops = new ReasonSignal<>(name + ".tx.drop");
        this.txBuffer = new TxPacketBuffer(sim, name + ".txpb", tx.nic().txPacketBufferOctets());
        InterruptModeration m = moderation;
        int startUs = (int) Math.round(tx.nic().itrStartUs());
        this.vectors = new InterruptVector[Math.max(txQueues, rxCpus.length)];
        for (int i = 0; i < vectors.length; i++) {
            vectors[i] = new InterruptVector(sim, i < rxCpus.length ? rxCpus[i] : cpus[i % cpus.length], m, startUs, tx.hz());
        }
        this.txQueues = new TxQueue[txQueues];
        for (int i = 0; i < txQueues; i++) {
            InterruptVector v = vectors[i].cpu() == cpus[i % cpus.length] ? vectors[i]
                    : new InterruptVector(sim, cpus[i % cpus.length], m, startUs, tx.hz());
            this.txQueues[i] = new TxQueue(sim, name + ".tx" + i, i, tx, v, txBuffer, txDrops);
        }
        this.rxQueues = new RxQueue[rxCpus.length];
        for (int i = 0; i < rxCpus.length; i++) {
            this.rxQueues[i] = new RxQueue(new Ring(name + ".rx" + i, rxRingSize), rxCpus[i], vectors[i]);
        }
    }

    public void connect(Link outgoing, ReceivedFrameHandler rxHandler) {
        this.out = outgoing;
        this.handler = rxHandler;
        txBuffer.attach(txQueues, outgoing, trace);
    }

    /** Narrates the followed frames' wire and ring steps into {@code t}. */
    public void trace(FrameTrace t) {
        this.trace = t;
        txBuffer.trace(t);
        for (TxQueue q : txQueues) {
            q.trace(t);
        }
    }

    /** Tells {@code t} of each frame this NIC sends (on the wire) or receives (into an RX ring); null: none. */
    public void tap(FrameTap t) {
        this.tap = t;
        txBuffer.tap(t);
    }

    public String name() {
        return name;
    }

    // ---- transmit ----

    /**
     * {@code dev_queue_xmit} on this device: the frame goes to the TX queue XPS picks
     * ({@link #txQueueOf}); false when that queue dropped it.
     */
    public boolean transmit(Packet p) {
        return txQueues[txQueueOf(p)].transmit(p);
    }

    /**
     * The TX queue of {@code p}: {@code netdev_pick_tx} with no socket (MACsec's copy has none) asks
     * {@code get_xps_queue}, whose CPU map is indexed by {@code skb->sender_cpu - 1}; ixgbe maps CPU i
     * to queue i alone ({@code netif_set_xps_queue} in {@code ixgbe_configure_tx_ring}, one CPU per
     * queue vector), so a CPU below the queue count sends on its own queue. A CPU with no map entry
     * falls back to {@code skb_tx_hash}, the flow's hash scaled to the queue count (here the flow
     * number modulo the queue count).
     */
    public int txQueueOf(Packet p) {
        int c = p.senderCpu;
        if (c >= 0 && c < txQueues.length) {
            return c;
        }
        return Math.floorMod(p.flow(), txQueues.length);
    }

    public int txQueueCount() {
        return txQueues.length;
    }

    public TxQueue txQueue(int i) {
        return txQueues[i];
    }

    /** The on-chip TX packet buffer. */
    public TxPacketBuffer txBuffer() {
        return txBuffer;
    }

    // ---- receive ----

    @Override
    public void arrive(Packet p) {
        RxQueue q;
        if (steering == RxSteering.NIC) {
            q = rxQueues[0];
        } else if (steering == RxSteering.FLOW) {
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
        if (tap != null) {
            tap.frame(sim.time(), p, false);
        }
        if (FrameTrace.follows(trace, p)) {
            trace.stepAt(sim.time(), name, p, p.frame().pn(), "arrives on the RX queue of " + q.cpu.name() + " ("
                    + (q.ring.size() - 1) + (q.ring.size() == 2 ? " frame ahead" : " frames ahead")
                    + (q.scheduled() ? ", NAPI already polling)" : q.vector.interruptPending()
                    ? ", the interrupt already due)" : ", " + q.vector.nextInterruptText() + ")"));
        }
        if (!q.scheduled()) {
            q.vector.cause(q);
        }
    }

    /** Interrupts raised by the vectors that serve RX queues. */
    public long rxInterrupts() {
        return Arrays.stream(rxQueues).mapToLong(q -> q.vector.interrupts()).sum();
    }

    /** The throttle interval of the vector serving RX queue {@code q} now, ns. */
    public double rxInterruptIntervalNs(int q) {
        return rxQueues[q].vector.intervalNs();
    }

    /** Runs of the RX queues' NAPI polls ({@code ixgbe_poll}'s RX part) that ended. */
    public long rxPolls() {
        return Arrays.stream(rxQueues).mapToLong(RxQueue::polls).sum();
    }

    /** Frames the RX queues' NAPI polls took. */
    public long rxPolledFrames() {
        return Arrays.stream(rxQueues).mapToLong(RxQueue::frames).sum();
    }

    public int rxQueueCount() {
        return rxQueues.length;
    }

    public Ring rxRing(int i) {
        return rxQueues[i].ring;
    }

    /** Frames dropped because an RX ring was full ({@code rx_missed_errors}). */
    public long rxMissed() {
        return Arrays.stream(rxQueues).mapToLong(q -> q.ring.dropped()).sum();
    }

    /** One RX queue and its NAPI context, the RX half of its vector's poll; as softirq work it handles one frame. */
    private final class RxQueue extends NapiPoll implements InterruptVector.Half {
        final Ring ring;
        final Cpu cpu;
        final InterruptVector vector;
        Packet current;

        RxQueue(Ring ring, Cpu cpu, InterruptVector vector) {
            super(budget);
            this.ring = ring;
            this.cpu = cpu;
            this.vector = vector;
            vector.rx(this);
        }

        @Override
        public void raise() {
            schedule(cpu);
        }

        @Override
        public boolean hasWork() {
            return !ring.isEmpty();
        }

        @Override
        protected void completed(Cpu c) {
            vector.completed();
        }

        @Override
        public double start(Cpu c) {
            current = ring.poll(c.now());
            polledOne();
            vector.rxPolled(1, current.length());
            if (FrameTrace.follows(trace, current)) {
                trace.stepAt(c.now(), name, current, current.frame().pn(), "the NAPI poll on " + c.name()
                        + " takes it: frame " + polledInRun() + " of this poll run (at most " + budget()
                        + "), " + ring.size() + (ring.size() == 1 ? " frame" : " frames") + " behind it in the ring");
            }
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
