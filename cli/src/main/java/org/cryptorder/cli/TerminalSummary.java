package org.cryptorder.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import org.cryptorder.experiment.file.ExperimentFile;
import org.cryptorder.experiment.ExperimentRunner;
import org.cryptorder.experiment.output.ConfigurationSummary;
import org.cryptorder.experiment.output.ConfigurationSummary.Estimate;
import org.cryptorder.experiment.output.Csv;
import org.cryptorder.experiment.output.PairedEffect;
import org.cryptorder.experiment.replication.MeasurementWarnings;

/**
 * What {@code run} prints when an experiment is done: a few lines per configuration in the words
 * of iperf3 (interval, bitrate; for TCP Retr with its spurious part and the loss probes, for UDP
 * lost/total datagrams and out-of-order) and {@code ip -s macsec show}
 * (InPktsOK, InPktsDelayed, InPktsLate, InPktsNotValid), plus reordering and cryptd use, and
 * when some configuration lost frames at a NIC queue, those drops (a full TX queue, Linux's qdisc
 * drops; a full RX ring, Linux's rx_missed), each number as mean +/- 95% half-width over the
 * replications; then a netperf-style warning for every precision target not reached.
 */
final class TerminalSummary {
    private TerminalSummary() {
    }

    static void print(ExperimentFile file, ExperimentRunner.Report report, PrintWriter out) {
        var run = file.experiment().run();
        out.printf(Locale.ROOT, "%n%s: %d configuration%s x %d replication%s, mean +/- 95%% half-width, measured %s-%s sec%n",
                file.experiment().name(), report.summaries().size(), report.summaries().size() == 1 ? "" : "s",
                run.replications(), run.replications() == 1 ? "" : "s", seconds(run.warmupS()), seconds(run.durationS()));
        boolean nicDrops = report.summaries().stream().anyMatch(s -> dropped(s, "tx_queue_dropped")
                || dropped(s, "rx_missed"));
        boolean ksoftirqd = report.summaries().stream().anyMatch(s -> dropped(s, "cpu_ksoftirqd_seconds"));
        boolean tcp = file.experiment().traffic().stream().anyMatch(t -> t instanceof org.cryptorder.experiment.records.Experiment.TcpTraffic);
        boolean udp = !tcp || file.experiment().traffic().stream()
                .anyMatch(t -> t instanceof org.cryptorder.experiment.records.Experiment.UdpTraffic);
        boolean footnote = false;
        for (ConfigurationSummary s : report.summaries()) {
            out.println();
            out.println("  " + s.run().point().label());
            Estimate goodput = s.estimate("goodput_bps");
            // what iperf3 prints for what runs: Retr for TCP, lost/total and out-of-order for UDP
            StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "    %-7s %s-%s sec  %s", "iperf3",
                    seconds(run.warmupS()), seconds(run.durationS()), bitrate(goodput)));
            if (tcp) {
                line.append(String.format(Locale.ROOT, "  Retr %s (spurious %s)  loss probes %s",
                        count(s.estimate("tcp_retransmits")), count(s.estimate("tcp_spurious_retransmits")),
                        count(s.estimate("tcp_loss_probes"))));
            }
            if (udp) {
                boolean arithmetic = iperfArithmetic(s);
                footnote |= arithmetic;
                line.append(String.format(Locale.ROOT, "  Lost/Total Datagrams %s/%s%s  Out-of-order %s",
                        plain(s.estimate("udp_lost")), plain(s.estimate("udp_sent")), arithmetic ? FOOTNOTE_MARK : "",
                        count(s.estimate("udp_out_of_order"))));
            }
            out.println(line);
            if (file.experiment().wifi() != null) {
                // a WiFi station: no SecY, no cryptd, no reordering source; what the station did instead
                out.printf(Locale.ROOT, "    %-7s latency p50 %s us  p99 %s us  RX missed %s  MIC or payload failures %s%n",
                        "station", latency(s.estimate("latency_p50_us")), latency(s.estimate("latency_p99_us")),
                        count(s.estimate("rx_missed")), count(s.estimate("udp_corrupt")));
                continue;
            }
            out.printf(Locale.ROOT, "    %-7s InPktsOK %s  InPktsDelayed %s  InPktsLate %s  InPktsNotValid %s%n", "macsec",
                    count(s.estimate("in_pkts_ok")), count(s.estimate("in_pkts_delayed")),
                    count(s.estimate("in_pkts_late")), count(s.estimate("in_pkts_not_valid")));
            out.printf(Locale.ROOT, "    %-7s reordered %s  extent max %s  latency p50 %s us  p99 %s us%n", "order",
                    percent(s.estimate("reordered_ratio")), count(s.estimate("reorder_extent_max")),
                    latency(s.estimate("latency_p50_us")), latency(s.estimate("latency_p99_us")));
            out.printf(Locale.ROOT, "    %-7s enqueued %s  dropped %s  wait %s us%n", "cryptd",
                    count(s.estimate("cryptd_enqueued")), count(s.estimate("cryptd_dropped")),
                    decimal(s.estimate("cryptd_wait_mean_us")));
            if (nicDrops) {
                out.printf(Locale.ROOT, "    %-7s TX queue dropped %s  RX missed %s%n", "nic",
                        count(s.estimate("tx_queue_dropped")), count(s.estimate("rx_missed")));
            }
            if (ksoftirqd) {
                // b's CPU time when softirq work moved to ksoftirqd in some configuration
                out.printf(Locale.ROOT, "    %-7s softirq %s s (in ksoftirqd %s s)  kernel workers %s s  user tasks %s s%n",
                        "cpu", decimal3(s.estimate("cpu_softirq_seconds")), decimal3(s.estimate("cpu_ksoftirqd_seconds")),
                        decimal3(s.estimate("cpu_kernel_worker_seconds")), decimal3(s.estimate("cpu_user_task_seconds")));
            }
        }
        if (footnote) {
            out.println();
            out.println("  " + FOOTNOTE_MARK + " iperf3's arithmetic, not a fault: a datagram sent before the warm-up's end"
                    + " and received");
            out.println("      after it counts among the window's received but not its sent, so lost can be below 0");
            out.println("      and received above sent (docs/outputs.md, udp_lost)");
        }
        pairedEffects(report.folder().resolve("paired.csv"), report.summaries(), out);
        measurementWarnings(report.summaries(), out);
        warnings(report.summaries(), run.replications(), out);
        boolean latency = java.nio.file.Files.isRegularFile(report.folder().resolve("latency.csv"));
        boolean series = java.nio.file.Files.isDirectory(report.folder().resolve("series"));
        boolean sequences = java.nio.file.Files.isRegularFile(report.folder().resolve("series")
                .resolve(org.cryptorder.experiment.TcpSequenceFile.fileName(0)));
        out.printf(Locale.ROOT, "%ntables: %s (runs.csv, summary.csv, %sexperiment.json%s)%n", report.folder(),
                latency ? "latency.csv, " : "", !series ? "" : sequences ? "; cryptd and TX queues and TCP's time-sequence"
                        + " records in series/" : "; cryptd and TX queues in series/");
        out.flush();
    }

    /**
     * The effects {@code paired.csv} shows: for each configuration, the headline metrics whose paired
     * difference from the baseline is an effect by {@link PairedEffect}'s rule (the report's rule
     * too). Replication r of both ran on the same random numbers, so such a difference can be
     * certain where the two unpaired intervals overlap.
     */
    private static void pairedEffects(java.nio.file.Path paired, List<ConfigurationSummary> summaries, PrintWriter out) {
        List<String> lines;
        try {
            lines = java.nio.file.Files.readAllLines(paired).stream().filter(l -> !l.startsWith("#")).toList();
        } catch (java.io.IOException e) {
            return;  // one configuration, or a table not written: nothing to pair
        }
        if (lines.size() < 2) {
            return;
        }
        List<String> header = Csv.cells(lines.get(0));
        boolean first = true;
        for (String row : lines.subList(1, lines.size())) {
            List<String> cells = Csv.cells(row);
            ConfigurationSummary base = summaries.get(Integer.parseInt(cells.get(header.indexOf("baseline"))));
            ConfigurationSummary self = summaries.get(Integer.parseInt(cells.get(header.indexOf("configuration"))));
            List<String> effects = new java.util.ArrayList<>();
            for (String m : PairedEffect.HEADLINE_METRICS) {
                int at = header.indexOf(m + "_diff_mean");
                if (at < 0) {
                    continue;
                }
                PairedEffect e = new PairedEffect(Csv.parseNumber(cells.get(at)), Csv.parseNumber(cells.get(at + 1)),
                        base.estimate(m).mean());
                if (e.isEffect()) {
                    effects.add(difference(m, e.mean(), e.halfWidth()));
                }
            }
            if (first) {
                out.println();
                out.println("  paired against " + base.run().point().label()
                        + " (replication r against replication r, 95%; effects of 1% or more whose interval excludes 0):");
                first = false;
            }
            List<String> changed = changed(base.run().point(), self.run().point());
            out.println("    " + self.run().point().label() + ": " + (effects.isEmpty() ? "none" : String.join(", ", effects))
                    + (changed.size() > 1 ? "  [" + changed.size() + " factors changed (" + String.join(", ", changed)
                    + "): not one factor's effect]" : ""));
        }
    }

    /** The swept keys whose values differ between two configurations. */
    static List<String> changed(org.cryptorder.experiment.records.SweepPoint base, org.cryptorder.experiment.records.SweepPoint self) {
        return self.values().keySet().stream().filter(k -> !self.text(k).equals(base.text(k))).toList();
    }

    /**
     * A paired difference in the words and units of the summary's other lines: {@code goodput +1.32
     * +/- 0.01 Gbit/s}, {@code latency p50 -29.5 +/- 0.7 ms}, {@code InPktsDelayed +170 +/- 64}; the
     * mean to three significant digits (a count whole from 10 on, else to a tenth), the half-width to
     * the same place.
     */
    static String difference(String metric, double mean, double halfWidth) {
        org.cryptorder.experiment.replication.OutputColumns.Column column = org.cryptorder.experiment.replication.OutputColumns.get(metric);
        String heading = column == null ? metric : column.heading() + (metric.startsWith("cpu_") ? " CPU" : "");
        String unit = column == null ? "" : column.unit();
        double m = Math.abs(mean);
        double scale = 1;
        String suffix = "";
        switch (unit) {
            case "bit/s" -> {
                scale = m >= 1e9 ? 1e9 : m >= 1e6 ? 1e6 : m >= 1e3 ? 1e3 : 1;
                suffix = scale == 1e9 ? " Gbit/s" : scale == 1e6 ? " Mbit/s" : scale == 1e3 ? " kbit/s" : " bit/s";
            }
            case "µs" -> {
                scale = m >= 1000 ? 1000 : 1;
                suffix = scale == 1000 ? " ms" : " us";
            }
            case "s" -> suffix = " s";
            case "1" -> {
                scale = 0.01;
                suffix = " percentage points";
            }
            default -> suffix = "";
        }
        double scaled = m / scale;
        boolean things = suffix.isEmpty();  // frames, segments, datagrams: whole, as the summary counts them
        int decimals = scaled == 0 || !Double.isFinite(scaled) ? 0 : things ? (scaled >= 10 ? 0 : 1)
                : Math.max(0, 2 - (int) Math.floor(Math.log10(scaled)));
        String f = "%s %+." + decimals + "f +/- %." + decimals + "f%s";
        return String.format(Locale.ROOT, f, heading, mean / scale, halfWidth / scale, suffix);
    }

    /**
     * The sweep's findings ({@link MeasurementWarnings.Warning#finding()}), a line each, then a "!!! WARNING"
     * block for each other kind of {@link MeasurementWarnings}: the configurations, then what to do.
     */
    private static void measurementWarnings(List<ConfigurationSummary> summaries, PrintWriter out) {
        List<MeasurementWarnings.Configuration> configurations = summaries.stream()
                .map(s -> new MeasurementWarnings.Configuration(s.run().point().label(),
                        MeasurementWarnings.Setup.of(s.run().experiment()), s.estimates(),
                        s.run().experiment().run().targetHalfWidth().keySet())).toList();
        List<MeasurementWarnings.Warning> found = MeasurementWarnings.of(configurations);
        List<MeasurementWarnings.Warning> findings = found.stream().filter(MeasurementWarnings.Warning::finding).toList();
        if (!findings.isEmpty()) {
            out.println();
            out.println("  what the swept values did (the figures are of what ran; report.html says what each means):");
            for (MeasurementWarnings.Warning w : findings) {
                wrapped("   ", "        ", w.label() + ": " + w.kind().headline() + ": " + w.text(), out);
            }
        }
        MeasurementWarnings.Kind shown = null;
        List<MeasurementWarnings.Warning> all = found.stream().filter(w -> !w.finding()).toList();
        for (int i = 0; i < all.size(); i++) {
            MeasurementWarnings.Warning w = all.get(i);
            if (w.kind() != shown) {
                out.println();
                out.println("!!! WARNING: " + w.kind().headline() + ":");
                shown = w.kind();
            }
            wrapped("!!!  ", "!!!     ", w.label() + ": " + w.text(), out);
            if (i + 1 == all.size() || all.get(i + 1).kind() != shown) {
                wrapped("!!!", "!!!", w.kind().advice(), out);
            }
        }
    }

    /** A paragraph in lines of at most 100 columns, the first after {@code first}, the others after {@code rest}. */
    static void wrapped(String first, String rest, String text, PrintWriter out) {
        StringBuilder line = new StringBuilder(first);
        for (String word : text.split(" ")) {
            if (line.length() + 1 + word.length() > 100 && line.length() > rest.length()) {
                out.println(line);
                line = new StringBuilder(rest);
            }
            line.append(' ').append(word);
        }
        out.println(line);
    }

    /** netperf's "!!! WARNING" block, for targets that were not reached. */
    private static void warnings(List<ConfigurationSummary> summaries, int replications, PrintWriter out) {
        if (summaries.stream().allMatch(s -> s.missed().isEmpty())) {
            return;
        }
        out.println();
        out.println("!!! WARNING");
        out.printf(Locale.ROOT, "!!! Desired precision was not achieved within %d replication%s:%n", replications,
                replications == 1 ? "" : "s");
        for (ConfigurationSummary s : summaries) {
            for (ConfigurationSummary.MissedTarget m : s.missed()) {
                out.printf(Locale.ROOT, "!!!   %s: %s half-width %s, target %s%s%n", s.run().point().label(), m.metric(),
                        Double.isNaN(m.halfWidth()) ? "unknown (one replication)" : general(m.halfWidth()),
                        general(m.target()), m.replicationsNeeded() > 0
                                ? " (about " + m.replicationsNeeded() + " replications would reach it)" : "");
            }
        }
        out.println("!!! This implies variability between replications that must be reduced (more run.replications");
        out.println("!!! or a longer run.durationS) before comparing these configurations.");
    }

    /** The mark of a figure that iperf3's arithmetic makes look impossible, explained under the configurations. */
    static final String FOOTNOTE_MARK = "(*)";

    /**
     * Whether the configuration's lost datagrams are below 0 or its received above its sent: both
     * iperf3's arithmetic over a window that starts with datagrams in flight.
     */
    static boolean iperfArithmetic(ConfigurationSummary s) {
        Estimate lost = s.estimates().get("udp_lost");
        Estimate sent = s.estimates().get("udp_sent");
        Estimate received = s.estimates().get("udp_received");
        return lost != null && Math.round(lost.mean()) < 0
                || sent != null && received != null && Math.round(received.mean()) > Math.round(sent.mean());
    }

    /** Whether the configuration has the metric and lost frames by it on average. */
    private static boolean dropped(ConfigurationSummary s, String metric) {
        ConfigurationSummary.Estimate e = s.estimates().get(metric);
        return e != null && e.mean() > 0;
    }

    private static String seconds(double s) {
        return String.format(Locale.ROOT, "%.2f", s);
    }

    private static String general(double v) {
        return String.format(Locale.ROOT, "%.3g", v);
    }

    private static String pm(Estimate e, double scale, int decimals, String unit) {
        if (Double.isNaN(e.mean())) {
            return "-" + unit;
        }
        String f = "%." + decimals + "f";
        String mean = String.format(Locale.ROOT, f, e.mean() / scale);
        return Double.isNaN(e.halfWidth()) ? mean + unit
                : mean + " +/- " + String.format(Locale.ROOT, f, e.halfWidth() / scale) + unit;
    }

    private static String count(Estimate e) {
        return pm(e, 1, 0, "");
    }

    private static String plain(Estimate e) {
        return Double.isNaN(e.mean()) ? "-" : String.format(Locale.ROOT, "%.0f", e.mean()).replaceFirst("^-0$", "0");
    }

    /**
     * A latency percentile to three significant digits, its half-width to the same place: the
     * histogram's bins are about 3% wide, so more digits would claim what is not measured.
     */
    private static String latency(Estimate e) {
        double m = Math.abs(e.mean());
        if (Double.isNaN(e.mean()) || m == 0) {
            return decimal(e);
        }
        int magnitude = (int) Math.floor(Math.log10(m));
        if (magnitude < 2) {
            return decimal(e);
        }
        double unit = Math.pow(10, magnitude - 2);
        String mean = String.format(Locale.ROOT, "%.0f", Math.rint(e.mean() / unit) * unit);
        return Double.isNaN(e.halfWidth()) ? mean
                : mean + " +/- " + String.format(Locale.ROOT, "%.0f", Math.rint(e.halfWidth() / unit) * unit);
    }

    private static String decimal(Estimate e) {
        double m = Math.abs(e.mean());
        return pm(e, 1, m >= 100 ? 0 : m >= 10 ? 1 : 2, "");
    }

    /** CPU seconds to the millisecond. */
    private static String decimal3(Estimate e) {
        return pm(e, 1, 3, "");
    }

    private static String percent(Estimate e) {
        return pm(e, 0.01, 2, "%");
    }

    /** iperf3's units: bits/sec, Kbits/sec, Mbits/sec, Gbits/sec, three significant digits. */
    static String bitrate(Estimate e) {
        double m = Math.abs(e.mean());
        double scale = m >= 1e9 ? 1e9 : m >= 1e6 ? 1e6 : m >= 1e3 ? 1e3 : 1;
        String unit = scale == 1e9 ? " Gbits/sec" : scale == 1e6 ? " Mbits/sec" : scale == 1e3 ? " Kbits/sec" : " bits/sec";
        double scaled = m / scale;
        return pm(e, scale, scaled >= 100 ? 0 : scaled >= 10 ? 1 : 2, unit);
    }
}
