package org.cryptorder.charts;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The report's "Kernel rules" fact, from {@code experiment.json}'s {@code provenance.kernelRules}:
 * one line when every configuration ran under the same rules, else {@code LABELS: RULES | ...}, each
 * distinct line with the configurations ({@code crypto.policy=async contention.kernelFpuBusy=0.1})
 * that ran under it. Shown as one item per distinct line, its configurations named in words (a
 * group that is every configuration with some swept values, by those values), and the parts of a
 * line that not every line has in bold, so three lines that differ in one word read as such.
 */
final class KernelRules {
    /** A distinct rules line and the configurations, in words, that ran under it. */
    record Line(String configurations, String rules) {
    }

    /** Where the rules begin in {@code LABELS: RULES}: the start of {@code KernelRulesLine.of}. */
    private static final Pattern RULES_START = Pattern.compile(": (?=no kernel named: |kernel )");

    /** Between the parts of a line, the separator kept at the end of the part before it. */
    private static final Pattern PARTS = Pattern.compile("(?<=, )|(?<=: )");

    private KernelRules() {
    }

    /** The distinct lines of {@code provenance}, each with its configurations ("all configurations" for one line). */
    static List<Line> lines(String provenance, ResultTables tables) {
        String[] groups = provenance.split(" \\| ");
        if (groups.length == 1) {
            return List.of(new Line("all configurations", provenance));
        }
        List<Line> out = new ArrayList<>();
        for (String g : groups) {
            Matcher m = RULES_START.matcher(g);
            if (!m.find()) {
                out.add(new Line("", g));
                continue;
            }
            out.add(new Line(configurations(Arrays.asList(g.substring(0, m.start()).split(", ")), tables),
                    g.substring(m.end())));
        }
        return out;
    }

    /** The fact's cell: the line, or a list of the lines, their parts not in every line in bold. */
    static String html(String provenance, ResultTables tables) {
        List<Line> lines = lines(provenance, tables);
        if (lines.size() == 1) {
            return ReportPage.escape(lines.get(0).rules()) + " <span class=\"note\">(all configurations)</span>";
        }
        List<List<String>> parts = lines.stream().map(l -> parts(l.rules())).toList();
        StringBuilder b = new StringBuilder("<ul class=\"rules\">");
        for (int i = 0; i < lines.size(); i++) {
            b.append("<li>");
            if (!lines.get(i).configurations().isEmpty()) {
                b.append("<span class=\"who\">").append(ReportPage.escape(lines.get(i).configurations()))
                        .append(":</span> ");
            }
            for (String part : parts.get(i)) {
                boolean shared = parts.stream().allMatch(p -> p.contains(part));
                String text = part.replaceFirst("[,:] $", "");
                b.append(shared ? ReportPage.escape(part) : "<strong>" + ReportPage.escape(text) + "</strong>"
                        + ReportPage.escape(part.substring(text.length())));
            }
            b.append("</li>");
        }
        return b.append("</ul><p class=\"note\">In bold: what not every line has.</p>").toString();
    }

    private static List<String> parts(String rules) {
        return Arrays.asList(PARTS.split(rules));
    }

    /**
     * The configurations of {@code labels} ({@code path=value path=value}) in words: by the swept
     * values they share when they are every configuration with those values ({@code async (3
     * configurations)}), else each one's label; a label that names no configuration as it is.
     */
    private static String configurations(List<String> labels, ResultTables tables) {
        List<SummaryRow> rows = new ArrayList<>();
        for (String label : labels) {
            Map<String, String> swept = swept(label);
            SummaryRow row = tables.rows().stream().filter(r -> r.swept().equals(swept)).findFirst().orElse(null);
            if (row == null) {
                return String.join("; ", labels);
            }
            rows.add(row);
        }
        if (rows.size() == 1) {
            return rows.get(0).label();
        }
        Map<String, String> shared = new LinkedHashMap<>(rows.get(0).swept());
        rows.forEach(r -> shared.entrySet().removeIf(e -> !e.getValue().equals(r.swept().get(e.getKey()))));
        long withShared = tables.rows().stream()
                .filter(r -> shared.entrySet().stream().allMatch(e -> e.getValue().equals(r.swept().get(e.getKey()))))
                .count();
        if (shared.isEmpty() || withShared != rows.size()) {
            return String.join("; ", rows.stream().map(SummaryRow::label).toList());
        }
        return String.join(", ", shared.entrySet().stream().map(e -> PathLabels.legend(e.getKey(), e.getValue()))
                .toList()) + " (" + rows.size() + " configurations)";
    }

    /** {@code crypto.policy=async contention.kernelFpuBusy=0.1} as a map of swept path to value. */
    private static Map<String, String> swept(String label) {
        Map<String, String> out = new LinkedHashMap<>();
        for (String pair : label.trim().split(" ")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                out.put(pair.substring(0, eq), pair.substring(eq + 1));
            }
        }
        return out;
    }
}
