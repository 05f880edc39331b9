package org.cryptorder.charts;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Shape;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.cryptorder.transport.tcp.trace.TcpSequenceTrace;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.DatasetRenderingOrder;
import org.jfree.chart.plot.SeriesRenderingOrder;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

/**
 * The time-sequence graph of one TCP flow, as Wireshark's tcptrace graph draws the sender's view:
 * each data segment sent is a vertical bar from its first octet to its last at the time it left
 * (sequence numbers relative to the ISN, in octets); the cumulative ACK (SND.UNA) and the receive
 * window's right edge (SND.UNA plus the advertised window) are step lines; the SACK blocks of each
 * ACK are short bars above the ACK line at its time. Retransmissions are red with a dot, and those
 * a later D-SACK proved spurious orange with a ring; the segments the receiver queued out of order
 * (arrived past a hole) get a teal triangle at their arrival time. The window is whatever the
 * {@link TcpSequenceTrace} kept; bars that would land on pixels already drawn are not drawn again,
 * so a long window stays a small file (the data still hold every segment).
 */
public final class TcpSequenceChart {
    static final Color SENT = new Color(0x1F4E9C);
    static final Color RETRANSMITTED = new Color(0xD7191C);
    static final Color SPURIOUS = new Color(0xF28E2B);
    static final Color ACK = new Color(0x1A9850);
    static final Color WINDOW = new Color(0xB8860B);
    static final Color SACK = new Color(0x7B3294);
    static final Color OUT_OF_ORDER = new Color(0x018571);

    /**
     * The series of the segments' dataset, in drawing order (later on top): a retransmission not
     * proved spurious, the rarer, over the rings of those that were.
     */
    static final int SERIES_SENT = 0;
    static final int SERIES_SPURIOUS = 1;
    static final int SERIES_RETRANSMITTED = 2;

    private TcpSequenceChart() {
    }

    /**
     * What the chart holds, read back from its datasets: segments (one item each), how many of them
     * are retransmissions and how many of those spurious, SACK blocks and out-of-order marks.
     */
    public record Counts(int segments, int retransmissions, int spurious, int sackBlocks, int outOfOrder) {
    }

    /**
     * The chart files written, each null when not asked for.
     *
     * @param counts what the chart holds, read back from its datasets
     */
    public record Written(Path png, Path svg, Counts counts) {
    }

    /**
     * Writes the chart as PNG, as SVG, or both, at {@link ChartStyle#WIDTH} x {@link
     * ChartStyle#HEIGHT} points.
     *
     * @param png where the PNG goes, or null for none
     * @param svg where the SVG goes, or null for none
     */
    public static Written write(TcpSequenceTrace.Graph g, String title, String subtitle, Path png, Path svg)
            throws IOException {
        JFreeChart chart = chart(g, title, subtitle);
        if (png != null) {
            ChartFiles.writePng(chart, png, ChartStyle.WIDTH, ChartStyle.HEIGHT);
        }
        if (svg != null) {
            ChartFiles.writeSvg(chart, svg, ChartStyle.WIDTH, ChartStyle.HEIGHT);
        }
        return new Written(png, svg, counts(chart));
    }

    /** The counts of the chart drawn from {@code g}, read from its datasets. */
    public static Counts counts(TcpSequenceTrace.Graph g) {
        return counts(chart(g, "", ""));
    }

    private static Counts counts(JFreeChart chart) {
        XYPlot plot = (XYPlot) chart.getPlot();
        YIntervalSeriesCollection segs = (YIntervalSeriesCollection) plot.getDataset(DATA_SEGMENTS);
        int sent = segs.getItemCount(SERIES_SENT);
        int re = segs.getItemCount(SERIES_RETRANSMITTED);
        int sp = segs.getItemCount(SERIES_SPURIOUS);
        return new Counts(sent + re + sp, re + sp, sp, plot.getDataset(DATA_SACKS).getItemCount(0),
                plot.getDataset(DATA_OUT_OF_ORDER).getItemCount(0));
    }

    /** The counts as the graph's data give them (the chart should hold as many: {@link #counts}). */
    public static Counts expected(TcpSequenceTrace.Graph g) {
        return new Counts(g.segments().size(), (int) g.retransmissions(), (int) g.spurious(), g.sackBlocks().size(),
                g.outOfOrder().size());
    }

    /**
     * One line on what a chart holds and the ACKs of its window: {@code 281 segments sent, 12
     * retransmitted (11 spurious, by D-SACK); 54 ACKs, ...}.
     */
    public static String summary(Counts c, int acks) {
        return String.format(Locale.ROOT, "%d segments sent, %d retransmitted (%d spurious, by D-SACK); %d ACKs,"
                        + " %d SACK blocks; %d skb%s queued out of order at the receiver", c.segments(),
                c.retransmissions(), c.spurious(), acks, c.sackBlocks(), c.outOfOrder(), c.outOfOrder() == 1 ? "" : "s");
    }

