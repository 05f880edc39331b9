package org.cryptorder.net;

import org.cryptorder.engine.LevelSignal;
import org.cryptorder.engine.ReasonSignal;
import org.cryptorder.host.Cpu;
import org.cryptorder.host.Work;
import umontreal.ssj.simevents.Simulator;

/**
 * One TX queue of the lower device ({@code struct netdev_queue} with the driver's ring and the TX
 * half of its interrupt vector): its qdisc, its byte queue limit, its descriptor ring, and the
 * interrupt that cleans the ring.
 *
 * <p><b>Sending</b> ({@code __dev_queue_xmit} in the context that sends): with a qdisc
 * ({@link Qdisc}: {@link PfifoFast} or {@link FqCodel}) the frame is enqueued, or dropped when the
 * qdisc is full ({@link TxDrop#QDISC_FULL}), and the qdisc is run
 * at once ({@code __dev_xmit_skb}, {@code __qdisc_run}): {@code qdisc_restart} dequeues and hands
 * frames to the driver while the queue is not stopped ({@code dequeue_skb} and
 * {@code sch_direct_xmit} test {@code netif_xmit_frozen_or_stopped}). Without one
 * ({@code noqueue}) the frame goes to the driver, or is dropped when the queue is stopped
 * ({@link TxDrop#RING_FULL}). A qdisc that may be bypassed ({@code TCQ_F_CAN_BYPASS}: fq_codel)
 * and is empty hands the frame to the driver at once when the queue runs ({@code __dev_xmit_skb}
 * calls {@code sch_direct_xmit}); when the queue is stopped the frame is enqueued (Linux requeues it
 * in the qdisc's {@code gso_skb} slot, outside fq_codel's buckets). Frames the qdisc drops itself
 * (fq_codel's overlimit and CoDel drops) are emitted with their reason and let go
 * ({@code kfree_skb}); the MACsec device counts them as sent ({@code count_tx} takes
 * {@code NET_XMIT_CN} as success). The driver ({@code ixgbe_xmit_frame_ring}, {@code ixgbe_tx_map})
 * posts the frame on the ring, tells BQL ({@code netdev_tx_sent_queue}, which stops the queue when
 * {@code dql_avail} is negative), stops the queue when the ring is short of descriptors
 * ({@code ixgbe_maybe_stop_tx}), and rings the doorbell: the NIC fetches ({@link TxPacketBuffer}).
 *
 * <p><b>Completion</b>: the NIC writes a descriptor back done when it has fetched the frame into
 * its packet buffer. That is a cause of the queue's {@link InterruptVector} (ixgbe's {@code
 * q_vector}, shared with the RX queue of the same index, on CPU i for queue i), whose interrupt,
 * within its throttle interval, raises the clean on the queue's CPU. The poll ({@code ixgbe_clean_tx_irq}) frees up to
 * the clean budget of done descriptors, releasing their frames, reports them to BQL
 * ({@code netdev_tx_completed_queue}: {@code dql_completed}, and a wake when the limit allows), wakes
 * the queue when enough descriptors are unused, and polls again while done descriptors remain. A
 * wake runs the qdisc there ({@code __netif_schedule}: NET_TX on the cleaning CPU), in the same
 * softirq work. The poll takes no CPU time: no source gives the cost of the TX clean.
 *
 * <p>Events: the vector's, one per interrupt (not per frame); the poll is one piece of softirq work per budget.
 * Signals: the qdisc's backlog, the ring's descriptors in use and BQL's limit, emitted when a frame is
 * sent or cleaned while someone listens ({@link #qdiscLength}, {@link #ringLength}, {@link #bqlLimit}).
 */
public final class TxQueue {
    private final Simulator sim;
    private final String name;
    private final int index;
    private final Qdisc qdisc;
    private final Dql bql;
    private final TxRing ring;
    private final NicProfile nic;
    private final Cpu cpu;
    private final TxPacketBuffer buffer;
    private final ReasonSignal<Packet, TxDrop> drops;
    private final LevelSignal qdiscLength;
    private final LevelSignal ringLength;
    private final LevelSignal bqlLimit;
    private final InterruptVector vector;
    private final InterruptVector.Half txHalf;
    private final Work poll = new CleanPoll();
    /** {@code __QUEUE_STATE_DRV_XOFF}: the driver stopped the queue (ring short of descriptors). */
    private boolean drvXoff;
    /** {@code __QUEUE_STATE_STACK_XOFF}: BQL stopped the queue (over its limit). */
    private boolean stackXoff;
    private boolean napiScheduled;
    private long sent;
    private long bypassed;
    private long cleaned;
    private long bqlStops;
    private FrameTrace trace;

