package org.cryptorder.charts;

import org.cryptorder.experiment.replication.OutputColumns;

/**
 * How a metric column is shown: its heading and unit from the column catalog ({@link
 * OutputColumns}), and the factor from the table's unit to the shown one. A bit rate is shown in
 * the unit that suits its largest value ({@link GoodputChart.BitRate}), a ratio (unit 1) as a
 * percentage, seconds under 0.1 s in milliseconds, anything else in the catalog's unit.
 *
 * @param heading the catalog's short heading ({@code p99 latency}), or the column name
 * @param unit    the shown unit ({@code µs}, {@code Mbit/s}, {@code %}), empty when unknown
 * @param scale   factor from the table's value to the shown one
 */
record MetricUnit(String heading, String unit, double scale) {
    /** The unit of {@code metric} for values up to {@code largest} in size (in the table's unit). */
    static MetricUnit of(String metric, double largest) {
        OutputColumns.Column c = OutputColumns.get(metric);
        if (c == null) {
            return new MetricUnit(metric, "", 1);
        }
        if (c.unit().equals("bit/s")) {
            GoodputChart.BitRate rate = GoodputChart.BitRate.of(largest);
            return new MetricUnit(c.heading(), rate.label(), rate.scale());
        }
        if (c.unit().equals("s") && largest < 0.1) {
            return new MetricUnit(c.heading(), "ms", 1e3);  // CPU time of a short run, a difference of CPU times
        }
        if (c.unit().equals("µs") && Math.abs(largest) >= 10_000) {
            return new MetricUnit(c.heading(), "ms", 1e-3);  // tens of thousands of µs read better in ms
        }
        return c.unit().equals("1") ? new MetricUnit(c.heading(), "%", 100) : new MetricUnit(c.heading(), c.unit(), 1);
    }

    /** {@code p99 latency (µs)}: for axes and table headings. */
    String label() {
        return unit.isEmpty() ? heading : heading + " (" + unit + ")";
    }

    /** Whether the metric counts things (frames, segments, octets): no tick between whole numbers. */
    boolean whole() {
        return !unit.isEmpty() && !unit.equals("%") && !unit.equals("s") && !unit.equals("ms")
                && !unit.equals("µs") && !unit.endsWith("/s");
    }
}
