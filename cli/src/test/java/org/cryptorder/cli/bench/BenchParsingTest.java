package org.cryptorder.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.List;
import org.cryptorder.cli.ProjectPaths;
import org.cryptorder.crypto.Policy;
import org.cryptorder.experiment.records.Experiment;
import org.cryptorder.experiment.wiring.Profiles;
import org.junit.jupiter.api.Test;

/** The memory probe's result line, the sweep's table comparison and the scenario file. */
class BenchParsingTest {
    @Test
    void theMemoryProbesLineIsFoundAmongOtherOutput() throws IOException {
        MemoryBenchmark.Result r = MemoryBenchmark.parse(10, "warning: something\nmemory-probe frames=2187996 "
                + "heap-after-gc=10234567 max-heap=6321000000 vm-rss-kb=587100 vm-hwm-kb=591600\n");
        assertThat(r).isEqualTo(new MemoryBenchmark.Result(10, 2187996, 10234567, 6321000000L, 587100, 591600));
        assertThatThrownBy(() -> MemoryBenchmark.parse(1, "memory-probe frames=1\n")).isInstanceOf(IOException.class)
                .hasMessageContaining("no result line");
    }

    @Test
    void tablesAreComparedWithoutTheirCommentsAndWallSeconds() {
        List<String> a = SweepBenchmark.withoutWallSeconds(List.of("# cryptorder x", "replication,seed,wall_seconds,frames_tx",
                "0,1,2.5,100", "1,1,2.7,101"));
        List<String> b = SweepBenchmark.withoutWallSeconds(List.of("# cryptorder y", "replication,seed,wall_seconds,frames_tx",
                "0,1,1.5,100", "1,1,1.2,101"));
        assertThat(a).containsExactly("replication,seed,frames_tx", "0,1,100", "1,1,101").isEqualTo(b);
        assertThat(SweepBenchmark.withoutWallSeconds(List.of("replication,seed,wall_seconds,frames_tx", "1,1,1.2,102")))
                .isNotEqualTo(a.subList(0, 2));
    }

    @Test
    void everyScenarioIsAValidExperimentWithTheFixedSetUp() {
        Profiles profiles = Profiles.in(ProjectPaths.data("profiles"));
        for (BenchScenario.Traffic t : BenchScenario.Traffic.values()) {
            for (Policy p : Policy.values()) {
                Experiment e = new BenchScenario(t, p, 0.25, 8).run(profiles).experiment();
                assertThat(e.crypto().effectivePolicy()).isEqualTo(p);
                assertThat(e.hosts().cpus()).isEqualTo(2);
                assertThat(e.contention().kernelFpuBusy()).isEqualTo(0.3);
                assertThat(e.run().durationS()).isEqualTo(0.25);
                assertThat(e.run().replications()).isEqualTo(8);
                assertThat(e.traffic()).singleElement().isInstanceOf(t == BenchScenario.Traffic.TCP
                        ? Experiment.TcpTraffic.class : Experiment.UdpTraffic.class);
            }
        }
    }
}
