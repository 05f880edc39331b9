package org.cryptorder.charts;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The sentences of the report's reading, on crafted numbers: only what the numbers support. */
class AutomaticReadingTest {
    @TempDir
    Path tmp;

    private List<String> reading(Path folder) throws Exception {
        ResultTables tables = ResultTables.read(folder);
        return AutomaticReading.of(tables, PairedDifferences.read(tables));
    }

    @Test
    void aPolicySweepSaysWhoReorderedHowMuchAndWhoNone() throws Exception {
        assertThat(reading(ResultFolders.quickstart(tmp))).containsExactly(
                "async-unordered reordered 21.4 ± 0.9% of datagrams (InPktsDelayed 6880 ± 296);"
                        + " sync-fallback and async reordered none.",
                "Goodput was highest under async-unordered and async (up to 2.00 Gbit/s) and lowest under"
                        + " sync-fallback (0.737 Gbit/s, 63.2% less); 2.00 Gbit/s offered.",
                "b's NIC dropped frames because an RX ring was full: under sync-fallback (668 ± 3 per run);"
                        + " in no other configuration.");
    }

    @Test
    void aContentionSweepSaysHowGoodputMovedAlongTheAxis() throws Exception {
        assertThat(reading(ResultFolders.policyVsContention(tmp))).containsExactly(
                "async-unordered reordered 33.3 ± 0.8% of datagrams at kernel FPU busy 0.5 (InPktsDelayed 15989 ± 266),"
                        + " and none at kernel FPU busy 0; sync-fallback and async reordered none at any kernel FPU busy.",
                "Under sync-fallback, goodput fell from 0.995 to 0.730 Gbit/s as kernel FPU busy rose from 0 to 0.5"
                        + " (26.6% less).",
                "Under async and async-unordered, goodput held at 2.00 Gbit/s from kernel FPU busy 0 to 0.5"
                        + " (no change beyond the 95% confidence intervals).",
                "b's NIC dropped frames because an RX ring was full: under sync-fallback at kernel FPU busy 0.1, 0.3"
                        + " and 0.5 (up to 2990 ± 3 per run, at 0.1); in no other configuration.");
    }

    /** Two configurations of one policy along the axis, goodput a and b with half-widths ha and hb. */
    private Path twoPoints(double a, double ha, double b, double hb, int replications) {
        return new ResultFolders(ResultFolders.experiment("{\"contention.kernelFpuBusy\": [0, 0.5]}", ResultFolders.UDP),
                List.of("contention.kernelFpuBusy"), List.of("goodput_bps"))
                .config(List.of("0"), replications, a, ha).config(List.of("0.5"), replications, b, hb).write(tmp);
    }

    /** twoPoints' folder with kernel FPU busy 0's five replications at these goodputs in runs.csv. */
    private Path withReplications(Path folder, double... goodputs) throws Exception {
        Path runs = folder.resolve("runs.csv");
        List<String> out = new java.util.ArrayList<>();
        int rep = 0;
        for (String line : java.nio.file.Files.readAllLines(runs)) {
            if (line.startsWith("0,")) {
                String[] c = line.split(",");
                c[c.length - 1] = org.cryptorder.experiment.output.Csv.number(goodputs[rep++]);
                line = String.join(",", c);
            }
            out.add(line);
        }
        java.nio.file.Files.write(runs, out);
        return folder;
    }

    @Test
    void replicationsInTwoGroupsAreSaidToBeSoAndTheMeanNoneOfThem() throws Exception {
        Path split = withReplications(twoPoints(1.39e8, 0.7e8, 1.8e8, 0.01e8, 5), 1.82e8, 1.82e8, 1.81e8, 0.61e8, 0.72e8);
        assertThat(reading(split)).contains("Under async at kernel FPU busy 0 the replications' goodputs fall in two"
                + " groups, 3 at 181-182 Mbit/s and 2 at 61.0-72.0 Mbit/s: the mean, 139 Mbit/s, is a value none of"
                + " them took.");
        Path spread = withReplications(twoPoints(1.7e8, 0.2e8, 1.8e8, 0.01e8, 5), 1.5e8, 1.6e8, 1.7e8, 1.8e8, 1.9e8);
        assertThat(reading(spread)).noneMatch(l -> l.contains("two groups"));
    }

