package org.cryptorder.charts;

import java.nio.file.Files;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.cryptorder.experiment.records.ExperimentJson;
import org.cryptorder.experiment.replication.OutputColumns;

/**
 * {@code report.html}: one self-contained page per experiment for a design review. Inline CSS and
 * inline SVG charts, no script and nothing loaded from elsewhere, so it opens offline in any
 * browser and prints. Sections: what was run (description, swept parameters, what was held fixed,
 * replications, seed, tool version, random-number scheme), warnings about what the figures measure
 * ({@link ReportPageWarnings}), a reading of the numbers, the paired differences from the baseline
 * ({@link PairedSection}), the charts,
 * the summary table with 95% confidence half-widths (the key metrics, then every column), and
 * every fixed parameter (those set otherwise than by default first, the rest folded).
 */
final class ReportPage {
    /**
     * One chart of the page.
     *
     * @param name       its file name without extension
     * @param title      a heading
     * @param caption    what it shows
     * @param svgElement the inline {@code <svg>}, or null when the chart was not drawn
     */
    record Figure(String name, String title, String caption, String svgElement) {
    }

    /** A column of the key-metric table: its metric, heading and scale. */
    private record Column(String metric, String heading, double scale) {
    }

    private static final String STYLE = """
            :root { color-scheme: light; }
            body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; color: #222;
                   background: #fff; margin: 0; }
            main { max-width: 1100px; margin: 0 auto; padding: 24px 28px 48px; }
            h1 { font-size: 28px; margin: 8px 0 4px; }
            h2 { font-size: 21px; margin: 36px 0 10px; border-bottom: 1px solid #ddd; padding-bottom: 4px; }
            h3 { font-size: 17px; margin: 22px 0 6px; }
            p.description { font-size: 17px; margin: 4px 0 12px; }
            p.meta, p.note, figcaption, footer { color: #555; font-size: 14px; }
            table { border-collapse: collapse; margin: 8px 0; font-size: 14px; }
            th, td { border: 1px solid #ddd; padding: 4px 8px; text-align: left; vertical-align: top; }
            th { background: #f4f4f4; font-weight: 600; }
            td.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
            td.key { white-space: nowrap; }
            td.effect { background: #eef5fb; }
            table.paired { table-layout: auto; }
            table.paired th { font-size: 12px; }
            table.paired span.relative { display: block; font-size: 12px; color: #555; }
            table.summary { font-size: 13px; }
            table.summary th, table.summary td { padding: 3px 6px; }
            table.facts { width: 100%; }
            table.facts th { width: 14em; }
            table.facts td { overflow-wrap: anywhere; }  /* fingerprints and long rule lists wrap on a narrow screen */
            @media (max-width: 700px) { table.facts th { width: 7em; } main { padding: 16px 12px 32px; } }
            dl.params { columns: 20em; column-gap: 28px; font-size: 13px; margin: 8px 0; }
            dl.params div { break-inside: avoid; display: flex; justify-content: space-between; gap: 12px;
                            border-bottom: 1px dotted #ddd; padding: 1px 0; }
            dl.params dt { color: #555; font-family: ui-monospace, "DejaVu Sans Mono", monospace; min-width: 0;
                           overflow-wrap: anywhere; }
            dl.params dd { margin: 0; text-align: right; flex: none; max-width: 50%; overflow-wrap: anywhere; }
            ul.reading li { margin: 4px 0; }
            ul.rules { margin: 0; padding-left: 1.2em; }
            ul.rules li { margin: 0 0 4px; }
            ul.rules .who { font-weight: 600; }
            table.facts p.note, table.facts span.note { margin: 2px 0 0; font-size: 13px; }
            div.warning { border-left: 4px solid #d08000; background: #fff8ec; padding: 2px 14px; margin: 10px 0; }
            div.finding { border-left: 4px solid #5b7fa6; background: #f2f6fa; padding: 2px 14px; margin: 10px 0; }
            figure { margin: 18px 0 30px; }
            figure .chart svg { display: block; width: 100%; height: auto; max-width: 960px;
                                border: 1px solid #eee; }
            .scroll { overflow-x: auto; }
            details summary { cursor: pointer; margin: 12px 0 6px; }
            code { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: 0.92em; }
            @media print { main { max-width: none; } figure { break-inside: avoid; } }
            """;

    private final ResultTables tables;
    private final Optional<PairedDifferences> paired;
    private final List<Figure> figures;
    private final List<String> reading;
    private final String toolVersion;

