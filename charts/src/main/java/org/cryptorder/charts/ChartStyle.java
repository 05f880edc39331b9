package org.cryptorder.charts;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.text.NumberFormat;
import java.util.Locale;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.Axis;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.block.BlockBorder;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.title.LegendTitle;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.HorizontalAlignment;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.ui.RectangleInsets;

/**
 * The look shared by every chart: a white background, light grid lines, fonts sized for a
 * 960 x 600 canvas (drawn at twice that for PNG slides), numbers on axes written without the
 * locale, the legend under the plot (never over the data), subtitles in grey.
 */
final class ChartStyle {
    /** The canvas, in points; PNG files are drawn at {@link #PNG_SCALE} times this. */
    static final int WIDTH = 960;
    static final int HEIGHT = 600;
    static final int PNG_SCALE = 2;

    static final Font TITLE = new Font(Font.SANS_SERIF, Font.BOLD, 20);
    static final Font SUBTITLE = new Font(Font.SANS_SERIF, Font.PLAIN, 13);
    static final Font AXIS_LABEL = new Font(Font.SANS_SERIF, Font.PLAIN, 14);
    static final Font TICK = new Font(Font.SANS_SERIF, Font.PLAIN, 13);
    static final Font LEGEND = new Font(Font.SANS_SERIF, Font.PLAIN, 13);
    static final Font NOTE = new Font(Font.SANS_SERIF, Font.ITALIC, 12);

    static final Color INK = new Color(0x222222);
    static final Color GREY = new Color(0x555555);
    static final Color GRID = new Color(0xDDDDDD);
    static final Color WHISKER = new Color(0x222222);

    private ChartStyle() {
    }

    /** Axis numbers: {@code 0.25}, {@code 2,000}, never {@code 0,25} whatever the locale. */
    /** Numbers to three significant digits, plainly written (0.316, 1, 25.1, 0.000125): log-axis ticks at half decades. */
    static NumberFormat threeSignificant() {
        return new NumberFormat() {
            private static final long serialVersionUID = 1L;

            @Override
            public StringBuffer format(double number, StringBuffer to, java.text.FieldPosition pos) {
                if (number == 0 || Double.isNaN(number) || Double.isInfinite(number)) {
                    return to.append(number == 0 ? "0" : String.valueOf(number));
                }
                java.math.BigDecimal d = new java.math.BigDecimal(number)
                        .round(new java.math.MathContext(3, java.math.RoundingMode.HALF_EVEN)).stripTrailingZeros();
                return to.append(d.toPlainString());
            }

            @Override
            public StringBuffer format(long number, StringBuffer to, java.text.FieldPosition pos) {
                return format((double) number, to, pos);
            }

            @Override
            public Number parse(String source, java.text.ParsePosition pos) {
                throw new UnsupportedOperationException("formatting only");
            }
        };
    }

    static NumberFormat numbers() {
        return new DecimalFormat("#,##0.##########", DecimalFormatSymbols.getInstance(Locale.ROOT));
    }

    /**
     * A tick unit for a linear axis from {@code low} to {@code high} that gives four to eight ticks:
     * 1, 2, 2.5 or 5 times a power of ten (at least 1 for whole counts).
     */
    static double tickUnit(double low, double high, boolean whole) {
        double raw = (high - low) / 6;
        if (!(raw > 0) || !Double.isFinite(raw)) {
            return whole ? 1 : 0.1;
        }
        double magnitude = Math.pow(10, Math.floor(Math.log10(raw)));
        double r = raw / magnitude;
        double step = (r <= 1 ? 1 : r <= 2 ? 2 : r <= 2.5 ? 2.5 : r <= 5 ? 5 : 10) * magnitude;
        return whole ? Math.max(1, Math.rint(step)) : step;
    }

    static void axis(Axis axis) {
        axis.setLabelFont(AXIS_LABEL);
        axis.setLabelPaint(INK);
        axis.setTickLabelFont(TICK);
        axis.setTickLabelPaint(INK);
        axis.setAxisLinePaint(GREY);
        axis.setTickMarkPaint(GREY);
        if (axis instanceof SymbolAxis) {
            return;  // its ticks are names
        }
        if (axis instanceof NumberAxis n) {
            n.setNumberFormatOverride(numbers());
        } else if (axis instanceof LogAxis l) {
            l.setNumberFormatOverride(numbers());
        }
    }

    static void plot(XYPlot plot) {
        plot.setBackgroundPaint(Color.WHITE);
        plot.setOutlineVisible(false);
        plot.setDomainGridlinePaint(GRID);
        plot.setRangeGridlinePaint(GRID);
        plot.setDomainGridlineStroke(new BasicStroke(1f));
        plot.setRangeGridlineStroke(new BasicStroke(1f));
        plot.setAxisOffset(new RectangleInsets(4, 4, 4, 4));
    }

    static void background(Plot plot) {
        plot.setBackgroundPaint(Color.WHITE);
        plot.setOutlineVisible(false);
    }

    /**
     * A chart with its title, its subtitles (what was held fixed, how many replications) and a
     * legend below the plot when {@code legend}.
     */
    static JFreeChart chart(String title, Plot plot, boolean legend, String... subtitles) {
        JFreeChart chart = new JFreeChart(title, TITLE, plot, legend);
        chart.setBackgroundPaint(Color.WHITE);
        chart.getTitle().setPaint(INK);
        chart.getTitle().setHorizontalAlignment(HorizontalAlignment.LEFT);
        chart.getTitle().setMargin(new RectangleInsets(10, 12, 2, 12));
        chart.setPadding(new RectangleInsets(4, 8, 8, 16));
        int at = 0;
        for (String s : subtitles) {
            if (s == null || s.isEmpty()) {
                continue;
            }
            TextTitle t = new TextTitle(s, SUBTITLE);
            t.setPaint(GREY);
            t.setHorizontalAlignment(HorizontalAlignment.LEFT);
            t.setTextAlignment(HorizontalAlignment.LEFT);
            t.setMargin(new RectangleInsets(1, 12, 1, 12));
            chart.addSubtitle(at++, t);
        }
        LegendTitle l = chart.getLegend();
        if (l != null) {
            l.setItemFont(LEGEND);
            l.setItemPaint(INK);
            l.setFrame(BlockBorder.NONE);
            l.setPosition(RectangleEdge.BOTTOM);
            l.setMargin(new RectangleInsets(8, 4, 0, 4));
            l.setItemLabelPadding(new RectangleInsets(2, 4, 2, 22));
        }
        return chart;
    }
}