    @Test
    void overlappingIntervalsAreNotCalledAFall() throws Exception {
        assertThat(reading(twoPoints(2.0e9, 0.2e9, 1.7e9, 0.2e9, 5))).containsExactly(
                "Under async, goodput was 2.00 Gbit/s at kernel FPU busy 0 and 1.70 Gbit/s at 0.5"
                        + " (no change beyond the 95% confidence intervals).");
    }

    @Test
    void separateIntervalsAreAFall() throws Exception {
        assertThat(reading(twoPoints(2.0e9, 0.1e9, 1.7e9, 0.1e9, 5))).containsExactly(
                "Under async, goodput fell from 2.00 to 1.70 Gbit/s as kernel FPU busy rose from 0 to 0.5 (15% less).");
    }

    @Test
    void aRiseIsMeasuredFromWhereItStarted() throws Exception {
        assertThat(reading(twoPoints(1.0e9, 0.01e9, 2.0e9, 0.01e9, 5))).containsExactly(
                "Under async, goodput rose from 1.00 to 2.00 Gbit/s as kernel FPU busy rose from 0 to 0.5 (100% more).");
    }

    @Test
    void aChangeUnderOnePercentIsNotCalledOneEvenWhenTheIntervalsAreApart() throws Exception {
        assertThat(reading(twoPoints(2.000e9, 1e5, 2.004e9, 1e5, 5))).containsExactly(
                "Under async, goodput held at 2.00 Gbit/s from kernel FPU busy 0 to 0.5 (a change under 1%).");
    }

    @Test
    void oneReplicationHasNoIntervalsAndSaysSo() throws Exception {
        assertThat(reading(twoPoints(2.0e9, Double.NaN, 1.0e9, Double.NaN, 1))).containsExactly(
                "One replication per configuration: no confidence intervals, so no difference below is called significant.",
                "Under async, goodput went from 2.00 to 1.00 Gbit/s as kernel FPU busy went from 0 to 0.5"
                        + " (one replication: no confidence interval).");
    }

    @Test
    void aTinyReorderingIsNotNone() throws Exception {
        Path f = new ResultFolders(ResultFolders.experiment("{\"crypto.policy\": [\"async\", \"pcrypt\"]}", ResultFolders.UDP),
                List.of("crypto.policy"), List.of("reordered_ratio"))
                .config(List.of("async"), 5, 0, 0).config(List.of("pcrypt"), 5, 2e-5, 3e-5).write(tmp);
        assertThat(reading(f)).containsExactly("pcrypt reordered 0.00200 ± 0.00300% of datagrams; async reordered none.");
    }

    @Test
    void reorderingDroppedAsLateWithAReplayWindowOfZeroIsSaidNotCalledNone() throws Exception {
        String json = ResultFolders.experiment("{\"crypto.policy\": [\"async\", \"async-unordered\"]}", ResultFolders.UDP)
                .replace("\"encrypt\": true", "\"encrypt\": true, \"replayProtect\": true, \"replayWindow\": 0");
        Path f = new ResultFolders(json, List.of("crypto.policy"), List.of("reordered_ratio", "in_pkts_late"))
                .config(List.of("async"), 5, 0, 0, 0, 0).config(List.of("async-unordered"), 5, 0, 0, 469, 21).write(tmp);
        assertThat(reading(f)).containsExactly("async and async-unordered reordered none.",
                "No datagram arrived out of order under async-unordered (InPktsLate 469 ± 21, replay window 0) because"
                        + " the SecY dropped the frames that came behind a higher PN as InPktsLate: there reordering"
                        + " shows as loss, not as reordering.");
    }

