package org.cryptorder.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.experiment.output.Metrics;
import org.cryptorder.experiment.records.Experiment;
import org.cryptorder.experiment.records.ResolvedRun;
import org.cryptorder.experiment.replication.DatapathRunModel;
import org.cryptorder.transport.tcp.TcpPacing;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code experiments/tcp-heavy-reordering-rig.json}, paced: the relay's reader, wake-up latency and
 * ACK-direction delay, eight replications of 10 s. At 500 us Linux 6.18 takes one of two outcomes
 * (11 of 20 runs on a quiet host: partial undos, {@code tp->reordering} 102 and the goodput held;
 * the others: D-SACK undos only, {@code tp->reordering} 3), set in the first 9 ms by whether
 * HyStart's ACK train ends slow start before the first hold is marked lost (docs/tcp.md, "Two
 * outcomes"); the model must show both, each with its own signature. At 5,000 us Linux falls to
 * 0.22-0.51 of its goodput without reordering in seven runs; the model's replications must fall so
 * too, their median inside the 0.2-0.45. Tagged {@code slow}.
 */
@Tag("slow")
class TcpHeavyReorderingRigTest {
    private static final Map<Integer, List<Metrics>> HELD = new HashMap<>();
    private static final Map<Integer, Double> CLEAN = new HashMap<>();

    @BeforeAll
    static void runAll() throws Exception {
        DatapathRunModel model = new DatapathRunModel(Experiments.PROFILES);
        for (ResolvedRun r : Experiments.configurations("tcp-heavy-reordering-rig.json")) {
            Experiment e = r.experiment();
            if (((Experiment.TcpTraffic) e.traffic().get(0)).pacing() != TcpPacing.INTERNAL) {
                continue;
            }
            int delay = e.link().delayUs().intValue();
            StreamRegistry streams = new StreamRegistry(e.run().seed());
            if (e.link().impairments().aToB().deterministicReorder().everyK() == 0) {
                CLEAN.put(delay, model.run(r, streams, 0).get("goodput_bps"));
                continue;
            }
            List<Metrics> runs = new ArrayList<>();
            for (int rep = 0; rep < e.run().replications(); rep++) {
                runs.add(model.run(r, streams, rep));
            }
            HELD.put(delay, runs);
        }
    }

    @Test
    void pacedAt500UsBothOfLinuxsOutcomesAppearEachWithItsSignature() {
        List<Metrics> held = HELD.get(500);
        double clean = CLEAN.get(500);
        List<Metrics> partial = held.stream().filter(m -> m.get("tcp_partial_undo") > 0).toList();
        List<Metrics> dsackOnly = held.stream().filter(m -> m.get("tcp_partial_undo") == 0).toList();
        assertThat(held).hasSize(8);
        assertThat(partial).as("some replications escape on timestamps").isNotEmpty();
        assertThat(dsackOnly).as("some stay in the D-SACK cycle").isNotEmpty();
        assertThat(partial).allSatisfy(m -> {
            assertThat(m.get("goodput_bps")).as("held within 10%% of %s", clean).isGreaterThanOrEqualTo(0.9 * clean);
            assertThat(m.get("tcp_reordering")).as("tcp_check_sack_reordering raised it").isGreaterThanOrEqualTo(100);
        });
        assertThat(dsackOnly).allSatisfy(m -> {
            assertThat(m.get("tcp_reordering")).as("reordering never seen: reord_seen 0").isEqualTo(3);
            // Linux's runs of this outcome gave 66.1-186.0 Mbit/s: the goodput is not its signature
            assertThat(m.get("tcp_dsack_undo")).as("the holds undone by their D-SACKs").isPositive();
        });
    }

    @Test
    void pacedAt5000UsTheReplicationsFallAsLinuxsRunsDo() {
        double clean = CLEAN.get(5000);
        double[] ratios = HELD.get(5000).stream().mapToDouble(m -> m.get("goodput_bps") / clean).sorted().toArray();
        double median = (ratios[3] + ratios[4]) / 2;
        assertThat(median).as("the median of %s", java.util.Arrays.toString(ratios)).isBetween(0.2, 0.45);
        // Linux held in none of seven 10 s runs; an outcome of one replication in eight would miss
        // seven runs 39% of the time, so one holding replication is no contradiction, two would be
        assertThat(ratios[6]).as("at most one of eight holds as at 500 us").isLessThan(0.9);
    }
}
