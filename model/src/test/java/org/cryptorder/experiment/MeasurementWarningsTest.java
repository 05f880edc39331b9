package org.cryptorder.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.cryptorder.experiment.ConfigurationSummary.Estimate;
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
        // measured: 14720 sent, 11136 received, none lost (./cryptorder run experiments/quickstart.json)
        List<MeasurementWarnings.Warning> w = MeasurementWarnings.of(List.of(row("sync-fallback", QUICKSTART, Set.of(),
                "udp_sent", exact(14720), "udp_received", exact(11136), "udp_lost", exact(0))));
        assertThat(w).extracting(MeasurementWarnings.Warning::kind).containsExactly(
                MeasurementWarnings.Kind.SENDER_SHORT, MeasurementWarnings.Kind.TRANSIENT);
        // configured: 2e9 / 11200 * 0.18 = 32142.9 datagrams; 14720 of them is 45.8%, 915.9 Mbit/s
        assertThat(w.get(0).text()).isEqualTo("sent 916 Mbit/s of the 2000 Mbit/s configured (46%)");
        // 3584 still queued; growth 3584 / 0.18 = 19911/s; the ring fills after 4096 / 19911 = 0.2057 s
        assertThat(w.get(1).text()).isEqualTo("b took in 11136 of the 14720 datagrams sent, 0 lost and 3584 still"
                + " queued 5 ms after the sources stopped: its queues grew by about 19900 datagrams/s, so its RX rings"
                + " (4096 frames) fill after about 0.206 s, later than the warm-up's end at 0.02 s");
        assertThat(w.get(1).label()).isEqualTo("sync-fallback");
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
