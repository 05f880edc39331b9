package org.cryptorder.charts;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Paint;
import java.awt.Stroke;
import java.awt.geom.Rectangle2D;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.cryptorder.net.FrameTrace;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.StandardXYBarPainter;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYIntervalSeries;
import org.jfree.data.xy.XYIntervalSeriesCollection;

/**
 * The timeline of {@code cryptorder explain}: one swimlane per CPU of each host that the followed
 * frames used, one per cryptd queue they waited in and one per link direction, top to bottom in the
 * frames' order of travel (host a, the wire a->b, host b, the wire back). Each step of each frame is
 * a bar from its start to its end, coloured by what the frame was doing ({@link FrameTrace.Kind});
 * the frames counted InPktsDelayed (validated after a later frame) are drawn in red. Bars that
 * overlap in time on one lane (frames waiting together in a queue, frames on the wire together) are
 * stacked in sub-rows. Each bar carries its frame number where there is room.
 */
public final class TimelineChart {
    static final Color DELAYED = new Color(0xD7191C);

    private static final Map<FrameTrace.Kind, Color> KIND_COLOURS = new EnumMap<>(Map.of(
            FrameTrace.Kind.SEND, new Color(0x88CCEE),
            FrameTrace.Kind.ENCRYPT_INLINE, new Color(0x44AA99),
            FrameTrace.Kind.QUEUED, new Color(0xDDCC77),
            FrameTrace.Kind.CRYPTD_WORKER, new Color(0x332288),
            FrameTrace.Kind.WIRE, new Color(0xBBBBBB),
            FrameTrace.Kind.SOFTIRQ_RX, new Color(0x117733),
            FrameTrace.Kind.DECRYPT_INLINE, new Color(0x999933),
            FrameTrace.Kind.DELIVERY, new Color(0xAA4499)));

    /** A wider canvas than the sweep charts, in points: a bar and a number for each of some forty frames. */
    static final int WIDTH = 1440;
    static final int HEIGHT = 860;

    private static final Pattern CPU = Pattern.compile("cpu(\\d+)");
    private static final double LANE_HEIGHT = 0.8;
    private static final Font LABEL = new Font(Font.SANS_SERIF, Font.PLAIN, 9);
    private static final Font LABEL_DELAYED = new Font(Font.SANS_SERIF, Font.BOLD, 9);

    private TimelineChart() {
    }

    /** The chart files written: {@code png} and the SVG beside it. */
    public record Written(Path png, Path svg) {
    }

    /**
     * Writes the timeline as {@code png} (a name ending in {@code .png}) and the SVG of the same name
     * beside it.
     *
     * @param title    what was run ({@code quickstart, crypto.policy=async-unordered: first 40 frames})
     * @param subtitle what was held fixed, or empty
     */
    public static Written write(FrameTrace trace, String title, String subtitle, Path png) throws IOException {
        String file = png.getFileName().toString();
        if (!file.endsWith(".png")) {
            throw new IllegalArgumentException("the chart's file name must end in .png: " + png);
        }
        Path folder = png.toAbsolutePath().getParent();
        ChartFiles.Written w = ChartFiles.write(chart(trace, title, subtitle), folder,
                file.substring(0, file.length() - 4), WIDTH, HEIGHT);
        return new Written(w.png(), w.svg());
    }

    /**
     * {@code Held fixed: ...} for the subtitle, from the experiment's resolved JSON (as {@code
     * experiment.json} holds it): the parameters no sweep varies; empty if the text does not read.
     */
    public static String heldFixed(String experimentJson) {
        try {
            return "Held fixed: " + ExperimentDescription.parse(experimentJson).heldFixed();
        } catch (MalformedResultsException e) {
            return "";
        }
    }

    /** The swimlanes of a trace, top to bottom. */
    public static List<String> lanes(FrameTrace trace) {
        return trace.spans().stream().map(FrameTrace.Span::lane).distinct().sorted(LANE_ORDER).toList();
    }

