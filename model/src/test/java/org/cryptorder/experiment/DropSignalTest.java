package org.cryptorder.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumMap;
import java.util.Map;
import org.cryptorder.experiment.output.Metrics;
import org.cryptorder.experiment.records.Experiment;
import org.cryptorder.experiment.records.ResolvedRun;
import org.cryptorder.experiment.replication.DatapathRunModelTest;
import org.cryptorder.experiment.replication.Replication;
import org.cryptorder.experiment.wiring.Datapath;
import org.cryptorder.macsec.MacsecCounter;
import org.cryptorder.net.MacsecDrop;
import org.junit.jupiter.api.Test;

/**
 * A MACsec device emits every frame it drops with its reason, and the reasons reconcile with the
 * Linux counters and with the columns that count them.
 */
class DropSignalTest {
    @Test
    void replayDropsAreEmittedAsLateAndMatchInPktsLate() throws Exception {
        // async-unordered reorders under contention; with replay protection and window 0 every frame
        // overtaken by a higher PN is late
        ResolvedRun run = DatapathRunModelTest.only("{\"name\": \"d\", \"hosts\": {\"cpus\": 2},"
                + " \"crypto\": {\"policy\": \"async-unordered\"}, \"macsec\": {\"replayProtect\": true},"
                + " \"contention\": {\"kernelFpuBusy\": 0.3},"
                + " \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 2000}], \"run\": {\"durationS\": 0.01}}");
        Experiment e = run.experiment();
        Datapath d = Experiments.wired(e);
        Map<MacsecDrop, Long> b = new EnumMap<>(MacsecDrop.class);
        d.b().macsec().drops.subscribe((t, p, why) -> b.merge(why, 1L, Long::sum));
        Metrics m = new Replication(d, e.run(), null, null).run();
        long late = d.b().macsec().secy().counter(MacsecCounter.IN_PKTS_LATE);
        assertThat(late).as("the run has replay drops").isPositive();
        assertThat(b).containsOnlyKeys(MacsecDrop.RX_LATE).containsEntry(MacsecDrop.RX_LATE, late);
        assertThat(m.get("in_pkts_late")).isEqualTo(late);
    }
}