    TxQueue(Simulator sim, String name, int index, TxPathSpec spec, InterruptVector vector, TxPacketBuffer buffer,
            ReasonSignal<Packet, TxDrop> drops) {
        this.sim = sim;
        this.name = name;
        this.index = index;
        this.nic = spec.nic();
        this.qdisc = switch (spec.qdisc()) {
            case PFIFO_FAST -> new PfifoFast(spec.qdiscLimit());
            case FQ_CODEL -> new FqCodel(spec.fqCodel(), this::qdiscDropped);
            case NOQUEUE -> null;
        };
        this.bql = spec.bql() ? new Dql(spec.hz()) : null;
        this.ring = new TxRing(spec.ringSize());
        this.vector = vector;
        this.cpu = vector.cpu();
        this.buffer = buffer;
        this.drops = drops;
        this.txHalf = new InterruptVector.Half() {
            @Override
            public void raise() {
                if (!napiScheduled) {
                    napiScheduled = true;
                    cpu.raiseSoftirq(poll);
                }
            }

            @Override
            public boolean scheduled() {
                return napiScheduled;
            }

            @Override
            public boolean hasWork() {
                return ring.doneCount() > 0;
            }
        };
        vector.tx(txHalf);
        this.qdiscLength = new LevelSignal(name + ".qdisc.length");
        this.ringLength = new LevelSignal(name + ".ring.length");
        this.bqlLimit = new LevelSignal(name + ".bql.limit");
    }

    /**
     * {@code __dev_queue_xmit} of {@code p} on this queue, from the context that sends: false when
     * the frame is dropped (emitted on the NIC's drop signal with its reason).
     */
    boolean transmit(Packet p) {
        double now = sim.time();
        if (qdisc == null) {
            if (stopped()) {
                drop(p, TxDrop.RING_FULL, now);
                return false;
            }
            driverXmit(p, now);
            levels(now);
            return true;
        }
        if (qdisc.canBypass() && qdisc.backlog() == 0 && !stopped()) {
            bypassed++;
            driverXmit(p, now);
            levels(now);
            return true;
        }
        if (!qdisc.enqueue(p, now)) {
            drop(p, TxDrop.QDISC_FULL, now);
            return false;
        }
        if (stopped() && FrameTrace.follows(trace, p)) {
            trace.stepAt(now, name, p, p.frame().pn(), "held in the qdisc: " + whyStopped() + "; it leaves when "
                    + "the TX clean on " + cpu.name() + " wakes the queue");
        }
        runQdisc(now);
        levels(now);
        return true;
    }

    private void drop(Packet p, TxDrop reason, double now) {
        if (drops.hasObservers()) {
            drops.emit(now, p, reason);
        }
    }

    /** A frame the qdisc took in and then dropped: emitted with its reason, its socket buffer let go. */
    private void qdiscDropped(Packet p, TxDrop reason, double now) {
        drop(p, reason, now);
        p.release();
    }

    /** Tells the occupancy signals' observers, if any, the qdisc's and the ring's lengths now. */
    private void levels(double now) {
        if (qdiscLength.hasObservers()) {
            qdiscLength.emit(now, qdiscBacklog());
        }
        if (ringLength.hasObservers()) {
            ringLength.emit(now, ring.inUse());
        }
        if (bql != null && bqlLimit.hasObservers()) {
            bqlLimit.emit(now, bql.limit());
        }
    }

    /** {@code __qdisc_run}: frames from the qdisc to the driver while the queue is not stopped. */
    private void runQdisc(double now) {
        runQdisc(now, null);
    }

    /** {@link #runQdisc(double)} after a wake: each followed frame dequeued is told {@code woken}, why. */
    private void runQdisc(double now, String woken) {
        while (!stopped() && qdisc.backlog() > 0) {
            Packet p = qdisc.dequeue(now);
            if (woken != null && p != null && FrameTrace.follows(trace, p)) {
                trace.stepAt(now, name, p, p.frame().pn(), woken);
            }
            driverXmit(p, now);
        }
    }

    /** Why the queue is stopped, in the words of its state bits, for the narration. */
    private String whyStopped() {
        String bqlWhy = bql == null ? "" : "BQL stopped the queue (__QUEUE_STATE_STACK_XOFF: " + bql.inFlight()
                + " octets in flight, limit " + bql.limit() + ")";
        String drvWhy = "the driver stopped the queue (__QUEUE_STATE_DRV_XOFF: " + ring.unused()
                + " descriptors unused)";
        if (stackXoff && drvXoff) {
            return bqlWhy + " and " + drvWhy;
        }
        return stackXoff ? bqlWhy : drvWhy;
    }