    /**
     * The frames whose bars the drawn chart outlines in red, read back from the chart's renderer
     * and data (a bar is matched to its span by lane kind and start time): they should be exactly
     * those the trace counted InPktsDelayed.
     */
    public static Set<Long> outlinedInRed(FrameTrace trace) {
        XYPlot plot = (XYPlot) chart(trace, "", "").getPlot();
        OutlinedBarRenderer r = (OutlinedBarRenderer) plot.getRenderer();
        XYIntervalSeriesCollection data = (XYIntervalSeriesCollection) plot.getDataset();
        Set<Long> out = new java.util.TreeSet<>();
        for (int series = 0; series < data.getSeriesCount(); series++) {
            String kind = data.getSeries(series).getKey().toString();
            for (int item = 0; item < data.getItemCount(series); item++) {
                if (r.edge(series, item) != OutlinedBarRenderer.RED_EDGE) {
                    continue;
                }
                double startUs = data.getStartYValue(series, item);  // bars lie along the time axis (Y)
                trace.spans().stream().filter(sp -> sp.kind().words().equals(kind)
                                && Math.abs(sp.startNs() / 1000 - startUs) < 1e-9)
                        .forEach(sp -> out.add(sp.frame()));
            }
        }
        return out;
    }

    /** Host a, the wire a->b, host b, the wire back; within a host, by CPU, each CPU before its queue. */
    private static final Comparator<String> LANE_ORDER = Comparator.comparingInt(TimelineChart::group)
            .thenComparingInt(TimelineChart::cpuNumber).thenComparing(l -> l.endsWith("queue"))
            .thenComparing(Comparator.naturalOrder());

    private static int group(String lane) {
        if (lane.startsWith("wire ")) {
            return lane.startsWith("wire a") ? 1 : 3;
        }
        return lane.startsWith("a ") ? 0 : lane.startsWith("b ") ? 2 : 4;
    }

    private static int cpuNumber(String lane) {
        Matcher m = CPU.matcher(lane);
        return m.find() ? Integer.parseInt(m.group(1)) : -1;
    }

    /**
     * A bar placed in its lane's sub-row: the lane spans {@code base} to {@code base + slots} on the
     * vertical axis (the first lane at the top) less a gap, its sub-rows share that height. A CPU's
     * lane keeps its upper part for the frame numbers ({@code above}); stacked rows of the wire and
     * the queues carry them inside the bars.
     */
    private record Placed(FrameTrace.Span span, double base, int slots, int row, int rows, boolean above) {
        private double laneLow() {
            return base + slots * (1 - LANE_HEIGHT) / 2;
        }

        private double barArea() {
            return slots * LANE_HEIGHT * (above ? 0.55 : 1);
        }

        double barLow() {
            return laneLow() + barArea() * (rows - 1 - row) / rows;
        }

        double barHigh() {
            return barLow() + barArea() / rows * (rows == 1 ? 1 : 0.9);
        }

        /** Where a number above the bars goes. */
        double labelY() {
            return laneLow() + slots * LANE_HEIGHT * 0.78;
        }
    }

    /** How many sub-rows fit one slot of the vertical axis before a lane takes another slot. */
    private static final int ROWS_PER_SLOT = 3;

