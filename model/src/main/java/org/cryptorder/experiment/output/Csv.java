package org.cryptorder.experiment.output;

import java.util.ArrayList;
import java.util.List;

/**
 * The CSV of the result tables (RFC 4180, one record per line): cells quoted only when they hold a
 * comma, a quote or leading or trailing blanks; numbers written independently of the locale, so
 * that the same numbers always give the same bytes and read back to the same doubles.
 */
public final class Csv {
    private Csv() {
    }

    /**
     * A number as the tables write it: integral values below 10^15 without a decimal point
     * ({@code 12345}), others in Java's shortest round-trip form ({@code 0.2206}, {@code 7.3671E8}),
     * NaN as an empty cell.
     */
    public static String number(double v) {
        if (Double.isNaN(v)) {
            return "";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return Long.toString((long) v);
        }
        return Double.toString(v);
    }

    /** Reads a cell written by {@link #number}: empty is NaN. */
    public static double parseNumber(String cell) {
        return cell.isEmpty() ? Double.NaN : Double.parseDouble(cell);
    }

    /** One line (without its line break). */
    public static String line(List<String> cells) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                b.append(',');
            }
            b.append(quote(cells.get(i)));
        }
        return b.toString();
    }

    private static String quote(String cell) {
        if (cell.indexOf('\n') >= 0 || cell.indexOf('\r') >= 0) {
            throw new IllegalArgumentException("a table cell cannot hold a line break: " + cell);
        }
        boolean needs = cell.indexOf(',') >= 0 || cell.indexOf('"') >= 0
                || !cell.isEmpty() && (Character.isWhitespace(cell.charAt(0))
                || Character.isWhitespace(cell.charAt(cell.length() - 1)));
        return needs ? '"' + cell.replace("\"", "\"\"") + '"' : cell;
    }

    /**
     * The cells of one line written by {@link #line}.
     *
     * @throws IllegalArgumentException for a quote that does not close
     */
    public static List<String> cells(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cell.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                out.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        if (quoted) {
            throw new IllegalArgumentException("a quoted cell does not end: " + line);
        }
        out.add(cell.toString());
        return out;
    }
}
