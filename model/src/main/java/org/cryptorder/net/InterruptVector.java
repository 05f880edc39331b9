package org.cryptorder.net;

import java.util.Locale;
import org.cryptorder.host.Cpu;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;

/**
 * One MSI-X vector of the NIC, ixgbe's {@code q_vector}: RX queue i and TX queue i share vector i,
 * one interrupt, one throttle interval ({@code EITR}) and one NAPI poll ({@code ixgbe_poll}, which
 * cleans the TX ring and then takes up to its budget of received frames).
 *
 * <p>A cause (a frame written to the RX ring, a TX descriptor written back done) raises the
 * interrupt unless the vector's NAPI is scheduled: then the running poll takes the new work without
 * one (its interrupt is masked until {@code napi_complete_done}, after which ixgbe re-enables it,
 * {@code ixgbe_irq_enable_queues}). The hardware holds an interrupt back until the throttle interval
 * has passed since the vector's previous one. When the poll completes, an adaptive vector recomputes
 * that interval ({@code ixgbe_set_itr}, by {@link InterruptModeration.Algorithm}) from the packets
 * and octets its rings moved since the last completion; work that arrived while it completed raises
 * the interrupt again at once (within the interval).
 *
 * <p>The model keeps the RX and TX halves of {@code ixgbe_poll} as two pieces of softirq work
 * ({@link Nic}'s RX NAPI poll and {@link TxQueue}'s clean), both raised by the vector's interrupt;
 * the vector's NAPI is scheduled while either is.
 */
final class InterruptVector {
    /** One half of the vector's poll. */
    interface Half {
        /** Raises this half's poll on the vector's CPU (no-op when it is already raised). */
        void raise();

        /** Whether this half's poll is raised and not yet complete. */
        boolean scheduled();

        /** Whether this half has work waiting (frames in the ring, descriptors done). */
        boolean hasWork();
    }

    /** {@code IXGBE_ITR_ADAPTIVE_*} (ixgbe.h, 4.17 on). */
    private static final int ADAPTIVE_MIN_INC = 2;
    private static final int ADAPTIVE_MIN_USECS = 10;
    private static final int ADAPTIVE_MAX_USECS = 126;
    private static final int ADAPTIVE_LATENCY = 0x80;
    /** {@code IXGBE_20K_ITR}, {@code IXGBE_100K_ITR}, {@code IXGBE_8K_ITR}: EITR values, 0.25 us units. */
    private static final int ITR_20K = 200;
    private static final int ITR_100K = 40;
    private static final int ITR_8K = 500;
    /** {@code IXGBE_MAX_EITR}: the interval field's mask (2 us steps in 0.25 us units). */
    private static final int MAX_EITR = 0xFF8;

    private final Simulator sim;
    private final Cpu cpu;
    private final InterruptModeration moderation;
    private final double jiffyNs;
    private final Event interrupt;
    private Half rx;
    private Half tx;
    /** {@code q_vector->itr}: the interval in 0.25 us units. */
    private int itr;
    private double lastInterrupt = Double.NEGATIVE_INFINITY;
    private long interrupts;
    private final Ring rxCounts = new Ring();
    private final Ring txCounts = new Ring();

    /** {@code struct ixgbe_ring_container}'s adaptive state. */
    private static final class Ring {
        long packets;
        long bytes;
        int itr;
        long nextUpdate = Long.MIN_VALUE;
    }

    /** The receive path of unit-level models: an RX cause interrupts at once, the TX half keeps a fixed interval. */
    private final boolean separateHalves;

