package org.cryptorder.charts;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.cryptorder.experiment.output.PairedEffect;

/**
 * A few sentences that say what the numbers of a sweep show, for the top of the report: where
 * reordering happened and how much, how goodput moved along the swept axis or differed between
 * configurations, drops, TCP retransmissions, and missed precision targets.
 *
 * <p>Only what the numbers support: a difference or a change is named as such only when the 95%
 * confidence intervals of the two means do not overlap (and it is at least 1%), or, in the sentences
 * marked "(paired)", when the 95% paired interval of the difference from the baseline excludes 0
 * and it is at least 1% ({@link PairedEffect}, the terminal summary's rule); "none" only when every
 * replication counted zero. With one replication there are no intervals, and the sentences say so.
 */
final class AutomaticReading {
    /** The smallest relative change called a rise or a fall. */
    static final double SMALLEST_CHANGE = 0.01;

    /** At most this many configurations get a paired sentence each; the paired table has them all. */
    static final int PAIRED_SENTENCES = 8;

    /** A configuration's paired sentence names at most this many of its effects, the largest; the table has the rest. */
    static final int EFFECTS_NAMED = 3;

    private final ResultTables tables;
    private final SweepLayout layout;
    private final Optional<PairedDifferences> paired;

    private AutomaticReading(ResultTables tables, Optional<PairedDifferences> paired) {
        this.tables = tables;
        this.layout = SweepLayout.of(tables);
        this.paired = paired;
    }

    /** The sentences for these tables and their paired differences (empty without {@code paired.csv}), in reading order. */
    static List<String> of(ResultTables tables, Optional<PairedDifferences> paired) {
        return new AutomaticReading(tables, paired).sentences();
    }

    private List<String> sentences() {
        List<String> out = new ArrayList<>();
        if (tables.rows().stream().allMatch(r -> r.replications() <= 1)) {
            out.add("One replication per configuration: no confidence intervals, so no difference below is called"
                    + " significant.");
        }
        reordering(out);
        hiddenReordering(out);
        goodput(out);
        goodputSplits(out);
        latency(out);
        paired(out);
        drops(out);
        tcp(out);
        targets(out);
        return out;
    }

    /** A configuration and how to name it: {@code async-unordered} and {@code at kernel FPU busy 0.3}. */
    private record Item(String who, String where, SummaryRow row) {
    }

    private List<Item> items(SweepLayout.Series s) {
        List<Item> out = new ArrayList<>();
        for (SummaryRow r : s.rows()) {
            if (layout.kind() == SweepLayout.Kind.NUMERIC) {
                out.add(new Item(s.label(), "at " + PathLabels.name(layout.axisPath()) + " "
                        + PathLabels.value(layout.axisPath(), r.swept().get(layout.axisPath())), r));
            } else {
                String category = layout.axisPath() == null ? layout.category(r)
                        : PathLabels.legend(layout.axisPath(), layout.category(r));
                out.add(new Item(layout.seriesPaths().isEmpty() ? category : category + " with " + s.label(), "", r));
            }
        }
        return out;
    }

    private List<Item> allItems() {
        List<Item> out = new ArrayList<>();
        layout.series().forEach(s -> out.addAll(items(s)));
        return out;
    }

    private static String where(Item i) {
        return i.where().isEmpty() ? "" : " " + i.where();
    }

    private String axisValue(SummaryRow r) {
        return PathLabels.value(layout.axisPath(), r.swept().get(layout.axisPath()));
    }

    private static String names(List<String> names) {
        if (names.size() <= 1) {
            return String.join("", names);
        }
        return String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
    }

    /**
     * The item of {@code group} with the largest mean of {@code metric}; null when no item has it
     * defined, or when it is zero in every item that has it (the first of those then goes to {@code none}).
     */
    private static Item largest(List<Item> group, String metric, List<String> none) {
        List<Item> defined = group.stream().filter(i -> i.row().estimate(metric).defined()).toList();
        if (defined.isEmpty()) {
            return null;
        }
        if (defined.stream().allMatch(i -> i.row().estimate(metric).zero())) {
            none.add(defined.get(0).who());
            return null;
        }
        return defined.stream().max(Comparator.comparingDouble(i -> i.row().estimate(metric).mean())).orElseThrow();
    }

    // ----- reordering

