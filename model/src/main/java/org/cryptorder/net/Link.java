package org.cryptorder.net;

import java.util.ArrayDeque;
import umontreal.ssj.rng.RandomStream;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;

/**
 * One direction of a full-duplex Ethernet link: frames are serialised at the line rate, one after
 * the other, and arrive after the propagation delay, in the order they were sent. On the wire each
 * frame also carries the FCS (4 octets), preamble and start delimiter (8) and the inter-frame gap
 * (12): {@link #WIRE_OVERHEAD} octets.
 *
 * <p>Optional impairments (off by default): each frame is lost with a given probability, or has
 * one random bit flipped, so that the receiver's checks fail for real (a flipped bit in the
 * authenticated or encrypted part fails the ICV; one in the SecTAG may make it malformed).
 *
 * <p>The link is the transmitting NIC's serialiser: {@link #busyUntil} tells the NIC when it can
 * start the next frame. One event object serves all frames in flight, since they arrive in order.
 */
public final class Link {
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
    private Receiver receiver;
    private RandomStream impairments;
    private double lossProbability;
    private double corruptProbability;
    private long lost;
    private long corrupted;
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
    }

    public void connect(Receiver r) {
        this.receiver = r;
    }

    /** Loses or corrupts frames independently with the given probabilities, drawing from {@code stream}. */
    public void impair(double loss, double corrupt, RandomStream stream) {
        if (!(loss >= 0 && loss <= 1) || !(corrupt >= 0 && corrupt <= 1)) {
            throw new IllegalArgumentException("loss and corruption probabilities must be in [0, 1]");
        }
        this.lossProbability = loss;
        this.corruptProbability = corrupt;
        this.impairments = stream;
    }

    public String name() {
        return name;
    }

    /** Serialisation time of a frame of {@code frameOctets} (without FCS), whole ns. */
    public double serialisationNs(int frameOctets) {
        return Math.ceil((frameOctets + WIRE_OVERHEAD) * 8e9 / bitsPerSecond);
    }

    /** When the transmitter is free again. */
    public double busyUntil() {
        return busyUntil;
    }

    /**
     * Starts sending a frame now (the transmitter must be free); returns when its last bit leaves.
     */
    public double send(Packet p) {
        double now = sim.time();
        if (now < busyUntil) {
            throw new IllegalStateException(name + ": transmitter busy until " + busyUntil + ", now " + now);
        }
        double ser = serialisationNs(p.length());
        busyUntil = now + ser;
        busyNs += ser;
        frames++;
        octets += p.length();
        if (impairments != null && lossProbability > 0 && impairments.nextDouble() < lossProbability) {
            lost++;
            return busyUntil;
        }
        if (impairments != null && corruptProbability > 0 && impairments.nextDouble() < corruptProbability) {
            corrupted++;
            int bit = impairments.nextInt(0, p.length() * 8 - 1);
            p.frame().bytes()[p.frame().offset() + bit / 8] ^= (byte) (1 << (bit % 8));
        }
        double at = busyUntil + propagationNs;
        p.arrivesAt = at;
        inFlight.add(p);
        if (inFlight.size() == 1) {
            arrival.schedule(at - now);
        }
        return busyUntil;
    }

    private final class Arrival extends Event {
        Arrival(Simulator s) {
            super(s);
        }

        @Override
        public void actions() {
            Packet p = inFlight.poll();
            if (!inFlight.isEmpty()) {
                arrival.schedule(inFlight.peek().arrivesAt - sim.time());
            }
            receiver.arrive(p);
        }
    }

    public long frames() {
        return frames;
    }

    /** Frames the link lost (impairment). */
    public long lost() {
        return lost;
    }

    /** Frames the link delivered with a flipped bit (impairment). */
    public long corrupted() {
        return corrupted;
    }

    public long octets() {
        return octets;
    }

    /** Time the transmitter has been busy, ns. */
    public double busyNs() {
        return busyNs;
    }

    public double bitsPerSecond() {
        return bitsPerSecond;
    }
}
