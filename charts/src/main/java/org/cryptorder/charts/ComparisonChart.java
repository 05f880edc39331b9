package org.cryptorder.charts;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Rectangle2D;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.jfree.chart.ChartRenderingInfo;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.block.BlockBorder;
import org.jfree.chart.block.RectangleConstraint;
import org.jfree.chart.title.Title;
import org.jfree.chart.ui.Size2D;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.PlotOrientation;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYErrorRenderer;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.chart.ui.HorizontalAlignment;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.chart.ui.VerticalAlignment;
import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;
import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

/**
 * The model against the measurement, one point per seed figure on log-log axes, with the identity
 * line and the model's 95% interval; fitted figures and predictions told apart.
 */
public final class ComparisonChart {
    static final Color FITTED = new Color(0x4C72B0);
    static final Color PREDICTED = new Color(0xDD8452);
    private static final Font LABEL = new Font(Font.SANS_SERIF, Font.PLAIN, 12);

    private ComparisonChart() {
    }

    /**
     * Writes {@code compare.png} and {@code compare.svg} (model against measurement) and {@code
     * compare-ratios.png} and {@code .svg} (model over measurement per figure) into {@code folder}.
     */
    public static Path write(List<SeedComparison.Result> results, Path folder) throws IOException {
        ChartFiles.write(ratios(results), folder, "compare-ratios", ChartStyle.WIDTH, ratiosHeight(results.size()));
        return ChartFiles.write(chart(results), folder, "compare").png();
    }

    /** The ratio chart's height, points: every row gets room for its name (22 points), the canvas at least the usual. */
    static int ratiosHeight(int rows) {
        return Math.max(ChartStyle.HEIGHT, 130 + 22 * rows);
    }

    /**
     * Model over measurement, one row per figure in file order, on a log axis with the identity
     * and the 10% and 25% bands shaded; the whisker is the model's 95% interval over the
     * measurement. Figures with a zero on either side cannot be drawn and say so in their row name.
     */
    static JFreeChart ratios(List<SeedComparison.Result> results) {
        String[] names = new String[results.size()];
        YIntervalSeries fitted = new YIntervalSeries("fitted to this figure");
        YIntervalSeries predicted = new YIntervalSeries("predicted (nothing tuned to it)");
        double low = 0.5;
        double high = 2;
        for (int i = 0; i < results.size(); i++) {
            SeedComparison.Result r = results.get(i);
            int row = results.size() - 1 - i;  // the first figure at the top
            double ratio = r.ratio();
            boolean drawable = ratio > 0 && Double.isFinite(ratio);
            names[row] = r.spec().figure() + (r.claimed() ? "  [" + r.spec().band() + "]" : "  [no claim]")
                    + (drawable ? "" : "  (zero: not drawn)");
            if (!drawable) {
                continue;
            }
            double hw = Double.isNaN(r.model().halfWidth()) ? 0 : r.model().halfWidth() / r.measured();
            (r.spec().role().equals("fitted") ? fitted : predicted).add(row, ratio, Math.max(ratio - hw, ratio / 1e3),
                    ratio + hw);
            low = Math.min(low, ratio / 1.5);
            high = Math.max(high, ratio * 1.5);
        }
        // x is the row, y the ratio: the plot is turned so that the ratio runs across
        YIntervalSeriesCollection data = new YIntervalSeriesCollection();
        data.addSeries(fitted);
        data.addSeries(predicted);
        XYErrorRenderer dots = dots();
        SymbolAxis rows = new SymbolAxis(null, names);
        rows.setGridBandsVisible(false);
        rows.setAutoRange(false);
        rows.setRange(-0.6, names.length - 0.4);
        ChartStyle.axis(rows);
        LogAxis ratio = new LogAxis("model / measurement (log scale); shaded: within 10% and within 25%");
        ChartStyle.axis(ratio);
        ratio.setAutoRange(false);
        ratio.setRange(Math.pow(10, Math.floor(Math.log10(low))) / 1.3, high);  // past a decade, so one is labelled
        ratio.setSmallestValue(1e-9);
        ratio.setNumberFormatOverride(ChartStyle.threeSignificant());
        ratio.setAutoTickUnitSelection(false);
        ratio.setTickUnit(new NumberTickUnit(1.0), false, false);  // a tick per decade: 0.1, 1, 10
        XYPlot plot = new XYPlot(data, rows, ratio, dots);
        plot.setOrientation(PlotOrientation.HORIZONTAL);
        ChartStyle.plot(plot);
        plot.setDomainGridlinesVisible(true);
        plot.addRangeMarker(new IntervalMarker(0.75, 1.25, new Color(0xF1F1F1)),
                Layer.BACKGROUND);
        plot.addRangeMarker(new IntervalMarker(0.9, 1.1, new Color(0xDDDDDD)),
                Layer.BACKGROUND);
        ValueMarker one = new ValueMarker(1, ChartStyle.GREY, new BasicStroke(1.5f));
        plot.addRangeMarker(one);
        long fittedCount = results.stream().filter(r -> r.spec().role().equals("fitted")).count();
        return ChartStyle.chart("Seed figures: model over measurement", plot, true,
                fittedCount + " figures fitted, " + (results.size() - fittedCount) + " predicted; the claimed band in"
                        + " brackets (xN: within a factor N); whiskers: the model's 95% interval");
    }