    /** {@code 0.850 to 2.850 ms (around the first segment queued out of order)}. */
    public static String window(TcpSequenceTrace.Graph g) {
        return String.format(Locale.ROOT, "%s to %s ms of simulated time%s", ms(g.fromNs()), ms(g.toNs()),
                g.aroundOutOfOrder() ? ", from just before the first segment queued out of order" : "");
    }

    private static String ms(long ns) {
        return String.format(Locale.ROOT, "%.3f", ns / 1e6);
    }

    // dataset indices, in drawing order: later ones on top
    private static final int DATA_WINDOW = 0;
    private static final int DATA_ACK = 1;
    private static final int DATA_SACKS = 2;
    private static final int DATA_OUT_OF_ORDER = 3;
    private static final int DATA_SEGMENTS = 4;

    static JFreeChart chart(TcpSequenceTrace.Graph g, String title, String subtitle) {
        double fromMs = g.fromNs() / 1e6;
        double toMs = g.toNs() / 1e6;
        XYPlot plot = new XYPlot();
        plot.setDatasetRenderingOrder(DatasetRenderingOrder.FORWARD);
        plot.setSeriesRenderingOrder(SeriesRenderingOrder.FORWARD);

        XYSeries ackLine = new XYSeries("ACK", false, true);
        XYSeries windowLine = new XYSeries("window", false, true);
        TcpSequenceTrace.Ack before = g.ackBefore();
        if (before != null) {
            ackLine.add(fromMs, before.una());
            windowLine.add(fromMs, before.windowEnd());
        }
        TcpSequenceTrace.Ack last = before;
        for (TcpSequenceTrace.Ack a : g.acks()) {
            ackLine.add(a.timeNs() / 1e6, a.una());
            windowLine.add(a.timeNs() / 1e6, a.windowEnd());
            last = a;
        }
        if (last != null) {
            ackLine.add(toMs, last.una());
            windowLine.add(toMs, last.windowEnd());
        }
        plot.setDataset(DATA_WINDOW, new XYSeriesCollection(windowLine));
        plot.setRenderer(DATA_WINDOW, new TcpSequenceRenderers.Steps(WINDOW, 1.2f));
        plot.setDataset(DATA_ACK, new XYSeriesCollection(ackLine));
        plot.setRenderer(DATA_ACK, new TcpSequenceRenderers.Steps(ACK, 1.6f));

        YIntervalSeries sacks = new YIntervalSeries("SACK blocks");
        for (TcpSequenceTrace.SackBlock b : g.sackBlocks()) {
            sacks.add(b.timeNs() / 1e6, b.start(), b.start(), b.end());
        }
        YIntervalSeriesCollection sackData = new YIntervalSeriesCollection();
        sackData.addSeries(sacks);
        plot.setDataset(DATA_SACKS, sackData);
        plot.setRenderer(DATA_SACKS, new TcpSequenceRenderers.Bars(new Color[] {SACK}, new float[] {2.6f}, new Shape[] {null},
                new boolean[] {false}, 0));

        YIntervalSeries sent = new YIntervalSeries("sent", false, true);
        YIntervalSeries retransmitted = new YIntervalSeries("retransmitted", false, true);
        YIntervalSeries spurious = new YIntervalSeries("spurious", false, true);
        for (TcpSequenceTrace.Segment s : g.segments()) {
            YIntervalSeries to = s.spurious() ? spurious : s.retransmission() ? retransmitted : sent;
            to.add(s.timeNs() / 1e6, s.seq(), s.seq(), s.end());
        }
        YIntervalSeriesCollection segments = new YIntervalSeriesCollection();
        segments.addSeries(sent);
        segments.addSeries(spurious);
        segments.addSeries(retransmitted);
        plot.setDataset(DATA_SEGMENTS, segments);
        plot.setRenderer(DATA_SEGMENTS, new TcpSequenceRenderers.Bars(new Color[] {SENT, SPURIOUS, RETRANSMITTED},
                new float[] {1f, 2f, 2f}, new Shape[] {null, dot(4.5), dot(3.5)}, new boolean[] {true, false, true}, 2.5));

        YIntervalSeries outOfOrder = new YIntervalSeries("out of order", false, true);
        for (TcpSequenceTrace.OutOfOrder o : g.outOfOrder()) {
            outOfOrder.add(o.timeNs() / 1e6, o.seq(), o.seq(), o.end());
        }
        YIntervalSeriesCollection outOfOrderData = new YIntervalSeriesCollection();
        outOfOrderData.addSeries(outOfOrder);
        plot.setDataset(DATA_OUT_OF_ORDER, outOfOrderData);
        plot.setRenderer(DATA_OUT_OF_ORDER, new TcpSequenceRenderers.Bars(new Color[] {OUT_OF_ORDER},
                new float[] {1f}, new Shape[] {triangle(7)}, new boolean[] {true}, 0));

        NumberAxis time = new NumberAxis("simulated time (ms)");
        ChartStyle.axis(time);
        time.setRange(fromMs, toMs);
        time.setTickUnit(new NumberTickUnit(ChartStyle.tickUnit(fromMs, toMs, false), ChartStyle.numbers()));
        NumberAxis seq = new NumberAxis("sequence number, relative to the ISN (octets)");
        ChartStyle.axis(seq);
        seq.setAutoRangeIncludesZero(false);
        Range range = sequenceRange(g);
        if (range.high() > range.low()) {
            double pad = (range.high() - range.low()) * 0.03;
            seq.setRange(range.low() - pad, range.high() + pad);
        }
        plot.setDomainAxis(time);
        plot.setRangeAxis(seq);
        ChartStyle.plot(plot);
        plot.setFixedLegendItems(legend());
        return ChartStyle.chart(title, plot, true, subtitle, window(g) + range.note(),
                summary(expected(g), g.acks().size()));
    }

