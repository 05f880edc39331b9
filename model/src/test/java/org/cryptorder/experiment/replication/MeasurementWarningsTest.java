package org.cryptorder.experiment.replication;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.cryptorder.experiment.file.ExperimentFile;
import org.cryptorder.experiment.Experiments;
import org.cryptorder.experiment.output.ConfigurationSummary.Estimate;
import org.junit.jupiter.api.Test;

/**
 * The warnings of what figures measure, on hand-made summaries whose answers follow from the
 * formulas of {@link MeasurementWarnings}: quickstart's sync-fallback row at 0.2 s (its sender at
 * 46% of 2 Gbit/s, its receiver's ring filling), and rows that must get no warning.
 */
class MeasurementWarningsTest {
    /** quickstart: 2000 Mbit/s of 1400-octet datagrams, 0.02 s warm-up of 0.2 s, one 4096-slot ring. */
    private static final MeasurementWarnings.Setup QUICKSTART =
            new MeasurementWarnings.Setup(0.02, 0.2, 2000e6 / (8 * 1400.0), 2000, false, 4096);

    private static MeasurementWarnings.Configuration row(String label, MeasurementWarnings.Setup setup,
                                                         Set<String> targeted, Object... metricAndEstimate) {
        Map<String, Estimate> m = new LinkedHashMap<>();
        for (int i = 0; i < metricAndEstimate.length; i += 2) {
            m.put((String) metricAndEstimate[i], (Estimate) metricAndEstimate[i + 1]);
        }
        return new MeasurementWarnings.Configuration(label, setup, m, targeted);
    }

    private static Estimate exact(double mean) {
        return new Estimate(mean, 0, 5);
    }

    @Test
    void quickstartsSyncFallbackAtPointTwoSecondsIsShortOfItsRateAndStillATransient() {
        // measured: 14720 sent, 11136 received, none lost (./cryptorder run experiments/quickstart.json
        // --set run.durationS=0.2 --set run.warmupS=0.02)
        List<MeasurementWarnings.Warning> w = MeasurementWarnings.of(List.of(row("sync-fallback", QUICKSTART, Set.of(),
                "udp_sent", exact(14720), "udp_received", exact(11136), "udp_lost", exact(0))));
        assertThat(w).extracting(MeasurementWarnings.Warning::kind).containsExactly(
                MeasurementWarnings.Kind.SENDER_SHORT, MeasurementWarnings.Kind.TRANSIENT);
        // configured: 2e9 / 11200 * 0.18 = 32142.9 datagrams; 14720 of them is 45.8%, 915.9 Mbit/s
        assertThat(w.get(0).text()).isEqualTo("sent 916 Mbit/s of the 2000 Mbit/s configured (46%)");
        // without frames_tx, what reached b is what a did not drop: all 14720; 3584 still queued;
        // growth 3584 / 0.18 = 19911/s; the ring fills after 4096 / 19911 = 0.2057 s
        assertThat(w.get(1).text()).isEqualTo("b took in 11136 of the 14720 frames that reached it (14720 datagrams"
                + " sent), 0 dropped and 3584 still queued 5 ms after the sources stopped: its queues grew by about"
                + " 19900 frames/s, so its RX rings (4096 frames) fill after about 0.206 s, later than the warm-up's"
                + " end at 0.02 s");
        assertThat(w.get(1).label()).isEqualTo("sync-fallback");
    }

