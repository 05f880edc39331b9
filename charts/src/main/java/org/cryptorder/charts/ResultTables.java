package org.cryptorder.charts;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.cryptorder.experiment.Shard;
import org.cryptorder.experiment.output.Csv;

/**
 * The tables of one results folder, as {@code cryptorder run} writes them (the Outputs contract):
 * {@code experiment.json}, {@code summary.csv} and {@code runs.csv}. Charts and report are drawn
 * from these alone.
 *
 * @param folder     the results folder
 * @param experiment what {@code experiment.json} says
 * @param rows       the configurations of {@code summary.csv}, in sweep order
 * @param metrics    the metric columns of {@code summary.csv} ({@code goodput_bps}, ...), in order
 * @param summary    {@code summary.csv} as read
 * @param runs       {@code runs.csv} as read
 */
record ResultTables(Path folder, ExperimentDescription experiment, List<SummaryRow> rows, List<String> metrics,
                           CsvTable summary, CsvTable runs) {
    static final String SUMMARY = "summary.csv";
    static final String RUNS = "runs.csv";

    ResultTables {
        rows = List.copyOf(rows);
        metrics = List.copyOf(metrics);
    }

    /**
     * Reads the tables of a results folder.
     *
     * @throws MalformedResultsException when the folder does not exist, a table is missing, or a
     *                                   table does not read as the runner writes it
     */
    static ResultTables read(Path folder) throws MalformedResultsException {
        if (!Files.isDirectory(folder)) {
            throw new MalformedResultsException(folder + ": " + (Files.exists(folder) ? "not a folder" : "no such folder"));
        }
        List<String> missing = new ArrayList<>();
        for (String f : List.of(ExperimentDescription.FILE, SUMMARY, RUNS)) {
            if (!Files.isRegularFile(folder.resolve(f))) {
                missing.add(f);
            }
        }
        if (!missing.isEmpty()) {
            throw new MalformedResultsException(folder + ": no " + String.join(", no ", missing) + (shards(folder)
                    ? " (shards of a sweep: `cryptorder merge " + folder + "` puts them together first)"
                    : " (not a results folder written by `cryptorder run`, or a run that did not finish)"));
        }
        ExperimentDescription experiment = ExperimentDescription.read(folder.resolve(ExperimentDescription.FILE));
        CsvTable summary = CsvTable.read(folder.resolve(SUMMARY));
        CsvTable runs = CsvTable.read(folder.resolve(RUNS));
        List<String> keys = List.copyOf(experiment.sweep().keySet());
        checkLeadingColumns(summary, keys, List.of("replications"));
        checkLeadingColumns(runs, keys, List.of("replication", "seed"));
        String fromSummary = summary.comment("# experiment ");
        String fromRuns = runs.comment("# experiment ");
        if (fromSummary != null && fromRuns != null && !fromSummary.equals(fromRuns)) {
            throw new MalformedResultsException(RUNS + " and " + SUMMARY + " come from different experiments (their"
                    + " '# experiment' lines differ)");
        }
        if (summary.rows().isEmpty()) {
            throw new MalformedResultsException(SUMMARY + ": no configuration rows");
        }
        List<String> metrics = metrics(summary);
        if (metrics.isEmpty()) {
            throw new MalformedResultsException(SUMMARY + ": no <metric>_mean and <metric>_hw95 columns");
        }
        List<SummaryRow> rows = new ArrayList<>();
        int replicationsColumn = keys.size();
        for (int r = 0; r < summary.rows().size(); r++) {
            List<String> cells = summary.rows().get(r);
            Map<String, String> swept = new LinkedHashMap<>();
            for (int k = 0; k < keys.size(); k++) {
                swept.put(keys.get(k), cells.get(k));
            }
            double replications = summary.number(r, replicationsColumn);
            if (!(replications >= 1 && replications == Math.rint(replications))) {
                throw new MalformedResultsException(SUMMARY + " line " + summary.lines().get(r)
                        + ", column replications: expected a whole number from 1, found \"" + cells.get(replicationsColumn) + "\"");
            }
            Map<String, Estimate> estimates = new LinkedHashMap<>();
            for (String m : metrics) {
                estimates.put(m, new Estimate(summary.number(r, summary.column(m + "_mean")),
                        summary.number(r, summary.column(m + "_hw95"))));
            }
            String policy = swept.containsKey("crypto.policy") || swept.containsKey("crypto.kernel")
                    ? ExperimentDescription.policyOf(swept.get("crypto.policy"),
                    swept.containsKey("crypto.policy") ? null : swept.get("crypto.kernel"))
                    : experiment.fixedPolicy();
            rows.add(new SummaryRow(swept, (int) replications, estimates, policy));
        }
        return new ResultTables(folder, experiment, rows, metrics, summary, runs);
    }

    /** Whether the folder holds shard tables ({@code runs.shard-I-of-N.csv}) of {@code run --shard}. */
    private static boolean shards(Path folder) {
        try (var files = Files.list(folder)) {
            return files.anyMatch(f -> Shard.ofFileName(f.getFileName().toString()).isPresent());
        } catch (IOException e) {
            return false;
        }
    }

    private static void checkLeadingColumns(CsvTable table, List<String> keys, List<String> then)
            throws MalformedResultsException {
        List<String> expected = new ArrayList<>(keys);
        expected.addAll(then);
        List<String> header = table.header();
        if (header.size() < expected.size() || !header.subList(0, expected.size()).equals(expected)) {
            throw new MalformedResultsException(table.name() + ": expected the columns to begin with "
                    + String.join(",", expected) + " (the swept paths of " + ExperimentDescription.FILE + "), found "
                    + String.join(",", header.subList(0, Math.min(header.size(), expected.size()))));
        }
    }

    /** The metrics that have both a {@code _mean} and a {@code _hw95} column. */
    private static List<String> metrics(CsvTable summary) {
        List<String> out = new ArrayList<>();
        for (String column : summary.header()) {
            if (column.endsWith("_mean")) {
                String m = column.substring(0, column.length() - "_mean".length());
                if (summary.column(m + "_hw95") >= 0) {
                    out.add(m);
                }
            }
        }
        return out;
    }

    /** Whether {@code summary.csv} has this metric. */
    boolean has(String metric) {
        return metrics.contains(metric);
    }

    /** The swept paths, in sweep order. */
    List<String> sweepKeys() {
        return List.copyOf(experiment.sweep().keySet());
    }

    /**
     * Each replication's value of {@code metric} in configuration {@code row}, from {@code runs.csv},
     * whose leading columns are the swept values in sweep order ({@link #read} checks them); empty
     * or unreadable cells and a missing column give none.
     */
    List<Double> replicationValues(SummaryRow row, String metric) {
        int column = runs.column(metric);
        if (column < 0) {
            return List.of();
        }
        List<String> swept = List.copyOf(row.swept().values());
        List<Double> values = new ArrayList<>();
        for (List<String> cells : runs.rows()) {
            if (column < cells.size() && cells.subList(0, swept.size()).equals(swept)) {
                try {
                    double v = Csv.parseNumber(cells.get(column));
                    if (!Double.isNaN(v)) {
                        values.add(v);
                    }
                } catch (NumberFormatException e) {
                    // a cell that is not a number is not a value to draw
                }
            }
        }
        return values;
    }
}
