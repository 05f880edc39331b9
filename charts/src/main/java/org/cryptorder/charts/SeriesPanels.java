package org.cryptorder.charts;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.geom.Line2D;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.jfree.chart.LegendItem;
import org.jfree.chart.annotations.XYTitleAnnotation;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.DeviationRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYDataset;
import org.jfree.data.xy.YIntervalSeries;

/**
 * What the charts of replication 0's {@code series/} files share ({@code QueueChart}, {@code
 * TxQueueChart}): which configurations get a panel, a time axis in simulated ms over panels
 * stacked on it, the warm-up shaded, each panel named in its corner, thin lines in the colour of
 * the configuration's policy, one shade and dash per queue.
 */
final class SeriesPanels {
    /** At most this many configurations are drawn. */
    static final int MAX_CONFIGURATIONS = 4;
    /**
     * At most this many points per line: a longer series is drawn per bin of consecutive samples,
     * the line through each bin's mean and a band from its least to its most, so that a queue that
     * fills and drains between samples reads as a band, not as a comb of aliased lines.
     */
    static final int MAX_POINTS = 250;

    private SeriesPanels() {
    }

    /** A configuration with something to draw: its row, its number and what its series file held. */
    record Shown<T>(SummaryRow row, int index, T data) {
    }

    /** A reader of one configuration's series file: its queues, or null when the file is absent. */
    interface Reader<E> {
        List<E> read(Path folder, int configuration) throws MalformedResultsException;
    }

    /**
     * The series files of a results folder.
     *
     * @param files  how many configurations have one
     * @param active the configurations with something to draw, with what {@code busy} kept of their queues
     */
    record Found<E>(int files, List<Shown<List<E>>> active) {
    }

    /** Reads every configuration's series file and keeps those where {@code busy} leaves a queue. */
    static <E> Found<E> read(ResultTables tables, Reader<E> reader, UnaryOperator<List<E>> busy)
            throws MalformedResultsException {
        List<Shown<List<E>>> active = new ArrayList<>();
        int files = 0;
        for (int i = 0; i < tables.rows().size(); i++) {
            List<E> queues = reader.read(tables.folder(), i);
            if (queues == null) {
                continue;
            }
            files++;
            List<E> drawn = busy.apply(queues);
            if (!drawn.isEmpty()) {
                active.add(new Shown<>(tables.rows().get(i), i, drawn));
            }
        }
        return new Found<>(files, active);
    }

    /**
     * The configurations drawn and what the title and subtitle say of the choice.
     *
     * @param at   {@code ", at kernel FPU busy 0.5"} when only the highest value of the swept
     *             axis path is drawn, else empty
     * @param note {@code "; 2 of the 6 configurations whose ..."} when some are left out, else empty
     */
    record Selection<T>(List<Shown<T>> shown, String at, String note) {
    }

    /**
     * All of {@code active} when there are at most {@link #MAX_CONFIGURATIONS}; else those at the
     * highest value of the swept numeric axis path (the first four of them), or the first four.
     *
     * @param whose what the active ones did, for the note: {@code "whose cryptd queued anything"}
     */
    static <T> Selection<T> select(ResultTables tables, List<Shown<T>> active, String whose) {
        if (active.size() <= MAX_CONFIGURATIONS) {
            return new Selection<>(active, "", "");
        }
        SweepLayout layout = SweepLayout.of(tables);
        List<Shown<T>> shown;
        String at = "";
        if (layout.kind() == SweepLayout.Kind.NUMERIC) {
            double top = active.stream().mapToDouble(s -> layout.x(s.row())).max().orElseThrow();
            shown = active.stream().filter(s -> layout.x(s.row()) == top).limit(MAX_CONFIGURATIONS).toList();
            String value = shown.get(0).row().swept().get(layout.axisPath());
            at = ", at " + PathLabels.name(layout.axisPath()) + " " + PathLabels.value(layout.axisPath(), value);
        } else {
            shown = active.subList(0, MAX_CONFIGURATIONS);
        }
        return new Selection<>(shown, at, "; " + shown.size() + " of the " + active.size() + " configurations " + whose);
    }

    /** Panels stacked over one axis of simulated time, 0 to {@code endS}, in ms. */
    static CombinedDomainXYPlot overTime(double endS) {
        NumberAxis time = new NumberAxis("simulated time (ms)");
        ChartStyle.axis(time);
        time.setAutoRange(false);
        time.setRange(0, endS * 1000);
        time.setTickUnit(new NumberTickUnit(ChartStyle.tickUnit(0, endS * 1000, false), ChartStyle.numbers()));
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(time);
        plot.setGap(14);
        ChartStyle.background(plot);
        return plot;
    }

    /**
     * A renderer of lines, each drawn as one SVG path, with the band of each bin (see {@link
     * #MAX_POINTS}) in the line's colour, lighter.
     */
    static XYLineAndShapeRenderer lines() {
        DeviationRenderer r = new DeviationRenderer(true, false);
        r.setAlpha(0.28f);
        return r;
    }

