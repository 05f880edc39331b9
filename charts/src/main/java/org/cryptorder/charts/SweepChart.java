package org.cryptorder.charts;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Paint;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Rectangle2D;
import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.annotations.XYTitleAnnotation;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.StandardXYBarPainter;
import org.jfree.chart.renderer.xy.XYBarRenderer;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.xy.XYIntervalSeries;
import org.jfree.data.xy.XYIntervalSeriesCollection;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

/**
 * A chart of one or more metrics of a sweep, each in its own panel over a shared horizontal axis:
 * lines with 95% confidence whiskers over a numeric swept path, or bars with whiskers over
 * categories ({@link SweepLayout}), bars labelled with their values. A panel may use a log scale;
 * its zeros, which a log scale cannot show, are drawn on a dashed floor line one decade below the
 * smallest positive value, whose tick reads 0.
 */
final class SweepChart {
    /**
     * One panel.
     *
     * @param metric    the metric column ({@code goodput_bps})
     * @param axisLabel the vertical axis label, with its unit
     * @param scale     factor from the table's unit to the axis unit (1e-9 for Gbit/s, 100 for %)
     * @param log       log scale, zeros on a floor line
     * @param whole     whole numbers (counts): no tick between integers
     * @param weight    relative height
     */
    record Panel(String metric, String axisLabel, double scale, boolean log, boolean whole, int weight) {
        /** A linear panel of a quantity. */
        static Panel linear(String metric, String axisLabel, double scale) {
            return new Panel(metric, axisLabel, scale, false, false, 1);
        }

        /** A linear panel of a count. */
        static Panel counts(String metric, String axisLabel, int weight) {
            return new Panel(metric, axisLabel, 1, false, true, weight);
        }

        /** A log panel, its zeros on a floor line. */
        static Panel log(String metric, String axisLabel, double scale, int weight) {
            return new Panel(metric, axisLabel, scale, true, false, weight);
        }
    }

    private static final double GROUP_WIDTH = 0.72;

    private final ResultTables tables;
    private final SweepLayout layout;

    SweepChart(ResultTables tables) {
        this.tables = tables;
        this.layout = SweepLayout.of(tables);
    }

    SweepLayout layout() {
        return layout;
    }

    /** The chart of these panels, top to bottom, with a title and the standard subtitles. */
    JFreeChart build(String title, List<Panel> panels) {
        ValueAxis x = domainAxis();
        CombinedDomainXYPlot plot = new CombinedDomainXYPlot(x);
        plot.setGap(24);
        ChartStyle.background(plot);
        XYPlot first = null;
        for (Panel p : panels) {
            XYPlot sub = layout.kind() == SweepLayout.Kind.NUMERIC ? lines(p) : bars(p);
            ChartStyle.plot(sub);
            plot.add(sub, p.weight());
            if (first == null) {
                first = sub;
            }
        }
        boolean legend = !layout.categoriesArePolicies();
        if (first != null) {
            LegendItemCollection items = first.getRenderer(0).getLegendItems();
            plot.setFixedLegendItems(items);
        }
        JFreeChart chart = ChartStyle.chart(title + layout.titleTail(), plot, legend,
                "Held fixed: " + tables.experiment().heldFixed(), replicationNote());
        chart.getXYPlot().setInsets(new RectangleInsets(4, 4, 4, 8));
        return chart;
    }

    /**
     * {@code Mean of 5 replications per configuration; whiskers: 95% confidence intervals}, and on
     * lines {@code ; dots: each replication}.
     */
    String replicationNote() {
        int n = tables.rows().stream().mapToInt(SummaryRow::replications).max().orElse(0);
        return n <= 1 ? "One replication per configuration: no confidence intervals"
                : "Mean of " + n + " replications per configuration; whiskers: 95% confidence intervals"
                        + (layout.kind() == SweepLayout.Kind.NUMERIC ? "; dots: each replication" : "");
    }

