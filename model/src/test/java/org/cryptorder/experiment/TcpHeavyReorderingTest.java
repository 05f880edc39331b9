package org.cryptorder.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.experiment.output.Metrics;
import org.cryptorder.experiment.records.Experiment;
import org.cryptorder.experiment.records.ResolvedRun;
import org.cryptorder.experiment.replication.DatapathRunModel;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code experiments/tcp-heavy-reordering.json}, 10 s each, against the Linux 6.18 measurement in
 * its description: a 200 Mbit/s bottleneck with a 100-frame drop-tail queue in the network, every
 * 100th data frame held after it until 100 later ones have passed, the flow paced as the measured
 * one was ({@code traffic.0.pacing} internal: iperf3 -C cubic on a bbr-default host). At 500 us
 * one-way delay Linux keeps its goodput (0.98-1.00 of clean) by undoing the holds on timestamps, at
 * 5,000 us it falls to 0.22-0.42. Configurations of 10 simulated seconds: tagged {@code slow}, left
 * out of the default build.
 *
 * <p>Measured 2026-12-07, after the receiver's RTT took 6.16's rules: at 500 us both assertions
 * hold (182.3 of 184.1 Mbit/s, 1,278 partial undos); at 5,000 us the goodput ratio is 0.43 (78.1 of
 * 183.4), inside the band, where it was 0.48 before that change. The model collapses through Linux's
 * steps (cwnd 266 down to 45, then every hold undone by its D-SACK) at the queue overflow of 2.84 s
 * (3.85 s before), and which overflow leads in is a race one replication draws once; Linux's own
 * four 10 s runs of that day gave 0.22-0.51, so this pass is one draw, not a mechanism mended (see
 * docs/tcp.md, "The model against it"). At 500 us Linux itself takes this test's path in about half
 * of its runs ({@link TcpHeavyReorderingRigTest}). No constant is to be fitted to make either pass.
 */
@Tag("slow")
class TcpHeavyReorderingTest {
    private static final Map<String, Metrics> RUNS = new HashMap<>();

    @BeforeAll
    static void runAll() throws Exception {
        DatapathRunModel model = new DatapathRunModel(Experiments.PROFILES);
        for (ResolvedRun r : Experiments.configurations("tcp-heavy-reordering.json")) {
            Experiment e = r.experiment();
            Experiment.TcpTraffic tcp = (Experiment.TcpTraffic) e.traffic().get(0);
            String key = e.link().delayUs().intValue() + "/" + e.link().impairments().aToB().deterministicReorder().everyK()
                    + "/" + tcp.pacing().name().toLowerCase(java.util.Locale.ROOT);
            RUNS.put(key, model.run(r, new StreamRegistry(e.run().seed()), 0));
        }
    }

    @Test
    void at500UsGoodputHoldsAndPartialUndoHappens() {
        Metrics held = RUNS.get("500/100/internal");
        Metrics clean = RUNS.get("500/0/internal");
        assertThat(held.get("goodput_bps")).as("within 10%% of %s without reordering", clean.get("goodput_bps"))
                .isGreaterThanOrEqualTo(0.9 * clean.get("goodput_bps"));
        assertThat(held.get("tcp_partial_undo")).as("undone on timestamps").isPositive();
    }

    @Test
    void at5000UsGoodputFallsAsLinuxDoes() {
        double ratio = RUNS.get("5000/100/internal").get("goodput_bps") / RUNS.get("5000/0/internal").get("goodput_bps");
        assertThat(ratio).isBetween(0.2, 0.45);
    }
}
