package org.cryptorder.charts;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.cryptorder.experiment.output.ConfigurationSummary;
import org.cryptorder.experiment.replication.MeasurementWarnings;

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

    /** The findings' section and the warnings' section, each only when it has something to say. */
    static void html(StringBuilder b, List<MeasurementWarnings.Warning> all) {
        List<MeasurementWarnings.Warning> findings = all.stream().filter(MeasurementWarnings.Warning::finding).toList();
        if (!findings.isEmpty()) {
            b.append("<section id=\"findings\">\n<h2>What the swept values did</h2>\n<p>Some configurations did not"
                    + " run as the file asked where others of the sweep did: the figures are of what ran.</p>\n");
            kinds(b, findings, "finding");
            b.append("</section>\n");
        }
        List<MeasurementWarnings.Warning> warnings = all.stream().filter(w -> !w.finding()).toList();
        if (warnings.isEmpty()) {
            return;
        }
        b.append("<section id=\"warnings\">\n<h2>Warnings</h2>\n");
        kinds(b, warnings, "warning");
        b.append("</section>\n");
    }

    /** One block per kind: its headline, the configurations' lines, what to do. */
    private static void kinds(StringBuilder b, List<MeasurementWarnings.Warning> warnings, String cssClass) {
        MeasurementWarnings.Kind shown = null;
        for (int i = 0; i < warnings.size(); i++) {
            MeasurementWarnings.Warning w = warnings.get(i);
            if (w.kind() != shown) {
                b.append("<div class=\"").append(cssClass).append("\">\n<p><strong>").append(ReportPage.escape(capitalised(w.kind().headline())))
                        .append(".</strong></p>\n<ul>\n");
                shown = w.kind();
            }
            b.append("<li>").append(ReportPage.escape(w.label())).append(": ").append(ReportPage.escape(w.text()))
                    .append(".</li>\n");
            if (i + 1 == warnings.size() || warnings.get(i + 1).kind() != shown) {
                b.append("</ul>\n<p>").append(ReportPage.escape(w.kind().advice())).append("</p>\n</div>\n");
            }
        }
    }

    private static String capitalised(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /** A configuration's set-up: its swept values, else the fixed ones of {@code experiment.json}. */
    private static MeasurementWarnings.Setup setup(ExperimentDescription e, SummaryRow r) {
        double datagrams = 0;
        double mbps = 0;
        double wireMbps = 0;
        boolean tcp = false;
        int macsec = (bool(e, r, "macsec.sendSci", true) ? 16 : 8) + (int) number(e, r, "macsec.icvLen", 16);
        int entries = e.at("traffic").size();
        for (int i = 0; i < entries; i++) {
            String kind = text(e, r, "traffic." + i + ".kind");
            if (kind.equals("udp")) {
                double rate = number(e, r, "traffic." + i + ".rateMbps", Double.NaN);
                double bytes = number(e, r, "traffic." + i + ".packetBytes", 1400);
                datagrams += rate * 1e6 / (8 * bytes);
                mbps += rate;
                wireMbps += rate / MeasurementWarnings.Queues.payloadShare((int) bytes, macsec);
            } else {
                tcp = true;
            }
        }
        int rxQueues = (int) number(e, r, "hosts.rxQueues", 1);
        int rxRing = (int) number(e, r, "hosts.rxRingSize", 4096);
        double linkMbps = e.at("wifi").isObject() ? Double.NaN : 1000 * number(e, r, "link.rateGbps", 10);
        MeasurementWarnings.Queues queues = new MeasurementWarnings.Queues(rxQueues, rxRing,
                (int) number(e, r, "hosts.txQueues", 1), text(e, r, "hosts.qdisc").isEmpty() ? "pfifo_fast"
                : text(e, r, "hosts.qdisc"), linkMbps, mbps > 0 ? linkMbps * mbps / wireMbps : Double.NaN,
                number(e, r, "contention.kernelFpuBusy", 0), bool(e, r, "hosts.ksoftirqd", true));
        return new MeasurementWarnings.Setup(number(e, r, "run.warmupS", 0), number(e, r, "run.durationS", Double.NaN),
                datagrams, mbps, tcp, rxRing * rxQueues, queues);
    }

    private static boolean bool(ExperimentDescription e, SummaryRow r, String path, boolean fallback) {
        String swept = r.swept().get(path);
        if (swept != null) {
            return Boolean.parseBoolean(swept);
        }
        JsonNode n = e.at(path);
        return n.isBoolean() ? n.asBoolean() : fallback;
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
