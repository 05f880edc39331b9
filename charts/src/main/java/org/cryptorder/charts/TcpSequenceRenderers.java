package org.cryptorder.charts;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.Paint;
import java.awt.Shape;
import java.awt.geom.Path2D;
import java.awt.geom.Point2D;
import java.awt.geom.Rectangle2D;
import java.util.ArrayList;
import java.util.List;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CrosshairState;
import org.jfree.chart.plot.PlotRenderingInfo;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.AbstractXYItemRenderer;
import org.jfree.chart.renderer.xy.XYItemRendererState;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.chart.util.ShapeUtils;
import org.jfree.data.xy.IntervalXYDataset;
import org.jfree.data.xy.XYDataset;

/**
 * The two renderers of {@link TcpSequenceChart}. Each gathers a series into one path and draws it
 * when the series is done, so that a chart of thousands of segments is a few SVG elements, not
 * thousands; what would land on pixels already drawn is left out of the path.
 */
final class TcpSequenceRenderers {
    private TcpSequenceRenderers() {
    }

    /** A state that hands the end of each series' pass to its renderer, with the canvas. */
    private static final class State extends XYItemRendererState {
        private final Graphics2D g2;
        private final SeriesEnd end;

        State(PlotRenderingInfo info, Graphics2D g2, SeriesEnd end) {
            super(info);
            this.g2 = g2;
            this.end = end;
        }

        @Override
        public void endSeriesPass(XYDataset dataset, int series, int firstItem, int lastItem, int pass, int passCount) {
            super.endSeriesPass(dataset, series, firstItem, lastItem, pass, passCount);
            end.seriesDone(g2, series);
        }
    }

    private interface SeriesEnd {
        void seriesDone(Graphics2D g2, int series);
    }

    /**
     * A step line per series (the ACK, the window's right edge): one point per pixel column at most,
     * the last value of the column.
     */
    static final class Steps extends AbstractXYItemRenderer implements SeriesEnd {
        private static final long serialVersionUID = 1L;
        private final Color colour;
        private final float width;
        private transient Path2D.Double path;
        private double lastX;
        private double pendingY;

        Steps(Color colour, float width) {
            this.colour = colour;
            this.width = width;
        }

        @Override
        public XYItemRendererState initialise(Graphics2D g2, Rectangle2D area, XYPlot plot, XYDataset data,
                                              PlotRenderingInfo info) {
            path = null;
            return new State(info, g2, this);
        }

        @Override
        public Paint getSeriesPaint(int series) {
            return colour;
        }

        @Override
        public void drawItem(Graphics2D g2, XYItemRendererState state, Rectangle2D area, PlotRenderingInfo info,
                             XYPlot plot, ValueAxis domain, ValueAxis range, XYDataset data, int series, int item,
                             CrosshairState crosshair, int pass) {
            double x = domain.valueToJava2D(data.getXValue(series, item), area, RectangleEdge.BOTTOM);
            double y = range.valueToJava2D(data.getYValue(series, item), area, RectangleEdge.LEFT);
            if (path == null) {
                path = new Path2D.Double();
                path.moveTo(x, y);
            } else if (Math.abs(x - lastX) >= 0.5) {
                path.lineTo(lastX, pendingY);
                path.lineTo(x, pendingY);
            } else {
                pendingY = y;
                return;
            }
            lastX = x;
            pendingY = y;
        }

        @Override
        public void seriesDone(Graphics2D g2, int series) {
            if (path == null) {
                return;
            }
            path.lineTo(lastX, pendingY);
            g2.setPaint(colour);
            g2.setStroke(new BasicStroke(width));
            g2.draw(path);
            path = null;
        }
    }

    /**
     * Vertical bars from each item's start to its end value, with ticks {@code tick} points wide
     * at both ends where the bar is long enough, and per series a marker at the middle, filled or
     * as a ring. Markers closer than {@value #OVERLAP} points are one, with a count beside it
     * ({@code x3}) when no other count is near and the series has at most {@value #MAX_COUNTED}.
     */
    static final class Bars extends AbstractXYItemRenderer implements SeriesEnd {
        private static final long serialVersionUID = 1L;
        private static final double OVERLAP = 4;
        /** With more markers than this in a series, none gets a count: they would crowd the plot. */
        private static final int MAX_COUNTED = 30;
        private static final Font COUNT_FONT = new Font(Font.SANS_SERIF, Font.BOLD, 11);
        private final Color[] colours;
        private final float[] widths;
        private final transient Shape[] markers;
        private final boolean[] filled;
        private final double tick;
        private transient Path2D.Double bars;
        private transient Path2D.Double ticks;
        private transient Path2D.Double marks;
        private final transient List<Point2D.Double> marked = new ArrayList<>();
        private final transient List<Integer> counts = new ArrayList<>();
        /** Where counts were written on this chart, so that none is written over another. */
        private final transient List<Point2D.Double> labels = new ArrayList<>();
        private double lastX;
        private double lastLow;
        private double lastHigh;

