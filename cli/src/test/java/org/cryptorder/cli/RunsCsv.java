package org.cryptorder.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.cryptorder.experiment.output.Csv;

/**
 * A run's {@code runs.csv} read back, a row per run and each row column name to cell: the figures
 * the explain, capture and trace tests check their files against.
 */
final class RunsCsv {
    private RunsCsv() {
    }

    /**
     * Runs {@code run --quiet --jobs 1 --out out} with {@code args} (options and the experiment
     * file), checks it succeeded, and returns the rows of its {@code runs.csv}.
     */
    static List<Map<String, String>> run(Path out, String... args) throws IOException {
        List<String> command = new ArrayList<>(List.of("run", "--quiet", "--jobs", "1", "--out", out.toString()));
        command.addAll(List.of(args));
        CliRun r = CliRun.of(command.toArray(String[]::new));
        assertThat(r.status()).as(r.err()).isZero();
        return rows(out.resolve("runs.csv"));
    }

    /** The rows of {@code file}, past its comment lines and header. */
    static List<Map<String, String>> rows(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file).stream().filter(l -> !l.startsWith("#")).toList();
        List<String> head = Csv.cells(lines.get(0));
        List<Map<String, String>> rows = new ArrayList<>();
        for (String l : lines.subList(1, lines.size())) {
            List<String> cells = Csv.cells(l);
            Map<String, String> row = new TreeMap<>();
            for (int i = 0; i < head.size(); i++) {
                row.put(head.get(i), cells.get(i));
            }
            rows.add(row);
        }
        return rows;
    }
}