    @Test
    void flowsInOrderWithThePnOrderOfTheirSaBrokenAreSaidNotCalledNone() throws Exception {
        Path f = new ResultFolders(ResultFolders.experiment("{\"traffic.0.flows\": [1, 4]}", ResultFolders.UDP),
                List.of("traffic.0.flows"), List.of("reordered_ratio", "in_pkts_delayed"))
                .config(List.of("1"), 5, 0, 0, 0, 0).config(List.of("4"), 5, 0, 0, 2423, 180).write(tmp);
        List<String> r = reading(f);
        assertThat(r).anyMatch(s -> s.startsWith("Under ") && s.contains("flows 4 (InPktsDelayed 2423 ± 180) each flow"
                + " arrived in order, yet the SA's PN order broke across CPUs: frames of different flows, validated on"
                + " different CPUs, passed each other.")).noneMatch(s -> s.contains("flows 1 ("));
        assertThat(r).noneMatch(s -> s.contains("InPktsLate"));
    }

    @Test
    void tcpRetransmissionsPerPolicyAndNoneWhereThereWereNone() throws Exception {
        List<String> r = reading(ResultFolders.tcp(tmp));
        assertThat(r).contains("TCP: async retransmitted 340 ± 40 segments at kernel FPU busy 0.3 (spurious: 12.0 ± 5.0);"
                + " async-unordered retransmitted 170 ± 30 segments at kernel FPU busy 0.3 (spurious: 160 ± 30);"
                + " sync-fallback retransmitted none.");
        assertThat(r).contains("A full cryptd queue refused requests: under async at kernel FPU busy 0.3 (34.0 ± 20.0 per run);"
                + " in no other configuration.");
        assertThat(r).noneMatch(s -> s.contains("offered"));
    }

    @Test
    void framesDroppedByAFullTxQueueAreSaid() throws Exception {
        Path f = new ResultFolders(ResultFolders.experiment("{\"crypto.policy\": [\"async\", \"sync-fallback\"]}",
                ResultFolders.UDP), List.of("crypto.policy"), List.of("tx_queue_dropped"))
                .config(List.of("async"), 5, 3806, 0).config(List.of("sync-fallback"), 5, 0, 0).write(tmp);
        assertThat(reading(f)).anyMatch(s -> s.startsWith("A full TX queue (ring and qdisc) dropped frames before the wire:"
                + " under async") && s.contains("3806") && s.endsWith("in no other configuration."));
    }

    @Test
    void moreSpuriousThanRetransmittedSaysWhy() throws Exception {
        Path f = new ResultFolders(ResultFolders.experiment("{\"crypto.policy\": [\"async\", \"sync-fallback\"]}",
                ResultFolders.TCP), List.of("crypto.policy"), List.of("tcp_retransmits", "tcp_spurious_retransmits"))
                .config(List.of("async"), 3, 2, 0, 3, 0).config(List.of("sync-fallback"), 3, 0, 0, 0, 0).write(tmp);
        assertThat(reading(f)).anyMatch(s -> s.contains("async retransmitted 2.00 ± 0 segments (spurious: 3.00 ± 0,"
                + " some of them for segments retransmitted before the warm-up ended)"));
    }

    @Test
    void noRetransmissionAnywhereIsOneSentence() throws Exception {
        Path f = new ResultFolders(ResultFolders.experiment("{\"crypto.policy\": [\"async\", \"sync-fallback\"]}",
                ResultFolders.TCP), List.of("crypto.policy"), List.of("tcp_retransmits", "tcp_spurious_retransmits"))
                .config(List.of("async"), 3, 0, 0, 0, 0).config(List.of("sync-fallback"), 3, 0, 0, 0, 0).write(tmp);
        assertThat(reading(f)).containsExactly("No TCP segment was retransmitted in any configuration.");
    }

    @Test
    void missedPrecisionTargetsAreNamed() throws Exception {
        Path f = ResultFolders.quickstart(tmp);
        java.nio.file.Path summary = f.resolve("summary.csv");
        List<String> lines = new java.util.ArrayList<>(java.nio.file.Files.readAllLines(summary));
        for (int i = 0; i < lines.size(); i++) {
            if (!lines.get(i).startsWith("#")) {
                lines.set(i, lines.get(i) + (lines.get(i).startsWith("crypto.policy") ? ",targets_reached"
                        : lines.get(i).startsWith("async-unordered") ? ",false" : ",true"));
            }
        }
        java.nio.file.Files.write(summary, lines);
        assertThat(reading(f)).last().isEqualTo("The precision targets (run.targetHalfWidth) were not reached for"
                + " async-unordered: more replications or longer runs are needed before comparing them.");
    }
}