    private void reordering(List<String> out) {
        boolean ratio = tables.has(ReorderingChart.RATIO);
        String metric = ratio ? ReorderingChart.RATIO : ReorderingChart.DELAYED;
        if (!tables.has(metric)) {
            return;
        }
        List<String> said = new ArrayList<>();
        List<String> none = new ArrayList<>();
        List<List<Item>> groups = layout.kind() == SweepLayout.Kind.NUMERIC
                ? layout.series().stream().map(this::items).toList()
                : allItems().stream().map(List::of).toList();
        for (List<Item> group : groups) {
            Item most = largest(group, metric, none);
            if (most == null) {
                continue;
            }
            Estimate e = most.row().estimate(metric);
            StringBuilder b = new StringBuilder(most.who());
            if (ratio) {
                b.append(" reordered ").append(Numbers.withInterval(e, 100)).append("% of ").append(tables.experiment().packets()).append(where(most));
                Estimate delayed = most.row().estimate(ReorderingChart.DELAYED);
                if (delayed.defined()) {
                    b.append(" (InPktsDelayed ").append(Numbers.withInterval(delayed, 1)).append(")");
                }
            } else {
                b.append(": InPktsDelayed ").append(Numbers.withInterval(e, 1)).append(where(most));
            }
            if (layout.kind() == SweepLayout.Kind.NUMERIC) {
                List<String> zeros = group.stream()
                        .filter(i -> i.row().estimate(metric).defined() && i.row().estimate(metric).zero())
                        .map(i -> axisValue(i.row())).toList();
                if (!zeros.isEmpty()) {
                    b.append(", and none at ").append(PathLabels.name(layout.axisPath())).append(" ").append(names(zeros));
                }
            }
            said.add(b.toString());
        }
        String anywhere = layout.kind() == SweepLayout.Kind.NUMERIC ? " at any " + PathLabels.name(layout.axisPath()) : "";
        if (!none.isEmpty()) {
            said.add(names(none) + (ratio ? " reordered none" : " counted no InPktsDelayed") + anywhere);
        }
        if (!said.isEmpty()) {
            out.add(String.join("; ", said) + ".");
        }
    }

    /**
     * What "reordered none" leaves out. A frame that arrives behind a higher PN of its SA is dropped
     * as InPktsLate when replay protection is on and it is more than the replay window behind (Linux
     * {@code macsec_post_decrypt}), so with a window of 0 reordering shows as loss, and the sinks
     * see none. And InPktsDelayed counts frames behind a higher PN of the SA, whatever their flow:
     * with several flows over one SA on several CPUs, frames of different flows pass each other
     * and break the SA's PN order while each flow still arrives in order.
     */
    private void hiddenReordering(List<String> out) {
        if (!tables.has(ReorderingChart.RATIO)) {
            return;
        }
        List<String> late = new ArrayList<>();
        List<String> delayed = new ArrayList<>();
        for (Item i : allItems()) {
            if (!i.row().estimate(ReorderingChart.RATIO).zero()) {
                continue;
            }
            Estimate l = i.row().estimate("in_pkts_late");
            if (l.defined() && l.mean() > 0) {
                late.add(i.who() + where(i) + " (InPktsLate " + Numbers.withInterval(l, 1) + replayWindow(i.row()) + ")");
            }
            Estimate d = i.row().estimate(ReorderingChart.DELAYED);
            if (d.defined() && d.mean() > 0) {
                delayed.add(i.who() + where(i) + " (InPktsDelayed " + Numbers.withInterval(d, 1) + ")");
            }
        }
        if (!late.isEmpty()) {
            out.add("No datagram arrived out of order under " + names(late) + " because the SecY dropped the frames"
                    + " that came behind a higher PN as InPktsLate: there reordering shows as loss, not as"
                    + " reordering.");
        }
        if (!delayed.isEmpty()) {
            out.add("Under " + names(delayed) + " each flow arrived in order, yet the SA's PN order broke across CPUs:"
                    + " frames of different flows, validated on different CPUs, passed each other.");
        }
    }

    /** {@code , replay window 0} when replay protection was on, else nothing. */
    private String replayWindow(SummaryRow r) {
        String protect = r.swept().getOrDefault("macsec.replayProtect",
                tables.experiment().at("macsec.replayProtect").asText(""));
        String window = r.swept().getOrDefault("macsec.replayWindow",
                tables.experiment().at("macsec.replayWindow").asText(""));
        return protect.equals("true") && !window.isEmpty() ? ", replay window " + window : "";
    }

