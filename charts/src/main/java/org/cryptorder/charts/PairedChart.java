package org.cryptorder.charts;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.geom.Ellipse2D;
import java.util.List;
import java.util.Optional;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.annotations.XYTitleAnnotation;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

/**
 * Each configuration's paired difference from the baseline ({@code paired.csv}), one panel per
 * metric over the configurations: a marker at the mean difference with its 95% paired interval as
 * whiskers, and a line at 0. A filled marker is an effect by {@link
 * org.cryptorder.experiment.PairedEffect}'s rule, a hollow one is not.
 */
final class PairedChart {
    static final String NAME = "paired";
    static final String TITLE = "Paired differences";
    /** At most this many metrics in the report's chart: a panel each. */
    static final int PANELS = 4;

    private static final Color EFFECT = new Color(0x0072B2);

    private PairedChart() {
    }

    /** The report's chart: the headline metrics with an effect, else those that differ at all, at most {@link #PANELS}. */
    static Drawn draw(ResultTables tables, Optional<PairedDifferences> paired) {
        if (paired.isEmpty()) {
            return new Drawn.Skipped(NAME, TITLE, tables.rows().size() == 1 ? "one configuration: nothing to pair"
                    : "the folder has no " + PairedDifferences.FILE + "; results written before runs paired their"
                    + " configurations");
        }
        PairedDifferences p = paired.get();
        List<String> differing = p.headlineMetrics();
        // the metrics with effects in the most configurations first, in the headline order among equals
        List<String> effects = differing.stream().filter(m -> effects(p, m) > 0)
                .sorted(java.util.Comparator.comparingLong((String m) -> effects(p, m)).reversed()).toList();
        List<String> metrics = (effects.isEmpty() ? differing : effects).stream().limit(PANELS).toList();
        if (metrics.isEmpty()) {
            return new Drawn.Skipped(NAME, TITLE, "no headline metric differs from the baseline in any pair");
        }
        return draw(NAME, p, metrics, tables);
    }

    private static long effects(PairedDifferences p, String metric) {
        return p.rows().stream().filter(r -> p.effect(r, metric).isEffect()).count();
    }

    /** The chart of these metrics' differences, under the file name {@code name}. */
    static Drawn.Chart draw(String name, PairedDifferences p, List<String> metrics, ResultTables tables) {
        String baseline = p.baseline().label();
        List<String> categories = p.rows().stream().map(r -> r.row().label()).toList();
        SymbolAxis x = new SymbolAxis("configuration", categories.toArray(new String[0]));
        x.setGridBandsVisible(false);
        x.setAutoRange(false);
        x.setRange(-0.55, categories.size() - 0.45);
        int longest = categories.stream().mapToInt(String::length).max().orElse(0);
        x.setVerticalTickLabels(categories.size() * longest * 8 > ChartStyle.WIDTH - 120);
        ChartStyle.axis(x);
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(x);
        plot.setGap(20);
        ChartStyle.background(plot);
        for (String m : metrics) {
            plot.add(panel(p, m, categories.size() <= 12), 1);
        }
        plot.setFixedLegendItems(((XYPlot) plot.getSubplots().get(0)).getRenderer().getLegendItems());
        int pairs = p.rows().stream().mapToInt(PairedDifferences.Row::pairs).max().orElse(0);
        JFreeChart chart = ChartStyle.chart(TITLE + " from " + baseline, plot, true,
                "Each configuration minus " + baseline + ", replication r against replication r (common random"
                        + " numbers), mean of " + pairs + " pairs",
                "Whiskers: 95% paired Student-t intervals; filled: an effect (interval excludes 0, at least 1% of "
                        + baseline + "'s mean)");
        chart.getXYPlot().setInsets(new RectangleInsets(4, 4, 4, 8));
        String caption = "The difference of each configuration from " + baseline + " in "
                + String.join(", ", metrics.stream().map(m -> MetricUnit.of(m, p.largest(m)).heading()).toList())
                + ", computed pair by pair (" + PairedDifferences.FILE + "): a whisker that does not reach the zero"
                + " line is a difference the pairs make certain, though the unpaired intervals may overlap.";
        return new Drawn.Chart(name, TITLE, caption, chart);
    }

