package org.cryptorder.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Test helper: a result table as text, without the wall-clock columns (whose names start with wall_seconds). */
final class Tables {
    private Tables() {
    }

    static String withoutWallClock(Path csv) {
        try {
            List<String> out = new ArrayList<>();
            List<Integer> drop = new ArrayList<>();
            for (String line : Files.readAllLines(csv)) {
                if (line.startsWith("#")) {
                    out.add(line);
                    continue;
                }
                List<String> cells = new ArrayList<>(List.of(line.split(",", -1)));
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
                out.add(String.join(",", cells));
            }
            return String.join("\n", out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
