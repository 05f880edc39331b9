package org.cryptorder.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.cryptorder.experiment.file.ExperimentFile;
import org.cryptorder.experiment.output.AtomicFile;
import org.cryptorder.experiment.output.ConfigurationSummary;
import org.cryptorder.experiment.output.Csv;
import org.cryptorder.experiment.output.RunsTable;
import org.cryptorder.experiment.records.ResolvedRun;
import org.cryptorder.experiment.records.SweepPoint;
import umontreal.ssj.stat.Tally;

/**
 * {@code paired.csv}: each configuration's difference from the baseline configuration, replication
 * by replication. Replication {@code r} of every configuration draws from substream {@code r} of
 * the same named random streams (common random numbers: {@code engine.StreamRegistry}), so
 * replication {@code r} of a configuration and replication {@code r} of the baseline saw the same
 * arrivals, keys and contention draws wherever the two configurations consume them alike. The
 * difference of each pair then carries less noise than either run, and its mean's 95% Student-t
 * interval over the pairs is narrower than the two unpaired intervals together (Law, <i>Simulation
 * Modeling and Analysis</i>, 5th ed., section 10.2: the paired-t confidence interval).
 *
 * <p>Columns: {@code configuration} and {@code baseline} (indices), one per sweep key (the
 * configuration's values), {@code pairs} (replications present in both), then for each metric
 * column of {@code runs.csv} after {@code wall_seconds} its mean difference (configuration minus
 * baseline, {@code <metric>_diff_mean}) and the half-width of its 95% paired Student-t interval
 * ({@code <metric>_diff_hw95}, empty with fewer than two pairs). {@code wall_seconds} is left out:
 * it measures the machine, not the model. A pair in which either value is undefined is left out of
 * that metric.
 */
final class PairedTable {
    static final String FILE = "paired.csv";

    private PairedTable() {
    }

    /**
     * One metric's paired difference.
     *
     * @param mean      mean of configuration minus baseline over the pairs (NaN with none)
     * @param halfWidth 95% Student-t half-width of that mean (NaN with fewer than two pairs)
     * @param pairs     pairs in which both values were defined
     */
    record Difference(double mean, double halfWidth, int pairs) {
    }

    private static Difference difference(ConfigurationSummary.Estimate e) {
        return new Difference(e.mean(), e.halfWidth(), e.observations());
    }

    /**
     * One configuration against the baseline.
     *
     * @param run         the configuration
     * @param baseline    the baseline configuration
     * @param pairs       replications present in both
     * @param differences per metric, in table order
     */
    record Row(ResolvedRun run, ResolvedRun baseline, int pairs, Map<String, Difference> differences) {
    }

    /**
     * The paired differences of every configuration but {@code baseline} from it.
     *
     * @param metrics the metric columns of {@code runs.csv} after {@code wall_seconds}, in order
     * @param rows    the finished rows of {@code runs.csv}
     */
    static List<Row> of(ExperimentFile file, List<String> metrics, List<RunsTable.Row> rows, int baseline) {
        List<ResolvedRun> runs = file.configurations();
        if (baseline < 0 || baseline >= runs.size()) {
            throw new IllegalArgumentException("baseline " + baseline + " is not a configuration (0 to "
                    + (runs.size() - 1) + ")");
        }
        int first = file.sweepKeys().size() + 3;  // sweep values, replication, seed, wall_seconds
        Map<Integer, List<RunsTable.Row>> byConfiguration = RunsTable.byConfiguration(rows);
        Map<Integer, RunsTable.Row> base = byReplication(byConfiguration.getOrDefault(baseline, List.of()));
        List<Row> out = new ArrayList<>();
        for (ResolvedRun r : runs) {
            if (r.index() == baseline) {
                continue;
            }
            Map<Integer, RunsTable.Row> own = byReplication(byConfiguration.getOrDefault(r.index(), List.of()));
            List<Integer> paired = own.keySet().stream().filter(base::containsKey).sorted().toList();
            Map<String, Difference> differences = new LinkedHashMap<>();
            for (int m = 0; m < metrics.size(); m++) {
                Tally t = new Tally(metrics.get(m));
                for (int rep : paired) {
                    double a = Csv.parseNumber(own.get(rep).cells().get(first + m));
                    double b = Csv.parseNumber(base.get(rep).cells().get(first + m));
                    if (!Double.isNaN(a) && !Double.isNaN(b)) {
                        t.add(a - b);
                    }
                }
                differences.put(metrics.get(m), difference(ConfigurationSummary.estimate(t)));
            }
            out.add(new Row(r, runs.get(baseline), paired.size(), differences));
        }
        return out;
    }

    private static Map<Integer, RunsTable.Row> byReplication(List<RunsTable.Row> rows) {
        Map<Integer, RunsTable.Row> out = new LinkedHashMap<>();
        rows.forEach(row -> out.put(row.replication(), row));
        return out;
    }

    static void write(Path folder, List<String> comments, List<String> sweepKeys, List<Row> rows) throws IOException {
        StringBuilder b = new StringBuilder();
        comments.forEach(c -> b.append(c).append('\n'));
        List<String> header = new ArrayList<>(List.of("configuration", "baseline"));
        header.addAll(sweepKeys);
        header.add("pairs");
        List<String> metrics = rows.isEmpty() ? List.of() : List.copyOf(rows.get(0).differences().keySet());
        for (String m : metrics) {
            header.add(m + "_diff_mean");
            header.add(m + "_diff_hw95");
        }
        b.append(Csv.line(header)).append('\n');
        for (Row row : rows) {
            List<String> cells = new ArrayList<>();
            cells.add(Integer.toString(row.run().index()));
            cells.add(Integer.toString(row.baseline().index()));
            sweepKeys.forEach(k -> cells.add(row.run().point().text(k)));
            cells.add(Integer.toString(row.pairs()));
            for (String m : metrics) {
                Difference d = row.differences().get(m);
                cells.add(Csv.number(d.mean()));
                cells.add(Csv.number(d.halfWidth()));
            }
            b.append(Csv.line(cells)).append('\n');
        }
        AtomicFile.write(folder.resolve(FILE), b.toString());
    }
}