    static JFreeChart chart(FrameTrace trace, String title, String subtitle) {
        List<String> lanes = lanes(trace);
        Set<Long> delayed = trace.delayedFrames();
        Map<String, Integer> rowsOf = new LinkedHashMap<>();
        List<int[]> rows = rows(trace.spans(), rowsOf);
        // the first lane at the top: it gets the highest slots; a lane of many sub-rows takes several
        Map<String, Double> base = new LinkedHashMap<>();
        Map<String, Integer> slots = new LinkedHashMap<>();
        int total = 0;
        for (String lane : lanes) {
            slots.put(lane, Math.max(1, (rowsOf.get(lane) + ROWS_PER_SLOT - 1) / ROWS_PER_SLOT));
            total += slots.get(lane);
        }
        String[] ticks = new String[total];
        Arrays.fill(ticks, "");
        int top = total;
        for (String lane : lanes) {
            top -= slots.get(lane);
            base.put(lane, top - 0.5);
            ticks[top + (slots.get(lane) - 1) / 2] = lane;
        }
        List<FrameTrace.Span> spans = sorted(trace.spans());
        List<Placed> placed = new ArrayList<>();
        for (int i = 0; i < spans.size(); i++) {
            FrameTrace.Span sp = spans.get(i);
            boolean cpuLane = sp.kind() != FrameTrace.Kind.WIRE && sp.kind() != FrameTrace.Kind.QUEUED;
            placed.add(new Placed(sp, base.get(sp.lane()), slots.get(sp.lane()), rows.get(i)[0], rowsOf.get(sp.lane()),
                    cpuLane));
        }
        double endUs = trace.spans().stream().mapToDouble(sp -> sp.endNs() / 1000).max().orElse(1);

        XYIntervalSeriesCollection data = new XYIntervalSeriesCollection();
        List<Paint> paints = new ArrayList<>();
        List<List<Integer>> outlined = new ArrayList<>();
        double usPerPoint = endUs * 1.01 / (WIDTH - 200);
        Map<FrameTrace.Kind, Integer> seriesOf = new EnumMap<>(FrameTrace.Kind.class);
        for (FrameTrace.Kind k : FrameTrace.Kind.values()) {
            if (trace.spans().stream().anyMatch(sp -> sp.kind() == k)) {
                seriesOf.put(k, data.getSeriesCount());
                data.addSeries(new XYIntervalSeries(k.words(), false, true));  // unsorted: items stay in the order of their edges
                paints.add(KIND_COLOURS.get(k));
                outlined.add(new ArrayList<>());
            }
        }
        for (Placed p : placed) {
            FrameTrace.Span sp = p.span();
            int series = seriesOf.get(sp.kind());
            // at least a hair wide, so that an instant still shows
            double end = Math.max(sp.endNs(), sp.startNs() + endUs * 1000 / 2500);
            data.getSeries(series).add((p.barLow() + p.barHigh()) / 2, p.barLow(), p.barHigh(),
                    (sp.startNs() + end) / 2000, sp.startNs() / 1000, end / 1000);
            // red round the frames counted InPktsDelayed; a white edge between bars wide enough to keep their colour
            outlined.get(series).add(delayed.contains(sp.frame()) ? OutlinedBarRenderer.RED_EDGE
                    : (end - sp.startNs()) / 1000 > 4 * usPerPoint ? OutlinedBarRenderer.WHITE_EDGE
                    : OutlinedBarRenderer.NO_EDGE);
        }

        SymbolAxis laneAxis = new SymbolAxis(null, ticks);
        laneAxis.setGridBandsVisible(false);
        laneAxis.setTickMarksVisible(false);
        laneAxis.setAutoRange(false);
        laneAxis.setRange(-0.55, total - 0.45);
        ChartStyle.axis(laneAxis);
        NumberAxis time = new NumberAxis("time since the start of the run (µs)");
        ChartStyle.axis(time);
        time.setAutoRange(false);
        time.setRange(0, endUs * 1.01);
        time.setTickUnit(new NumberTickUnit(ChartStyle.tickUnit(0, endUs, false), ChartStyle.numbers()));

        XYBarRenderer r = new OutlinedBarRenderer(outlined);
        r.setUseYInterval(true);
        r.setBarPainter(new StandardXYBarPainter());
        r.setShadowVisible(false);
        r.setDrawBarOutline(true);
        for (int i = 0; i < paints.size(); i++) {
            r.setSeriesPaint(i, paints.get(i));
        }
        XYPlot plot = new XYPlot(data, laneAxis, time, r);
        plot.setOrientation(PlotOrientation.HORIZONTAL);
        ChartStyle.plot(plot);
        plot.setDomainGridlinesVisible(false);
        labels(plot, placed, delayed, endUs);
        LegendItemCollection items = new LegendItemCollection();
        for (int i = 0; i < data.getSeriesCount(); i++) {
            items.add(legendItem(data.getSeriesKey(i).toString(), paints.get(i), null));
        }
        if (!delayed.isEmpty()) {
            items.add(legendItem("frame counted InPktsDelayed (validated after a later frame)", Color.WHITE, DELAYED));
        }
        plot.setFixedLegendItems(items);
        String numbers = "Numbers: frame numbers as explain prints them" + (delayed.isEmpty()
                ? "; no followed frame was delivered out of order"
                : "; outlined in red, red numbers: the " + delayed.size() + " frame" + (delayed.size() == 1 ? "" : "s")
                + " counted InPktsDelayed, marked ! in the narration");
        JFreeChart chart = ChartStyle.chart(title, plot, true, subtitle, numbers);
        plot.setInsets(new RectangleInsets(4, 4, 4, 12));
        return chart;
    }

    private static LegendItem legendItem(String label, Paint fill, Paint outline) {
        LegendItem item = new LegendItem(label, null, null, null, true, new Rectangle2D.Double(-7, -7, 14, 14), true,
                fill, outline != null, outline == null ? Color.WHITE : outline, new BasicStroke(2.5f), false,
                new Rectangle2D.Double(0, 0, 0, 0), new BasicStroke(1f), Color.WHITE);
        item.setLabelFont(ChartStyle.LEGEND);
        return item;
    }

