package org.cryptorder.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.cryptorder.experiment.output.AtomicFile;
import org.cryptorder.experiment.output.Csv;
import org.cryptorder.experiment.records.ResolvedRun;
import org.cryptorder.transport.tcp.trace.TcpSequenceTrace;

/**
 * {@code series/tcp-sequence-<i>.csv}: what the first TCP flow of replication 0 of configuration i
 * sent and got back over a short window ({@link TcpSequenceTrace#aroundFirstOutOfOrder}: from
 * {@value #LEAD_US} us before the first segment its receiver queued out of order, for {@value
 * #SPAN_US} us; the run's first {@value #SPAN_US} us if none was), for the time-sequence graph of
 * {@code report.html}. The comment lines of {@code runs.csv} come first, then one naming the run
 * and the window; columns {@code time_ns} (simulated), {@code event}, {@code seq} and {@code end}
 * (stream octets from the ISN). Events: {@code window} (first row: {@code time_ns} where it starts,
 * {@code seq} where it ends, {@code end} 1 if it was placed around an out-of-order arrival), {@code
 * ack_before} (the last ACK before the window, if any) and {@code ack} ({@code seq} SND.UNA, {@code
 * end} SND.UNA plus the peer's window), {@code sent}, {@code retransmitted} and {@code spurious} (a
 * retransmission a D-SACK proved spurious: a data segment {@code [seq, end)}), {@code sack} (a SACK
 * block above SND.UNA) and {@code out_of_order} (an skb the receiver queued out of order), each
 * kind in time order.
 */
public final class TcpSequenceFile {
    /** The header. */
    public static final List<String> HEADER = List.of("time_ns", "event", "seq", "end");
    /** How long before the first segment queued out of order the window starts, us. */
    public static final int LEAD_US = 300;
    /** How long the window is, us. */
    public static final int SPAN_US = 2000;

    private TcpSequenceFile() {
    }

    /** The file name of configuration {@code i}'s record. */
    public static String fileName(int configuration) {
        return "tcp-sequence-" + configuration + ".csv";
    }

    /** A record for the runner to attach to replication 0. */
    static TcpSequenceTrace newTrace() {
        return TcpSequenceTrace.aroundFirstOutOfOrder(LEAD_US * 1000L, SPAN_US * 1000L);
    }

    /** Writes the record of one run atomically into {@code results/series/}. */
    static void write(Path results, List<String> comments, ResolvedRun run, TcpSequenceTrace.Graph g)
            throws IOException {
        Path folder = results.resolve(QueueSeriesFile.FOLDER);
        Files.createDirectories(folder);
        StringBuilder b = new StringBuilder(1 << 16);
        comments.forEach(c -> b.append(c).append('\n'));
        b.append(String.format(Locale.ROOT, "# configuration %d (%s), replication 0: the first TCP flow from %d to %d"
                        + " ns%s\n", run.index(), run.point().label(), g.fromNs(), g.toNs(),
                g.aroundOutOfOrder() ? ", from just before the first segment queued out of order" : ""));
        b.append(Csv.line(HEADER)).append('\n');
        row(b, g.fromNs(), "window", g.toNs(), g.aroundOutOfOrder() ? 1 : 0);
        if (g.ackBefore() != null) {
            row(b, g.ackBefore().timeNs(), "ack_before", g.ackBefore().una(), g.ackBefore().windowEnd());
        }
        g.acks().forEach(a -> row(b, a.timeNs(), "ack", a.una(), a.windowEnd()));
        g.segments().forEach(s -> row(b, s.timeNs(), s.spurious() ? "spurious" : s.retransmission() ? "retransmitted"
                : "sent", s.seq(), s.end()));
        g.sackBlocks().forEach(s -> row(b, s.timeNs(), "sack", s.start(), s.end()));
        g.outOfOrder().forEach(o -> row(b, o.timeNs(), "out_of_order", o.seq(), o.end()));
        AtomicFile.write(folder.resolve(fileName(run.index())), b.toString());
    }

    private static void row(StringBuilder b, long timeNs, String event, long seq, long end) {
        b.append(timeNs).append(',').append(event).append(',').append(seq).append(',').append(end).append('\n');
    }
}