    private ValueAxis domainAxis() {
        ValueAxis axis;
        if (layout.kind() == SweepLayout.Kind.NUMERIC && logX()) {
            LogAxis log = new LogAxis(layout.axisLabel() + ", log scale");
            ChartStyle.axis(log);
            double low = tables.rows().stream().mapToDouble(layout::x).min().orElse(1);
            double high = tables.rows().stream().mapToDouble(layout::x).max().orElse(10);
            log.setAutoRange(false);
            log.setRange(low / Math.pow(high / low, 0.04), high * Math.pow(high / low, 0.04));
            log.setTickUnit(new NumberTickUnit(1));
            return log;
        } else if (layout.kind() == SweepLayout.Kind.NUMERIC) {
            NumberAxis n = new NumberAxis(layout.axisLabel());
            n.setAutoRangeIncludesZero(false);
            n.setLowerMargin(0.04);
            n.setUpperMargin(0.04);
            double low = tables.rows().stream().mapToDouble(layout::x).min().orElse(0);
            double high = tables.rows().stream().mapToDouble(layout::x).max().orElse(1);
            n.setTickUnit(new NumberTickUnit(ChartStyle.tickUnit(low, high, false), ChartStyle.numbers()));
            axis = n;
        } else {
            SymbolAxis s = new SymbolAxis(layout.axisLabel(), layout.categories().toArray(new String[0]));
            s.setGridBandsVisible(false);
            s.setAutoRange(false);
            s.setRange(-0.55, layout.categories().size() - 0.45);
            int longest = layout.categories().stream().mapToInt(String::length).max().orElse(0);
            if (layout.categories().size() * longest * 8 > ChartStyle.WIDTH - 120) {
                s.setVerticalTickLabels(true);  // names that would run into each other
            }
            axis = s;
        }
        ChartStyle.axis(axis);
        return axis;
    }

    private Paint paint(SweepLayout.Series s, int index) {
        return PolicyPalette.colour(s.policy(), index);
    }

    // ----- lines over a numeric axis

    private XYPlot lines(Panel p) {
        List<SweepLayout.Series> series = layout.series();
        Floor floor = p.log() ? Floor.of(series, p) : null;
        YIntervalSeriesCollection data = new YIntervalSeriesCollection();
        double span = span();
        boolean logX = logX();
        for (int i = 0; i < series.size(); i++) {
            SweepLayout.Series s = series.get(i);
            double dodge = dodge(i, series.size(), span);
            YIntervalSeries ys = new YIntervalSeries(s.label(), false, true);
            for (SummaryRow r : s.rows()) {
                Estimate e = r.estimate(p.metric());
                if (!e.defined()) {
                    continue;
                }
                double y = e.mean() * p.scale();
                double lo = lower(e) * p.scale();
                double hi = e.high() * p.scale();
                if (floor != null) {
                    y = Math.max(y, floor.value());
                    lo = Math.max(lo, floor.value());
                    hi = Math.max(hi, floor.value());
                }
                ys.add(logX ? layout.x(r) * Math.pow(10, dodge) : layout.x(r) + dodge, y, lo, hi);
            }
            data.addSeries(ys);
        }
        XYErrorRenderer r = new XYErrorRenderer();
        r.setDrawXError(false);
        r.setDrawYError(true);
        r.setCapLength(7);
        r.setErrorStroke(new BasicStroke(1.4f));
        r.setDefaultLinesVisible(true);
        r.setDefaultShapesVisible(true);
        r.setDrawOutlines(true);
        r.setUseOutlinePaint(false);
        for (int i = 0; i < series.size(); i++) {
            SweepLayout.Series s = series.get(i);
            r.setSeriesPaint(i, paint(s, i));
            r.setSeriesStroke(i, PolicyPalette.line(s.variation()));
            r.setSeriesShape(i, PolicyPalette.marker(s.policy(), i));
            r.setSeriesShapesFilled(i, PolicyPalette.filled(s.variation()));
            r.setSeriesOutlineStroke(i, new BasicStroke(1.6f));
        }
        XYPlot plot = new XYPlot(data, null, rangeAxis(p, floor, false), r);
        if (replicated()) {
            plot.setDataset(1, replicationDots(p, series, span, logX, floor));
            plot.setRenderer(1, dotRenderer(series));
        }
        if (floor != null) {
            plot.addRangeMarker(floor.marker());
        }
        noteAllZero(plot, p);
        return plot;
    }

    /**
     * How far series {@code i} of {@code n} is shifted along the axis ({@code span} wide): the markers
     * side by side, not on top of each other, 1% of the axis apart, when there are at most eight.
     */
    private static double dodge(int i, int n, double span) {
        return n > 1 && n <= 8 ? (i - (n - 1) / 2.0) * span * 0.01 : 0;
    }