    /** How many consecutive samples of a series of {@code samples} make one drawn point. */
    static int bin(int samples) {
        return Math.max(1, (samples + MAX_POINTS - 1) / MAX_POINTS);
    }

    /**
     * A series of samples, times in s drawn in ms, {@code bin} samples to a point: at the bin's
     * middle, its mean, with its least and most as the band.
     */
    static YIntervalSeries series(String name, double[] timeS, int[] values, int bin) {
        YIntervalSeries line = new YIntervalSeries(name, false, true);
        for (int i = 0; i < timeS.length; i += bin) {
            int end = Math.min(timeS.length, i + bin);
            long sum = 0;
            int least = Integer.MAX_VALUE;
            int most = Integer.MIN_VALUE;
            for (int j = i; j < end; j++) {
                sum += values[j];
                least = Math.min(least, values[j]);
                most = Math.max(most, values[j]);
            }
            line.add((timeS[i] + timeS[end - 1]) / 2 * 1000, (double) sum / (end - i), least, most);
        }
        return line;
    }

    /** What the subtitle says of the drawing: the sampling grid and, when binned, the bins. */
    static String sampling(double[] timeS) {
        int bin = bin(timeS.length);
        String every = "sampled every " + interval(timeS) + " µs";
        if (bin == 1) {
            return every;
        }
        double s = timeS.length > 1 ? timeS[1] - timeS[0] : 0;
        return every + ", drawn per " + Numbers.plain(Math.round(s * bin * 1e9) / 1e3)
                + " µs (line: the mean; band: least to most)";
    }

    /** Line {@code k} of a panel: the {@code style}-th shade and dash of the policy's colour. */
    static void style(XYLineAndShapeRenderer r, int k, Shown<?> s, int style) {
        Color colour = PolicyPalette.shade(PolicyPalette.colour(s.row().policy(), s.index()), style);
        r.setSeriesPaint(k, colour);
        r.setSeriesFillPaint(k, colour);
        r.setSeriesStroke(k, thin(style));
    }

    /**
     * A panel of {@code data} whose axis runs from 0 to a little above {@code highest} (room for the
     * panel's name), with the warm-up shaded (and named when {@code first}) and {@code name} in its
     * top right corner (none when empty).
     */
    static XYPlot panel(XYDataset data, XYLineAndShapeRenderer r, String axisLabel, int highest,
                        double warmupMs, boolean first, String name) {
        NumberAxis y = new NumberAxis(axisLabel);
        ChartStyle.axis(y);
        y.setAutoRange(false);
        y.setRange(0, highest * 1.3 + 1);
        y.setTickUnit(new NumberTickUnit(ChartStyle.tickUnit(0, highest, true), ChartStyle.numbers()));
        XYPlot sub = new XYPlot(data, null, y, r);
        ChartStyle.plot(sub);
        if (warmupMs > 0) {
            IntervalMarker m = new IntervalMarker(0, warmupMs, new Color(0xF0F0F0));
            if (first) {
                m.setLabel("warm-up");
                m.setLabelFont(ChartStyle.NOTE);
                m.setLabelPaint(ChartStyle.GREY);
                m.setLabelAnchor(RectangleAnchor.TOP_LEFT);
                m.setLabelTextAnchor(TextAnchor.TOP_LEFT);
                m.setLabelOffset(new RectangleInsets(2, 4, 2, 2));
            }
            sub.addDomainMarker(m, Layer.BACKGROUND);
        }
        if (!name.isEmpty()) {
            TextTitle label = new TextTitle(name, ChartStyle.LEGEND);
            label.setPaint(ChartStyle.INK);
            label.setBackgroundPaint(new Color(255, 255, 255, 215));
            sub.addAnnotation(new XYTitleAnnotation(0.995, 0.98, label, RectangleAnchor.TOP_RIGHT));
        }
        return sub;
    }

    /** The legend's entry for the lines of the {@code style}-th queue, in grey. */
    static LegendItem legend(String label, int style) {
        LegendItem item = new LegendItem(label, null, null, null, new Line2D.Double(-12, 0, 12, 0), thin(style),
                PolicyPalette.shade(ChartStyle.GREY, style));
        item.setLabelFont(ChartStyle.LEGEND);
        return item;
    }

    /** The grid spacing of sampled times, in µs, as the subtitle writes it. */
    static String interval(double[] timeS) {
        double s = timeS.length > 1 ? timeS[1] - timeS[0] : 0;
        return Numbers.plain(Math.round(s * 1e9) / 1e3);
    }

    private static BasicStroke thin(int style) {
        BasicStroke s = (BasicStroke) PolicyPalette.line(style);
        return new BasicStroke(1.1f, s.getEndCap(), s.getLineJoin(), s.getMiterLimit(), s.getDashArray(), 0f);
    }
}
