package org.cryptorder.experiment;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.cryptorder.experiment.output.Csv;

/** Test helper: a result table as text, with the columns that hold wall-clock times left out. */
public final class Tables {
    private Tables() {
    }

    public static String withoutWallClock(Path csv) {
        try {
            List<String> out = new ArrayList<>();
            List<Integer> drop = new ArrayList<>();
            for (String line : Files.readAllLines(csv)) {
                if (line.startsWith("#")) {
                    out.add(line);
                    continue;
                }
                List<String> cells = new ArrayList<>(Csv.cells(line));
                if (drop.isEmpty()) {
                    for (int i = cells.size() - 1; i >= 0; i--) {
                        if (cells.get(i).startsWith("wall_seconds")) {
                            drop.add(i);
                        }
                    }
                    if (drop.isEmpty()) {
                        throw new AssertionError("no wall_seconds column in " + csv);
                    }
                }
                for (int i : drop) {
                    cells.remove(i);
                }
                out.add(Csv.line(cells));
            }
            return String.join("\n", out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The data rows (not comments, not the header). */
    public static List<String> rows(Path csv) {
        try {
            List<String> lines = Files.readAllLines(csv).stream().filter(l -> !l.startsWith("#")).toList();
            return lines.subList(1, lines.size());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The header line. */
    public static String header(Path csv) {
        try {
            return Files.readAllLines(csv).stream().filter(l -> !l.startsWith("#")).findFirst()
                    .orElseThrow(() -> new AssertionError("no header in " + csv));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