    /**
     * The sequence axis: from the lowest octet sent or acknowledged to the highest sent, SACKed or
     * acknowledged, and up to the receive window's edge unless that would take more than
     * {@value #WINDOW_ROOM} of the height (a flow the window does not limit: its edge is far above
     * and would squeeze the segments); {@code note} then says where the edge runs.
     */
    record Range(double low, double high, String note) {
    }

    /** The most of the plot's height the receive window's edge may take above the data. */
    static final double WINDOW_ROOM = 0.4;

    static Range sequenceRange(TcpSequenceTrace.Graph g) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (TcpSequenceTrace.Segment s : g.segments()) {
            lo = Math.min(lo, s.seq());
            hi = Math.max(hi, s.end());
        }
        for (TcpSequenceTrace.SackBlock b : g.sackBlocks()) {
            hi = Math.max(hi, b.end());
        }
        List<TcpSequenceTrace.Ack> acks = new ArrayList<>(g.acks());
        if (g.ackBefore() != null) {
            acks.add(g.ackBefore());
        }
        double edge = Double.NEGATIVE_INFINITY;
        double least = Double.POSITIVE_INFINITY;
        double most = 0;
        for (TcpSequenceTrace.Ack a : acks) {
            lo = Math.min(lo, a.una());
            hi = Math.max(hi, a.una());
            edge = Math.max(edge, a.windowEnd());
            least = Math.min(least, a.windowEnd() - a.una());
            most = Math.max(most, a.windowEnd() - a.una());
        }
        if (!(hi > lo) || edge <= hi) {
            return new Range(lo, Math.max(hi, edge), "");
        }
        if (edge - hi <= WINDOW_ROOM * (edge - lo)) {
            return new Range(lo, edge, "");
        }
        return new Range(lo, hi, String.format(Locale.ROOT, "; the receive window's edge, %s above the ACK line, is"
                + " off the top", least == most ? megabytes(least)
                : String.format(Locale.ROOT, "%.2f-%s", least / 1e6, megabytes(most))));
    }

    /** {@code 3.15 MB} (10^6 octets). */
    private static String megabytes(double octets) {
        return String.format(Locale.ROOT, "%.2f MB", octets / 1e6);
    }

    private static LegendItemCollection legend() {
        LegendItemCollection items = new LegendItemCollection();
        items.add(lineItem("data sent", SENT, 1.5f, null, true));
        items.add(lineItem("retransmitted", RETRANSMITTED, 2f, dot(3.5), true));
        items.add(lineItem("retransmitted, spurious (D-SACK)", SPURIOUS, 2f, dot(4.5), false));
        items.add(lineItem("ACK (SND.UNA)", ACK, 2f, null, true));
        items.add(lineItem("receive window (ACK + window)", WINDOW, 2f, null, true));
        items.add(lineItem("SACK blocks", SACK, 3f, null, true));
        items.add(lineItem("queued out of order at the receiver", OUT_OF_ORDER, 0f, triangle(7), true));
        return items;
    }

    private static LegendItem lineItem(String label, Color c, float width, Shape shape, boolean filled) {
        Shape line = new Line2D.Double(-9, 0, 9, 0);
        LegendItem item = new LegendItem(label, null, null, null, shape != null, shape == null ? line : shape, filled,
                c, !filled, c, new BasicStroke(1.6f), width > 0, line, new BasicStroke(Math.max(width, 0.1f)), c);
        item.setLabelFont(ChartStyle.LEGEND);
        item.setLabelPaint(ChartStyle.INK);
        return item;
    }

    private static Shape dot(double r) {
        return new Ellipse2D.Double(-r, -r, 2 * r, 2 * r);
    }

    /** A triangle pointing right, towards the receiver: {@code size} points wide. */
    private static Shape triangle(double size) {
        Path2D.Double p = new Path2D.Double();
        p.moveTo(-size / 2, -size / 2);
        p.lineTo(size / 2, 0);
        p.lineTo(-size / 2, size / 2);
        p.closePath();
        return p;
    }
}
