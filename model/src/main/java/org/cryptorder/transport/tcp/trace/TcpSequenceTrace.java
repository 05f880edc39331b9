package org.cryptorder.transport.tcp.trace;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What one TCP connection sent and got back within a window of simulated time, for its
 * time-sequence graph (Wireshark's tcptrace graph): every data segment sent, each retransmission
 * marked spurious once a D-SACK proves it, the ACK and receive-window lines, the SACK blocks, and
 * the segments the receiver queued out of order. The window is fixed ({@link #window}), or
 * ({@link #aroundFirstOutOfOrder}) starts {@code leadNs} before the first segment the receiver
 * queues out of order, in one run: until then the last {@code leadNs} and the first {@code spanNs}
 * are kept; with no such segment the window is the run's first {@code spanNs}. A D-SACK after the
 * window still marks the retransmission in it that it proves spurious. Attach it to the sender
 * and the receiver of one connection ({@link org.cryptorder.transport.tcp.send.TcpSender#sequence}, {@link org.cryptorder.transport.tcp.receive.TcpReceiver#sequence}).
 */
public final class TcpSequenceTrace implements TcpSequenceObserver {
    /** A data segment sent: octets {@code [seq, seq + len)} at {@code timeNs}. */
    public record Segment(long timeNs, long seq, int len, boolean retransmission, boolean spurious) {
        /** Its last octet plus one. */
        public long end() {
            return seq + len;
        }
    }

    /** An ACK processed: SND.UNA and SND.UNA plus the peer's window, just after. */
    public record Ack(long timeNs, long una, long windowEnd) {
    }

    /** A SACK block of an ACK, above its SND.UNA: octets {@code [start, end)} held out of order. */
    public record SackBlock(long timeNs, long start, long end) {
    }

    /** An skb the receiver queued out of order: octets {@code [seq, end)}. */
    public record OutOfOrder(long timeNs, long seq, long end) {
    }

    /**
     * The window as it stands: what a time-sequence graph draws.
     *
     * @param fromNs           where it starts, ns
     * @param toNs             where it ends (excluded), ns
     * @param aroundOutOfOrder whether it was placed around the first segment queued out of order
     * @param ackBefore        the last ACK processed before it, where the ACK line enters; null if none
     */
    public record Graph(long fromNs, long toNs, boolean aroundOutOfOrder, List<Segment> segments, List<Ack> acks,
                        Ack ackBefore, List<SackBlock> sackBlocks, List<OutOfOrder> outOfOrder) {
        public Graph {
            segments = List.copyOf(segments);
            acks = List.copyOf(acks);
            sackBlocks = List.copyOf(sackBlocks);
            outOfOrder = List.copyOf(outOfOrder);
        }

        /** The retransmissions among the segments. */
        public long retransmissions() {
            return segments.stream().filter(Segment::retransmission).count();
        }

        /** The retransmissions a D-SACK proved spurious. */
        public long spurious() {
            return segments.stream().filter(Segment::spurious).count();
        }
    }

    /** A sent segment as kept: its mark may still change. */
    private static final class Sent {
        final long timeNs;
        final long seq;
        final int len;
        final boolean retransmission;
        boolean spurious;

        Sent(long timeNs, long seq, int len, boolean retransmission) {
            this.timeNs = timeNs;
            this.seq = seq;
            this.len = len;
            this.retransmission = retransmission;
        }
    }

    /** The events kept of one stretch of time, each kind in time order. */
    private static final class Events {
        final Deque<Sent> sent = new ArrayDeque<>();
        final Deque<Ack> acks = new ArrayDeque<>();
        final Deque<SackBlock> sacks = new ArrayDeque<>();
        final Deque<OutOfOrder> outOfOrder = new ArrayDeque<>();

        /** Drops what happened before {@code ns}; returns the last ACK dropped, or {@code prior}. */
        Ack dropBefore(long ns, Ack prior) {
            while (!sent.isEmpty() && sent.peekFirst().timeNs < ns) {
                sent.pollFirst();
            }
            Ack last = prior;
            while (!acks.isEmpty() && acks.peekFirst().timeNs() < ns) {
                last = acks.pollFirst();
            }
            while (!sacks.isEmpty() && sacks.peekFirst().timeNs() < ns) {
                sacks.pollFirst();
            }
            while (!outOfOrder.isEmpty() && outOfOrder.peekFirst().timeNs() < ns) {
                outOfOrder.pollFirst();
            }
            return last;
        }
    }

    private final long leadNs;
    private final long spanNs;
    private final boolean waiting;
    private long fromNs;
    private long toNs;
    private boolean found;
    private Events kept = new Events();
    /** While waiting for the first segment out of order: the run's first {@code spanNs}, the fallback. */
    private Events head;
    /** The last ACK before the window, where the ACK line enters it; null if none. */
    private Ack ackBefore;
    /** The retransmissions kept, by their first octet, latest last: the ones a D-SACK may prove spurious. */
    private final Map<Long, List<Sent>> retransmissions = new TreeMap<>();

    private TcpSequenceTrace(long fromNs, long toNs, long leadNs, long spanNs, boolean waiting) {
        if (fromNs < 0 || toNs <= fromNs) {
            throw new IllegalArgumentException("a window from at least 0 ns to a later time, not " + fromNs + " to "
                    + toNs + " ns");
        }
        this.fromNs = fromNs;
        this.toNs = toNs;
        this.leadNs = leadNs;
        this.spanNs = spanNs;
        this.waiting = waiting;
        this.head = waiting ? new Events() : null;
    }

    /** Keeps what happens from {@code fromNs} (included) to {@code toNs} (excluded). */
    public static TcpSequenceTrace window(long fromNs, long toNs) {
        return new TcpSequenceTrace(fromNs, toNs, 0, toNs - fromNs, false);
    }

    /**
     * Keeps {@code spanNs} from {@code leadNs} before the first segment the receiver queues out of
     * order (from 0 if that is earlier), or the first {@code spanNs} of the run if none is.
     */
    public static TcpSequenceTrace aroundFirstOutOfOrder(long leadNs, long spanNs) {
        if (leadNs < 0 || leadNs >= spanNs) {
            throw new IllegalArgumentException("a lead of at least 0 ns, shorter than the span " + spanNs + " ns, not "
                    + leadNs);
        }
        return new TcpSequenceTrace(0, spanNs, leadNs, spanNs, true);
    }

    private boolean stillWaiting() {
        return waiting && !found;
    }

    /** Whether an event at {@code t} is kept; while waiting, also drops what fell out of the lead. */
    private boolean keeps(long t) {
        if (stillWaiting()) {
            ackBefore = kept.dropBefore(t - leadNs, ackBefore);
            return true;
        }
        return t >= fromNs && t < toNs;
    }

    @Override
    public void sent(long timeNs, long seq, int len, boolean retransmission) {
        if (!keeps(timeNs)) {
            return;
        }
        Sent s = new Sent(timeNs, seq, len, retransmission);
        kept.sent.addLast(s);
        if (stillWaiting() && timeNs < spanNs) {
            head.sent.addLast(s);
        }
        if (retransmission) {
            retransmissions.computeIfAbsent(seq, k -> new ArrayList<>()).add(s);
        }
    }

    @Override
    public void acked(long timeNs, long una, long window, long[] starts, long[] ends, int blocks) {
        if (!stillWaiting() && timeNs < fromNs) {
            ackBefore = new Ack(timeNs, una, una + window);
            return;
        }
        if (!keeps(timeNs)) {
            return;
        }
        Ack a = new Ack(timeNs, una, una + window);
        kept.acks.addLast(a);
        boolean inHead = stillWaiting() && timeNs < spanNs;
        if (inHead) {
            head.acks.addLast(a);
        }
        for (int i = 0; i < blocks; i++) {
            if (starts[i] >= una && ends[i] > starts[i]) {
                SackBlock b = new SackBlock(timeNs, starts[i], ends[i]);
                kept.sacks.addLast(b);
                if (inHead) {
                    head.sacks.addLast(b);
                }
            }
        }
    }

    /** Marks spurious, for each segment of {@code [start, end)}, its latest retransmission not yet marked. */
    @Override
    public void dsacked(long timeNs, long start, long end, int dupSegs) {
        for (List<Sent> copies : ((TreeMap<Long, List<Sent>>) retransmissions).subMap(start, end).values()) {
            for (int i = copies.size() - 1; i >= 0; i--) {
                if (!copies.get(i).spurious) {
                    copies.get(i).spurious = true;
                    break;
                }
            }
        }
    }

    @Override
    public void arrivedOutOfOrder(long timeNs, long seq, long end) {
        if (stillWaiting()) {
            found = true;
            fromNs = Math.max(0, timeNs - leadNs);
            toNs = fromNs + spanNs;
            ackBefore = kept.dropBefore(fromNs, ackBefore);
            head = null;
        }
        if (keeps(timeNs)) {
            kept.outOfOrder.addLast(new OutOfOrder(timeNs, seq, end));
        }
    }

    /** The events of the window: those kept, or while still waiting the run's first span. */
    private Events events() {
        return stillWaiting() ? head : kept;
    }

    /** Where the window starts, ns. */
    public long fromNs() {
        return stillWaiting() ? 0 : fromNs;
    }

    /** Where the window ends (excluded), ns. */
    public long toNs() {
        return stillWaiting() ? spanNs : toNs;
    }

    /** Whether the window was placed around the first segment queued out of order (not fixed, not the fallback). */
    public boolean aroundOutOfOrder() {
        return waiting && found;
    }

    /** The window as it stands now. */
    public Graph graph() {
        return new Graph(fromNs(), toNs(), aroundOutOfOrder(), segments(), acks(), ackBefore(), sackBlocks(),
                outOfOrder());
    }

    /** The data segments sent in the window, in the order sent, with their marks now. */
    public List<Segment> segments() {
        List<Segment> out = new ArrayList<>(events().sent.size());
        for (Sent s : events().sent) {
            out.add(new Segment(s.timeNs, s.seq, s.len, s.retransmission, s.spurious));
        }
        return out;
    }

    /** The ACKs processed in the window, in order. */
    public List<Ack> acks() {
        return List.copyOf(events().acks);
    }

    /** The last ACK processed before the window, or null. */
    public Ack ackBefore() {
        return stillWaiting() ? null : ackBefore;
    }

    /** The SACK blocks above SND.UNA of the window's ACKs. */
    public List<SackBlock> sackBlocks() {
        return List.copyOf(events().sacks);
    }

    /** The skbs the receiver queued out of order in the window. */
    public List<OutOfOrder> outOfOrder() {
        return List.copyOf(events().outOfOrder);
    }
}