    private static XYPlot panel(PairedDifferences p, String metric, boolean labelled) {
        MetricUnit unit = MetricUnit.of(metric, p.largest(metric));
        YIntervalSeries effect = new YIntervalSeries("an effect", false, true);
        YIntervalSeries none = new YIntervalSeries("no effect", false, true);
        double low = 0;
        double high = 0;
        List<XYTextAnnotation> labels = new java.util.ArrayList<>();
        for (int i = 0; i < p.rows().size(); i++) {
            PairedDifferences.Row r = p.rows().get(i);
            Estimate d = r.difference(metric);
            if (!d.defined()) {
                continue;
            }
            double s = unit.scale();
            (p.effect(r, metric).isEffect() ? effect : none).add(i, d.mean() * s, d.low() * s, d.high() * s);
            low = Math.min(low, d.low() * s);
            high = Math.max(high, d.high() * s);
            if (labelled) {
                String text = PairedDifferences.shown(d, s, p.largest(metric) * s, p.effect(r, metric).isEffect());
                XYTextAnnotation a = new XYTextAnnotation(" " + text, i + 0.04, d.mean() * s);
                a.setFont(ChartStyle.TICK);
                a.setPaint(ChartStyle.INK);
                a.setTextAnchor(TextAnchor.CENTER_LEFT);
                labels.add(a);
            }
        }
        YIntervalSeriesCollection data = new YIntervalSeriesCollection();
        data.addSeries(effect);
        data.addSeries(none);
        XYErrorRenderer r = new XYErrorRenderer();
        r.setDrawXError(false);
        r.setDefaultLinesVisible(false);
        r.setDefaultShapesVisible(true);
        r.setCapLength(10);
        r.setErrorStroke(new BasicStroke(1.6f));
        r.setErrorPaint(ChartStyle.WHISKER);
        r.setUseOutlinePaint(true);
        r.setDrawOutlines(true);
        for (int s = 0; s < 2; s++) {
            r.setSeriesShape(s, new Ellipse2D.Double(-5, -5, 10, 10));
            r.setSeriesPaint(s, s == 0 ? EFFECT : Color.WHITE);
            r.setSeriesOutlinePaint(s, s == 0 ? EFFECT : ChartStyle.GREY);
            r.setSeriesOutlineStroke(s, new BasicStroke(1.8f));
            r.setSeriesShapesFilled(s, true);
        }
        // the unit on the axis, the metric's name over the panel, in a band kept free above the data
        NumberAxis y = new NumberAxis(unit.unit());
        ChartStyle.axis(y);
        double span = high > low ? high - low : 1;
        y.setAutoRange(false);
        y.setRange(low - 0.1 * span, high + 0.45 * span);
        // about three ticks over the data, not six: the panels are short
        y.setTickUnit(new NumberTickUnit(ChartStyle.tickUnit(0, 2 * span, unit.whole()), ChartStyle.numbers()));
        XYPlot plot = new XYPlot(data, null, y, r);
        ChartStyle.plot(plot);
        plot.setDomainGridlinesVisible(false);
        plot.addRangeMarker(new ValueMarker(0, ChartStyle.INK, new BasicStroke(1.2f)));
        labels.forEach(plot::addAnnotation);
        TextTitle name = new TextTitle(unit.heading() + ", difference" + (unit.unit().isEmpty() ? ""
                : " (" + unit.unit() + ")"), ChartStyle.AXIS_LABEL);
        name.setPaint(ChartStyle.INK);
        plot.addAnnotation(new XYTitleAnnotation(0.005, 0.98, name, RectangleAnchor.TOP_LEFT));
        return plot;
    }
}