    ReportPage(ResultTables tables, Optional<PairedDifferences> paired, List<Figure> figures, List<String> reading,
               String toolVersion) {
        this.tables = tables;
        this.paired = paired;
        this.figures = List.copyOf(figures);
        this.reading = List.copyOf(reading);
        this.toolVersion = toolVersion;
    }

    static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (char c : s.toCharArray()) {
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }

    String html() {
        ExperimentDescription e = tables.experiment();
        StringBuilder b = new StringBuilder(1 << 16);
        b.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>").append(escape(e.name())).append(" · cryptorder report</title>\n")
                .append("<style>\n").append(STYLE).append("</style>\n</head>\n<body>\n<main>\n");
        b.append("<h1>").append(escape(e.name())).append("</h1>\n");
        if (!e.description().isEmpty()) {
            b.append("<p class=\"description\">").append(escape(e.description())).append("</p>\n");
        }
        b.append("<p class=\"meta\">Results folder <code>").append(escape(tables.folder().toString()))
                .append("</code>. Every number is a mean over the replications ± the half-width of its 95% confidence"
                        + " interval (Student t).</p>\n");
        whatWasRun(b);
        ReportPageWarnings.html(b, ReportPageWarnings.of(tables));
        reading(b);
        PairedSection.html(b, tables, paired);
        charts(b);
        summary(b);
        parameters(b);
        b.append("<footer><p>Drawn from <code>experiment.json</code>, <code>summary.csv</code> and <code>runs.csv</code>"
                + " (and, where present, <code>paired.csv</code>, <code>latency.csv</code> and <code>series/</code>) by cryptorder ").append(escape(toolVersion)).append(".</p></footer>\n");
        b.append("</main>\n</body>\n</html>\n");
        return b.toString();
    }

    // ----- what was run

    private void whatWasRun(StringBuilder b) {
        ExperimentDescription e = tables.experiment();
        b.append("<section id=\"run\">\n<h2>What was run</h2>\n<table class=\"facts\">\n");
        if (e.sweep().isEmpty()) {
            fact(b, "Swept", "nothing: one configuration");
        }
        for (Map.Entry<String, List<String>> s : e.sweep().entrySet()) {
            factHtml(b, "Swept: " + PathLabels.name(s.getKey()), "<code>" + escape(s.getKey()) + "</code> = "
                    + escape(String.join(", ", s.getValue())));
        }
        int configurations = tables.rows().size();
        fact(b, "Configurations", configurations + (e.sweep().size() > 1 ? " (every combination)" : ""));
        fact(b, "Replications", e.replications() + " per configuration; " + tables.runs().rows().size()
                + " runs in runs.csv");
        if (!Double.isNaN(e.durationS())) {
            fact(b, "Simulated time", Numbers.plain(e.durationS()) + " s per run, the first " + Numbers.plain(e.warmupS())
                    + " s a warm-up whose observations are discarded");
        }
        fact(b, "Held fixed", e.heldFixed());
        fact(b, "Seed", e.seed());
        Map<String, String> provenance = e.provenance();
        String randomNumbers = provenance.getOrDefault("randomNumbers", String.join("; ",
                tables.summary().comments().stream().filter(c -> c.startsWith("# random numbers: "))
                        .map(c -> c.substring("# random numbers: ".length())).toList()));
        fact(b, "Random numbers", randomNumbers);
        String tool = provenance.getOrDefault("tool", tables.summary().comments().isEmpty() ? ""
                : tables.summary().comments().get(0).replaceFirst("^# ", ""));
        fact(b, "Tool version", tool);
        if (provenance.containsKey("fingerprint")) {
            factHtml(b, "Experiment fingerprint", "<code>" + escape(provenance.get("fingerprint")) + "</code>");
        }
        if (provenance.containsKey("kernelRules")) {
            factHtml(b, "Kernel rules", KernelRules.html(provenance.get("kernelRules"), tables));
        }
        if (provenance.containsKey("source")) {
            factHtml(b, "Experiment file", "<code>" + escape(provenance.get("source")) + "</code>"
                    + (provenance.containsKey("set") ? ", with <code>" + escape(provenance.get("set")) + "</code>" : ""));
        }
        b.append("</table>\n<p class=\"note\">Every parameter that was held fixed is listed at the end, under"
                + " <a href=\"#parameters\">Fixed parameters</a>.</p>\n</section>\n");
    }

