package org.cryptorder.charts;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;
import java.text.NumberFormat;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.annotations.XYTitleAnnotation;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTick;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.TickType;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.axis.ValueTick;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The per-frame latency CDF: the fraction of frames delivered within x µs, one line per crypto
 * policy in its colour, a panel per combination of the other swept values (at most four, spread
 * over the sweep; the subtitle names those left out). The latency axis is logarithmic when the
 * latencies span more than a decade. Drawn from {@code latency.csv} (every replication merged);
 * skipped when the folder has none.
 */
final class LatencyCdfChart {
    static final String NAME = "latency-cdf";
    static final String TITLE = "Per-frame latency CDF";
    private static final int MAX_PANELS = 4;

    private LatencyCdfChart() {
    }

    /** One line: a configuration and its histogram. */
    private record Line(SummaryRow row, int index, String label, SideFiles.Histogram histogram) {
    }

    static Drawn draw(ResultTables tables) throws MalformedResultsException {
        Map<Integer, SideFiles.Histogram> histograms = SideFiles.latency(tables.folder());
        if (histograms == null) {
            return new Drawn.Skipped(NAME, TITLE, "the folder has no latency.csv; results written before runs kept"
                    + " their latency histograms, or an interrupted run");
        }
        List<String> keys = tables.sweepKeys();
        String policyPath = keys.contains("crypto.policy") ? "crypto.policy"
                : keys.contains("crypto.kernel") ? "crypto.kernel" : null;
        List<String> others = keys.stream().filter(k -> !k.equals(policyPath)).toList();
        Map<String, List<Line>> panels = new LinkedHashMap<>();
        for (int i = 0; i < tables.rows().size(); i++) {
            SideFiles.Histogram h = histograms.get(i);
            if (h == null || h.total() == 0) {
                continue;
            }
            SummaryRow r = tables.rows().get(i);
            String panel = String.join(", ", others.stream().map(k -> PathLabels.legend(k, r.swept().get(k))).toList());
            String label = policyPath != null ? PathLabels.legend(policyPath, r.swept().get(policyPath))
                    : others.isEmpty() ? r.label() : panel;
            panels.computeIfAbsent(policyPath == null ? "" : panel, p -> new ArrayList<>()).add(new Line(r, i, label, h));
        }
        if (panels.isEmpty()) {
            return new Drawn.Skipped(NAME, TITLE, "latency.csv holds no delivered frame");
        }
        List<String> names = new ArrayList<>(panels.keySet());
        List<String> picked = names;
        String leftOut = "";
        if (names.size() > MAX_PANELS) {
            picked = new ArrayList<>();
            for (int k = 0; k < MAX_PANELS; k++) {
                String n = names.get((int) Math.round(k * (names.size() - 1.0) / (MAX_PANELS - 1)));
                if (!picked.contains(n)) {
                    picked.add(n);
                }
            }
            List<String> chosen = picked;
            List<String> rest = names.stream().filter(n -> !chosen.contains(n)).toList();
            leftOut = "; not shown: " + String.join("; ", rest);
        }
        double low = Double.POSITIVE_INFINITY;
        double high = 0;
        for (String n : picked) {
            for (Line l : panels.get(n)) {
                low = Math.min(low, l.histogram().upperUs()[0]);
                high = Math.max(high, l.histogram().upperUs()[l.histogram().upperUs().length - 1]);
            }
        }
        boolean log = low > 0 && high / low > 10;
        ValueAxis x;
        if (log) {
            LogAxis a = new OneTwoFiveLogAxis("latency from send to delivery at the socket (µs, log scale)");
            ChartStyle.axis(a);
            a.setAutoRange(false);
            a.setRange(low / 1.15, high * 1.15);
            a.setTickUnit(new NumberTickUnit(1));
            x = a;
        } else {
            NumberAxis a = new NumberAxis("latency from send to delivery at the socket (µs)");
            ChartStyle.axis(a);
            a.setAutoRange(false);
            double from = Math.max(0, low - (high - low) * 0.03);
            a.setRange(from, high + (high - low) * 0.03);
            a.setTickUnit(new NumberTickUnit(ChartStyle.tickUnit(from, high, false), ChartStyle.numbers()));
            x = a;
        }
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(x);
        plot.setGap(12);
        ChartStyle.background(plot);
        LegendItemCollection legend = new LegendItemCollection();
        List<String> inLegend = new ArrayList<>();
        for (int p = 0; p < picked.size(); p++) {
            List<Line> lines = panels.get(picked.get(p));
            XYSeriesCollection data = new XYSeriesCollection();
            XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, false);
            r.setDrawSeriesLineAsPath(true);  // one SVG path per line, not a line element per segment
            Map<String, Integer> variations = new LinkedHashMap<>();
            for (int k = 0; k < lines.size(); k++) {
                Line l = lines.get(k);
                XYSeries s = new XYSeries(l.label(), false, true);
                double[] upper = l.histogram().upperUs();
                double[] cdf = l.histogram().cdf();
                s.add(upper[0] * 31 / 32, 0.0);  // the bottom edge of the first bin
                for (int i = 0; i < upper.length; i++) {
                    s.add(upper[i], cdf[i]);
                }
                data.addSeries(s);
                int variation = variations.merge(String.valueOf(l.row().policy()), 1, Integer::sum) - 1;
                Color c = PolicyPalette.colour(l.row().policy(), l.index());
                r.setSeriesPaint(k, c);
                r.setSeriesStroke(k, PolicyPalette.line(variation));
                if (!inLegend.contains(l.label())) {
                    inLegend.add(l.label());
                    LegendItem item = new LegendItem(l.label(), null, null, null, new Line2D.Double(-12, 0, 12, 0),
                            PolicyPalette.line(variation), c);
                    item.setLabelFont(ChartStyle.LEGEND);
                    legend.add(item);
                }
            }
            NumberAxis y = new NumberAxis(picked.size() == 1 || p == picked.size() / 2
                    ? "fraction of frames delivered within x" : null);
            ChartStyle.axis(y);
            y.setAutoRange(false);
            // the band above 1, where no CDF goes, holds the panel's name
            y.setRange(0, picked.size() > 1 ? 1.3 : 1.04);
            y.setTickUnit(new NumberTickUnit(picked.size() > 2 ? 0.5 : 0.25, ChartStyle.numbers()));
            XYPlot sub = new XYPlot(data, null, y, r);
            ChartStyle.plot(sub);
            if (!picked.get(p).isEmpty()) {
                TextTitle label = new TextTitle(picked.get(p), ChartStyle.LEGEND);
                label.setPaint(ChartStyle.INK);
                label.setBackgroundPaint(new Color(255, 255, 255, 215));
                sub.addAnnotation(new XYTitleAnnotation(0.005, 0.995, label, RectangleAnchor.TOP_LEFT));
            }
            plot.add(sub, 1);
        }
        plot.setFixedLegendItems(legend);
        String per = policyPath == null ? "" : " per " + PathLabels.name(policyPath);
        String panelsSaid = others.isEmpty() || policyPath == null ? ""
                : ", a panel per " + String.join(" and ", others.stream().map(PathLabels::name).toList());
        int n = tables.rows().stream().mapToInt(SummaryRow::replications).max().orElse(0);
        JFreeChart chart = ChartStyle.chart("Per-frame latency CDF" + per + panelsSaid, plot, true,
                "Held fixed: " + tables.experiment().heldFixed(),
                "Frames delivered after the warm-up, all " + n + " replications merged; bins about 3% wide" + leftOut);
        return new Drawn.Chart(NAME, TITLE, "The fraction of frames delivered within a given latency, from the sender's"
                + " send to delivery at the receiving socket, every replication merged (latency.csv); a step where the"
                + " line rises steeply is where most frames were.", chart);
    }

    /** A log axis labelled at 1, 2 and 5 times each power of ten, so that a range of one or two decades still reads. */
    private static final class OneTwoFiveLogAxis extends LogAxis {
        private static final long serialVersionUID = 1L;

        OneTwoFiveLogAxis(String label) {
            super(label);
        }

        @Override
        @SuppressWarnings("rawtypes")
        protected List refreshTicksHorizontal(Graphics2D g2, Rectangle2D dataArea, RectangleEdge edge) {
            List<ValueTick> ticks = new ArrayList<>();
            double lo = getLowerBound();
            double hi = getUpperBound();
            NumberFormat f = ChartStyle.numbers();
            for (double decade = Math.pow(10, Math.floor(Math.log10(lo))); decade <= hi; decade *= 10) {
                for (double m : new double[] {1, 2, 5}) {
                    double v = decade * m;
                    if (v >= lo && v <= hi) {
                        ticks.add(new NumberTick(TickType.MAJOR, v, f.format(v), TextAnchor.TOP_CENTER,
                                TextAnchor.CENTER, 0.0));
                    }
                }
            }
            return ticks;
        }
    }
}
