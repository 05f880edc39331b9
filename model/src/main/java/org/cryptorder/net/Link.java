package org.cryptorder.net;

import java.util.ArrayDeque;
import java.util.List;
import org.cryptorder.engine.StepSimulator;
import org.cryptorder.metrics.Column;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;

/**
 * One direction of a full-duplex Ethernet link: frames are serialised at the line rate, one after
 * the other, and arrive after the propagation delay, in the order they were sent. On the wire each
 * frame also carries the FCS (4 octets), preamble and start delimiter (8) and the inter-frame gap
 * (12): {@link #WIRE_OVERHEAD} octets.
 *
 * <p>Optional impairments (off by default): a {@link Netem} stage at the far end of the wire, set
 * with {@link #impair}, loses, duplicates, corrupts (real bit flips, so the receiver's checks fail
 * for real), delays and reorders frames the way Linux {@code tc netem} does, before the receiver
 * sees them. The link's own counters ({@link #frames}, {@link #octets}) count what was sent on
 * the wire; the stage counts what it did.
 *
 * <p>The link is the transmitting NIC's serialiser: {@link #sendAt} schedules a frame's
 * serialisation from a start the NIC's packet buffer chose and returns when its last bit is out.
 * One event object serves all frames in flight, since they arrive in order; it is a step of a
 * {@link StepSimulator}, which needs no event when nothing pending comes first.
 */
public final class Link {
    /** The link's column of {@code runs.csv} (the link from a to b's). */
    public static final List<Column<Link>> COLUMNS = List.of(
            Column.count("frames_tx", "frames", "frames tx", "Frames host a put on the wire to b.", Link::frames));

    /** FCS + preamble/SFD + inter-frame gap, octets. */
    public static final int WIRE_OVERHEAD = 24;

    /** Where arriving frames go. */
    public interface Receiver {
        void arrive(Packet p);
    }

    private final Simulator sim;
    private final String name;
    private final double bitsPerSecond;
    private final double propagationNs;
    private final ArrayDeque<Packet> inFlight = new ArrayDeque<>();
    private final Event arrival;
    private final StepSimulator steps;
    private Receiver receiver;
    private Netem impairment;
    private double busyUntil;
    private long frames;
    private long octets;
    private double busyNs;

    public Link(Simulator sim, String name, double bitsPerSecond, double propagationNs) {
        if (!(bitsPerSecond > 0) || !(propagationNs >= 0)) {
            throw new IllegalArgumentException("link rate must be positive and delay non-negative");
        }
        this.sim = sim;
        this.name = name;
        this.bitsPerSecond = bitsPerSecond;
        this.propagationNs = Math.rint(propagationNs);
        this.arrival = new Arrival(sim);
        this.steps = StepSimulator.of(sim);
    }

    public void connect(Receiver r) {
        this.receiver = r;
    }

    /**
     * Puts a {@link Netem} stage named {@code name() + ".impairment"} between the far end of the
     * wire and the receiver (replacing any earlier one), its impairments drawing from
     * {@code streams}; returns it, for its counts and signal. Call before the first frame is sent.
     */
    public Netem impair(Impairment config, org.cryptorder.engine.Streams streams) {
        impairment = new Netem(sim, name + ".impairment", config, streams, p -> receiver.arrive(p));
        return impairment;
    }

    /** The impairment stage, or null when the link has none. */
    public Netem impairment() {
        return impairment;
    }

    public String name() {
        return name;
    }

    /** Serialisation time of a frame of {@code frameOctets} (without FCS), whole ns. */
    public double serialisationNs(int frameOctets) {
        return Math.ceil((frameOctets + WIRE_OVERHEAD) * 8e9 / bitsPerSecond);
    }

    /**
     * Starts sending a frame now (the transmitter must be free); returns when its last bit leaves.
     */
    public double send(Packet p) {
        return sendAt(p, sim.time());
    }

    /**
     * Sends a frame whose first bit goes out at {@code start} (now or later, and not before the
     * previous frame's last bit): the NIC's packet buffer fixes the wire's schedule when it fetches
     * a frame. Returns when its last bit leaves. The link's counters count the frame now.
     */
    public double sendAt(Packet p, double start) {
        double now = sim.time();
        if (start < busyUntil || start < now) {
            throw new IllegalStateException(name + ": transmitter busy until " + busyUntil + ", start " + start
                    + " at " + now);
        }
        double ser = serialisationNs(p.length());
        busyUntil = start + ser;
        busyNs += ser;
        frames++;
        octets += p.length();
        double at = busyUntil + propagationNs;
        p.arrivesAt = at;
        inFlight.add(p);
        if (inFlight.size() == 1) {
            scheduleArrival(at - now);
        }
        return busyUntil;
    }

    private void scheduleArrival(double delay) {
        StepSimulator.schedule(steps, arrival, delay);
    }

    private final class Arrival extends Event {
        Arrival(Simulator s) {
            super(s);
        }

        @Override
        public void actions() {
            Packet p = inFlight.poll();
            if (!inFlight.isEmpty()) {
                scheduleArrival(inFlight.peek().arrivesAt - sim.time());
            }
            if (impairment != null) {
                impairment.arrive(p);
            } else {
                receiver.arrive(p);
            }
        }
    }

    public long frames() {
        return frames;
    }

    public long octets() {
        return octets;
    }

    /**
     * When the last bit of the last frame committed to the wire leaves, ns (frames are committed when
     * the NIC's packet buffer fetches them, so this can lie ahead of now); 0 before the first.
     */
    public double busyUntil() {
        return busyUntil;
    }

    /** Time the transmitter has been busy, ns. */
    public double busyNs() {
        return busyNs;
    }

    public double bitsPerSecond() {
        return bitsPerSecond;
    }
}
