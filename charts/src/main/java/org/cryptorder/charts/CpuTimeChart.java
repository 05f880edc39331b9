package org.cryptorder.charts;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.CategoryAxis;
import org.jfree.chart.axis.CategoryLabelPositions;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.NumberTickUnit;
import org.jfree.chart.plot.CategoryPlot;
import org.jfree.chart.renderer.category.StackedBarRenderer;
import org.jfree.chart.renderer.category.StandardBarPainter;
import org.jfree.data.category.DefaultCategoryDataset;

/**
 * CPU time by context (softirq, cryptd worker, application, user load, ...) per configuration, as
 * stacked bars of means.
 *
 * <p>The extension point: the chart is drawn from the metric columns named
 * {@code cpu_<context>_seconds} (CPU seconds spent in that context after the warm-up), in table
 * order, whatever the contexts are. A column that is a part of another ({@link #PARTS}:
 * ksoftirqd's share of softirq time, the kernel FPU users' share of kernel-worker time) is drawn
 * as its own block and taken out of the whole, so that the stack adds up to the CPU time spent. Tables without such columns (older results) get no chart; the
 * report says so and this chart is skipped.
 */
final class CpuTimeChart {
    static final String NAME = "cpu-time";
    static final Pattern COLUMN = Pattern.compile("cpu_([a-z0-9_]+)_seconds");

    private static final List<Color> CONTEXT_COLOURS = List.of(new Color(0x332288), new Color(0x44AA99),
            new Color(0xDDCC77), new Color(0xCC6677), new Color(0x88CCEE), new Color(0xAA4499), new Color(0x117733));

    /** Columns that are a part of another column, and that column. */
    static final java.util.Map<String, String> PARTS = java.util.Map.of(
            "cpu_ksoftirqd_seconds", "cpu_softirq_seconds",
            "cpu_kernel_fpu_seconds", "cpu_kernel_worker_seconds");

    private CpuTimeChart() {
    }

    /** The CPU time of {@code column} in row {@code r} without the parts drawn on their own. */
    private static double block(ResultTables tables, SummaryRow r, String column) {
        double v = r.estimate(column).mean();
        for (java.util.Map.Entry<String, String> part : PARTS.entrySet()) {
            if (part.getValue().equals(column) && tables.has(part.getKey())) {
                double p = r.estimate(part.getKey()).mean();
                v -= Double.isNaN(p) ? 0 : p;
            }
        }
        return v;
    }

    /** The CPU time columns of the tables, in order. */
    static List<String> columns(ResultTables tables) {
        return tables.metrics().stream().filter(m -> COLUMN.matcher(m).matches()).toList();
    }

    static Drawn draw(ResultTables tables) {
        List<String> columns = columns(tables);
        if (columns.isEmpty()) {
            return new Drawn.Skipped(NAME, "CPU time by context", "the tables have no cpu_<context>_seconds columns;"
                    + " results written before the model reported CPU time per context");
        }
        DefaultCategoryDataset data = new DefaultCategoryDataset();
        for (SummaryRow r : tables.rows()) {
            for (String c : columns) {
                double v = block(tables, r, c);
                data.addValue(Double.isNaN(v) ? null : v, label(tables, c), r.label());
            }
        }
        SweepChart sweep = new SweepChart(tables);
        List<String> keys = tables.sweepKeys();
        CategoryAxis x = new CategoryAxis(keys.size() == 1 ? PathLabels.axis(keys.get(0))
                : keys.isEmpty() ? "" : "configuration");
        if (tables.rows().size() > 4) {
            x.setCategoryLabelPositions(CategoryLabelPositions.UP_45);
            // a slanted label reaches left of its bar: room for the first one inside the canvas
            int first = tables.rows().get(0).label().length();
            x.setLowerMargin(Math.min(0.2, Math.max(0.05, first * 5.8 * 0.71 / ChartStyle.WIDTH - 0.045)));
        }
        x.setMaximumCategoryLabelLines(2);
        NumberAxis y = new NumberAxis("CPU time (s)");
        double highest = tables.rows().stream().mapToDouble(r -> columns.stream().mapToDouble(c -> block(tables, r, c))
                .filter(Double::isFinite).sum()).max().orElse(0);
        ChartStyle.axis(x);
        ChartStyle.axis(y);
        y.setTickUnit(new NumberTickUnit(ChartStyle.tickUnit(0, highest, false), ChartStyle.numbers()));
        StackedBarRenderer r = new StackedBarRenderer();
        r.setBarPainter(new StandardBarPainter());
        r.setShadowVisible(false);
        r.setMaximumBarWidth(0.12);
        for (int i = 0; i < columns.size(); i++) {
            r.setSeriesPaint(i, CONTEXT_COLOURS.get(i % CONTEXT_COLOURS.size()));
        }
        CategoryPlot plot = new CategoryPlot(data, x, y, r);
        ChartStyle.background(plot);
        plot.setRangeGridlinePaint(ChartStyle.GRID);
        plot.setRangeGridlineStroke(new BasicStroke(1f));
        String note = sweep.replicationNote().replaceFirst("; whiskers: 95% confidence intervals", "");
        JFreeChart chart = ChartStyle.chart("CPU time per context" + sweep.layout().titleTail(), plot, true,
                "Held fixed: " + tables.experiment().heldFixed(), note);
        return new Drawn.Chart(NAME, "CPU time by context",
                "CPU seconds spent in each context after the warm-up, per configuration (means; stacked).", chart);
    }

    /** {@code cpu_kernel_worker_seconds} as {@code kernel worker}. */
    static String context(String column) {
        if (column.equals("cpu_kernel_fpu_seconds")) {
            return "kernel FPU users";
        }
        Matcher m = COLUMN.matcher(column);
        return m.matches() ? m.group(1).replace('_', ' ') : column;
    }

    /** The legend of a block: its context, or for a whole whose parts are drawn apart, what is left of it. */
    static String label(ResultTables tables, String column) {
        boolean partsApart = PARTS.entrySet().stream().anyMatch(e -> e.getValue().equals(column) && tables.has(e.getKey()));
        if (!partsApart) {
            return context(column);
        }
        return switch (column) {
            case "cpu_softirq_seconds" -> "softirq (not in ksoftirqd)";
            case "cpu_kernel_worker_seconds" -> "cryptd and padata workers";
            default -> context(column) + " (the rest)";
        };
    }
}