    /** Narrates the followed frames' waits in the qdisc into {@code t}. */
    void trace(FrameTrace t) {
        this.trace = t;
    }

    /** {@code ixgbe_xmit_frame_ring}: post, tell BQL, stop when short of descriptors, ring the doorbell. */
    private void driverXmit(Packet p, double now) {
        p.txOctets = p.length();
        ring.post(p, now);
        sent++;
        if (bql != null) {
            bql.queued(p.txOctets);
            if (bql.avail() < 0) {
                stackXoff = true;
                bqlStops++;
            }
        }
        if (ring.unused() < nic.descNeeded()) {
            drvXoff = true;
        }
        buffer.kick();
    }

    /** {@code netif_xmit_frozen_or_stopped}: the driver or BQL stopped the queue. */
    public boolean stopped() {
        return drvXoff || stackXoff;
    }

    /** The NIC wrote back the descriptor of a frame it fetched: a cause of the queue's vector. */
    void fetched() {
        if (!napiScheduled) {
            vector.cause(txHalf);
        }
    }


    /** {@code ixgbe_poll}'s TX part: {@code ixgbe_clean_tx_irq} within the clean budget. */
    private final class CleanPoll implements Work {
        @Override
        public double start(Cpu c) {
            return 0;
        }

        @Override
        public void finish(Cpu c) {
            double now = c.now();
            long octets = 0;
            int frames = 0;
            Packet p;
            while (frames < nic.txCleanBudget() && (p = ring.clean(now)) != null) {
                octets += p.txOctets;
                frames++;
                p.release();
            }
            cleaned += frames;
            vector.txCleaned(frames, octets);
            boolean wake = false;
            if (bql != null && octets > 0) {
                bql.completed(octets, now);
                if (stackXoff && bql.avail() >= 0) {
                    stackXoff = false;
                    wake = true;
                }
            }
            if (frames > 0 && drvXoff && ring.unused() >= nic.txWakeThreshold()) {
                drvXoff = false;
                wake = true;
            }
            if (wake && qdisc != null) {
                runQdisc(now, trace == null ? null : String.format(java.util.Locale.ROOT,
                        "the TX clean on %s freed %d %s (%d octets): the queue wakes (netif_tx_wake_queue) and "
                                + "the qdisc runs, handing it to the driver", cpu.name(), frames,
                        frames == 1 ? "frame" : "frames", octets));
            }
            levels(now);
            if (ring.doneCount() > 0) {
                c.raiseSoftirq(poll);
            } else {
                napiScheduled = false;
                vector.completed();
            }
        }
    }

    public String name() {
        return name;
    }

    public int index() {
        return index;
    }

    /** The qdisc, or null with {@code noqueue}. */
    public Qdisc qdisc() {
        return qdisc;
    }

    /** The byte queue limit, or null without BQL. */
    public Dql bql() {
        return bql;
    }

    public TxRing ring() {
        return ring;
    }

    /** The CPU the queue's interrupt and clean run on. */
    public Cpu cpu() {
        return cpu;
    }

    /** Frames handed to the driver. */
    public long sent() {
        return sent;
    }

    /** Frames that went to the driver past an empty qdisc ({@code TCQ_F_CAN_BYPASS}), never offered to it. */
    public long bypassed() {
        return bypassed;
    }

    /** Frames the clean freed. */
    public long cleaned() {
        return cleaned;
    }

    /** Interrupts of the queue's vector (shared with the RX queue of the same index). */
    public long interrupts() {
        return vector.interrupts();
    }

    /** Times BQL stopped the queue. */
    public long bqlStops() {
        return bqlStops;
    }

    /** The qdisc's backlog, packets, at each change (while someone listens): {@code <queue>.qdisc.length}. */
    public LevelSignal qdiscLength() {
        return qdiscLength;
    }

    /** The ring's descriptors in use at each change (while someone listens): {@code <queue>.ring.length}. */
    public LevelSignal ringLength() {
        return ringLength;
    }

    /**
     * BQL's limit, octets, when a frame is sent or cleaned (while someone listens; never without BQL):
     * {@code <queue>.bql.limit}. It changes only at a clean ({@code dql_completed}).
     */
    public LevelSignal bqlLimit() {
        return bqlLimit;
    }

    /** Frames queued in the qdisc now (0 without one). */
    public int qdiscBacklog() {
        return qdisc == null ? 0 : qdisc.backlog();
    }
}