    /**
     * Every fixed parameter: first those that differ from the defaults (and those without one),
     * then, folded, those at their defaults. Keys may break after each dot, so a long one wraps in
     * its column instead of running into the next.
     */
    private void parameters(StringBuilder b) {
        Map<String, String> fixed = tables.experiment().fixedParameters();
        Map<String, String> defaults = defaults(tables.experiment());
        Map<String, String> changed = new LinkedHashMap<>();
        Map<String, String> atDefault = new LinkedHashMap<>();
        fixed.forEach((k, v) -> (v.equals(defaults.get(k)) ? atDefault : changed).put(k, v));
        b.append("<section id=\"parameters\">\n<h2>Fixed parameters</h2>\n<p class=\"note\">The experiment as it"
                + " ran, defaults filled in (<code>experiment.json</code>), without the swept paths: the ")
                .append(changed.size()).append(" set otherwise than by default first, the ").append(atDefault.size())
                .append(" at their defaults folded below.</p>\n");
        parameterList(b, changed);
        if (!atDefault.isEmpty()) {
            b.append("<details class=\"defaults\">\n<summary>The ").append(atDefault.size())
                    .append(" parameters at their defaults</summary>\n");
            parameterList(b, atDefault);
            b.append("</details>\n");
        }
        b.append("</section>\n");
    }

    private static void parameterList(StringBuilder b, Map<String, String> parameters) {
        b.append("<dl class=\"params\">\n");
        parameters.forEach((k, v) -> b.append("<div><dt>").append(escape(k).replace(".", ".<wbr>"))
                .append("</dt><dd>").append(escape(v)).append("</dd></div>\n"));
        b.append("</dl>\n");
    }

    /** The defaults of an experiment like this one (its kernel, its kinds of traffic), flattened as its parameters. */
    static Map<String, String> defaults(ExperimentDescription e) {
        JsonNode kernel = e.at("crypto.kernel");
        List<String> kinds = new ArrayList<>();
        e.at("traffic").forEach(t -> kinds.add(t.path("kind").asText("udp")));
        JsonNode wifi = e.at("wifi");
        try {
            return ExperimentDescription.parse(ExperimentJson.defaults(kernel.isTextual() ? kernel.asText() : null, kinds,
                    !wifi.isMissingNode() && !wifi.isNull())).fixedParameters();
        } catch (MalformedResultsException | RuntimeException ex) {
            return Map.of();  // a kernel this version does not know: every parameter counts as set
        }
    }

    private static void fact(StringBuilder b, String name, String value) {
        factHtml(b, name, escape(value));
    }

    /** A fact whose value is already HTML. */
    private static void factHtml(StringBuilder b, String name, String html) {
        b.append("<tr><th>").append(escape(name)).append("</th><td>").append(html).append("</td></tr>\n");
    }

    // ----- reading

    private void reading(StringBuilder b) {
        b.append("<section id=\"reading\">\n<h2>Reading</h2>\n");
        if (reading.isEmpty()) {
            b.append("<p>The tables hold no metric these sentences are made from.</p>\n");
        } else {
            b.append("<ul class=\"reading\">\n");
            reading.forEach(s -> b.append("<li>").append(escape(s)).append("</li>\n"));
            b.append("</ul>\n");
        }
        b.append("<p class=\"note\">Written from the numbers of <code>summary.csv</code>: a difference or a change is"
                + " named only when the 95% confidence intervals do not overlap and it is at least 1%; in the sentences"
                + " marked (paired), from <code>paired.csv</code>, when the 95% paired interval of the difference from"
                + " the baseline excludes 0 and it is at least 1% of the baseline; \u201cnone\u201d means zero in every"
                + " replication.</p>\n</section>\n");
    }

    // ----- charts

    private void charts(StringBuilder b) {
        b.append("<section id=\"charts\">\n<h2>Charts</h2>\n");
        List<Figure> skipped = new ArrayList<>();
        for (Figure f : figures) {
            if (f.svgElement() == null) {
                skipped.add(f);
                continue;
            }
            b.append("<figure id=\"").append(escape(f.name())).append("\">\n<h3>").append(escape(f.title()))
                    .append("</h3>\n<div class=\"chart\" role=\"img\" aria-label=\"").append(escape(f.title()))
                    .append(" chart\">\n").append(f.svgElement()).append("\n</div>\n<figcaption>")
                    .append(escape(f.caption())).append(" Files: <a href=\"charts/").append(escape(f.name()))
                    .append(".png\">charts/").append(escape(f.name())).append(".png</a>, <a href=\"charts/")
                    .append(escape(f.name())).append(".svg\">charts/").append(escape(f.name()))
                    .append(".svg</a>.</figcaption>\n</figure>\n");
        }
        for (Figure f : skipped) {
            b.append("<p class=\"note skipped\" id=\"").append(escape(f.name())).append("\">")
                    .append(escape(f.title())).append(": ").append(escape(f.caption())).append("</p>\n");
        }
        b.append("</section>\n");
    }