    /**
     * @param moderation the throttling; null: the halves apart, an RX cause raising its poll at once and
     *                   the TX half throttled at {@code startUs} alone (the model before moderation)
     * @param startUs    the interval a vector starts at ({@code IXGBE_20K_ITR}, the NIC profile's)
     * @param hz the kernel's tick: the adaptive algorithm's "within a jiffy" ({@code next_update})
     */
    InterruptVector(Simulator sim, Cpu cpu, InterruptModeration moderation, int startUs, int hz) {
        this.sim = sim;
        this.separateHalves = moderation == null;
        if (moderation == null) {
            moderation = InterruptModeration.fixed(startUs);
        }
        this.cpu = cpu;
        this.moderation = moderation;
        this.jiffyNs = 1e9 / hz;
        this.interrupt = new Event(sim) {
            @Override
            public void actions() {
                fire();
            }
        };
        if (moderation.mode() == InterruptModeration.Mode.FIXED) {
            itr = moderation.fixedUs() << 2;
        } else {
            // ixgbe_alloc_q_vector: an RX or RX/TX vector starts at IXGBE_20K_ITR; the containers at
            // MAX_USECS | LATENCY (4.17 on) or lowest_latency (0, before)
            itr = startUs << 2;
            int start = moderation.algorithm() == InterruptModeration.Algorithm.PACKET_COUNT
                    ? ADAPTIVE_MAX_USECS | ADAPTIVE_LATENCY : 0;
            rxCounts.itr = start;
            txCounts.itr = start;
        }
    }

    void rx(Half h) {
        this.rx = h;
    }

    void tx(Half h) {
        this.tx = h;
    }

    Cpu cpu() {
        return cpu;
    }

    /** A cause of {@code half}: an interrupt within the throttle interval, or the running poll takes it. */
    void cause(Half half) {
        if (separateHalves) {
            if (half == rx) {
                half.raise();
                return;
            }
            if (half.scheduled() || interrupt.time() >= 0) {
                return;
            }
        } else if (napiScheduled()) {
            half.raise();
            return;
        }
        if (interrupt.time() >= 0) {
            return;
        }
        double now = sim.time();
        double at = lastInterrupt + intervalNs();
        if (at <= now) {
            fire();
        } else {
            interrupt.schedule(at - now);
        }
    }

    private boolean napiScheduled() {
        return (rx != null && rx.scheduled()) || (tx != null && tx.scheduled());
    }

    private void fire() {
        lastInterrupt = sim.time();
        interrupts++;
        if (separateHalves) {
            tx.raise();
            return;
        }
        boolean any = false;
        if (tx != null && tx.hasWork()) {
            tx.raise();
            any = true;
        }
        if (rx != null && rx.hasWork()) {
            rx.raise();
            any = true;
        }
        if (!any) {
            completed();
        }
    }

    /** Received frames the RX half polled ({@code q_vector->rx.total_packets}, {@code total_bytes}). */
    void rxPolled(int frames, long octets) {
        rxCounts.packets += frames;
        rxCounts.bytes += octets;
    }

    /** Descriptors the TX half cleaned ({@code q_vector->tx.total_packets}, {@code total_bytes}). */
    void txCleaned(int frames, long octets) {
        txCounts.packets += frames;
        txCounts.bytes += octets;
    }

    /**
     * A half's poll completed: when the other has too, {@code napi_complete_done} (an adaptive vector
     * sets its interval) and the interrupt is re-enabled, firing for work that is already waiting.
     */
    void completed() {
        if (separateHalves || napiScheduled()) {
            return;
        }
        if (moderation.mode() == InterruptModeration.Mode.ADAPTIVE) {
            setItr();
        }
        if ((rx != null && rx.hasWork()) || (tx != null && tx.hasWork())) {
            cause(rx != null && rx.hasWork() ? rx : tx);
        }
    }

    /** {@code ixgbe_set_itr}. */
    private void setItr() {
        if (moderation.algorithm() == InterruptModeration.Algorithm.PACKET_COUNT) {
            long jiffies = (long) Math.floor(sim.time() / jiffyNs);
            updateByPackets(txCounts, jiffies, tx != null);
            updateByPackets(rxCounts, jiffies, true);
            int next = Math.min(rxCounts.itr, txCounts.itr);
            next &= ~ADAPTIVE_LATENCY;
            itr = next << 2;
        } else {
            updateByRange(txCounts);
            updateByRange(rxCounts);
            int range = Math.max(rxCounts.itr, txCounts.itr);
            int target = range == 0 ? ITR_100K : range == 1 ? ITR_20K : ITR_8K;
            if (target != itr) {
                // ixgbe_set_itr's exponential smoothing
                itr = (int) ((10L * target * itr) / (9L * target + itr));
            }
        }
    }