    // ----- goodput

    private void goodput(List<String> out) {
        String m = GoodputChart.METRIC;
        if (!tables.has(m)) {
            return;
        }
        GoodputChart.BitRate unit = GoodputChart.BitRate.of(tables);
        if (layout.kind() == SweepLayout.Kind.NUMERIC) {
            Map<String, List<String>> whoByChange = new LinkedHashMap<>();
            for (SweepLayout.Series s : layout.series()) {
                List<SummaryRow> rows = s.rows().stream().filter(r -> r.estimate(m).defined()).toList();
                if (rows.size() >= 2) {
                    whoByChange.computeIfAbsent(change(rows.get(0), rows.get(rows.size() - 1), m, unit),
                            k -> new ArrayList<>()).add(s.label());
                }
            }
            whoByChange.forEach((change, who) -> out.add("Under " + names(who) + ", goodput " + change));
        } else {
            List<Item> items = allItems().stream().filter(i -> i.row().estimate(m).defined()).toList();
            if (items.size() >= 2) {
                out.add(ranking(items, m, unit));
            } else if (items.size() == 1) {
                out.add("Goodput " + rate(items.get(0).row().estimate(m), unit) + offered(unit) + ".");
            }
        }
    }

    /**
     * {@code Under every k 100, pacing internal at link delay 500 µs the replications' goodputs fall in two groups, 5
     * at 182 Mbit/s and 3 at 60.7-71.7 Mbit/s: the mean, 139 Mbit/s, is a value none of them took.}: a
     * configuration whose sorted replication goodputs have a gap wider than twice either group's spread and a fifth of
     * the largest, with two replications or more on each side.
     */
    private void goodputSplits(List<String> out) {
        String m = GoodputChart.METRIC;
        if (!tables.has(m)) {
            return;
        }
        GoodputChart.BitRate unit = GoodputChart.BitRate.of(tables);
        for (Item i : allItems()) {
            double[] v = tables.replicationValues(i.row(), m).stream().mapToDouble(Double::doubleValue)
                    .filter(Double::isFinite).sorted().toArray();
            if (v.length < 4) {
                continue;
            }
            int cut = -1;
            double gap = 0;
            for (int k = 2; k <= v.length - 2; k++) {
                if (v[k] - v[k - 1] > gap) {
                    gap = v[k] - v[k - 1];
                    cut = k;
                }
            }
            if (cut < 0) {
                continue;
            }
            double lowSpread = v[cut - 1] - v[0];
            double highSpread = v[v.length - 1] - v[cut];
            if (gap > 2 * Math.max(lowSpread, highSpread) && gap >= 0.2 * v[v.length - 1]) {
                out.add("Under " + i.who() + where(i) + " the replications' goodputs fall in two groups, "
                        + (v.length - cut) + " at " + range(v[cut], v[v.length - 1], unit) + " and " + cut + " at "
                        + range(v[0], v[cut - 1], unit) + ": the mean, " + rate(i.row().estimate(m), unit)
                        + ", is a value none of them took.");
            }
        }
    }

    private static String range(double lo, double hi, GoodputChart.BitRate unit) {
        String a = Numbers.significant(lo * unit.scale());
        String b = Numbers.significant(hi * unit.scale());
        return (a.equals(b) ? a : a + "-" + b) + " " + unit.label();
    }