    /** Whether some configuration ran more than one replication. */
    private boolean replicated() {
        return tables.rows().stream().anyMatch(r -> r.replications() > 1);
    }

    /**
     * Each replication's value as a dot beside its configuration's mean, so that outcomes the mean
     * blends (two modes, one outlier) stay visible.
     */
    private XYSeriesCollection replicationDots(Panel p, List<SweepLayout.Series> series, double span, boolean logX,
                                               Floor floor) {
        XYSeriesCollection dots = new XYSeriesCollection();
        for (int i = 0; i < series.size(); i++) {
            SweepLayout.Series s = series.get(i);
            // beside the mean's marker and whisker, not on them
            double dodge = dodge(i, series.size(), span) + span * 0.004;
            XYSeries xy = new XYSeries(s.label() + " (replications)", false, true);
            for (SummaryRow r : s.rows()) {
                double x = logX ? layout.x(r) * Math.pow(10, dodge) : layout.x(r) + dodge;
                for (double v : tables.replicationValues(r, p.metric())) {
                    if (Double.isFinite(v)) {
                        double y = v * p.scale();
                        xy.add(x, floor != null ? Math.max(y, floor.value()) : y);
                    }
                }
            }
            dots.addSeries(xy);
        }
        return dots;
    }

    private XYLineAndShapeRenderer dotRenderer(List<SweepLayout.Series> series) {
        XYLineAndShapeRenderer r = new XYLineAndShapeRenderer(false, true);
        for (int i = 0; i < series.size(); i++) {
            Paint paint = paint(series.get(i), i);
            if (paint instanceof Color c) {
                paint = new Color(c.getRed(), c.getGreen(), c.getBlue(), 110);
            }
            r.setSeriesPaint(i, paint);
            r.setSeriesShape(i, new Ellipse2D.Double(-3, -3, 6, 6));
            r.setSeriesShapesFilled(i, true);
            r.setSeriesVisibleInLegend(i, false);
        }
        return r;
    }

    /** The width of the horizontal axis, in decades on a log axis. */
    private double span() {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (SummaryRow r : tables.rows()) {
            min = Math.min(min, layout.x(r));
            max = Math.max(max, layout.x(r));
        }
        if (logX()) {
            return Math.log10(max / min);
        }
        return max > min ? max - min : 1;
    }

    /**
     * A log horizontal axis for positive values spread over more than a decade and a quarter
     * ({@code 1, 2, 3, 5, 10, 30, 100}), which a linear axis would crowd at its left end.
     */
    private boolean logX() {
        if (layout.kind() != SweepLayout.Kind.NUMERIC) {
            return false;
        }
        double min = tables.rows().stream().mapToDouble(layout::x).min().orElse(0);
        double max = tables.rows().stream().mapToDouble(layout::x).max().orElse(0);
        return min > 0 && max / min >= SweepLayout.LOG_RATIO;
    }

    // ----- bars over categories

