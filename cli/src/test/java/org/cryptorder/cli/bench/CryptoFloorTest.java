package org.cryptorder.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.cryptorder.cli.ProjectPaths;
import org.cryptorder.crypto.Policy;
import org.cryptorder.engine.EventListKind;
import org.cryptorder.experiment.wiring.Profiles;
import org.junit.jupiter.api.Test;

/** The crypto floor performs exactly the AES-GCM operations the run performed. */
class CryptoFloorTest {
    private final Profiles profiles = Profiles.in(ProjectPaths.data("profiles"));
    private final DatapathBenchmark bench = new DatapathBenchmark(profiles, EventListKind.DEFAULT);

    @Test
    void aUdpRunSealsEachFrameOnTheWireOnceAndOpensEachFrameTheReceiverValidated() throws Exception {
        DatapathBenchmark.Measured m = bench.once(BenchScenario.of(BenchScenario.Traffic.UDP, Policy.ASYNC, 0.003)
                .run(profiles), null);
        long validated = (long) (m.metrics().get("in_pkts_ok") + m.metrics().get("in_pkts_delayed")
                + m.metrics().get("in_pkts_late") + m.metrics().get("in_pkts_not_valid"));
        assertThat(m.frames()).isGreaterThan(1000);
        assertThat(m.operations().seals()).isEqualTo(m.frames());
        assertThat(m.operations().opens()).isEqualTo(validated);
        // one shape: 16-octet key; AAD = addresses (12) + SecTAG with SCI (16); text = EtherType, IPv4, UDP, payload
        int text = 2 + 20 + 8 + BenchScenario.UDP_PAYLOAD;
        assertThat(m.operations().shapes()).containsExactly(new AeadTally.Shape(16, 28, text, 16, m.frames(), validated));

        CryptoFloor.Timing floor = CryptoFloor.time(m.operations());
        assertThat(floor.seals()).isEqualTo(m.frames());
        assertThat(floor.opens()).isEqualTo(validated);
        assertThat(floor.octets()).isEqualTo((m.frames() + validated) * (28L + text)).isEqualTo(m.operations().octets());
    }

    @Test
    void aTcpRunsFloorReplaysEveryShapeOfDataAndAcksAndTwoRunsCountAlike() throws Exception {
        var run = BenchScenario.of(BenchScenario.Traffic.TCP, Policy.ASYNC_UNORDERED, 0.003).run(profiles);
        DatapathBenchmark.Measured m = bench.once(run, null);
        assertThat(m.operations().shapes().size()).as("full segments and ACKs of several sizes").isGreaterThan(1);
        assertThat(m.operations().seals()).isGreaterThan(m.frames());  // ACKs are frames too
        CryptoFloor.Timing floor = CryptoFloor.time(m.operations());
        assertThat(floor.seals()).isEqualTo(m.operations().seals());
        assertThat(floor.opens()).isEqualTo(m.operations().opens());
        assertThat(floor.octets()).isEqualTo(m.operations().octets());
        assertThat(bench.once(run, null).operations().shapes()).isEqualTo(m.operations().shapes());
    }

    @Test
    void leftOverOpensOfAShapeDecryptACopyOfASealedFrame() throws Exception {
        AeadTally tally = new AeadTally();
        for (int i = 0; i < 5; i++) {
            tally.sealed(16, 28, 100, 16);
            tally.opened(16, 28, 100, 16);
        }
        tally.opened(16, 28, 100, 16);   // a duplicated frame
        tally.opened(16, 28, 100, 16);
        tally.sealed(32, 20, 0, 16);     // sealed, never opened (lost)
        CryptoFloor.Timing floor = CryptoFloor.time(tally);  // an ICV that failed would throw
        assertThat(floor.seals()).isEqualTo(6);
        assertThat(floor.opens()).isEqualTo(7);
        assertThat(floor.octets()).isEqualTo(12 * 128L + 20);
    }
}