    /** How goodput moved from the first to the last value of the axis: {@code fell from 0.995 to ...}. */
    private String change(SummaryRow first, SummaryRow last, String m, GoodputChart.BitRate unit) {
        Estimate a = first.estimate(m);
        Estimate b = last.estimate(m);
        String axis = PathLabels.name(layout.axisPath());
        String from = axisValue(first);
        String to = axisValue(last);
        double relative = a.mean() == 0 ? (b.mean() == 0 ? 0 : Double.POSITIVE_INFINITY)
                : Math.abs(b.mean() - a.mean()) / Math.abs(a.mean());
        if (!a.hasInterval() || !b.hasInterval()) {
            return "went from " + Numbers.significant(a.mean() * unit.scale()) + " to " + rate(b, unit)
                    + " as " + axis + " went from " + from + " to " + to + " (one replication: no confidence interval).";
        }
        if (a.clearlyDiffersFrom(b) && relative >= SMALLEST_CHANGE) {
            return (b.mean() < a.mean() ? "fell" : "rose") + " from " + Numbers.significant(a.mean() * unit.scale())
                    + " to " + rate(b, unit) + " as " + axis + " rose from " + from + " to " + to
                    + (Double.isInfinite(relative) ? "." : " (" + Numbers.percent(relative)
                    + (b.mean() < a.mean() ? " less" : " more") + ").");
        }
        String sa = Numbers.significant(a.mean() * unit.scale());
        String sb = Numbers.significant(b.mean() * unit.scale());
        String why = a.clearlyDiffersFrom(b) ? "a change under 1%" : "no change beyond the 95% confidence intervals";
        return (sa.equals(sb) ? "held at " + rate(b, unit) + " from " + axis + " " + from + " to " + to
                : "was " + rate(a, unit) + " at " + axis + " " + from + " and " + rate(b, unit) + " at " + to)
                + " (" + why + ").";
    }

    private String ranking(List<Item> items, String m, GoodputChart.BitRate unit) {
        List<Item> sorted = items.stream()
                .sorted(Comparator.comparingDouble((Item i) -> i.row().estimate(m).mean()).reversed()).toList();
        Estimate best = sorted.get(0).row().estimate(m);
        Estimate worst = sorted.get(sorted.size() - 1).row().estimate(m);
        if (!best.clearlyDiffersFrom(worst)) {
            String why = best.hasInterval() && worst.hasInterval() ? "no difference beyond the 95% confidence intervals"
                    : "one replication: no confidence interval";
            return "Goodput from " + Numbers.significant(worst.mean() * unit.scale()) + " to " + rate(best, unit)
                    + offered(unit) + " (" + why + ").";
        }
        List<String> top = sorted.stream().filter(i -> !i.row().estimate(m).clearlyDiffersFrom(best)).map(Item::who).toList();
        List<String> bottom = sorted.stream().filter(i -> !i.row().estimate(m).clearlyDiffersFrom(worst)).map(Item::who).toList();
        List<Item> middle = sorted.stream().filter(i -> !top.contains(i.who()) && !bottom.contains(i.who())).toList();
        StringBuilder b = new StringBuilder("Goodput was highest under ").append(names(top)).append(" (")
                .append(top.size() == 1 ? rate(best, unit) : "up to " + rate(best, unit)).append(")");
        for (Item i : middle) {
            b.append(", ").append(rate(i.row().estimate(m), unit)).append(" under ").append(i.who());
        }
        double less = (best.mean() - worst.mean()) / best.mean();
        b.append(" and lowest under ").append(names(bottom)).append(" (")
                .append(bottom.size() == 1 ? rate(worst, unit) : "down to " + rate(worst, unit))
                .append(best.mean() > 0 ? ", " + Numbers.percent(less) + " less" : "").append(")")
                .append(offered(unit)).append(".");
        return b.toString();
    }

    private static String rate(Estimate e, GoodputChart.BitRate unit) {
        return Numbers.significant(e.mean() * unit.scale()) + " " + unit.label();
    }

    /** {@code , of 2000 Mbit/s offered} when every configuration offered the same UDP rate. */
    private String offered(GoodputChart.BitRate unit) {
        double mbps = tables.experiment().offeredUdpMbps();
        return Double.isNaN(mbps) || mbps <= 0 ? "" : "; " + Numbers.significant(mbps * 1e6 * unit.scale()) + " "
                + unit.label() + " offered";
    }

    // ----- latency

    /**
     * {@code p99 latency at kernel FPU busy 0.5: sync-fallback 41 ± 2 µs, async 12 ± 1 µs}: the 99th
     * percentile of each series at the far end of a numeric axis, or of each configuration.
     */
    private void latency(List<String> out) {
        String metric = "latency_p99_us";
        if (!tables.has(metric)) {
            return;
        }
        List<String> said = new ArrayList<>();
        String where = "";
        if (layout.kind() == SweepLayout.Kind.NUMERIC) {
            double top = tables.rows().stream().mapToDouble(layout::x).max().orElse(0);
            for (SweepLayout.Series s : layout.series()) {
                s.rows().stream().filter(r -> layout.x(r) == top && r.estimate(metric).defined()).findFirst()
                        .ifPresent(r -> said.add(s.label() + " " + Numbers.withIntervalOfBins(r.estimate(metric)) + " µs"));
            }
            SummaryRow any = tables.rows().stream().filter(r -> layout.x(r) == top).findFirst().orElse(null);
            where = any == null ? "" : " at " + PathLabels.name(layout.axisPath()) + " " + axisValue(any);
        } else {
            for (Item i : allItems()) {
                if (i.row().estimate(metric).defined()) {
                    said.add(i.who() + " " + Numbers.withIntervalOfBins(i.row().estimate(metric)) + " µs");
                }
            }
        }
        if (!said.isEmpty() && said.size() <= 12) {
            out.add("p99 latency" + where + ": " + String.join(", ", said) + ".");
        }
    }

