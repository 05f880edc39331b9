package org.cryptorder.charts;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.cryptorder.experiment.output.PairedEffect;

/**
 * {@code paired.csv} read back: each configuration's difference from the baseline, replication r
 * against replication r (the runner's {@code PairedTable}), with the baseline's and the
 * configuration's rows of {@code summary.csv}. Whether a difference is an effect is {@link
 * PairedEffect}'s rule, the same as the terminal summary's.
 */
final class PairedDifferences {
    static final String FILE = "paired.csv";

    /**
     * One configuration against the baseline.
     *
     * @param row         its row of {@code summary.csv}
     * @param pairs       replications present in both
     * @param differences per metric, mean difference and half-width of its 95% paired interval
     */
    record Row(SummaryRow row, int pairs, Map<String, Estimate> differences) {
        Estimate difference(String metric) {
            return differences.getOrDefault(metric, Estimate.UNDEFINED);
        }
    }

    private final SummaryRow baseline;
    private final List<Row> rows;

    private PairedDifferences(SummaryRow baseline, List<Row> rows) {
        this.baseline = baseline;
        this.rows = List.copyOf(rows);
    }

    /**
     * The paired differences of a results folder; empty when it has no {@code paired.csv} (one
     * configuration, or results written before runs paired their configurations).
     *
     * @throws MalformedResultsException when the table does not read as the runner writes it, or
     *                                   names configurations {@code summary.csv} does not have
     */
    static Optional<PairedDifferences> read(ResultTables tables) throws MalformedResultsException {
        Path file = tables.folder().resolve(FILE);
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        CsvTable t = CsvTable.read(file);
        for (String column : List.of("configuration", "baseline", "pairs")) {
            if (t.column(column) < 0) {
                throw new MalformedResultsException(FILE + ": no " + column + " column");
            }
        }
        if (t.rows().isEmpty()) {
            return Optional.empty();
        }
        List<String> metrics = t.header().stream().filter(h -> h.endsWith("_diff_mean"))
                .map(h -> h.substring(0, h.length() - "_diff_mean".length()))
                .filter(m -> t.column(m + "_diff_hw95") >= 0).toList();
        SummaryRow baseline = null;
        List<Row> rows = new ArrayList<>();
        for (int r = 0; r < t.rows().size(); r++) {
            SummaryRow base = configuration(tables, t, r, "baseline");
            if (baseline != null && base != baseline) {
                throw new MalformedResultsException(FILE + " line " + t.lines().get(r) + ": a second baseline");
            }
            baseline = base;
            Map<String, Estimate> differences = new LinkedHashMap<>();
            for (String m : metrics) {
                differences.put(m, new Estimate(t.number(r, t.column(m + "_diff_mean")),
                        t.number(r, t.column(m + "_diff_hw95"))));
            }
            rows.add(new Row(configuration(tables, t, r, "configuration"), (int) t.number(r, t.column("pairs")),
                    differences));
        }
        return Optional.of(new PairedDifferences(baseline, rows));
    }

    private static SummaryRow configuration(ResultTables tables, CsvTable t, int r, String column)
            throws MalformedResultsException {
        double i = t.number(r, t.column(column));
        if (!(i >= 0 && i < tables.rows().size() && i == Math.rint(i))) {
            throw new MalformedResultsException(FILE + " line " + t.lines().get(r) + ", column " + column
                    + ": expected a configuration of " + ResultTables.SUMMARY + " (0 to " + (tables.rows().size() - 1)
                    + "), found \"" + t.rows().get(r).get(t.column(column)) + "\"");
        }
        return tables.rows().get((int) i);
    }

    /** The configuration every other is compared with. */
    SummaryRow baseline() {
        return baseline;
    }

    /** The other configurations, in sweep order. */
    List<Row> rows() {
        return rows;
    }

    /** Whether {@code paired.csv} has the metric. */
    boolean has(String metric) {
        return !rows.isEmpty() && rows.get(0).differences().containsKey(metric);
    }

    /** The difference of a configuration in a metric, judged by the one rule. */
    PairedEffect effect(Row row, String metric) {
        Estimate d = row.difference(metric);
        return new PairedEffect(d.mean(), d.halfWidth(), baseline.estimate(metric).mean());
    }

    /**
     * The headline metrics ({@link PairedEffect#HEADLINE_METRICS}) worth showing: those the table
     * has and in which some configuration differs from the baseline at all.
     */
    List<String> headlineMetrics() {
        return PairedEffect.HEADLINE_METRICS.stream().filter(this::has)
                .filter(m -> rows.stream().map(r -> r.difference(m)).anyMatch(e -> e.defined() && !e.zero())).toList();
    }

    /** The largest size of a difference or interval end in a metric, to choose its unit. */
    double largest(String metric) {
        return rows.stream().map(r -> r.difference(metric)).filter(Estimate::defined)
                .mapToDouble(e -> Math.max(Math.abs(e.low()), Math.abs(e.high()))).max().orElse(0);
    }

    /** {@code +4.10 ± 0.05}: a difference with its sign, as {@link Numbers#withInterval} writes a mean. */
    static String signed(Estimate e, double scale) {
        String s = Numbers.withInterval(e, scale);
        return !e.defined() ? s : e.mean() > 0 ? "+" + s : s.replaceFirst("^-", "\u2212");
    }

    /**
     * A difference as the table and the chart show it: an effect as {@link #signed}; any other to
     * the decimals of the largest value shown with it ({@code largest}, scaled), so that one too
     * small to matter reads {@code 0.00 ± 0.00}, not in digits the others do not have.
     */
    static String shown(Estimate d, double scale, double largest, boolean effect) {
        if (effect || !d.defined() || d.zero()) {
            return signed(d, scale);
        }
        int decimals = Math.min(Numbers.decimalsFor(d.mean() * scale), Numbers.decimalsFor(largest));
        String mean = Numbers.fixed(d.mean() * scale, decimals);
        String text = d.hasInterval() ? mean + " ± " + Numbers.fixed(d.halfWidth() * scale, decimals) : mean;
        return mean.matches("[0.]+") ? text : d.mean() > 0 ? "+" + text : text.replaceFirst("^-", "\u2212");
    }
}
