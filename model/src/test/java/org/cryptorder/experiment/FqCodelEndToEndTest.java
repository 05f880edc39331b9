package org.cryptorder.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.HashMap;
import java.util.Map;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.experiment.output.Metrics;
import org.cryptorder.experiment.records.Experiment;
import org.cryptorder.experiment.records.ResolvedRun;
import org.cryptorder.experiment.replication.DatapathRunModel;
import org.cryptorder.testing.ProjectFiles;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code fq-codel-vs-pfifo-fast.json} (test resources): two TCP flows whose sender outruns a
 * 1 Gbit/s wire, with pfifo_fast and with fq_codel as the TX queue's qdisc.
 */
class FqCodelEndToEndTest {
    static final String FILE = "model/src/test/resources/experiments/fq-codel-vs-pfifo-fast.json";
    private static final Map<String, Metrics> RUNS = new HashMap<>();

    @BeforeAll
    static void runBoth() throws Exception {
        String json = Files.readString(ProjectFiles.resolve(FILE));
        DatapathRunModel model = new DatapathRunModel(Experiments.PROFILES);
        for (ResolvedRun r : Experiments.parse("fq-codel-vs-pfifo-fast.json", json).configurations()) {
            Experiment e = r.experiment();
            RUNS.put(e.hosts().qdisc(), model.run(r, new StreamRegistry(e.run().seed()), 0));
        }
    }

    @Test
    void pfifoFastRefusesWhatDoesNotFitAndFqCodelDropsAtDequeueInstead() {
        Metrics fifo = RUNS.get("pfifo_fast");
        Metrics fq = RUNS.get("fq_codel");
        System.out.println("fq_codel vs pfifo_fast: " + summary(fifo) + " | " + summary(fq));
        assertThat(fifo.get("tx_qdisc_dropped")).as("pfifo_fast's 1000 packets overflow").isPositive();
        assertThat(fifo.get("tx_codel_dropped")).isZero();
        assertThat(fifo.get("tx_fq_overlimit_dropped")).isZero();
        assertThat(fq.get("tx_qdisc_dropped")).as("fq_codel refuses nothing").isZero();
        assertThat(fq.get("tx_codel_dropped")).as("CoDel dropped the standing queue").isPositive();
        assertThat(fq.get("tx_queue_dropped")).as("MACsec saw none refused").isZero();
        assertThat(fq.get("qdisc_backlog_p99_packets")).as("CoDel keeps the standing queue below pfifo_fast's full band")
                .isLessThan(fifo.get("qdisc_backlog_p99_packets"));
    }

    @Test
    void bothKeepTheWireBusy() {
        for (Metrics m : RUNS.values()) {
            assertThat(m.get("goodput_bps")).isGreaterThan(0.8e9);
        }
    }

    private static String summary(Metrics m) {
        return String.format("goodput %.3f Gbit/s, qdisc p99 %.0f, qdisc dropped %.0f, codel %.0f, overlimit %.0f,"
                + " retransmits %.0f", m.get("goodput_bps") / 1e9, m.get("qdisc_backlog_p99_packets"),
                m.get("tx_qdisc_dropped"), m.get("tx_codel_dropped"), m.get("tx_fq_overlimit_dropped"),
                m.get("tcp_retransmits"));
    }
}
