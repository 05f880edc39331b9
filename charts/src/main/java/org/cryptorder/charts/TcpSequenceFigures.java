package org.cryptorder.charts;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.cryptorder.experiment.TcpSequenceFile;
import org.cryptorder.transport.tcp.trace.TcpSequenceTrace;

/**
 * The TCP time-sequence graphs of {@code report.html} ({@link TcpSequenceChart}), from the records
 * the runner keeps of replication 0's first TCP flow ({@code series/tcp-sequence-<i>.csv}, {@link
 * TcpSequenceFile}): one for each configuration whose receiver queued a segment out of order (the
 * window around the first), at most {@value #MAX_FIGURES} in sweep order to keep the page small;
 * with none, the first configuration's first 2 ms. No TCP traffic, no figure; TCP records absent
 * (results written before they were kept), one skipped figure saying so.
 */
final class TcpSequenceFigures {
    /** Each figure's file name is this, a dash and the configuration's number. */
    static final String NAME = "tcp-sequence";
    static final int MAX_FIGURES = 3;
    private static final String TITLE = "TCP time-sequence graph";

    private TcpSequenceFigures() {
    }

    static List<Drawn> draw(ResultTables tables) throws MalformedResultsException {
        if (!tables.experiment().hasTcp()) {
            return List.of();
        }
        List<Integer> found = new ArrayList<>();
        List<Integer> reordered = new ArrayList<>();
        List<TcpSequenceTrace.Graph> graphs = new ArrayList<>();
        for (int i = 0; i < tables.rows().size(); i++) {
            TcpSequenceTrace.Graph g = read(tables.folder(), i);
            graphs.add(g);
            if (g != null) {
                found.add(i);
                if (g.aroundOutOfOrder()) {
                    reordered.add(i);
                }
            }
        }
        if (found.isEmpty()) {
            return List.of(new Drawn.Skipped(NAME, TITLE, "the folder has no"
                    + " series/tcp-sequence-<i>.csv files; results written before runs kept them"));
        }
        List<Integer> shown = reordered.isEmpty() ? found.subList(0, 1)
                : reordered.subList(0, Math.min(MAX_FIGURES, reordered.size()));
        String left = reordered.size() > shown.size() ? " (" + shown.size() + " of the " + reordered.size()
                + " configurations whose receiver queued segments out of order)" : "";
        List<Drawn> out = new ArrayList<>();
        for (int i : shown) {
            TcpSequenceTrace.Graph g = graphs.get(i);
            String label = tables.rows().get(i).label();
            String title = TITLE + ", " + label;
            out.add(new Drawn.Chart(NAME + "-" + i, title, "The first TCP flow of replication 0 as Wireshark's tcptrace"
                    + " graph draws the sender's view" + left + ": each data segment sent is a bar from its first"
                    + " octet to its last at the time it left; green the cumulative ACK, gold the receive window's right"
                    + " edge, purple the SACK blocks; red the retransmissions, orange rings those a D-SACK proved"
                    + " spurious; teal triangles the segments the receiver queued out of order. "
                    + (g.aroundOutOfOrder() ? "The window starts " + TcpSequenceFile.LEAD_US + " us before the first"
                    + " of those." : "No segment arrived out of order; the window is the run's first "
                    + TcpSequenceFile.SPAN_US / 1000 + " ms.") + " Any other window: cryptorder explain FILE"
                    + " --configuration " + i + " --tcp-sequence OUT --from-us T --to-us T2 (series/"
                    + TcpSequenceFile.fileName(i) + ").",
                    TcpSequenceChart.chart(g, tables.experiment().name() + ": " + TITLE,
                            label + ", replication 0, TCP flow 0 (a to b): the sender's view, as tcptrace draws it")));
        }
        return out;
    }

    /** The record of configuration {@code i}, or null when its file is absent. */
    static TcpSequenceTrace.Graph read(Path folder, int configuration) throws MalformedResultsException {
        Path file = folder.resolve(SideFiles.SERIES).resolve(TcpSequenceFile.fileName(configuration));
        if (!Files.isRegularFile(file)) {
            return null;
        }
        String name = SideFiles.SERIES + "/" + file.getFileName();
        List<String> lines;
        try {
            lines = Files.readAllLines(file).stream().filter(l -> !l.startsWith("#") && !l.isBlank()).toList();
        } catch (IOException e) {
            throw new MalformedResultsException(name + ": cannot be read (" + e.getMessage() + ")");
        }
        if (lines.isEmpty() || !lines.get(0).equals(String.join(",", TcpSequenceFile.HEADER))) {
            throw new MalformedResultsException(name + ": the header is not " + String.join(",", TcpSequenceFile.HEADER));
        }
        long from = -1;
        long to = -1;
        boolean around = false;
        TcpSequenceTrace.Ack before = null;
        List<TcpSequenceTrace.Segment> segs = new ArrayList<>();
        List<TcpSequenceTrace.Ack> acks = new ArrayList<>();
        List<TcpSequenceTrace.SackBlock> sacks = new ArrayList<>();
        List<TcpSequenceTrace.OutOfOrder> ooo = new ArrayList<>();
        for (int k = 1; k < lines.size(); k++) {
            String[] c = lines.get(k).split(",", -1);
            long t;
            long seq;
            long end;
            try {
                if (c.length != 4) {
                    throw new NumberFormatException("4 cells");
                }
                t = Long.parseLong(c[0]);
                seq = Long.parseLong(c[2]);
                end = Long.parseLong(c[3]);
            } catch (NumberFormatException e) {
                throw new MalformedResultsException(name + ", line " + (k + 1) + ": not time_ns,event,seq,end in"
                        + " whole numbers: " + lines.get(k));
            }
            switch (c[1]) {
                case "window" -> {
                    from = t;
                    to = seq;
                    around = end == 1;
                }
                case "ack_before" -> before = new TcpSequenceTrace.Ack(t, seq, end);
                case "ack" -> acks.add(new TcpSequenceTrace.Ack(t, seq, end));
                case "sent", "retransmitted", "spurious" -> segs.add(new TcpSequenceTrace.Segment(t, seq,
                        (int) (end - seq), !c[1].equals("sent"), c[1].equals("spurious")));
                case "sack" -> sacks.add(new TcpSequenceTrace.SackBlock(t, seq, end));
                case "out_of_order" -> ooo.add(new TcpSequenceTrace.OutOfOrder(t, seq, end));
                default -> throw new MalformedResultsException(name + ", line " + (k + 1) + ": no event \"" + c[1]
                        + "\"");
            }
        }
        if (from < 0 || to <= from) {
            throw new MalformedResultsException(name + ": no window row giving where it starts and ends");
        }
        return new TcpSequenceTrace.Graph(from, to, around, segs, acks, before, sacks, ooo);
    }
}
