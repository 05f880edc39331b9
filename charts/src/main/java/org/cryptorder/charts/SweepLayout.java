package org.cryptorder.charts;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a sweep is laid out on a chart. With a numeric swept path of at least two values (swept over
 * JSON numbers, not over strings such as kernel versions, nor an integer such as {@code
 * traffic.0.flows}, whose values are categories), that path is the horizontal axis (a path
 * under {@code contention.} first, else the innermost numeric one) and every combination of the
 * other swept values is a line. Otherwise the chart is of bars: one group per value of the category
 * path (the only swept path, or the first that is not the policy), in sweep order, one bar per
 * combination of the others. With nothing swept, one bar.
 *
 * <p>Each line or bar series has the colour of its crypto policy ({@link PolicyPalette}); series of
 * the same policy are told apart by their {@code variation} (dashes, markers, shades).
 */
final class SweepLayout {
    /** The ratio of the largest to the smallest positive value from which the axis is logarithmic. */
    static final double LOG_RATIO = 20;

    /** Lines over a numeric axis, or bars over categories. */
    enum Kind { NUMERIC, CATEGORICAL }

    /**
     * One line, or one bar of each group.
     *
     * @param label     legend text
     * @param policy    the crypto policy of its configurations, or null when it varies or cannot be told
     * @param variation 0 for the first series of its policy, 1 for the second, ...
     * @param rows      its configurations (by x or by category, in order)
     */
    record Series(String label, String policy, int variation, List<SummaryRow> rows) {
        Series {
            rows = List.copyOf(rows);
        }
    }

    private final Kind kind;
    private final String axisPath;
    private final List<String> seriesPaths;
    private final List<Series> series;
    private final List<String> categories;

    private SweepLayout(Kind kind, String axisPath, List<String> seriesPaths, List<Series> series, List<String> categories) {
        this.kind = kind;
        this.axisPath = axisPath;
        this.seriesPaths = List.copyOf(seriesPaths);
        this.series = List.copyOf(series);
        this.categories = List.copyOf(categories);
    }

    static SweepLayout of(ResultTables tables) {
        List<String> keys = tables.sweepKeys();
        List<SummaryRow> rows = tables.rows();
        List<String> numeric = keys.stream().filter(k -> numeric(tables.experiment(), rows, k)).toList();
        if (!numeric.isEmpty()) {
            String x = numeric.stream().filter(k -> k.startsWith("contention.")).findFirst()
                    .orElse(numeric.get(numeric.size() - 1));
            List<String> others = keys.stream().filter(k -> !k.equals(x)).toList();
            List<Series> series = series(tables, others, rows.stream()
                    .sorted(Comparator.comparingDouble(r -> Double.parseDouble(r.swept().get(x)))).toList());
            return new SweepLayout(Kind.NUMERIC, x, others, series, List.of());
        }
        if (keys.isEmpty()) {
            SummaryRow only = rows.get(0);
            String label = only.policy() == null ? tables.experiment().name() : only.policy();
            return new SweepLayout(Kind.CATEGORICAL, null, List.of(),
                    List.of(new Series(label, only.policy(), 0, List.of(only))), List.of(label));
        }
        String category = keys.size() == 1 ? keys.get(0)
                : keys.stream().filter(k -> !isPolicyPath(k)).findFirst().orElse(keys.get(0));
        List<String> others = keys.stream().filter(k -> !k.equals(category)).toList();
        List<String> categories = rows.stream().map(r -> r.swept().get(category)).distinct().toList();
        return new SweepLayout(Kind.CATEGORICAL, category, others, series(tables, others, rows), categories);
    }

    private static boolean isPolicyPath(String path) {
        return path.equals("crypto.policy") || path.equals("crypto.kernel");
    }

