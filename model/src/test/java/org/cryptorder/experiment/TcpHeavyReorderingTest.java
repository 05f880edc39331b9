package org.cryptorder.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.HashMap;
import java.util.Map;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.testing.ProjectFiles;
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
 * <p>Measured 2026-12-07: at 500 us both assertions hold (182.3 of 184.1 Mbit/s, 1,575 partial
 * undos); at 5,000 us the goodput ratio is 0.48 (87.4 of 183.4) and the test fails: the model
 * collapses through Linux's steps (cwnd 266 down to 45, then every hold undone by its D-SACK), but
 * 3.85 s into the run, where Linux fell within 0.2 s of slow start (see docs/tcp.md, "The model
 * against it"). Four 10 s Linux runs re-measured on 2026-12-07 gave 0.22-0.51, so the band is the
 * first three runs', narrower than Linux's own spread. No constant is to be fitted to make it pass.
 */
@Tag("slow")
class TcpHeavyReorderingTest {
    private static final Map<String, Metrics> RUNS = new HashMap<>();

    @BeforeAll
    static void runAll() throws Exception {
        String json = Files.readString(ProjectFiles.resolve("experiments/tcp-heavy-reordering.json"));
        DatapathRunModel model = new DatapathRunModel(Experiments.PROFILES);
        for (ResolvedRun r : Experiments.parse("tcp-heavy-reordering.json", json).configurations()) {
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
