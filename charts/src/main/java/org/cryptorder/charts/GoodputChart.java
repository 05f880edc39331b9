package org.cryptorder.charts;

import java.util.List;

/** Goodput against the swept path (lines) or by configuration (bars), with 95% confidence whiskers. */
final class GoodputChart {
    static final String NAME = "goodput";
    static final String METRIC = "goodput_bps";

    private GoodputChart() {
    }

    static Drawn draw(ResultTables tables) {
        if (!tables.has(METRIC)) {
            return new Drawn.Skipped(NAME, "Goodput", ResultTables.SUMMARY + " has no " + METRIC + " column");
        }
        BitRate unit = BitRate.of(tables);
        SweepChart chart = new SweepChart(tables);
        return new Drawn.Chart(NAME, "Goodput",
                "Goodput: payload delivered intact to the receiving applications per measured second"
                        + " (after the warm-up), in " + unit.label() + ".",
                chart.build("Goodput", List.of(SweepChart.Panel.linear(METRIC, "goodput (" + unit.label() + ")", unit.scale()))));
    }

    /** The unit a bit rate is best shown in. */
    record BitRate(String label, double scale) {
        /** The unit for the largest goodput in the summary. */
        static BitRate of(ResultTables tables) {
            return of(tables.rows().stream().mapToDouble(r -> Math.abs(r.estimate(METRIC).mean()))
                    .filter(Double::isFinite).max().orElse(0));
        }

        static BitRate of(double maxBps) {
            if (maxBps >= 1e9) {
                return new BitRate("Gbit/s", 1e-9);
            }
            if (maxBps >= 1e6) {
                return new BitRate("Mbit/s", 1e-6);
            }
            return maxBps >= 1e3 ? new BitRate("kbit/s", 1e-3) : new BitRate("bit/s", 1);
        }
    }
}