    @Test
    void whatRanDifferentlyWhereOthersOfTheSweepRanAsConfiguredIsAFindingAndADoubtfulMeasurementNever() {
        MeasurementWarnings.Configuration fallback = row("sync-fallback", QUICKSTART, Set.of(),
                "udp_sent", exact(14720), "udp_received", exact(11136), "udp_lost", exact(0));
        MeasurementWarnings.Configuration keepsUp = row("async", QUICKSTART, Set.of(),
                "udp_sent", exact(32143), "udp_received", exact(32149), "udp_lost", exact(0));
        List<MeasurementWarnings.Warning> sweep = MeasurementWarnings.of(List.of(fallback, keepsUp));
        assertThat(sweep).extracting(MeasurementWarnings.Warning::kind, MeasurementWarnings.Warning::finding)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(MeasurementWarnings.Kind.SENDER_SHORT, true),
                        org.assertj.core.groups.Tuple.tuple(MeasurementWarnings.Kind.TRANSIENT, false));
        assertThat(MeasurementWarnings.of(List.of(fallback))).as("alone, nothing shows the set-up was not at fault")
                .noneMatch(MeasurementWarnings.Warning::finding);
        assertThat(MeasurementWarnings.of(List.of(fallback, row("sync-fallback again", QUICKSTART, Set.of(),
                "udp_sent", exact(14720), "udp_received", exact(11136), "udp_lost", exact(0)))))
                .as("every configuration short: the set-up's fault, not the sweep's finding")
                .noneMatch(MeasurementWarnings.Warning::finding);
    }

    @Test
    void aReceiverThatKeepsUpAndASteadyOverloadAreNotWarnedOf() {
        // async: all offered, a few more received than sent in the window (sent before it, received in it)
        MeasurementWarnings.Configuration keepsUp = row("async", QUICKSTART, Set.of(),
                "udp_sent", exact(32143), "udp_received", exact(32149), "udp_lost", exact(0));
        // the same overload as above, with the ring full before the warm-up's end at 0.3 s: a steady state of loss
        MeasurementWarnings.Setup longWarmup = new MeasurementWarnings.Setup(0.3, 1.0, QUICKSTART.udpDatagramsPerS(),
                2000, false, 4096);
        MeasurementWarnings.Configuration steady = row("steady", longWarmup, Set.of(),
                "udp_sent", exact(0.96 * 0.7 * QUICKSTART.udpDatagramsPerS()), "udp_received", exact(40000),
                "udp_lost", exact(10000));
        MeasurementWarnings.Configuration tcp = row("tcp", new MeasurementWarnings.Setup(0.02, 0.2, 0, 0, true, 4096),
                Set.of(), "goodput_bps", exact(9e9));
        assertThat(MeasurementWarnings.of(List.of(keepsUp, steady, tcp))).isEmpty();
    }

    /** A newcomer's first file: 5000 Mbit/s into a 1 Gbit/s link, 4 RX queues, 0.01-0.05 s. */
    private static MeasurementWarnings.Setup newcomer(String qdisc) {
        return new MeasurementWarnings.Setup(0.01, 0.05, 5000e6 / (8 * 1400.0), 5000, false, 4 * 4096,
                new MeasurementWarnings.Queues(4, 4096, 1, qdisc, 1000, 1000 * 1400.0 / 1498, 0.2, true));
    }

    @Test
    void dropsAtTheSendersQdiscAreNamedThereAndNotTakenForAFillingReceiver() {
        // measured (run /tmp newcomer.json): 17857 sent, 3755 on the wire, 14524 refused by a's qdisc, 3753
        // received; the 185 iperf3 neither received nor counted lost were still in a's qdisc, not b's queues
        List<MeasurementWarnings.Warning> w = MeasurementWarnings.of(List.of(row("(base)", newcomer("pfifo_fast"),
                Set.of(), "udp_sent", exact(17857), "udp_received", exact(3753), "udp_lost", exact(13919),
                "frames_tx", exact(3755), "tx_queue_dropped", exact(14524), "tx_qdisc_dropped", exact(14524),
                "tx_ring_dropped", exact(0), "rx_missed", exact(0), "cryptd_dropped", exact(0))));
        assertThat(w).extracting(MeasurementWarnings.Warning::kind).containsExactly(MeasurementWarnings.Kind.DROPS);
        // 14524 / 17857 = 81.3%; 1000 * 1400 / 1498 = 934.6 Mbit/s
        assertThat(w.get(0).text()).isEqualTo("a's TX queue 0: its qdisc (pfifo_fast, 1000 packets) refused 14524"
                + " frames (tx_qdisc_dropped), 81.3% of the 17857 datagrams a sent: 5000 Mbit/s offered, where the 1"
                + " Gbit/s link carries at most 935 Mbit/s of these datagrams");
    }

    @Test
    void dropsAtTheReceiversRingsAndACryptdQueueNameTheirHost() {
        List<MeasurementWarnings.Warning> w = MeasurementWarnings.of(List.of(row("x", newcomer("noqueue"), Set.of(),
                "udp_sent", exact(1000), "udp_received", exact(800), "frames_tx", exact(1000),
                "tx_queue_dropped", exact(40), "tx_ring_dropped", exact(40), "tx_qdisc_dropped", exact(0),
                "rx_missed", exact(150), "cryptd_dropped", exact(50))));
        w = w.stream().filter(x -> x.kind() == MeasurementWarnings.Kind.DROPS).toList();
        assertThat(w).hasSize(1);
        assertThat(w.get(0).text()).doesNotContain("TX queue")  // 40 of 1000 is under 5%
                .contains("b's 4 RX rings (4096 frames each) missed 150 frames (rx_missed), 15% of the 1000 on the wire")
                .contains("full cryptd queues refused 50 requests (cryptd_dropped");
    }

    @Test
    void theFpuWarningFiresBelowFourFifthsOfTheShareAndSaysWhyAsTheHostsRun() {
        MeasurementWarnings.Setup on = newcomer("pfifo_fast");
        MeasurementWarnings.Setup off = new MeasurementWarnings.Setup(0.01, 0.05, 0, 0, true, 4096,
                new MeasurementWarnings.Queues(1, 4096, 1, "pfifo_fast", 10000, Double.NaN, 0.3, false));
        List<MeasurementWarnings.Warning> w = MeasurementWarnings.of(List.of(
                row("near", on, Set.of(), "kernel_fpu_share_min", exact(0.17)),    // 85% of 0.2: not warned
                row("short", on, Set.of(), "kernel_fpu_share_min", exact(0.15)),
                row("off", off, Set.of(), "kernel_fpu_share_min", exact(0.1))));
        assertThat(w).extracting(MeasurementWarnings.Warning::label).containsExactly("short", "off");
        assertThat(w.get(0).text()).startsWith("on the least served of b's CPUs the user held the FPU 15% of the"
                + " time, asked 20%").contains("ksoftirqd").doesNotContain("hosts.ksoftirqd false");
        assertThat(w.get(1).text()).contains("with hosts.ksoftirqd false softirq work runs before every task");
    }

    @Test
    void anIntervalWiderThanItsMeanIsNamedWithTheReplicationsThatWouldHalveIt() {
        MeasurementWarnings.Configuration c = row("async-unordered", QUICKSTART, Set.of("latency_p50_us"),
                "reordered_ratio", new Estimate(0.136, 0.138, 5),
                "latency_p99_us", new Estimate(244, 100, 5),        // narrower than its mean
                "latency_p50_us", new Estimate(20, 30, 5),          // wide, but has a precision target
                "in_pkts_late", new Estimate(0.4, 0.9, 5),          // less than one frame on average
                "udp_lost", new Estimate(-2, 3, 5));                // not a figure read from the summary
        List<MeasurementWarnings.Warning> w = MeasurementWarnings.of(List.of(c));
        assertThat(w).hasSize(1);
        assertThat(w.get(0).kind()).isEqualTo(MeasurementWarnings.Kind.WIDE_INTERVAL);
        // 5 (2 * 0.138 / 0.136)^2 = 20.6: 21 replications
        assertThat(w.get(0).text()).isEqualTo("reordered 13.6 +/- 13.8% (about 21 replications would bring the widest"
                + " to half its mean)");
    }

    @Test
    void theSetupOfAnExperimentAddsItsUdpEntriesAndCountsEveryRing() throws Exception {
        ExperimentFile f = Experiments.parse("two.json", "{\"name\": \"two\", \"hosts\": {\"rxQueues\": 2,"
                + " \"rxRingSize\": 512}, \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 800},"
                + " {\"kind\": \"udp\", \"rateMbps\": 100, \"packetBytes\": 100}]}");
        MeasurementWarnings.Setup s = MeasurementWarnings.Setup.of(f.experiment());
        assertThat(s.udpMbps()).isEqualTo(900);
        assertThat(s.udpDatagramsPerS()).isEqualTo(800e6 / (8 * 1400.0) + 100e6 / (8 * 100.0));
        assertThat(s.rxRingFrames()).isEqualTo(1024);
        assertThat(s.tcp()).isFalse();
    }
}
