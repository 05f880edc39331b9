package org.cryptorder.charts;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.geom.Ellipse2D;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.CombinedRangeXYPlot;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYIntervalSeries;
import org.jfree.data.xy.XYIntervalSeriesCollection;

/**
 * Each configuration's paired difference from the baseline ({@code paired.csv}), one panel per
 * metric side by side over the configurations down the side: a marker at the mean difference with
 * its 95% paired interval as whiskers, and a line at 0. A filled marker is an effect by {@link
 * org.cryptorder.experiment.output.PairedEffect}'s rule, a hollow one is not.
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

    /**
     * The chart of these metrics' differences, under the file name {@code name}: a forest plot, the
     * configurations down the side in sweep order (their names can be long), a panel per metric
     * side by side, each difference a marker with its interval as horizontal whiskers.
     */
    static Drawn.Chart draw(String name, PairedDifferences p, List<String> metrics, ResultTables tables) {
        String baseline = p.baseline().label();
        List<String> categories = p.rows().stream().map(r -> r.row().label()).toList();
        SymbolAxis y = new SymbolAxis(null, categories.toArray(new String[0]));
        y.setGridBandsVisible(false);
        y.setAutoRange(false);
        y.setRange(-0.6, categories.size() - 0.4);
        y.setInverted(true);  // the first configuration at the top
        ChartStyle.axis(y);
        CombinedRangeXYPlot plot = new CombinedRangeXYPlot(y);
        plot.setGap(16);
        ChartStyle.background(plot);
        // values beside the markers while there is room for them: one panel, not too many rows
        boolean labelled = metrics.size() == 1 && categories.size() <= 16;
        for (String m : metrics) {
            plot.add(panel(p, m, labelled), 1);
        }
        plot.setFixedLegendItems(((XYPlot) plot.getSubplots().get(0)).getRenderer().getLegendItems());
        int pairs = p.rows().stream().mapToInt(PairedDifferences.Row::pairs).max().orElse(0);
        JFreeChart chart = ChartStyle.chart(TITLE + " from " + baseline, plot, true,
                "Each configuration minus " + baseline + ", replication r against replication r (common random"
                        + " numbers), mean of " + pairs + " pairs",
                "Whiskers: 95% paired Student-t intervals; filled: an effect (the interval excludes 0, and at least"
                        + " 1% of the baseline's mean)");
        chart.getXYPlot().setInsets(new RectangleInsets(4, 4, 4, 8));
        String caption = "The difference of each configuration from " + baseline + " in "
                + String.join(", ", metrics.stream().map(m -> MetricUnit.of(m, p.largest(m)).heading()).toList())
                + ", computed pair by pair (" + PairedDifferences.FILE + "): a whisker that does not reach the zero"
                + " line is a difference the pairs make certain, though the unpaired intervals may overlap.";
        return new Drawn.Chart(name, TITLE, caption, chart);
    }

    private static XYPlot panel(PairedDifferences p, String metric, boolean labelled) {
        MetricUnit unit = MetricUnit.of(metric, p.largest(metric));
        XYIntervalSeries effect = new XYIntervalSeries("an effect", false, true);
        XYIntervalSeries none = new XYIntervalSeries("no effect", false, true);
        double low = 0;
        double high = 0;
        List<XYTextAnnotation> labels = new ArrayList<>();
        double s = unit.scale();
        for (int i = 0; i < p.rows().size(); i++) {
            PairedDifferences.Row r = p.rows().get(i);
            Estimate d = r.difference(metric);
            if (!d.defined()) {
                continue;
            }
            boolean isEffect = p.effect(r, metric).isEffect();
            (isEffect ? effect : none).add(d.mean() * s, d.low() * s, d.high() * s, i, i, i);
            low = Math.min(low, d.low() * s);
            high = Math.max(high, d.high() * s);
            if (labelled) {
                XYTextAnnotation a = new XYTextAnnotation(PairedDifferences.shown(d, s, p.largest(metric) * s, isEffect),
                        d.mean() * s, i - 0.22);
                a.setFont(ChartStyle.TICK);
                a.setPaint(ChartStyle.INK);
                a.setTextAnchor(TextAnchor.BOTTOM_CENTER);
                labels.add(a);
            }
        }
        XYIntervalSeriesCollection data = new XYIntervalSeriesCollection();
        data.addSeries(effect);
        data.addSeries(none);
        XYErrorRenderer r = new XYErrorRenderer();
        r.setDrawXError(true);
        r.setDrawYError(false);
        r.setDefaultLinesVisible(false);
        r.setDefaultShapesVisible(true);
        r.setCapLength(8);
        r.setErrorStroke(new BasicStroke(1.6f));
        r.setErrorPaint(ChartStyle.WHISKER);
        r.setUseOutlinePaint(true);
        r.setDrawOutlines(true);
        for (int i = 0; i < 2; i++) {
            r.setSeriesShape(i, new Ellipse2D.Double(-5, -5, 10, 10));
            r.setSeriesPaint(i, i == 0 ? EFFECT : Color.WHITE);
            r.setSeriesOutlinePaint(i, i == 0 ? EFFECT : ChartStyle.GREY);
            r.setSeriesOutlineStroke(i, new BasicStroke(1.8f));
            r.setSeriesShapesFilled(i, true);
        }
        NumberAxis x = new NumberAxis(unit.heading() + (unit.unit().isEmpty() ? "" : " (" + unit.unit() + ")"));
        ChartStyle.axis(x);
        double span = high > low ? high - low : 1;
        x.setAutoRange(false);
        x.setRange(low - 0.12 * span, high + 0.12 * span);
        // about three ticks: the panels are narrow
        x.setTickUnit(new NumberTickUnit(ChartStyle.tickUnit(0, 2 * span, unit.whole()), ChartStyle.numbers()));
        XYPlot plot = new XYPlot(data, x, null, r);
        ChartStyle.plot(plot);
        plot.setRangeGridlinesVisible(false);
        plot.setDomainGridlinesVisible(true);
        plot.addDomainMarker(new ValueMarker(0, ChartStyle.INK, new BasicStroke(1.2f)));
        labels.forEach(plot::addAnnotation);
        return plot;
    }
}