    /** Fitted figures as blue squares, predicted ones as orange circles, each with its model interval. */
    private static XYErrorRenderer dots() {
        XYErrorRenderer dots = new XYErrorRenderer();
        dots.setDrawXError(false);
        dots.setDefaultLinesVisible(false);
        dots.setErrorPaint(ChartStyle.WHISKER);
        dots.setSeriesPaint(0, FITTED);
        dots.setSeriesPaint(1, PREDICTED);
        dots.setSeriesShape(0, new Rectangle2D.Double(-6, -6, 12, 12));
        dots.setSeriesShape(1, new Ellipse2D.Double(-6, -6, 12, 12));
        return dots;
    }

    static JFreeChart chart(List<SeedComparison.Result> results) {
        YIntervalSeries fitted = new YIntervalSeries("fitted to this figure");
        YIntervalSeries predicted = new YIntervalSeries("predicted (nothing tuned to it)");
        double low = Double.POSITIVE_INFINITY;
        double high = 0;
        for (SeedComparison.Result r : results) {
            double x = r.measured();
            double y = r.model().value();
            if (!(x > 0) || !(y > 0)) {
                continue;  // a zero cannot be drawn on log axes; the table shows it
            }
            double hw = Double.isNaN(r.model().halfWidth()) ? 0 : r.model().halfWidth();
            (r.spec().role().equals("fitted") ? fitted : predicted).add(x, y, Math.max(y - hw, y * 1e-3), y + hw);
            low = Math.min(low, Math.min(x, y));
            high = Math.max(high, Math.max(x, y));
        }
        if (high == 0) {
            low = 0.1;
            high = 10;
        }
        double from = low / 3;
        double to = high * 3;
        YIntervalSeriesCollection points = new YIntervalSeriesCollection();
        points.addSeries(fitted);
        points.addSeries(predicted);
        XYErrorRenderer dots = dots();

        XYSeries identity = new XYSeries("model = measurement");
        identity.add(from, from);
        identity.add(to, to);
        XYSeries twice = new XYSeries("a factor 2 either way");
        twice.add(from, from * 2);
        twice.add(to / 2, to);
        XYSeries half = new XYSeries("half");
        half.add(from * 2, from);
        half.add(to, to / 2);
        XYSeriesCollection lines = new XYSeriesCollection();
        lines.addSeries(identity);
        lines.addSeries(twice);
        lines.addSeries(half);
        XYLineAndShapeRenderer lineRenderer = new XYLineAndShapeRenderer(true, false);
        lineRenderer.setSeriesPaint(0, ChartStyle.GREY);
        lineRenderer.setSeriesStroke(0, new BasicStroke(1.5f));
        float[] dash = {6f, 5f};
        for (int s = 1; s <= 2; s++) {
            lineRenderer.setSeriesPaint(s, ChartStyle.GRID.darker());
            lineRenderer.setSeriesStroke(s, new BasicStroke(1f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, dash, 0f));
        }
        lineRenderer.setSeriesVisibleInLegend(2, false);

        LogAxis x = new LogAxis("measured (each figure in its own unit: Gbit/s, ratio, fraction of frames)");
        LogAxis y = new LogAxis("model, mean and 95% interval (same unit)");
        for (LogAxis a : new LogAxis[] {x, y}) {
            a.setRange(from, to);
            a.setNumberFormatOverride(ChartStyle.numbers());
            a.setSmallestValue(1e-9);
            ChartStyle.axis(a);
            a.setAutoTickUnitSelection(false);
            a.setTickUnit(new NumberTickUnit(1.0), false, false);
        }
        XYPlot plot = new XYPlot(points, x, y, dots);
        plot.setDataset(1, lines);
        plot.setRenderer(1, lineRenderer);
        ChartStyle.plot(plot);
        StringBuilder key = new StringBuilder();
        for (int i = 0; i < results.size(); i++) {
            SeedComparison.Result r = results.get(i);
            key.append(i + 1).append("  ").append(r.spec().figure());
            if (!(r.measured() > 0 && r.model().value() > 0)) {
                key.append(" (a zero: not drawn)");
            }
            key.append('\n');
        }
        long fittedCount = results.stream().filter(r -> r.spec().role().equals("fitted")).count();
        JFreeChart chart = ChartStyle.chart("Seed figures: the model against the measurements", plot, true,
                fittedCount + " figures fitted (a profile parameter was tuned to them), "
                        + (results.size() - fittedCount) + " predicted; the numbers are the rows of compare.csv");
        // the key stands beside the plot, never over a point (a text title on the right edge would be
        // turned on its side, a label block is not)
        KeyTitle keyTitle = new KeyTitle(key.toString().strip().split("\n"));
        keyTitle.setPosition(RectangleEdge.RIGHT);
        keyTitle.setVerticalAlignment(VerticalAlignment.CENTER);
        keyTitle.setPadding(new RectangleInsets(0, 16, 0, 8));
        chart.addSubtitle(keyTitle);
        placeLabels(chart, plot, labels(results));
        return chart;
    }