        Bars(Color[] colours, float[] widths, Shape[] markers, boolean[] filled, double tick) {
            this.colours = colours;
            this.widths = widths;
            this.markers = markers;
            this.filled = filled;
            this.tick = tick;
        }

        @Override
        public XYItemRendererState initialise(Graphics2D g2, Rectangle2D area, XYPlot plot, XYDataset data,
                                              PlotRenderingInfo info) {
            labels.clear();
            startSeries();
            return new State(info, g2, this);
        }

        private void startSeries() {
            bars = new Path2D.Double();
            ticks = new Path2D.Double();
            marks = new Path2D.Double();
            marked.clear();
            counts.clear();
            lastX = Double.NaN;
        }

        @Override
        public Paint getSeriesPaint(int series) {
            return colours[series];
        }

        @Override
        public void drawItem(Graphics2D g2, XYItemRendererState state, Rectangle2D area, PlotRenderingInfo info,
                             XYPlot plot, ValueAxis domain, ValueAxis range, XYDataset data, int series, int item,
                             CrosshairState crosshair, int pass) {
            IntervalXYDataset d = (IntervalXYDataset) data;
            double x = domain.valueToJava2D(d.getXValue(series, item), area, RectangleEdge.BOTTOM);
            double a = range.valueToJava2D(d.getStartYValue(series, item), area, RectangleEdge.LEFT);
            double b = range.valueToJava2D(d.getEndYValue(series, item), area, RectangleEdge.LEFT);
            double low = Math.min(a, b);
            double high = Math.max(a, b);
            boolean samePixels = Math.abs(x - lastX) < 0.5 && low >= lastLow - 0.5 && high <= lastHigh + 0.5;
            if (!samePixels) {
                lastX = x;
                lastLow = low;
                lastHigh = high;
                bars.moveTo(x, low);
                bars.lineTo(x, Math.max(high, low + 0.5));
                if (tick > 0 && high - low > 2) {
                    ticks.moveTo(x - tick, low);
                    ticks.lineTo(x + tick, low);
                    ticks.moveTo(x - tick, high);
                    ticks.lineTo(x + tick, high);
                }
            }
            if (markers[series] != null) {
                mark(series, x, (low + high) / 2);
            }
        }

        private void mark(int series, double x, double y) {
            int last = marked.size() - 1;
            if (last >= 0 && Math.abs(x - marked.get(last).x) < OVERLAP && Math.abs(y - marked.get(last).y) < OVERLAP) {
                counts.set(last, counts.get(last) + 1);
                return;
            }
            marked.add(new Point2D.Double(x, y));
            counts.add(1);
            marks.append(ShapeUtils.createTranslatedShape(markers[series], x, y), false);
        }

        @Override
        public void seriesDone(Graphics2D g2, int series) {
            g2.setPaint(colours[series]);
            g2.setStroke(new BasicStroke(widths[series]));
            g2.draw(bars);
            if (tick > 0) {
                g2.setStroke(new BasicStroke(1f));
                g2.draw(ticks);
            }
            if (!marked.isEmpty()) {
                if (filled[series]) {
                    g2.fill(marks);
                } else {
                    g2.setPaint(Color.WHITE);
                    g2.fill(marks);
                    g2.setPaint(colours[series]);
                    g2.setStroke(new BasicStroke(1.8f));
                    g2.draw(marks);
                }
                g2.setFont(COUNT_FONT);
                for (int i = 0; i < marked.size() && marked.size() <= MAX_COUNTED; i++) {
                    Point2D.Double p = marked.get(i);
                    if (counts.get(i) > 1 && labels.stream().noneMatch(l -> Math.abs(l.x - p.x) < 36
                            && Math.abs(l.y - p.y) < 14)) {
                        labels.add(p);
                        g2.drawString("\u00d7" + counts.get(i), (float) (p.x + 6), (float) (p.y - 5));
                    }
                }
            }
            startSeries();
        }
    }
}