    private XYPlot bars(Panel p) {
        List<SweepLayout.Series> series = layout.series();
        Floor floor = p.log() ? Floor.of(series, p) : null;
        double base = floor == null ? 0 : floor.value();
        double width = GROUP_WIDTH / series.size();
        XYIntervalSeriesCollection bars = new XYIntervalSeriesCollection();
        YIntervalSeriesCollection whiskers = new YIntervalSeriesCollection();
        List<List<Paint>> itemPaints = new ArrayList<>();
        List<XYTextAnnotation> labels = new ArrayList<>();
        boolean labelled = series.size() * layout.categories().size() <= 16;
        double pad = 0.015 * tables.rows().stream().map(r -> r.estimate(p.metric())).filter(Estimate::defined)
                .mapToDouble(e -> e.high() * p.scale()).max().orElse(0);
        for (int i = 0; i < series.size(); i++) {
            SweepLayout.Series s = series.get(i);
            XYIntervalSeries b = new XYIntervalSeries(s.label(), false, true);
            YIntervalSeries w = new YIntervalSeries(s.label(), false, true);
            List<Paint> paints = new ArrayList<>();
            for (SummaryRow r : s.rows()) {
                Estimate e = r.estimate(p.metric());
                if (!e.defined()) {
                    continue;
                }
                double x = layout.categories().indexOf(layout.category(r)) - GROUP_WIDTH / 2 + width * (i + 0.5);
                double y = e.mean() * p.scale();
                double lo = lower(e) * p.scale();
                double hi = e.high() * p.scale();
                if (e.mean() == 0) {
                    labels.add(valueLabel("0", x, floor == null ? 0 : floor.value()));
                }
                if (floor != null) {
                    y = Math.max(y, floor.value());
                    lo = Math.max(lo, floor.value());
                    hi = Math.max(hi, floor.value());
                }
                if (e.mean() != 0 && labelled) {
                    labels.add(valueLabel(Numbers.significant(e.mean() * p.scale()), x, floor == null ? hi + pad : hi * 1.15));
                }
                if (e.mean() != 0) {
                    b.add(x, x - width * 0.44, x + width * 0.44, y, Math.min(base, y), Math.max(base, y));
                    Color c = PolicyPalette.colour(r.policy() != null ? r.policy() : s.policy(), i);
                    paints.add(PolicyPalette.shade(c, s.variation()));
                }
                if (e.hasInterval() && e.halfWidth() > 0) {
                    w.add(x, y, lo, hi);
                }
            }
            bars.addSeries(b);
            whiskers.addSeries(w);
            itemPaints.add(paints);
        }
        XYBarRenderer barRenderer = new ItemPaintBarRenderer(itemPaints);
        barRenderer.setUseYInterval(true);
        barRenderer.setBarPainter(new StandardXYBarPainter());
        barRenderer.setShadowVisible(false);
        barRenderer.setDrawBarOutline(false);
        barRenderer.setLegendBar(new Rectangle2D.Double(-7, -7, 14, 14));
        for (int i = 0; i < series.size(); i++) {
            SweepLayout.Series s = series.get(i);
            barRenderer.setSeriesPaint(i, PolicyPalette.shade(PolicyPalette.colour(s.policy(), i), s.variation()));
        }
        XYErrorRenderer whiskerRenderer = new XYErrorRenderer();
        whiskerRenderer.setDrawXError(false);
        whiskerRenderer.setDefaultLinesVisible(false);
        whiskerRenderer.setDefaultShapesVisible(false);
        whiskerRenderer.setErrorPaint(ChartStyle.WHISKER);
        whiskerRenderer.setErrorStroke(new BasicStroke(1.6f));
        whiskerRenderer.setCapLength(Math.min(14, 120.0 / series.size() / Math.max(1, layout.categories().size()) + 6));
        whiskerRenderer.setDefaultSeriesVisibleInLegend(false);
        XYPlot plot = new XYPlot(bars, null, rangeAxis(p, floor, true), barRenderer);
        plot.setDataset(1, whiskers);
        plot.setRenderer(1, whiskerRenderer);
        plot.setDomainGridlinesVisible(false);
        labels.forEach(plot::addAnnotation);
        if (floor != null) {
            plot.addRangeMarker(floor.marker());
        }
        noteAllZero(plot, p);
        return plot;
    }

    /**
     * The lower end of a whisker: the interval's, but not below zero for a metric whose mean is not
     * negative (every charted metric counts or measures something that cannot be negative; a
     * Student-t interval of a few replications can reach below zero all the same).
     */
    private static double lower(Estimate e) {
        return e.mean() >= 0 ? Math.max(0, e.low()) : e.low();
    }

    /** A note in the panel when its metric is 0 in every configuration, so that an empty panel reads as such. */
    private void noteAllZero(XYPlot plot, Panel p) {
        if (tables.rows().stream().map(r -> r.estimate(p.metric())).filter(Estimate::defined).allMatch(Estimate::zero)) {
            TextTitle note = new TextTitle("0 in every configuration", ChartStyle.NOTE);
            note.setPaint(ChartStyle.GREY);
            plot.addAnnotation(new XYTitleAnnotation(0.5, 0.6, note, RectangleAnchor.CENTER));
        }
    }

    private static XYTextAnnotation valueLabel(String text, double x, double y) {
        XYTextAnnotation a = new XYTextAnnotation(text, x, y);
        a.setFont(ChartStyle.TICK);
        a.setPaint(ChartStyle.INK);
        a.setTextAnchor(TextAnchor.BOTTOM_CENTER);
        return a;
    }