    /**
     * Puts each label beside its point where it overlaps no other label and no marker: to the
     * right, left, above, below, then diagonally, in that order of preference (to the right if
     * none is free).
     * Positions come from drawing the chart once, unlabelled, at the size it is written at.
     */
    private static void placeLabels(JFreeChart chart, XYPlot plot, List<Label> labels) {
        BufferedImage scratch = new BufferedImage(ChartStyle.WIDTH, ChartStyle.HEIGHT, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = scratch.createGraphics();
        ChartRenderingInfo info = new ChartRenderingInfo();
        chart.draw(g, new Rectangle2D.Double(0, 0, ChartStyle.WIDTH, ChartStyle.HEIGHT), info);
        Rectangle2D area = info.getPlotInfo().getDataArea();
        FontMetrics metrics = g.getFontMetrics(LABEL);
        g.dispose();
        List<Rectangle2D> taken = new ArrayList<>();
        double[][] at = new double[labels.size()][];
        for (int i = 0; i < labels.size(); i++) {
            Label l = labels.get(i);
            double px = plot.getDomainAxis().valueToJava2D(l.x(), area, plot.getDomainAxisEdge());
            double py = plot.getRangeAxis().valueToJava2D(l.y(), area, plot.getRangeAxisEdge());
            at[i] = new double[] {px, py};
            taken.add(new Rectangle2D.Double(px - MARKER, py - MARKER, 2 * MARKER, 2 * MARKER));
        }
        double w0 = metrics.getAscent();
        for (int i = 0; i < labels.size(); i++) {
            Label l = labels.get(i);
            double w = metrics.stringWidth(l.text());
            double h = w0;
            double px = at[i][0];
            double py = at[i][1];
            double gap = MARKER + 3;
            double far = gap + h;
            Rectangle2D[] boxes = {
                new Rectangle2D.Double(px + gap, py - h / 2, w, h),        // right
                new Rectangle2D.Double(px - gap - w, py - h / 2, w, h),    // left
                new Rectangle2D.Double(px - w / 2, py - gap - h, w, h),    // above
                new Rectangle2D.Double(px - w / 2, py + gap, w, h),        // below
                new Rectangle2D.Double(px + gap, py - gap - h, w, h),      // above right
                new Rectangle2D.Double(px - gap - w, py + gap, w, h),      // below left
                new Rectangle2D.Double(px - gap - w, py - gap - h, w, h),  // above left
                new Rectangle2D.Double(px + gap, py + gap, w, h),          // below right
                new Rectangle2D.Double(px + far, py - far - h, w, h),      // further out, diagonally
                new Rectangle2D.Double(px - far - w, py + far, w, h),
            };
            Rectangle2D chosen = boxes[0];
            for (Rectangle2D b : boxes) {
                if (area.contains(b) && taken.stream().noneMatch(b::intersects)) {
                    chosen = b;
                    break;
                }
            }
            taken.add(chosen);
            double cx = plot.getDomainAxis().java2DToValue(chosen.getCenterX(), area, plot.getDomainAxisEdge());
            double cy = plot.getRangeAxis().java2DToValue(chosen.getCenterY(), area, plot.getRangeAxisEdge());
            XYTextAnnotation label = new XYTextAnnotation(l.text(), cx, cy);
            label.setFont(LABEL);
            label.setPaint(ChartStyle.INK);
            label.setTextAnchor(TextAnchor.CENTER);
            plot.addAnnotation(label);
        }
    }

    /**
     * The numbered key beside the plot: lines of text, left-aligned, in a thin frame. (JFreeChart
     * turns a text title on the right edge on its side, and centres the lines of a label block.)
     */
    private static final class KeyTitle extends Title {
        private static final double INSET = 8;
        private final String[] lines;

        KeyTitle(String[] lines) {
            this.lines = lines;
        }

        private double lineHeight(Graphics2D g) {
            return g.getFontMetrics(LABEL).getHeight();
        }

        @Override
        public Size2D arrange(Graphics2D g, RectangleConstraint constraint) {
            FontMetrics m = g.getFontMetrics(LABEL);
            double w = 0;
            for (String line : lines) {
                w = Math.max(w, m.stringWidth(line));
            }
            return new Size2D(calculateTotalWidth(w + 2 * INSET), calculateTotalHeight(lines.length * lineHeight(g) + 2 * INSET));
        }

        @Override
        public void draw(Graphics2D g, Rectangle2D area) {
            Rectangle2D box = trimPadding(area);
            Size2D size = arrange(g, RectangleConstraint.NONE);
            double w = size.getWidth() - getPadding().getLeft() - getPadding().getRight();
            double h = size.getHeight() - getPadding().getTop() - getPadding().getBottom();
            double top = box.getCenterY() - h / 2;
            g.setPaint(ChartStyle.GRID);
            g.setStroke(new BasicStroke(1f));
            g.draw(new Rectangle2D.Double(box.getX(), top, w, h));
            g.setFont(LABEL);
            g.setPaint(ChartStyle.INK);
            FontMetrics m = g.getFontMetrics();
            double y = top + INSET + m.getAscent();
            for (String line : lines) {
                g.drawString(line, (float) (box.getX() + INSET), (float) y);
                y += lineHeight(g);
            }
        }

        @Override
        public Object draw(Graphics2D g, Rectangle2D area, Object params) {
            draw(g, area);
            return null;
        }
    }

    /** Half a marker's side, px. */
    private static final double MARKER = 6;

    /** A point's number label, or several numbers for points drawn on top of each other. */
    record Label(String text, double x, double y) {
    }

    /**
     * One label per group of points closer than {@link #SAME_SPOT_DECADES} on both log axes
     * (their markers overlap, and separate numbers would be drawn over each other): "20, 21".
     * Points with a zero on either side are left out.
     */
    static List<Label> labels(List<SeedComparison.Result> results) {
        List<Label> labels = new ArrayList<>();
        List<double[]> spots = new ArrayList<>();
        List<StringBuilder> texts = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            double x = results.get(i).measured();
            double y = results.get(i).model().value();
            if (!(x > 0 && y > 0)) {
                continue;
            }
            int same = -1;
            for (int k = 0; k < spots.size() && same < 0; k++) {
                if (Math.abs(Math.log10(spots.get(k)[0] / x)) < SAME_SPOT_DECADES
                        && Math.abs(Math.log10(spots.get(k)[1] / y)) < SAME_SPOT_DECADES) {
                    same = k;
                }
            }
            if (same >= 0) {
                texts.get(same).append(", ").append(i + 1);
            } else {
                spots.add(new double[] {x, y});
                texts.add(new StringBuilder().append(i + 1));
            }
        }
        for (int k = 0; k < spots.size(); k++) {
            labels.add(new Label(texts.get(k).toString(), spots.get(k)[0], spots.get(k)[1]));
        }
        return labels;
    }

    /** How close two points must be on both axes, in decades, to share a label: about a marker's width. */
    static final double SAME_SPOT_DECADES = 0.06;
}