    // ----- paired differences

    /**
     * {@code Against async, replication r against replication r (paired), ...}, then one sentence per
     * configuration with an effect in a headline metric, {@code async-unordered (paired): p99 latency
     * +4.10 ± 0 µs (+12%), ...}, naming its {@value #EFFECTS_NAMED} largest effects by their size
     * relative to the baseline (an effect against a baseline of 0 counts as the largest) and how many
     * more the paired table has; then the configurations with none. Replication r of each ran on the
     * random numbers of replication r of the baseline, so the paired interval can exclude 0 where the
     * unpaired ones overlap.
     */
    private void paired(List<String> out) {
        if (paired.isEmpty()) {
            return;
        }
        PairedDifferences p = paired.get();
        List<String> metrics = p.headlineMetrics();
        String against = "Against " + p.baseline().label() + ", replication r against replication r (paired)";
        if (metrics.isEmpty()) {
            out.add(against + ": no headline metric differed in any pair.");
            return;
        }
        List<String> none = new ArrayList<>();
        List<String> said = new ArrayList<>();
        for (PairedDifferences.Row r : p.rows()) {
            List<String> effects = metrics.stream().filter(m -> p.effect(r, m).isEffect())
                    .sorted(Comparator.comparingDouble((String m) -> relativeSize(p.effect(r, m))).reversed()).toList();
            if (effects.isEmpty()) {
                none.add(r.row().label());
            } else if (said.size() < PAIRED_SENTENCES) {
                int more = effects.size() - EFFECTS_NAMED;
                said.add(r.row().label() + " (paired): " + String.join(", ", effects.stream().limit(EFFECTS_NAMED)
                        .map(m -> effect(p, r, m)).toList()) + (more > 0 ? "; " + more + " more in the table" : "") + ".");
            }
        }
        int more = p.rows().size() - none.size() - said.size();
        if (!said.isEmpty()) {
            out.add(against + ", each configuration's largest effects by their size relative to the baseline; the"
                    + " Paired differences table has every one" + (more > 0 ? ", and " + more
                    + " more configurations with effects" : "") + ".");
            out.addAll(said);
        }
        if (!none.isEmpty()) {
            out.add((said.isEmpty() ? against + ": no" : "No") + " effect of 1% or more in " + names(metrics.stream()
                    .map(m -> MetricUnit.of(m, 0).heading()).toList()) + " under " + names(none) + " (paired).");
        }
    }

    /** How large an effect is against the baseline: its relative size, infinite against a baseline of 0. */
    private static double relativeSize(PairedEffect e) {
        return Double.isNaN(e.relative()) ? Double.POSITIVE_INFINITY : Math.abs(e.relative());
    }

    /**
     * {@code goodput −1.26 ± 0.01 Gbit/s (−63.2%)}: a configuration's difference in {@code m}, with its
     * size relative to the baseline, or {@code (from 0)} against a baseline of 0.
     */
    private static String effect(PairedDifferences p, PairedDifferences.Row r, String m) {
        PairedEffect e = p.effect(r, m);
        MetricUnit unit = MetricUnit.of(m, p.largest(m));
        return unit.heading() + " " + PairedDifferences.signed(r.difference(m), unit.scale())
                + (unit.unit().isEmpty() || unit.whole() ? "" : " " + unit.unit())
                + (Double.isNaN(e.relative()) ? " (from 0)" : " (" + (e.mean() > 0 ? "+" : "\u2212")
                + Numbers.percent(Math.abs(e.relative())) + ")");
    }

    /** The kernel FPU user asked for: the swept value of the row, else the experiment's. */
    private double askedFpuBusy(SummaryRow r) {
        String swept = r.swept().get("contention.kernelFpuBusy");
        return swept != null ? Double.parseDouble(swept) : tables.experiment().at("contention.kernelFpuBusy").asDouble();
    }

