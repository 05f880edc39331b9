package org.cryptorder.experiment.output;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code runs.csv}: one row per configuration and replication, appended and flushed as each
 * replication finishes (so an interrupted sweep keeps every finished row), and rewritten in sweep
 * order (configuration, then replication) when the sweep is complete, so that the finished file
 * does not depend on how many runs went in parallel.
 *
 * <p>Layout: comment lines starting with {@code #} (tool version, experiment name and
 * fingerprint, random-number scheme), a header line, then the rows. Columns: one per sweep key
 * (named by its dotted path), {@code replication}, {@code seed}, {@code wall_seconds}, then the
 * model's metric columns.
 */
public final class RunsTable implements Closeable {
    public static final String FILE = "runs.csv";

    /** One finished replication: which configuration, which replication, and its cells. */
    public record Row(int configuration, int replication, List<String> cells) {
        public Row {
            cells = List.copyOf(cells);
        }
    }

    /** A {@code runs.csv} that cannot be resumed. */
    public static final class NotResumable extends Exception {
        private static final long serialVersionUID = 1L;

        NotResumable(String message) {
            super(message);
        }
    }

    private final Path file;
    private final List<String> comments;
    private final List<String> header;
    private final BufferedWriter out;
    private final List<Row> resumed;

    private RunsTable(Path file, List<String> comments, List<String> header, List<Row> resumed) throws IOException {
        this.file = file;
        this.comments = List.copyOf(comments);
        this.header = List.copyOf(header);
        this.resumed = List.copyOf(resumed);
        write(file, comments, header, resumed);
        this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    }

    /** A new table ({@code runs.csv} or a shard's), replacing any earlier one. */
    public static RunsTable create(Path file, List<String> comments, List<String> header) throws IOException {
        return new RunsTable(file, comments, header, List.of());
    }

    /**
     * The table {@code file} with the rows it already holds (a missing file holds none). A
     * last line cut short by a kill is dropped.
     *
     * @param comments the comment lines this experiment writes; the file's must be the same
     * @param keyOf    the configuration index of a row's sweep cells joined as one CSV line, if any
     * @throws NotResumable when the file was written for another experiment, tool version or columns
     */
    public static RunsTable resume(Path file, List<String> comments, List<String> header, Map<String, Integer> keyOf,
                            int sweepColumns) throws IOException, NotResumable {
        if (!Files.exists(file)) {
            return create(file, comments, header);
        }
        String text = Files.readString(file, StandardCharsets.UTF_8);
        List<String> lines = new ArrayList<>(List.of(text.split("\n", -1)));
        lines.remove(lines.size() - 1);  // after the last line break: empty, or a line cut short
        List<String> fileComments = lines.stream().filter(l -> l.startsWith("#")).toList();
        List<String> rows = lines.stream().filter(l -> !l.startsWith("#")).toList();
        if (!fileComments.equals(comments)) {
            throw new NotResumable(file + " was written for another experiment, seed or tool version:\n  found:    "
                    + String.join("\n            ", fileComments) + "\n  expected: " + String.join("\n            ", comments));
        }
        if (rows.isEmpty()) {
            throw new NotResumable(file + " has no column header");
        }
        List<String> found0 = Csv.cells(rows.get(0));
        if (!found0.equals(header)) {
            List<String> missing = header.stream().filter(c -> !found0.contains(c)).toList();
            List<String> extra = found0.stream().filter(c -> !header.contains(c)).toList();
            throw new NotResumable(file + " has other columns than this experiment writes"
                    + (missing.isEmpty() ? "" : "; it lacks " + String.join(", ", missing))
                    + (extra.isEmpty() ? "" : "; it has " + String.join(", ", extra) + " besides")
                    + (missing.isEmpty() && extra.isEmpty() ? " (in another order)" : "")
                    + " (a table from another version of cryptorder: its rows cannot be completed)");
        }
        Map<String, Row> found = new LinkedHashMap<>();
        for (String line : rows.subList(1, rows.size())) {
            List<String> cells = Csv.cells(line);
            if (cells.size() != header.size()) {
                continue;
            }
            Integer configuration = keyOf.get(Csv.line(cells.subList(0, sweepColumns)));
            int replication;
            try {
                replication = Integer.parseInt(cells.get(sweepColumns));
            } catch (NumberFormatException e) {
                continue;
            }
            if (configuration != null) {
                found.putIfAbsent(configuration + "/" + replication, new Row(configuration, replication, cells));
            }
        }
        return new RunsTable(file, comments, header, new ArrayList<>(found.values()));
    }

    /** The rows found when resuming. */
    public List<Row> resumed() {
        return resumed;
    }

    /** Appends a row and flushes it to the file. */
    public synchronized void append(Row row) throws IOException {
        out.write(Csv.line(row.cells()));
        out.write('\n');
        out.flush();
    }

    /** Replaces the file, atomically, by the same rows in sweep order. */
    public synchronized void rewriteInOrder(List<Row> rows) throws IOException {
        out.flush();
        writeInOrder(file, comments, header, rows);
    }

    /** Writes a whole table, atomically, with the rows in sweep order. */
    public static void writeInOrder(Path file, List<String> comments, List<String> header, List<Row> rows)
            throws IOException {
        List<Row> sorted = new ArrayList<>(rows);
        sorted.sort(Comparator.comparingInt(Row::configuration).thenComparingInt(Row::replication));
        write(file, comments, header, sorted);
    }

    /** Writes the whole file through a temporary file, so a kill leaves the old or the new one. */
    private static void write(Path file, List<String> comments, List<String> header, List<Row> rows)
            throws IOException {
        StringBuilder b = new StringBuilder();
        for (String c : comments) {
            b.append(c).append('\n');
        }
        b.append(Csv.line(header)).append('\n');
        for (Row r : rows) {
            b.append(Csv.line(r.cells())).append('\n');
        }
        AtomicFile.write(file, b);
    }

    /** Rows by configuration index, each list by replication. */
    public static Map<Integer, List<Row>> byConfiguration(List<Row> rows) {
        Map<Integer, List<Row>> out = new HashMap<>();
        for (Row r : rows) {
            out.computeIfAbsent(r.configuration(), k -> new ArrayList<>()).add(r);
        }
        out.values().forEach(l -> l.sort(Comparator.comparingInt(Row::replication)));
        return out;
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }
}
