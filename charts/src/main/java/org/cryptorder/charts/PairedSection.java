package org.cryptorder.charts;

import java.util.List;
import java.util.Optional;
import org.cryptorder.experiment.output.PairedEffect;

/**
 * The report's "Paired differences" section: a table of each configuration's difference from the
 * baseline in the headline metrics ({@code paired.csv}), mean ± the half-width of its 95% paired
 * interval, effects ({@link PairedEffect}) in bold with their size relative to the baseline. A
 * folder without {@code paired.csv} gets a sentence that says why there is no table.
 */
final class PairedSection {
    private PairedSection() {
    }

    static void html(StringBuilder b, ResultTables tables, Optional<PairedDifferences> paired) {
        b.append("<section id=\"paired-differences\">\n<h2>Paired differences</h2>\n");
        if (paired.isEmpty()) {
            b.append("<p class=\"note\">").append(tables.rows().size() == 1 ? "One configuration: nothing to pair."
                    : "This results folder has no <code>" + PairedDifferences.FILE + "</code>: it was written before"
                    + " runs compared each configuration with a baseline pair by pair. A new run of the experiment"
                    + " writes it.").append("</p>\n</section>\n");
            return;
        }
        PairedDifferences p = paired.get();
        List<String> metrics = p.headlineMetrics();
        String baseline = ReportPage.escape(p.baseline().label());
        b.append("<p>Each configuration minus the baseline, <strong>").append(baseline).append("</strong>, replication"
                + " r against replication r: both ran on the same random numbers (common random numbers), so the"
                + " difference of each pair carries less noise than either run. Mean difference ± the half-width of"
                + " its 95% paired Student-t interval; <strong>bold</strong>: an effect, whose interval excludes 0"
                + " and which is at least 1% of the baseline&#39;s mean (in brackets).</p>\n");
        if (metrics.isEmpty()) {
            b.append("<p>No headline metric differs from the baseline in any pair.</p>\n</section>\n");
            return;
        }
        List<String> keys = tables.sweepKeys();
        b.append("<div class=\"scroll\">\n<table class=\"summary paired\">\n<tr>");
        ReportPage.header(b, keys, "pairs");
        List<MetricUnit> units = metrics.stream().map(m -> MetricUnit.of(m, p.largest(m))).toList();
        units.forEach(u -> b.append("<th>").append(ReportPage.escape(u.label())).append("</th>"));
        b.append("</tr>\n");
        for (PairedDifferences.Row r : p.rows()) {
            b.append("<tr>");
            ReportPage.cells(b, keys, r.row(), r.pairs());
            for (int i = 0; i < metrics.size(); i++) {
                PairedEffect e = p.effect(r, metrics.get(i));
                String text = ReportPage.escape(PairedDifferences.shown(r.difference(metrics.get(i)),
                        units.get(i).scale(), p.largest(metrics.get(i)) * units.get(i).scale(), e.isEffect()));
                if (e.isEffect()) {
                    String relative = Double.isNaN(e.relative()) ? ""
                            : "(" + (e.mean() > 0 ? "+" : "\u2212") + Numbers.percent(Math.abs(e.relative())) + ")";
                    b.append("<td class=\"num effect\"><strong>").append(text).append("</strong>")
                            .append(relative.isEmpty() ? "" : "<span class=\"relative\">" + ReportPage.escape(relative)
                                    + "</span>").append("</td>");
                } else {
                    b.append("<td class=\"num\">").append(text).append("</td>");
                }
            }
            b.append("</tr>\n");
        }
        b.append("</table>\n</div>\n<p class=\"note\">From <code>").append(PairedDifferences.FILE)
                .append("</code>, which has every metric&#39;s difference (<code>&lt;metric&gt;_diff_mean</code>,"
                        + " <code>&lt;metric&gt;_diff_hw95</code>); <code>cryptorder chart DIR --paired-metric"
                        + " COLUMN</code> draws any of them.</p>\n</section>\n");
    }
}
