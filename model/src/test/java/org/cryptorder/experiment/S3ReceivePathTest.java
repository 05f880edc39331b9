package org.cryptorder.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.experiment.output.Metrics;
import org.cryptorder.experiment.records.Experiment;
import org.cryptorder.experiment.records.ResolvedRun;
import org.cryptorder.experiment.replication.DatapathRunModel;
import org.junit.jupiter.api.Test;

/**
 * The receive path in seed S3-S5 (experiments/seeds/s3-s5-prime95.json), on its most probable reading
 * (iperf3 apart from RX queue 0's CPU, one direction at a time): the report's own counters allow the
 * receiver about 0.07 ACK frames per data frame (SEEDS.md S5b); with iperf3 -s's reads most ACKs
 * follow the reads, and GRO's merged packets add one immediate ACK each when the window test passes.
 */
class S3ReceivePathTest {
    private final DatapathRunModel model = new DatapathRunModel(Experiments.PROFILES);

    private static ResolvedRun encryptedMostProbable() throws Exception {
        List<ResolvedRun> runs = Experiments.configurations("seeds/s3-s5-prime95.json");
        return runs.stream().filter(r -> r.experiment().macsec().encrypt() && r.experiment().hosts().appCpu() == 1
                && ((Experiment.TcpTraffic) r.experiment().traffic().get(1)).flows() == 0).findFirst().orElseThrow();
    }

    @Test
    void withGroAndIperf3sReadsTheReceiverAcksAtMostOncePerTenSegments() throws Exception {
        Metrics m = model.run(encryptedMostProbable(), new StreamRegistry(1), 0);
        assertThat(m.get("tcp_acks_per_segment")).as("the report's counters allow about 0.07").isLessThanOrEqualTo(0.1);
        assertThat(m.get("gro_segments_per_packet_mean")).as("GRO merges").isGreaterThan(3);
        assertThat(m.get("napi_frames_per_poll_mean")).as("a poll takes one interval's frames").isGreaterThan(10);
        assertThat(m.get("rx_interrupts_per_s")).as("adaptive moderation: under 100,000 per second")
                .isBetween(1_000.0, 100_000.0);
    }
}