    /** {@code ixgbe_update_itr} from Linux 4.17 (10 Gbit/s link speed). */
    private void updateByPackets(Ring c, long jiffies, boolean hasRing) {
        if (!hasRing) {
            return;
        }
        int next = ADAPTIVE_MIN_USECS | ADAPTIVE_LATENCY;
        done:
        {
            if (jiffies > c.nextUpdate) {
                break done;
            }
            long packets = c.packets;
            if (packets == 0) {
                next = Math.min((itr >> 2) + ADAPTIVE_MIN_INC, ADAPTIVE_MAX_USECS);
                next += c.itr & ADAPTIVE_LATENCY;
                break done;
            }
            long bytes = c.bytes;
            if (packets < 4 && bytes < 9000) {
                next = ADAPTIVE_LATENCY;
            } else if (packets < 48) {
                next = Math.min((itr >> 2) + ADAPTIVE_MIN_INC, ADAPTIVE_MAX_USECS);
                break done;
            } else if (packets < 96) {
                next = itr >> 2;
                break done;
            } else if (packets < 256) {
                next = Math.max(itr >> 3, ADAPTIVE_MIN_USECS);
                break done;
            } else {
                next = 0;
            }
            long avg = bytes / packets;
            long size;
            if (avg <= 60) {
                size = 5120;
            } else if (avg <= 316) {
                size = avg * 40 + 2720;
            } else if (avg <= 1084) {
                size = avg * 15 + 11452;
            } else if (avg < 1968) {
                size = avg * 5 + 22420;
            } else {
                size = 32256;
            }
            if ((next & ADAPTIVE_LATENCY) != 0) {
                size >>= 1;
            }
            next += (int) ((size + ADAPTIVE_MIN_INC * 256 - 1) / (ADAPTIVE_MIN_INC * 256)) * ADAPTIVE_MIN_INC;
        }
        c.itr = next;
        c.nextUpdate = jiffies + 1;
        c.packets = 0;
        c.bytes = 0;
    }

    /** {@code ixgbe_update_itr} before Linux 4.17: lowest (0), low (1) or bulk (2) latency by octets per us. */
    private void updateByRange(Ring c) {
        if (c.packets == 0) {
            return;
        }
        int timepassedUs = itr >> 2;
        if (timepassedUs == 0) {
            return;
        }
        long perUs = c.bytes / timepassedUs;
        switch (c.itr) {
            case 0 -> c.itr = perUs > 10 ? 1 : 0;
            case 1 -> c.itr = perUs > 20 ? 2 : perUs <= 10 ? 0 : 1;
            default -> c.itr = perUs <= 20 ? 1 : 2;
        }
        c.packets = 0;
        c.bytes = 0;
    }

    /** The throttle interval now, ns: the EITR field ({@code itr & IXGBE_MAX_EITR}) in 0.25 us units. */
    double intervalNs() {
        return (itr & MAX_EITR) * 250.0;
    }

    /** Whether an interrupt is due (raised, held back by the throttle interval). */
    boolean interruptPending() {
        return interrupt.time() >= 0;
    }

    /** For a frame's narration: when a cause now raises the interrupt. */
    String nextInterruptText() {
        double wait = lastInterrupt + intervalNs() - sim.time();
        if (wait <= 0) {
            return "interrupt raises NET_RX softirq";
        }
        return String.format(Locale.ROOT, "interrupt in %.1f us, %d us after the last (ITR)", wait / 1000,
                Math.round(intervalNs() / 1000));
    }

    /** Interrupts this vector raised. */
    long interrupts() {
        return interrupts;
    }
}
