package org.cryptorder.charts;

import org.jfree.chart.JFreeChart;

/** What became of one chart of the report: drawn, or skipped for a reason the report states. */
sealed interface Drawn permits Drawn.Chart, Drawn.Skipped {
    /** The file name without extension ({@code goodput}). */
    String name();

    /** What the chart shows, in a few words ({@code Goodput}). */
    String title();

    /**
     * A chart to write.
     *
     * @param caption what is drawn and how to read it, for the report
     * @param height  the canvas height in points ({@link ChartStyle#HEIGHT} unless the chart needs more)
     */
    record Chart(String name, String title, String caption, JFreeChart chart, int height) implements Drawn {
        Chart(String name, String title, String caption, JFreeChart chart) {
            this(name, title, caption, chart, ChartStyle.HEIGHT);
        }
    }

    /**
     * A chart the tables cannot give.
     *
     * @param reason one line, for the report
     */
    record Skipped(String name, String title, String reason) implements Drawn {
    }
}
