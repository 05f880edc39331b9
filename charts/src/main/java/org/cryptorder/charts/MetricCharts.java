package org.cryptorder.charts;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import org.cryptorder.experiment.file.Suggestion;
import org.cryptorder.experiment.replication.OutputColumns;

/**
 * The charts a user asks for by column ({@code chart DIR --metric COLUMN --paired-metric COLUMN}):
 * any metric of the tables by sweep, drawn as the built-in charts are ({@link SweepChart}: lines
 * over a numeric swept path, bars over categories, 95% whiskers), into {@code metric-<column>}; and
 * the paired differences of a metric from the baseline ({@link PairedChart}) into {@code
 * paired-<column>}. Headings and units come from the column catalog ({@link OutputColumns}).
 */
final class MetricCharts {
    private MetricCharts() {
    }

    /**
     * The charts of these columns, in the order given, each once.
     *
     * @throws MalformedResultsException when a column is not in the tables, naming the close and the known ones
     */
    static List<Drawn> draw(ResultTables tables, Optional<PairedDifferences> paired, List<String> metrics,
                            List<String> pairedMetrics) throws MalformedResultsException {
        List<Drawn> out = new ArrayList<>();
        for (String m : new LinkedHashSet<>(metrics)) {
            check("--metric", m, tables.metrics(), ResultTables.SUMMARY);
            out.add(metric(tables, m));
        }
        for (String m : new LinkedHashSet<>(pairedMetrics)) {
            if (paired.isEmpty()) {
                throw new MalformedResultsException("--paired-metric " + m + ": " + tables.folder() + " has no "
                        + PairedDifferences.FILE + " (one configuration, or results written before runs paired"
                        + " their configurations)");
            }
            PairedDifferences p = paired.get();
            List<String> known = p.rows().get(0).differences().keySet().stream().toList();
            check("--paired-metric", m, known, PairedDifferences.FILE);
            out.add(PairedChart.draw("paired-" + m, p, List.of(m), tables));
        }
        return out;
    }

    private static void check(String option, String column, List<String> known, String table)
            throws MalformedResultsException {
        if (known.contains(column)) {
            return;
        }
        String why = OutputColumns.get(column) != null ? table + " has no " + column + " column (a column of"
                + " another kind of run, or of a later version)" : "no such column";
        throw new MalformedResultsException(option + " " + column + ": " + why
                + Suggestion.didYouMean(column, known) + "; the columns of " + table + " are "
                + String.join(", ", known));
    }

    /** One metric by sweep, with the catalog's heading and unit. */
    private static Drawn.Chart metric(ResultTables tables, String metric) {
        double largest = tables.rows().stream().mapToDouble(r -> Math.abs(r.estimate(metric).high()))
                .filter(Double::isFinite).max().orElse(0);
        MetricUnit unit = MetricUnit.of(metric, largest);
        SweepChart.Panel panel = unit.whole() ? SweepChart.Panel.counts(metric, unit.label(), 1)
                : SweepChart.Panel.linear(metric, unit.label(), unit.scale());
        OutputColumns.Column c = OutputColumns.get(metric);
        String title = Character.toUpperCase(unit.heading().charAt(0)) + unit.heading().substring(1);
        String caption = (c == null ? "The column " + metric + " of " + ResultTables.SUMMARY + "."
                : c.description()) + " Column " + metric + ", mean over the replications with 95% whiskers.";
        return new Drawn.Chart("metric-" + metric, title, caption, new SweepChart(tables).build(title, List.of(panel)));
    }
}
