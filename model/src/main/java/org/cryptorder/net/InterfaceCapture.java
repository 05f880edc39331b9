package org.cryptorder.net;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import org.cryptorder.macsec.MacsecFrame;
import org.cryptorder.macsec.RxVerdict;

/**
 * What {@code tcpdump -i <interface> -w} would have written on one simulated interface: a
 * {@link FrameTap} that copies each frame's bytes as the model built them, bounded to the first
 * {@code maxFrames} frames, and writes them as a classic pcap file ({@link PcapWriter}: nanosecond
 * timestamps from the virtual clock).
 *
 * <p>A sent frame on the lower device is told when the NIC fetches it, with the later instant its
 * first bit goes onto the wire, so frames are told a little out of time order; {@link #write} puts
 * them in time order (frames at one instant in the order they were told). The bound counts frames
 * as they are told: the frames past it are counted ({@link #seen}) but not kept.
 */
public final class InterfaceCapture implements FrameTap {
    /** How many frames a capture keeps unless told otherwise. */
    public static final int DEFAULT_MAX_FRAMES = 10_000;

    /**
     * One captured frame: when, which way, a copy of its octets, whether the MACsec device
     * counted it InPktsDelayed (validated after a frame with a higher PN; known only for a frame
     * received on a MACsec device, which is told of it after validation), and, for a frame sent, what
     * its sender said of it (a TCP retransmission) or null.
     */
    public record Frame(long timeNs, boolean sent, boolean delayed, long pn, byte[] octets, String said) {
    }

    /**
     * A received frame counted InPktsDelayed, as a MACsec device's tap saw it: how its encryption
     * (on the sender) and its decryption went, and the frames of higher PN this tap saw before it,
     * their number, lowest and highest PN, and the first {@value #OVERTAKERS_LISTED} of them.
     */
    public record Delayed(Packet.Crypto sent, Packet.Crypto crypto, int overtakers, long firstPn, long lastPn,
                          List<Long> listed) {
    }

    /** How many of a delayed frame's overtakers {@link Delayed} lists by PN. */
    public static final int OVERTAKERS_LISTED = 5;

    /** How many of the latest received PNs are remembered to name a delayed frame's overtakers. */
    static final int OVERTAKERS_REMEMBERED = 4096;

    private final String name;
    private final int maxFrames;
    private final List<Frame> frames = new ArrayList<>();
    private long seen;
    private long sent;
    /** The PNs of the received frames counted InPktsDelayed, kept or not (known on a MACsec device's tap). */
    private final TreeSet<Long> delayedPns = new TreeSet<>();
    private final Map<Long, Delayed> delayed = new TreeMap<>();
    /** The latest received PNs, at most {@link #OVERTAKERS_REMEMBERED}. */
    private final TreeSet<Long> received = new TreeSet<>();

    /**
     * @param name      the interface, for messages ({@code b-eth0})
     * @param maxFrames how many frames to keep, at least 1
     */
    public InterfaceCapture(String name, int maxFrames) {
        if (maxFrames < 1) {
            throw new IllegalArgumentException("a capture keeps at least one frame, not " + maxFrames);
        }
        this.name = name;
        this.maxFrames = maxFrames;
    }

    @Override
    public void frame(double timeNs, Packet p, boolean sent) {
        seen++;
        if (!sent && p.verdict() == RxVerdict.DELAYED) {
            long pn = p.frame().pn();
            delayedPns.add(pn);
            SortedSet<Long> later = received.tailSet(pn, false);
            delayed.put(pn, new Delayed(p.txCrypto(), p.rxCrypto(), later.size(), later.isEmpty() ? -1 : later.first(),
                    later.isEmpty() ? -1 : later.last(), later.stream().limit(OVERTAKERS_LISTED).toList()));
        }
        if (!sent && p.verdict() != null) {
            received.add(p.frame().pn());
            if (received.size() > OVERTAKERS_REMEMBERED) {
                received.pollFirst();
            }
        }
        if (frames.size() == maxFrames) {
            return;
        }
        if (sent) {
            this.sent++;
        }
        MacsecFrame f = p.frame();
        frames.add(new Frame(Math.round(timeNs), sent, !sent && p.verdict() == RxVerdict.DELAYED, f.pn(),
                Arrays.copyOfRange(f.bytes(), f.offset(), f.offset() + f.length()), sent ? p.retransmission() : null));
    }

    public String name() {
        return name;
    }

    /** Frames that passed the interface, kept or not. */
    public long seen() {
        return seen;
    }

    /** Frames kept. */
    public int kept() {
        return frames.size();
    }

    /** Frames kept that the host sent (the others it received). */
    public long keptSent() {
        return sent;
    }

    /** Whether frames passed after the bound was reached. */
    public boolean cut() {
        return seen > frames.size();
    }

    public int maxFrames() {
        return maxFrames;
    }

    /** The kept frames in time order. */
    public List<Frame> frames() {
        List<Frame> sorted = new ArrayList<>(frames);
        sorted.sort(Comparator.comparingLong(Frame::timeNs));
        return sorted;
    }

    /** The time of the last kept frame, ns, or -1 when none was kept. */
    public long lastNs() {
        return frames.stream().mapToLong(Frame::timeNs).max().orElse(-1);
    }

    /** The PNs of the received frames this tap saw counted InPktsDelayed (on a MACsec device's tap), kept or not. */
    public SortedSet<Long> delayedPns() {
        return Collections.unmodifiableSortedSet(delayedPns);
    }

    /**
     * The received frames this tap saw counted InPktsDelayed (on a MACsec device's tap), kept or
     * not, by PN: how each was decrypted and what overtook it.
     */
    public Map<Long, Delayed> delayed() {
        return Collections.unmodifiableMap(delayed);
    }

    /**
     * Writes the kept frames to {@code file} in time order as pcapng ({@link PcapngWriter}), each
     * frame that the notes have a line for (by its PN) with that line as its comment, after what its
     * sender said of a frame sent ({@link Frame#said}: {@code retransmission of 5792:7240 (RACK)}).
     *
     * @param description the interface's description in the file
     * @param received    what the model has to say of received frames, by PN
     * @param sent        what it has to say of sent frames, by PN
     * @param comments    the file's comments, after the one on its clock: what is not in it and why
     */
    public void writePcapng(Path file, String description, Map<Long, String> received, Map<Long, String> sent,
                            List<String> comments) throws IOException {
        try (PcapngWriter w = PcapngWriter.create(file, name, description, comments)) {
            for (Frame f : frames()) {
                String note = (f.sent() ? sent : received).get(f.pn());
                w.write(f.timeNs(), f.octets(), f.said() == null ? note : note == null ? f.said() : f.said() + "; " + note);
            }
        }
    }

    /**
     * Writes the kept frames to {@code file} in time order.
     *
     * @throws IOException if the file cannot be written
     */
    public void write(Path file) throws IOException {
        try (PcapWriter w = PcapWriter.create(file)) {
            for (Frame f : frames()) {
                w.write(f.timeNs(), f.octets());
            }
        }
    }
}
