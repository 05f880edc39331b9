package org.cryptorder.experiment.replication;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.experiment.Experiments;
import org.cryptorder.experiment.output.Metrics;
import org.cryptorder.experiment.records.ResolvedRun;
import org.cryptorder.experiment.wiring.Datapath;
import org.cryptorder.macsec.GcmEngine;
import org.cryptorder.macsec.MacsecFrame;
import org.junit.jupiter.api.Test;

/**
 * The consistency checks of every replication: they hold on real runs (UDP overdriving a link, TCP
 * with ACKs both ways), and a counter that invents a frame, or a goodput counted over the drain,
 * fails them with what broke.
 */
class ReplicationAuditTest {
    private final DatapathRunModel model = new DatapathRunModel(Experiments.PROFILES);

    private record Ran(Datapath datapath, Replication replication, Metrics metrics) {
    }

    private Ran run(String json) throws Exception {
        ResolvedRun r = DatapathRunModelTest.only(json);
        Datapath d = model.macsecDatapath(r, new StreamRegistry(1), 0);
        Replication rep = new Replication(d, r.experiment().run());
        return new Ran(d, rep, rep.run());
    }

    @Test
    void everyCheckHoldsOnRealRunsAndEachKindIsChecked() throws Exception {
        Ran udp = run(DatapathRunModelTest.OVERDRIVEN);
        List<ReplicationAudit.Check> checks = udp.replication().checks(udp.metrics().get("goodput_bps"));
        assertThat(checks).allMatch(ReplicationAudit.Check::holds);
        assertThat(checks).extracting(ReplicationAudit.Check::where).contains("goodput", "link a->b", "link b->a",
                "b's RX ring 3", "a's TX queue 0 qdisc", "a's TX queue 0", "a's TX queue 0 ring", "b's cryptd on cpu0",
                "a's SecY", "b's SecY");
        Ran tcp = run("{\"name\": \"t\", \"hosts\": {\"cpus\": 2}, \"contention\": {\"kernelFpuBusy\": 0.3},"
                + " \"traffic\": [{\"kind\": \"tcp\"}], \"run\": {\"durationS\": 0.02, \"warmupS\": 0.005}}");
        assertThat(tcp.replication().checks(tcp.metrics().get("goodput_bps"))).allMatch(ReplicationAudit.Check::holds);
    }

    @Test
    void aGoodputCountedOverTheDrainFailsTheRunNamingTheGoodput() throws Exception {
        // the newcomer's figure when the drain counted: the datagrams received by the drain's end over the window alone
        Ran udp = run(DatapathRunModelTest.OVERDRIVEN);
        double drainInclusive = udp.metrics().get("udp_received") * 1400 * 8 / (0.05 - 0.01);
        assertThat(drainInclusive).as("above the 1 Gbit/s link").isGreaterThan(1e9);
        assertThatThrownBy(() -> ReplicationAudit.verify(udp.replication().checks(drainInclusive)))
                .isInstanceOf(ReplicationAudit.Violation.class).hasMessageStartingWith("the counters of the run do not"
                        + " add up, so its row is not written: goodput: payload b's applications took");
    }

    @Test
    void aSecyCounterThatCountsAFrameNoRingHandedUpFailsTheRun() throws Exception {
        Ran udp = run(DatapathRunModelTest.OVERDRIVEN);
        // a broken counter: b's SecY judges a frame that never came through its RX rings (no SecTAG: InPktsNoTag)
        udp.datapath().b().macsec().secy().validate(MacsecFrame.allocate(64), new GcmEngine());
        assertThatThrownBy(() -> ReplicationAudit.verify(udp.replication().checks(udp.metrics().get("goodput_bps"))))
                .isInstanceOf(ReplicationAudit.Violation.class).hasMessageContaining("b's SecY: InPktsOK")
                .hasMessageNotContaining("a's SecY");
    }

    @Test
    void aRunWhoseCountersDoNotAddUpFailsLoudly() {
        ReplicationAudit.Check lost = new ReplicationAudit.Check("b's RX ring 0", "accepted = departed 10 + held 0", 11,
                10, 10);
        assertThatThrownBy(() -> ReplicationAudit.verify(List.of(lost))).hasMessage("the counters of the run do not"
                + " add up, so its row is not written: b's RX ring 0: accepted = departed 10 + held 0 (11, expected 10)");
    }
}