    private ValueAxis rangeAxis(Panel p, Floor floor, boolean bars) {
        if (floor != null) {
            LogAxis log = new LogAxis(p.axisLabel());
            ChartStyle.axis(log);
            log.setSmallestValue(floor.axisLow());
            log.setAutoRange(false);
            log.setRange(floor.axisLow(), floor.axisHigh());
            log.setTickUnit(new NumberTickUnit(1));
            log.setMinorTickMarksVisible(false);
            log.setNumberFormatOverride(new FloorFormat(floor.value()));
            return log;
        }
        NumberAxis n = new NumberAxis(p.axisLabel());
        ChartStyle.axis(n);
        n.setAutoRangeIncludesZero(true);
        double low = 0;
        double high = 0;
        for (SummaryRow r : tables.rows()) {
            Estimate e = r.estimate(p.metric());
            if (e.defined()) {
                low = Math.min(low, lower(e) * p.scale());
                high = Math.max(high, e.high() * p.scale());
            }
        }
        double margin = (high - low) * (bars ? 0.12 : 0.06);
        if (high > low) {
            n.setAutoRange(false);
            n.setRange(low < 0 ? low - margin : 0, high + margin);
        } else {
            n.setRange(0, 1);
        }
        n.setTickUnit(new NumberTickUnit(ChartStyle.tickUnit(low, high, p.whole()), ChartStyle.numbers()));
        return n;
    }

    /** Log axis ticks as plain numbers, the floor's as {@code 0}. */
    private static final class FloorFormat extends NumberFormat {
        private static final long serialVersionUID = 1L;
        private final double floor;
        private final NumberFormat plain = ChartStyle.numbers();

        FloorFormat(double floor) {
            this.floor = floor;
        }

        @Override
        public StringBuffer format(double number, StringBuffer to, FieldPosition pos) {
            return Math.abs(number - floor) <= floor * 1e-6 ? to.append('0') : plain.format(number, to, pos);
        }

        @Override
        public StringBuffer format(long number, StringBuffer to, FieldPosition pos) {
            return format((double) number, to, pos);
        }

        @Override
        public Number parse(String source, ParsePosition pos) {
            return plain.parse(source, pos);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof FloorFormat f && f.floor == floor;
        }

        @Override
        public int hashCode() {
            return Double.hashCode(floor);
        }
    }

    /**
     * Where a log panel draws its zeros: one decade below the smallest positive value (or interval
     * end) of the panel, with the axis reaching a little below it.
     *
     * @param value   the floor line, a power of ten, whose tick reads 0
     * @param top     the largest value to show
     */
    record Floor(double value, double top) {
        static Floor of(List<SweepLayout.Series> series, Panel p) {
            double min = Double.POSITIVE_INFINITY;
            double max = 0;
            for (SweepLayout.Series s : series) {
                for (SummaryRow r : s.rows()) {
                    Estimate e = r.estimate(p.metric());
                    for (double v : new double[] {e.mean(), e.low(), e.high()}) {
                        double scaled = v * p.scale();
                        if (scaled > 0) {
                            min = Math.min(min, scaled);
                            max = Math.max(max, scaled);
                        }
                    }
                }
            }
            if (max == 0) {
                return new Floor(1e-3, 1e-3);
            }
            return new Floor(Math.pow(10, Math.floor(Math.log10(min)) - 1), max);
        }

        double axisLow() {
            return value / 3;
        }

        double axisHigh() {
            return Math.max(top * 3, value * 100);
        }

        ValueMarker marker() {
            ValueMarker m = new ValueMarker(value, ChartStyle.GREY,
                    new BasicStroke(1.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f));
            return m;
        }
    }

    /** Bars coloured one by one (by the policy of each configuration), not by series. */
    private static final class ItemPaintBarRenderer extends ItemBarRenderer<Paint> {
        private static final long serialVersionUID = 1L;

        ItemPaintBarRenderer(List<List<Paint>> paints) {
            super(paints);
        }

        @Override
        public Paint getItemPaint(int series, int item) {
            Paint own = value(series, item, null);
            return own != null ? own : super.getItemPaint(series, item);
        }
    }
}