    // ----- summary table

    private List<Column> keyColumns() {
        GoodputChart.BitRate unit = GoodputChart.BitRate.of(tables);
        List<Column> all = new ArrayList<>(List.of(
                new Column(GoodputChart.METRIC, "goodput (" + unit.label() + ")", unit.scale()),
                new Column(ReorderingChart.RATIO, "reordered (%)", 100),
                new Column(ReorderingChart.DELAYED, "InPktsDelayed", 1)));
        if (tables.experiment().hasTcp()) {
            all.add(new Column(TcpRetransmitsChart.TOTAL, "TCP Retr", 1));
            all.add(new Column(TcpRetransmitsChart.SPURIOUS, "spurious", 1));
        }
        if (tables.experiment().hasUdp()) {
            all.add(new Column("udp_lost", "UDP lost", 1));
        }
        // the rest under the catalog's headings, with the unit when it is not a count of things
        for (String metric : List.of("latency_p50_us", "latency_p99_us", "cryptd_enqueued", "cryptd_dropped",
                "rx_missed", "tx_queue_dropped", "tcp_loss_probes")) {
            if (metric.startsWith("tcp_") && !tables.experiment().hasTcp()) {
                continue;
            }
            all.add(new Column(metric, catalogHeading(metric), 1));
        }
        return all.stream().filter(c -> tables.has(c.metric())).toList();
    }

    /** The column catalog's heading of a metric, with its unit in brackets when that is a time. */
    private static String catalogHeading(String metric) {
        OutputColumns.Column c = OutputColumns.get(metric);
        if (c == null) {
            return metric;
        }
        return c.unit().equals("µs") || c.unit().equals("s") ? c.heading() + " (" + c.unit() + ")" : c.heading();
    }

    private void summary(StringBuilder b) {
        List<String> keys = tables.sweepKeys();
        b.append("<section id=\"summary\">\n<h2>Summary table</h2>\n<div class=\"scroll\">\n<table class=\"summary\">\n<tr>");
        List<Column> columns = keyColumns();
        header(b, keys, "n");
        columns.forEach(c -> b.append("<th>").append(escape(c.heading())).append("</th>"));
        b.append("</tr>\n");
        for (SummaryRow r : tables.rows()) {
            b.append("<tr>");
            cells(b, keys, r, r.replications());
            for (Column c : columns) {
                b.append("<td class=\"num\">").append(escape(Numbers.withInterval(r.estimate(c.metric()), c.scale())))
                        .append("</td>");
            }
            b.append("</tr>\n");
        }
        b.append("</table>\n</div>\n<details>\n<summary>Every column of <code>summary.csv</code></summary>\n"
                + "<div class=\"scroll\">\n<table class=\"summary all\">\n<tr>");
        header(b, keys, "n");
        tables.metrics().forEach(m -> b.append("<th><code>").append(escape(m)).append("</code></th>"));
        b.append("</tr>\n");
        for (SummaryRow r : tables.rows()) {
            b.append("<tr>");
            cells(b, keys, r, r.replications());
            for (String m : tables.metrics()) {
                b.append("<td class=\"num\">").append(escape(Numbers.withInterval(r.estimate(m), 1))).append("</td>");
            }
            b.append("</tr>\n");
        }
        b.append("</table>\n</div>\n</details>\n</section>\n");
    }

    /** The heading cells of a configuration's row: its swept values, then {@code count}'s heading. */
    static void header(StringBuilder b, List<String> keys, String count) {
        if (keys.isEmpty()) {
            b.append("<th>configuration</th>");
        }
        keys.forEach(k -> b.append("<th>").append(escape(PathLabels.name(k))).append("</th>"));
        b.append("<th>").append(escape(count)).append("</th>");
    }

    /** The first cells of a configuration's row: its swept values, then {@code count}. */
    static void cells(StringBuilder b, List<String> keys, SummaryRow r, int count) {
        if (keys.isEmpty()) {
            b.append("<td>").append(escape(r.label())).append("</td>");
        }
        keys.forEach(k -> b.append("<td class=\"key\">").append(escape(PathLabels.value(k, r.swept().get(k))))
                .append("</td>"));
        b.append("<td class=\"num\">").append(count).append("</td>");
    }
}
