package org.cryptorder.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import org.cryptorder.experiment.records.Experiment;
import org.cryptorder.experiment.wiring.DatapathBuilder;
import org.cryptorder.net.HostSpec;
import org.cryptorder.net.QdiscKind;
import org.junit.jupiter.api.Test;

/** hosts.qdisc, hosts.txRingSize, hosts.bql and hosts.nic: defaults, translation to the model, refusals. */
class TxPathKeysTest {
    static final String TRAFFIC = ", \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 1}]}";

    @Test
    void theDefaultsAreLinuxsOnThe82599() throws Exception {
        Experiment e = Experiments.parse("m.json", "{\"name\": \"m\"" + TRAFFIC).experiment();
        HostSpec h = DatapathBuilder.hostSpec(e, Experiments.PROFILES.load("xeon-skylake-sp"),
                Experiments.PROFILES.nic(e.hosts().nic()));
        assertThat(h.tx().ringSize()).isEqualTo(512);
        assertThat(h.tx().qdisc()).isEqualTo(QdiscKind.PFIFO_FAST);
        assertThat(h.tx().qdiscLimit()).isEqualTo(1000);
        assertThat(h.tx().bql()).isTrue();
        assertThat(h.tx().hz()).isEqualTo(250);
        assertThat(h.tx().nic().txPacketBufferOctets()).isEqualTo(160 * 1024);
    }

    @Test
    void aRingSizeIsRoundedAsTheDriverRoundsIt() throws Exception {
        Experiment e = Experiments.parse("m.json", "{\"name\": \"m\", \"hosts\": {\"txRingSize\": 100, \"qdisc\":"
                + " \"noqueue\", \"bql\": false, \"hz\": 1000}" + TRAFFIC).experiment();
        HostSpec h = DatapathBuilder.hostSpec(e, Experiments.PROFILES.load("xeon-skylake-sp"));
        assertThat(h.tx().ringSize()).isEqualTo(104);
        assertThat(h.tx().qdisc()).isEqualTo(QdiscKind.NOQUEUE);
        assertThat(h.tx().bql()).isFalse();
        assertThat(h.tx().hz()).isEqualTo(1000);
    }

    @Test
    void aRingSizeOfTheOldMeaningIsRefusedSayingWhatChanged() {
        assertThat(Experiments.problems("{\"name\": \"m\", \"hosts\": {\"txRingSize\": 1024}" + TRAFFIC))
                .singleElement().asString()
                .contains("hosts.txRingSize", "its meaning changed", "ring and qdisc together",
                        "now counts the NIC's TX descriptors", "hosts.qdisc");
    }

    @Test
    void fqCodelTakesTcsDefaultsOnTheLinksMtuAndTheKernelsVersion() throws Exception {
        Experiment e = Experiments.parse("m.json", "{\"name\": \"m\", \"hosts\": {\"qdisc\": \"fq_codel\"},"
                + " \"link\": {\"mtu\": 9000}, \"crypto\": {\"kernel\": \"4.6\"}" + TRAFFIC).experiment();
        HostSpec h = DatapathBuilder.hostSpec(e, Experiments.PROFILES.load("xeon-skylake-sp"));
        assertThat(h.tx().qdisc()).isEqualTo(QdiscKind.FQ_CODEL);
        assertThat(h.tx().fqCodel().quantum()).isEqualTo(9014);
        assertThat(h.tx().fqCodel().limit()).isEqualTo(10240);
        assertThat(h.tx().fqCodel().dropBatchSize()).as("4.6: before the batch drop").isEqualTo(1);
        Experiment mainline = Experiments.parse("m.json", "{\"name\": \"m\", \"hosts\": {\"qdisc\":"
                + " \"fq_codel\"}" + TRAFFIC).experiment();
        HostSpec m = DatapathBuilder.hostSpec(mainline, Experiments.PROFILES.load("xeon-skylake-sp"));
        assertThat(m.tx().fqCodel().quantum()).isEqualTo(1514);
        assertThat(m.tx().fqCodel().dropBatchSize()).as("no kernel named: mainline").isEqualTo(64);
        assertThat(m.tx().fqCodel().memoryLimit()).isEqualTo(32L << 20);
    }

    @Test
    void anUnknownQdiscAnUnknownNicAndARingTheDriverRefusesAreRefused() {
        assertThat(Experiments.problems("{\"name\": \"m\", \"hosts\": {\"qdisc\": \"fq-codel\"}" + TRAFFIC))
                .singleElement().asString().contains("hosts.qdisc", "fq_codel");
        assertThat(Experiments.problems("{\"name\": \"m\", \"hosts\": {\"nic\": \"ixgbe-82598\"}" + TRAFFIC))
                .singleElement().asString().contains("hosts.nic", "ixgbe-82599", "did you mean");
        assertThat(Experiments.problems("{\"name\": \"m\", \"hosts\": {\"txRingSize\": 32, \"qdisc\":"
                + " \"pfifo_fast\"}" + TRAFFIC)).singleElement().asString()
                .contains("hosts.txRingSize", "64 to 8192 TX descriptors", "found 32");
    }
}
