package org.cryptorder.experiment;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.cryptorder.experiment.output.AtomicFile;
import org.cryptorder.experiment.output.ConfigurationSummary;
import org.cryptorder.experiment.output.Csv;

/**
 * {@code summary.csv}: one row per configuration, in sweep order. Columns: one per sweep key,
 * {@code replications}, then for each metric column of {@code runs.csv} (from {@code
 * wall_seconds} on) its mean ({@code <metric>_mean}) and the half-width of its 95% Student-t
 * confidence interval ({@code <metric>_hw95}, empty with one replication), and, when the
 * experiment sets precision targets, {@code targets_reached} ({@code true} or {@code false}).
 */
final class SummaryTable {
    static final String FILE = "summary.csv";

    private SummaryTable() {
    }

    static void write(Path folder, List<String> comments, List<String> sweepKeys, List<ConfigurationSummary> rows,
                      Map<String, Double> targets) throws IOException {
        StringBuilder b = new StringBuilder();
        comments.forEach(c -> b.append(c).append('\n'));
        List<String> header = new ArrayList<>(sweepKeys);
        header.add("replications");
        List<String> metrics = rows.isEmpty() ? List.of() : List.copyOf(rows.get(0).estimates().keySet());
        for (String m : metrics) {
            header.add(m + "_mean");
            header.add(m + "_hw95");
        }
        if (!targets.isEmpty()) {
            header.add("targets_reached");
        }
        b.append(Csv.line(header)).append('\n');
        for (ConfigurationSummary s : rows) {
            List<String> cells = new ArrayList<>();
            sweepKeys.forEach(k -> cells.add(s.run().point().text(k)));
            int n = s.estimates().values().stream().mapToInt(ConfigurationSummary.Estimate::observations).max().orElse(0);
            cells.add(Integer.toString(n));
            for (String m : metrics) {
                ConfigurationSummary.Estimate e = s.estimate(m);
                cells.add(Csv.number(e.mean()));
                cells.add(Csv.number(e.halfWidth()));
            }
            if (!targets.isEmpty()) {
                cells.add(Boolean.toString(s.missed().isEmpty()));
            }
            b.append(Csv.line(cells)).append('\n');
        }
        AtomicFile.write(folder.resolve(FILE), b.toString());
    }
}
