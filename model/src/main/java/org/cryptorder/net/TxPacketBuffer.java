package org.cryptorder.net;

import java.util.ArrayDeque;
import java.util.Locale;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;

/**
 * The NIC's transmit engine: it fetches frames from its TX rings round-robin, one frame per ring
 * in turn, into its on-chip TX packet buffer, which drains onto the {@link Link} in the order the
 * frames were fetched. A frame already fetched is never overtaken: the wire's order is fixed at
 * the fetch, and a frame queued later on another ring can only pass frames still on their rings.
 *
 * <p>Assumptions, stated where the NIC profile gives the buffer's size (the 82599's 160 KB,
 * {@code IXGBE_TXPBSIZE_MAX}, one packet buffer without DCB): the round-robin per packet and the
 * in-order drain are datasheet behaviour not read here; the fetch itself takes no time (the PCIe
 * DMA, the descriptor cache and the doorbell's latency are not modelled): a frame is fetched as
 * soon as the buffer has room for all of it. A frame leaves the buffer when its last bit is on
 * the wire. Its descriptor is written back done at the fetch (the 82598 datasheet: with RS set,
 * DD means the packet was buffered in the output FIFO), which starts its queue's TX interrupt.
 *
 * <p>Events: none per frame while the buffer has room (departure times are computed at the fetch);
 * one when the buffer is full and a ring waits, at the instant enough of it has drained.
 */
public final class TxPacketBuffer {
    private final Simulator sim;
    private final String name;
    private final long capacity;
    private final ArrayDeque<Packet> held = new ArrayDeque<>();
    private final Event room;
    private TxQueue[] queues = new TxQueue[0];
    private Link out;
    private FrameTrace trace;
    private FrameTap tap;
    private long octets;
    private int next;
    private double wireFreeAt;
    private long fetched;

    TxPacketBuffer(Simulator sim, String name, long capacityOctets) {
        this.sim = sim;
        this.name = name;
        this.capacity = capacityOctets;
        this.room = new Room(sim);
    }

    void attach(TxQueue[] q, Link link, FrameTrace t) {
        this.queues = q;
        this.out = link;
        this.trace = t;
    }

    void trace(FrameTrace t) {
        this.trace = t;
    }

    /** Tells {@code t} of each frame fetched, at the instant its first bit goes onto the wire. */
    void tap(FrameTap t) {
        this.tap = t;
    }

    /** The doorbell: a ring has a new frame; fetch what fits. */
    void kick() {
        if (room.time() >= 0) {
            return;  // waiting for room: the Room event fetches
        }
        fetch();
    }

    private void fetch() {
        double now = sim.time();
        retire(now);
        int n = queues.length;
        while (true) {
            TxQueue q = null;
            Packet p = null;
            for (int k = 0; k < n; k++) {
                TxQueue c = queues[(next + k) % n];
                Packet head = c.ring().nextToFetch();
                if (head != null) {
                    q = c;
                    p = head;
                    next = (next + k + 1) % n;
                    break;
                }
            }
            if (p == null) {
                return;
            }
            int len = p.txOctets;
            if (len > capacity) {
                throw new IllegalStateException(name + ": a frame of " + len + " octets cannot fit the "
                        + capacity + "-octet TX packet buffer");
            }
            if (octets + len > capacity) {
                next = (next + n - 1) % n;  // the same ring is served first when room comes
                awaitRoom(len, now);
                return;
            }
            q.ring().fetch();
            octets += len;
            fetched++;
            double start = Math.max(now, wireFreeAt);
            int ahead = held.size();
            double end = out.sendAt(p, start);
            p.leavesAt = end;
            wireFreeAt = end;
            held.add(p);
            if (tap != null) {
                tap.frame(start, p, true);
            }
            if (FrameTrace.follows(trace, p)) {
                trace.stepAt(now, name, p, p.frame().pn(), String.format(Locale.ROOT,
                        "on the wire %s: %.3f us to serialise from %.3f us, arrives at %.3f us (fetched from TX"
                                + " queue %d into the NIC's packet buffer, %d %s ahead)", out.name(),
                        (end - start) / 1000, start / 1000, p.arrivesAt / 1000, q.index(), ahead,
                        ahead == 1 ? "frame" : "frames"));
                trace.span(p, p.frame().pn(), out.name(), null, FrameTrace.Kind.WIRE, start, p.arrivesAt);
            }
            q.fetched();
        }
    }

    /** Frames whose last bit left by {@code now} free their room. */
    private void retire(double now) {
        while (!held.isEmpty() && held.peek().leavesAt <= now) {
            octets -= held.poll().txOctets;
        }
    }

    /** Wakes when the frames ahead have drained enough for {@code len} more octets. */
    private void awaitRoom(int len, double now) {
        long left = octets;
        for (Packet h : held) {
            left -= h.txOctets;
            if (left + len <= capacity) {
                room.schedule(h.leavesAt - now);
                return;
            }
        }
        throw new IllegalStateException(name + ": no room in an empty TX packet buffer");
    }

    private final class Room extends Event {
        Room(Simulator s) {
            super(s);
        }

        @Override
        public void actions() {
            fetch();
        }
    }

    /** Octets in the buffer now (fetched, not yet wholly on the wire). */
    public long occupancy() {
        retire(sim.time());
        return octets;
    }

    public long capacity() {
        return capacity;
    }

    /** Frames fetched so far. */
    public long fetched() {
        return fetched;
    }
}
