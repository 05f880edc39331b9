package org.cryptorder.charts;

import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.cryptorder.experiment.output.Csv;

/**
 * A result table read back as the runner writes it: {@code #} comment lines, a header line, then
 * rows with as many cells as the header.
 *
 * @param name     the file name, for messages
 * @param comments the {@code #} lines, in order
 * @param header   the column names
 * @param rows     the cells of each row
 * @param lines    the line number (from 1) of each row in the file
 */
record CsvTable(String name, List<String> comments, List<String> header, List<List<String>> rows,
                List<Integer> lines) {

    CsvTable {
        comments = List.copyOf(comments);
        header = List.copyOf(header);
        rows = rows.stream().map(List::copyOf).toList();
        lines = List.copyOf(lines);
    }

    static CsvTable read(Path file) throws MalformedResultsException {
        String name = file.getFileName().toString();
        List<String> text;
        try {
            text = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new MalformedResultsException(file + ": no such file");
        } catch (CharacterCodingException e) {
            throw new MalformedResultsException(name + ": not a text table (not UTF-8)");
        } catch (IOException e) {
            throw new MalformedResultsException(file + ": cannot be read: " + e.getMessage());
        }
        List<String> comments = new ArrayList<>();
        List<String> header = null;
        List<List<String>> rows = new ArrayList<>();
        List<Integer> lines = new ArrayList<>();
        for (int i = 0; i < text.size(); i++) {
            String line = text.get(i);
            if (line.startsWith("#")) {
                comments.add(line);
                continue;
            }
            if (line.isBlank()) {
                continue;
            }
            List<String> cells;
            try {
                cells = Csv.cells(line);
            } catch (IllegalArgumentException e) {
                throw new MalformedResultsException(name + " line " + (i + 1) + ": a quoted cell does not end");
            }
            if (header == null) {
                header = cells;
            } else if (cells.size() != header.size()) {
                throw new MalformedResultsException(name + " line " + (i + 1) + ": " + cells.size()
                        + " cells, but the header has " + header.size() + " columns");
            } else {
                rows.add(cells);
                lines.add(i + 1);
            }
        }
        if (header == null) {
            throw new MalformedResultsException(name + ": no header line (the file is empty)");
        }
        return new CsvTable(name, comments, header, rows, lines);
    }

    /** The index of a column, or -1. */
    int column(String columnName) {
        return header.indexOf(columnName);
    }

    /** The first comment line that starts with {@code prefix}, or null. */
    String comment(String prefix) {
        return comments.stream().filter(c -> c.startsWith(prefix)).findFirst().orElse(null);
    }

    /** The number in a cell (empty: NaN). */
    double number(int row, int column) throws MalformedResultsException {
        String cell = rows.get(row).get(column);
        try {
            return Csv.parseNumber(cell);
        } catch (NumberFormatException e) {
            throw new MalformedResultsException(name + " line " + lines.get(row) + ", column " + header.get(column)
                    + ": expected a number, found \"" + cell + "\"");
        }
    }
}