    private void drops(List<String> out) {
        drop(out, "rx_missed", "b's NIC dropped frames because an RX ring was full");
        drop(out, "tx_queue_dropped", "A full TX queue (ring and qdisc) dropped frames before the wire");
        drop(out, "cryptd_dropped", "A full cryptd queue refused requests");
        drop(out, "resequencer_timeouts", "The PN reorder queue gave up waiting for a gap");
    }

    private void drop(List<String> out, String metric, String what) {
        if (!tables.has(metric)) {
            return;
        }
        List<String> said = new ArrayList<>();
        int some = 0;
        for (SweepLayout.Series s : layout.series()) {
            List<Item> dropping = items(s).stream().filter(i -> i.row().estimate(metric).mean() > 0).toList();
            if (dropping.isEmpty()) {
                continue;
            }
            some += dropping.size();
            Item most = dropping.stream().max(Comparator.comparingDouble(i -> i.row().estimate(metric).mean()))
                    .orElseThrow();
            String amount = Numbers.withInterval(most.row().estimate(metric), 1) + " per run";
            if (layout.kind() == SweepLayout.Kind.NUMERIC) {
                said.add("under " + s.label() + " at " + PathLabels.name(layout.axisPath()) + " "
                        + names(dropping.stream().map(i -> axisValue(i.row())).toList())
                        + " (" + (dropping.size() > 1 ? "up to " + amount + ", at " + axisValue(most.row()) : amount) + ")");
            } else {
                dropping.forEach(i -> said.add("under " + i.who() + " (" + Numbers.withInterval(
                        i.row().estimate(metric), 1) + " per run)"));
            }
        }
        if (!said.isEmpty()) {
            out.add(what + ": " + String.join("; ", said)
                    + (some < tables.rows().size() ? "; in no other configuration" : "") + ".");
        }
    }

    // ----- TCP

    private void tcp(List<String> out) {
        String total = TcpRetransmitsChart.TOTAL;
        String spurious = TcpRetransmitsChart.SPURIOUS;
        if (!tables.experiment().hasTcp() || !tables.has(total)) {
            return;
        }
        List<Item> items = allItems().stream().filter(i -> i.row().estimate(total).defined()).toList();
        if (items.isEmpty()) {
            return;
        }
        if (items.stream().allMatch(i -> i.row().estimate(total).zero())) {
            out.add("No TCP segment was retransmitted in any configuration.");
            return;
        }
        List<String> said = new ArrayList<>();
        List<String> none = new ArrayList<>();
        List<List<Item>> groups = layout.kind() == SweepLayout.Kind.NUMERIC
                ? layout.series().stream().map(this::items).toList() : items.stream().map(List::of).toList();
        for (List<Item> group : groups) {
            Item most = largest(group, total, none);
            if (most == null) {
                continue;
            }
            Estimate s = most.row().estimate(spurious);
            // D-SACKs count as they arrive: one for a segment retransmitted before the warm-up ended counts alone
            String early = s.defined() && s.mean() > most.row().estimate(total).mean()
                    ? ", some of them for segments retransmitted before the warm-up ended" : "";
            said.add(most.who() + " retransmitted " + Numbers.withInterval(most.row().estimate(total), 1) + " segments"
                    + where(most) + (s.defined() ? " (spurious: " + Numbers.withInterval(s, 1) + early + ")" : ""));
        }
        if (!none.isEmpty()) {
            said.add(names(none) + " retransmitted none");
        }
        String sentence = String.join("; ", said) + ".";
        out.add(sentence.startsWith("TCP") ? sentence : "TCP: " + sentence);
    }

    // ----- precision targets

    private void targets(List<String> out) {
        int column = tables.summary().column("targets_reached");
        if (column < 0) {
            return;
        }
        List<String> missed = new ArrayList<>();
        for (int r = 0; r < tables.rows().size(); r++) {
            if (tables.summary().rows().get(r).get(column).equals("false")) {
                missed.add(tables.rows().get(r).label());
            }
        }
        if (!missed.isEmpty()) {
            out.add("The precision targets (run.targetHalfWidth) were not reached for " + names(missed)
                    + ": more replications or longer runs are needed before comparing them.");
        }
    }
}