    /**
     * Numeric: swept over JSON numbers in {@code experiment.json} (not strings that read as numbers,
     * such as kernel versions "5.6" and "6.15"), not an integer by the schema (flows, CPUs, the
     * tick: categories, {@link SweptIntegers}, unless spread over decades: {@link #LOG_RATIO}),
     * every value in the table a finite number, and at least two different values.
     */
    private static boolean numeric(ExperimentDescription experiment, List<SummaryRow> rows, String key) {
        if (!experiment.sweptOverNumbers(key)) {
            return false;
        }
        double[] values;
        try {
            values = rows.stream().mapToDouble(r -> {
                double v = Double.parseDouble(r.swept().get(key));
                if (!Double.isFinite(v)) {
                    throw new NumberFormatException();
                }
                return v;
            }).distinct().toArray();
        } catch (NumberFormatException e) {
            return false;
        }
        if (values.length < 2) {
            return false;
        }
        double min = java.util.Arrays.stream(values).min().orElseThrow();
        double max = java.util.Arrays.stream(values).max().orElseThrow();
        // an integer is a category, unless its values spread over decades, for a log axis of whole decades
        return !SweptIntegers.integer(key) || min > 0 && max / min >= LOG_RATIO;
    }

    private static List<Series> series(ResultTables tables, List<String> paths, List<SummaryRow> rows) {
        Map<String, List<SummaryRow>> byLabel = new LinkedHashMap<>();
        for (SummaryRow r : rows) {
            String label = paths.isEmpty() ? null
                    : String.join(", ", paths.stream().map(p -> PathLabels.legend(p, r.swept().get(p))).toList());
            if (label == null) {
                label = r.policy() != null && !tables.experiment().swept("crypto.policy")
                        && !tables.experiment().swept("crypto.kernel") ? r.policy() : tables.experiment().name();
            }
            byLabel.computeIfAbsent(label, l -> new ArrayList<>()).add(r);
        }
        List<Series> out = new ArrayList<>();
        Map<String, Integer> variations = new LinkedHashMap<>();
        for (Map.Entry<String, List<SummaryRow>> e : byLabel.entrySet()) {
            List<String> policies = e.getValue().stream().map(SummaryRow::policy).distinct().toList();
            String policy = policies.size() == 1 ? policies.get(0) : null;
            int variation = variations.merge(String.valueOf(policy), 1, Integer::sum) - 1;
            out.add(new Series(e.getKey(), policy, variation, e.getValue()));
        }
        return out;
    }

    Kind kind() {
        return kind;
    }

    /** The path on the horizontal axis (values or categories); null when nothing is swept. */
    String axisPath() {
        return axisPath;
    }

    /** The swept paths that tell series apart. */
    List<String> seriesPaths() {
        return seriesPaths;
    }

    List<Series> series() {
        return series;
    }

    /** The categories, in sweep order (bar charts). */
    List<String> categories() {
        return categories;
    }

    /** Whether the bars' own categories say the policy, so that a legend would repeat the axis. */
    boolean categoriesArePolicies() {
        return kind == Kind.CATEGORICAL && seriesPaths.isEmpty() && (axisPath == null || isPolicyPath(axisPath));
    }

    /** The horizontal axis label, with its unit. */
    String axisLabel() {
        return axisPath == null ? "" : PathLabels.axis(axisPath);
    }

    /** The x value of a configuration (numeric layouts). */
    double x(SummaryRow row) {
        return Double.parseDouble(row.swept().get(axisPath));
    }

    /** The category of a configuration (bar layouts). */
    String category(SummaryRow row) {
        return axisPath == null ? categories.get(0) : row.swept().get(axisPath);
    }

    /** {@code against kernel FPU busy, per crypto policy} or {@code by crypto policy}: for titles. */
    String titleTail() {
        if (axisPath == null) {
            return "";
        }
        String per = seriesPaths.isEmpty() ? ""
                : ", per " + String.join(" and ", seriesPaths.stream().map(PathLabels::name).toList());
        return (kind == Kind.NUMERIC ? " against " : " by ") + PathLabels.name(axisPath) + per;
    }
}
