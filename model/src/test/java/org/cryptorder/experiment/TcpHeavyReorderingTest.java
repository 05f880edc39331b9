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
 * 100th data frame held after it until 100 later ones have passed. At 500 us one-way delay Linux
 * keeps its goodput (191.6-192.0 of 192.9-193.0 Mbit/s), at 5,000 us it falls to 0.22-0.42 of it.
 * Four runs of 10 simulated seconds: tagged {@code slow}, left out of the default build.
 *
 * <p>With GSO skbs (the experiment's {@code hosts.gso} at its default, as Linux's TCP always
 * builds them), measured 2026-12-03: the 5,000 us test passes, 46.8 of 183.4 Mbit/s, 0.26 of the
 * clean goodput. At 500 us the first assertion holds (182.2 of 184.1 Mbit/s) and the second
 * misses: {@code tcp_partial_undo} is 0, the holds undone by 1,624 D-SACK undos instead. HyStart
 * (checked against 6.18's {@code tcp_cubic.c}, {@code HyStartTest}) ends slow start at cwnd 36,
 * and the flight at each recovery entry (25-26 segments, cwnd held at 26-39 by the cycle of holds
 * and undos) is less than the 100-segment hold, so the retransmission always fills the hole
 * first. The trace and what is open are in docs/tcp.md ("Tracing one displaced segment", "HyStart
 * against 6.18"); no constant is to be fitted to make it pass.
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
            String key = e.link().delayUs().intValue() + "/" + e.link().impairments().aToB().deterministicReorder().everyK();
            RUNS.put(key, model.run(r, new StreamRegistry(e.run().seed()), 0));
        }
    }

    @Test
    void at500UsGoodputHoldsAndPartialUndoHappens() {
        Metrics held = RUNS.get("500/100");
        Metrics clean = RUNS.get("500/0");
        assertThat(held.get("goodput_bps")).as("within 10%% of %s without reordering", clean.get("goodput_bps"))
                .isGreaterThanOrEqualTo(0.9 * clean.get("goodput_bps"));
        assertThat(held.get("tcp_partial_undo")).as("undone on timestamps").isPositive();
    }

    @Test
    void at5000UsGoodputFallsAsLinuxDoes() {
        double ratio = RUNS.get("5000/100").get("goodput_bps") / RUNS.get("5000/0").get("goodput_bps");
        assertThat(ratio).isBetween(0.2, 0.45);
    }
}