    private static List<FrameTrace.Span> sorted(List<FrameTrace.Span> spans) {
        List<FrameTrace.Span> out = new ArrayList<>(spans);
        out.sort(Comparator.comparingDouble(FrameTrace.Span::startNs).thenComparingDouble(FrameTrace.Span::endNs));
        return out;
    }

    /**
     * The sub-row of each span (by {@link #sorted} order): the first row of its lane that is free at
     * its start (interval partitioning); {@code rowsOf} gets how many rows each lane needed.
     */
    private static List<int[]> rows(List<FrameTrace.Span> spans, Map<String, Integer> rowsOf) {
        Map<String, List<Double>> rowEnds = new LinkedHashMap<>();
        List<int[]> out = new ArrayList<>();
        for (FrameTrace.Span s : sorted(spans)) {
            List<Double> ends = rowEnds.computeIfAbsent(s.lane(), l -> new ArrayList<>());
            int row = 0;
            while (row < ends.size() && ends.get(row) > s.startNs()) {
                row++;
            }
            if (row == ends.size()) {
                ends.add(s.endNs());
            } else {
                ends.set(row, s.endNs());
            }
            out.add(new int[] {row});
        }
        rowEnds.forEach((lane, ends) -> rowsOf.put(lane, ends.size()));
        return out;
    }

    /** Bars outlined one by one: red round the frames counted InPktsDelayed, white between wide bars, else none. */
    private static final class OutlinedBarRenderer extends ItemBarRenderer<Integer> {
        private static final long serialVersionUID = 1L;
        static final int NO_EDGE = 0;
        static final int WHITE_EDGE = 1;
        static final int RED_EDGE = 2;
        private static final BasicStroke THIN = new BasicStroke(0.4f);
        private static final BasicStroke RED = new BasicStroke(1.6f);

        OutlinedBarRenderer(List<List<Integer>> edges) {
            super(edges);
        }

        private int edge(int series, int item) {
            return value(series, item, NO_EDGE);
        }

        @Override
        public Paint getItemOutlinePaint(int series, int item) {
            return switch (edge(series, item)) {
                case RED_EDGE -> DELAYED;
                case WHITE_EDGE -> Color.WHITE;
                default -> getItemPaint(series, item);
            };
        }

        @Override
        public Stroke getItemOutlineStroke(int series, int item) {
            return edge(series, item) == RED_EDGE ? RED : THIN;
        }
    }

    /**
     * The frame number of each bar where it does not run into the number before it in the same row
     * (about 5.5 points a digit at this size): above the bar in a lane of one row, inside it in a
     * lane of stacked rows when the bar is wide enough; the same frame is numbered once per stretch
     * of a row.
     */
    private static void labels(XYPlot plot, List<Placed> placed, Set<Long> delayed, double endUs) {
        double usPerPoint = endUs * 1.01 / (WIDTH - 200);
        Map<String, Double> lastEnd = new LinkedHashMap<>();
        Map<String, Long> lastFrame = new LinkedHashMap<>();
        for (Placed p : placed) {
            FrameTrace.Span s = p.span();
            String key = p.base() + "/" + (p.above() ? 0 : p.row());
            if (Long.valueOf(s.frame()).equals(lastFrame.get(key))) {
                continue;
            }
            String text = Long.toString(s.frame());
            double widthUs = (text.length() * 5.5 + 3) * usPerPoint;
            double startUs = s.startNs() / 1000;
            double lengthUs = s.endNs() / 1000 - startUs;
            boolean above = p.above();
            double at = above ? startUs + lengthUs / 2 - widthUs / 2 : startUs + usPerPoint;
            if (!above && lengthUs < widthUs + usPerPoint || lastEnd.getOrDefault(key, Double.NEGATIVE_INFINITY) > at) {
                continue;
            }
            lastEnd.put(key, at + widthUs);
            lastFrame.put(key, s.frame());
            double y = above ? p.labelY() : (p.barLow() + p.barHigh()) / 2;
            XYTextAnnotation a = new XYTextAnnotation(text, y, above ? startUs + lengthUs / 2 : at);
            boolean red = delayed.contains(s.frame());
            a.setFont(red ? LABEL_DELAYED : LABEL);
            boolean dark = !above && s.kind() != FrameTrace.Kind.WIRE && s.kind() != FrameTrace.Kind.QUEUED;
            a.setPaint(red && !dark ? DELAYED : dark ? Color.WHITE : ChartStyle.INK);
            a.setTextAnchor(above ? TextAnchor.CENTER : TextAnchor.CENTER_LEFT);
            plot.addAnnotation(a);
        }
    }
}
