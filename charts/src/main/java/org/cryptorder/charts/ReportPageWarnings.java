package org.cryptorder.charts;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.cryptorder.experiment.ConfigurationSummary;
import org.cryptorder.experiment.MeasurementWarnings;

/**
 * The report's warnings section: the {@link MeasurementWarnings} of the folder's configurations
 * (the same tests, numbers and advice as the summary {@code run} prints), each configuration's set-up
 * read from {@code experiment.json} with its swept values over it. A folder whose tables lack a
 * column a test needs gets no warning of that kind.
 */
final class ReportPageWarnings {
    private ReportPageWarnings() {
    }

    /** The warnings of the folder's configurations. */
    static List<MeasurementWarnings.Warning> of(ResultTables tables) {
        ExperimentDescription e = tables.experiment();
        Set<String> targeted = new HashSet<>();
        e.at("run.targetHalfWidth").fieldNames().forEachRemaining(targeted::add);
        return MeasurementWarnings.of(tables.rows().stream().map(r -> {
            Map<String, ConfigurationSummary.Estimate> estimates = new LinkedHashMap<>();
            r.estimates().forEach((m, est) -> estimates.put(m, new ConfigurationSummary.Estimate(est.mean(),
                    est.halfWidth(), r.replications())));
            return new MeasurementWarnings.Configuration(r.label(), setup(e, r), estimates, targeted);
        }).toList());
    }

    /** The section, or nothing when there is no warning. */
    static void html(StringBuilder b, List<MeasurementWarnings.Warning> warnings) {
        if (warnings.isEmpty()) {
            return;
        }
        b.append("<section id=\"warnings\">\n<h2>Warnings</h2>\n");
        MeasurementWarnings.Kind shown = null;
        for (int i = 0; i < warnings.size(); i++) {
            MeasurementWarnings.Warning w = warnings.get(i);
            if (w.kind() != shown) {
                b.append("<div class=\"warning\">\n<p><strong>").append(ReportPage.escape(capitalised(w.kind().headline())))
                        .append(".</strong></p>\n<ul>\n");
                shown = w.kind();
            }
            b.append("<li>").append(ReportPage.escape(w.label())).append(": ").append(ReportPage.escape(w.text()))
                    .append(".</li>\n");
            if (i + 1 == warnings.size() || warnings.get(i + 1).kind() != shown) {
                b.append("</ul>\n<p>").append(ReportPage.escape(w.kind().advice())).append("</p>\n</div>\n");
            }
        }
        b.append("</section>\n");
    }

    private static String capitalised(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /** A configuration's set-up: its swept values, else the fixed ones of {@code experiment.json}. */
    private static MeasurementWarnings.Setup setup(ExperimentDescription e, SummaryRow r) {
        double datagrams = 0;
        double mbps = 0;
        boolean tcp = false;
        int entries = e.at("traffic").size();
        for (int i = 0; i < entries; i++) {
            String kind = text(e, r, "traffic." + i + ".kind");
            if (kind.equals("udp")) {
                double rate = number(e, r, "traffic." + i + ".rateMbps", Double.NaN);
                double bytes = number(e, r, "traffic." + i + ".packetBytes", 1400);
                datagrams += rate * 1e6 / (8 * bytes);
                mbps += rate;
            } else {
                tcp = true;
            }
        }
        int ring = (int) (number(e, r, "hosts.rxRingSize", 4096) * number(e, r, "hosts.rxQueues", 1));
        return new MeasurementWarnings.Setup(number(e, r, "run.warmupS", 0), number(e, r, "run.durationS", Double.NaN),
                datagrams, mbps, tcp, ring);
    }

    private static String text(ExperimentDescription e, SummaryRow r, String path) {
        String swept = r.swept().get(path);
        return swept != null ? swept : e.at(path).asText("");
    }

    private static double number(ExperimentDescription e, SummaryRow r, String path, double fallback) {
        String swept = r.swept().get(path);
        if (swept != null) {
            try {
                return Double.parseDouble(swept);
            } catch (NumberFormatException ex) {
                return fallback;
            }
        }
        JsonNode n = e.at(path);
        return n.isNumber() ? n.asDouble() : fallback;
    }
}
