package org.cryptorder.charts;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.geom.Line2D;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItem;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.annotations.XYTitleAnnotation;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/**
 * The cryptd queue length over one run (replication 0), per CPU: a panel per configuration whose
 * queues held anything, over a shared time axis, one line per CPU whose queue was ever non-empty
 * (b, the receiver, first), in the colour of the configuration's policy. With more than four such
 * configurations the panels are those at the highest value of the swept horizontal-axis path that
 * had any (the title says which), else the first four. Drawn from {@code series/}; skipped when
 * the folder has no series files.
 */
final class QueueChart {
    static final String NAME = "cryptd-queue";
    static final String TITLE = "cryptd queue length over time";
    private static final int MAX_PANELS = 4;

    private QueueChart() {
    }

    private record Shown(SummaryRow row, int index, List<SideFiles.Queue> queues) {
    }

    static Drawn draw(ResultTables tables) throws MalformedResultsException {
        List<Shown> active = new ArrayList<>();
        int found = 0;
        for (int i = 0; i < tables.rows().size(); i++) {
            List<SideFiles.Queue> queues = SideFiles.queues(tables.folder(), i);
            if (queues == null) {
                continue;
            }
            found++;
            List<SideFiles.Queue> busy = queues.stream().filter(q -> q.max() > 0).toList();
            if (!busy.isEmpty()) {
                active.add(new Shown(tables.rows().get(i), i, busy));
            }
        }
        if (found == 0) {
            return new Drawn.Skipped(NAME, "cryptd queue length over time", "the folder has no series/cryptd-queue-<i>.csv"
                    + " files; results written before runs sampled the cryptd queues");
        }
        if (active.isEmpty()) {
            return new Drawn.Skipped(NAME, "cryptd queue length over time", "no configuration queued anything in cryptd"
                    + " during replication 0 (every sampled queue length is 0)");
        }
        SweepLayout layout = SweepLayout.of(tables);
        List<Shown> shown = active;
        String at = "";
        String note = "";
        if (active.size() > MAX_PANELS) {
            if (layout.kind() == SweepLayout.Kind.NUMERIC) {
                double top = active.stream().mapToDouble(s -> layout.x(s.row())).max().orElseThrow();
                shown = active.stream().filter(s -> layout.x(s.row()) == top).limit(MAX_PANELS).toList();
                String value = shown.get(0).row().swept().get(layout.axisPath());
                at = " at " + PathLabels.name(layout.axisPath()) + " " + PathLabels.value(layout.axisPath(), value);
            } else {
                shown = active.subList(0, MAX_PANELS);
            }
            note = "; " + shown.size() + " of the " + active.size() + " configurations whose cryptd queued anything";
        }
        double endS = shown.stream().flatMap(s -> s.queues().stream())
                .mapToDouble(q -> q.timeS()[q.timeS().length - 1]).max().orElse(1);
        NumberAxis time = new NumberAxis("simulated time (ms)");
        ChartStyle.axis(time);
        time.setAutoRange(false);
        time.setRange(0, endS * 1000);
        time.setTickUnit(new NumberTickUnit(ChartStyle.tickUnit(0, endS * 1000, false), ChartStyle.numbers()));
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(time);
        plot.setGap(14);
        ChartStyle.background(plot);
        Map<String, Integer> lineStyles = new LinkedHashMap<>();
        double warmupMs = tables.experiment().warmupS() * 1000;
        double interval = 0;
        for (int p = 0; p < shown.size(); p++) {
            Shown s = shown.get(p);
            XYSeriesCollection data = new XYSeriesCollection();
            XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(true, false);
            r.setDrawSeriesLineAsPath(true);  // one SVG path per line, not a line element per segment
            int highest = 0;
            for (int k = 0; k < s.queues().size(); k++) {
                SideFiles.Queue q = s.queues().get(k);
                XYSeries line = new XYSeries(q.name(), false, true);
                for (int i = 0; i < q.timeS().length; i++) {
                    line.add(q.timeS()[i] * 1000, q.length()[i]);
                }
                if (q.timeS().length > 1) {
                    interval = q.timeS()[1] - q.timeS()[0];
                }
                data.addSeries(line);
                int style = lineStyles.computeIfAbsent(q.name(), n -> lineStyles.size());
                Color c = PolicyPalette.colour(s.row().policy(), s.index());
                r.setSeriesPaint(k, PolicyPalette.shade(c, style));
                r.setSeriesStroke(k, thin(style));
                highest = Math.max(highest, q.max());
            }
            NumberAxis y = new NumberAxis(p == shown.size() / 2 ? "requests waiting in cryptd" : null);
            ChartStyle.axis(y);
            y.setAutoRange(false);
            y.setRange(0, highest * 1.3 + 1);  // headroom for the panel's name
            y.setTickUnit(new NumberTickUnit(ChartStyle.tickUnit(0, highest, true), ChartStyle.numbers()));
            XYPlot sub = new XYPlot(data, null, y, r);
            ChartStyle.plot(sub);
            if (warmupMs > 0) {
                IntervalMarker m = new IntervalMarker(0, warmupMs, new Color(0xF0F0F0));
                if (p == 0) {
                    m.setLabel("warm-up");
                    m.setLabelFont(ChartStyle.NOTE);
                    m.setLabelPaint(ChartStyle.GREY);
                    m.setLabelAnchor(RectangleAnchor.TOP_LEFT);
                    m.setLabelTextAnchor(TextAnchor.TOP_LEFT);
                    m.setLabelOffset(new RectangleInsets(2, 4, 2, 2));
                }
                sub.addDomainMarker(m, Layer.BACKGROUND);
            }
            TextTitle label = new TextTitle(s.row().label(), ChartStyle.LEGEND);
            label.setPaint(ChartStyle.INK);
            label.setBackgroundPaint(new Color(255, 255, 255, 215));
            sub.addAnnotation(new XYTitleAnnotation(0.995, 0.98, label, RectangleAnchor.TOP_RIGHT));
            plot.add(sub, 1);
        }
        LegendItemCollection items = new LegendItemCollection();
        for (Map.Entry<String, Integer> e : lineStyles.entrySet()) {
            LegendItem item = new LegendItem(e.getKey() + (e.getKey().startsWith("b ") ? " (receiver)" : " (sender)"),
                    null, null, null, new Line2D.Double(-12, 0, 12, 0), thin(e.getValue()),
                    PolicyPalette.shade(ChartStyle.GREY, e.getValue()));
            item.setLabelFont(ChartStyle.LEGEND);
            items.add(item);
        }
        plot.setFixedLegendItems(items);
        String sampled = "Replication 0; queue length sampled every " + Numbers.plain(Math.round(interval * 1e9) / 1e3)
                + " µs; one line per CPU whose queue was ever non-empty, in the colour of the policy" + note;
        JFreeChart chart = ChartStyle.chart("cryptd queue length over one run, per CPU" + (at.isEmpty() ? "" : "," + at), plot, true,
                "Held fixed: " + tables.experiment().heldFixed(), sampled);
        return new Drawn.Chart(NAME, TITLE, "Requests waiting in each CPU's cryptd queue during replication 0, sampled"
                + " on a fixed grid of simulated time (series/cryptd-queue-<i>.csv); the shaded start is the warm-up,"
                + " not counted in the tables.", chart);
    }

    private static BasicStroke thin(int style) {
        BasicStroke s = (BasicStroke) PolicyPalette.line(style);
        return new BasicStroke(1.1f, s.getEndCap(), s.getLineJoin(), s.getMiterLimit(), s.getDashArray(), 0f);
    }
}
