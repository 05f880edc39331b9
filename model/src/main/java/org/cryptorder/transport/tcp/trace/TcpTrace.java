package org.cryptorder.transport.tcp.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A bounded record of the loss-recovery decisions of a run's TCP senders ({@link TcpTraceEvent}),
 * for {@code explain --tcp}: the first {@code maxEvents} decisions from simulated time {@code
 * fromNs} on, or, around one segment, those from the first decision that names it (marks,
 * retransmits or D-SACKs it) to the last one that does within the bound, with the decisions taken
 * at that last instant. Each sender reports through {@link #flow}.
 */
public final class TcpTrace {
    /** "Around no segment". */
    public static final long ANY_SEGMENT = -1;

    /** One decision of flow {@code flow}. */
    public record Line(int flow, TcpTraceEvent event) {
        /** When, ns. */
        public long timeNs() {
            return event.at().timeNs();
        }

        /** One line of narration, aligned with the frame narration of {@code explain}. */
        public String format() {
            return String.format(Locale.ROOT, "%12.3f us  %-22s %s: %s", timeNs() / 1e3, "a TCP flow " + flow,
                    event.at().state(), event.describe());
        }
    }

    /**
     * Flow {@code flow}'s cwnd and packets in flight after an ACK that changed either ({@link
     * TcpTraceObserver#acked}).
     */
    public record Sample(int flow, TcpTraceEvent.At at) {
    }

    /** The most ACK samples kept: a counter track's points, bounded as the CPU slices are. */
    public static final int MAX_SAMPLES = 100_000;

    private final int maxEvents;
    private final List<Sample> samples = new ArrayList<>();
    private boolean samplesFull;
    private final double fromNs;
    private final long aroundSeg;
    private final List<Line> lines = new ArrayList<>();
    private int lastNaming = -1;
    private boolean full;

    /**
     * @param maxEvents how many decisions to keep, at least 1
     * @param fromNs    keep none before this simulated time, ns
     * @param aroundSeg keep those around this segment (MSS units from the ISN), or {@link #ANY_SEGMENT}
     */
    public TcpTrace(int maxEvents, double fromNs, long aroundSeg) {
        if (maxEvents < 1) {
            throw new IllegalArgumentException("at least one event, not " + maxEvents);
        }
        if (!(fromNs >= 0)) {
            throw new IllegalArgumentException("the start must be a time of at least 0 ns, not " + fromNs);
        }
        if (aroundSeg < ANY_SEGMENT) {
            throw new IllegalArgumentException("a segment number of at least 0, not " + aroundSeg);
        }
        this.maxEvents = maxEvents;
        this.fromNs = fromNs;
        this.aroundSeg = aroundSeg;
    }

    /** The observer to attach to flow {@code flow}'s sender ({@link org.cryptorder.transport.tcp.send.TcpSender#trace}). */
    public TcpTraceObserver flow(int flow) {
        return new TcpTraceObserver() {
            private TcpTraceEvent.At last;

            @Override
            public void decided(TcpTraceEvent e) {
                record(flow, e);
            }

            @Override
            public void acked(TcpTraceEvent.At at) {
                if (at.timeNs() >= fromNs && (last == null || last.cwnd() != at.cwnd() || last.inFlight() != at.inFlight())) {
                    last = at;
                    if (samples.size() < MAX_SAMPLES) {
                        samples.add(new Sample(flow, at));
                    } else {
                        samplesFull = true;
                    }
                }
            }
        };
    }

    /**
     * The senders' cwnd and packets in flight after each ACK that changed either, from the start
     * on, in the order taken; at most {@value #MAX_SAMPLES}, the first.
     */
    public List<Sample> samples() {
        return List.copyOf(samples);
    }

    /** Whether ACK samples were left out for the bound. */
    public boolean samplesFull() {
        return samplesFull;
    }

    private void record(int flow, TcpTraceEvent e) {
        if (e.at().timeNs() < fromNs) {
            return;
        }
        boolean naming = aroundSeg != ANY_SEGMENT && e.names(aroundSeg);
        if (aroundSeg != ANY_SEGMENT && lines.isEmpty() && !naming) {
            return;
        }
        if (lines.size() >= maxEvents) {
            full = true;
            return;
        }
        if (naming) {
            lastNaming = lines.size();
        }
        lines.add(new Line(flow, e));
    }

    /** Whether decisions were left out because the bound was reached. */
    public boolean full() {
        return full;
    }

    /**
     * The decisions kept, in the order they were made; around a segment, up to the last one naming
     * it and the others at that instant.
     */
    public List<Line> lines() {
        if (aroundSeg == ANY_SEGMENT || lastNaming < 0) {
            return List.copyOf(lines);
        }
        int end = lastNaming + 1;
        long t = lines.get(lastNaming).timeNs();
        while (end < lines.size() && lines.get(end).timeNs() == t) {
            end++;
        }
        return List.copyOf(lines.subList(0, end));
    }
}
