package org.cryptorder.experiment.records;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.cryptorder.crypto.Policy;
import org.cryptorder.experiment.Experiments;
import org.cryptorder.host.SectionLength;
import org.cryptorder.macsec.CipherSuite;
import org.cryptorder.macsec.ValidateFrames;
import org.cryptorder.net.RxSteering;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The records bound by Jackson alone are strict where Jackson 2 is lenient, and fill in defaults. */
class ExperimentJsonTest {
    private static final ObjectMapper MAPPER = ExperimentJson.mapper();

    static Experiment read(String json) throws JsonProcessingException {
        return MAPPER.readValue(json, Experiment.class);
    }

    @Test
    void aMinimalFileGetsEveryDefault() throws Exception {
        Experiment e = read(Experiments.minimal(""));
        assertThat(e.description()).isEmpty();
        assertThat(e.hosts()).isEqualTo(new Experiment.Hosts(4, 1, 1, "xeon-skylake-sp", 4096, 512, 64, RxSteering.NIC, null, null, 250,
                "pfifo_fast", true, "ixgbe-82599", null));
        assertThat(e.link()).isEqualTo(new Experiment.Link(10.0, 20.0, 1500, null));
        assertThat(e.macsec()).isEqualTo(new Experiment.Macsec(CipherSuite.GCM_AES_128, true, true, 16, false, 0L,
                ValidateFrames.STRICT));
        assertThat(e.crypto().policy()).isNull();
        assertThat(e.crypto().effectivePolicy()).isEqualTo(Policy.ASYNC);
        assertThat(e.crypto().cryptdQueueLength()).isEqualTo(1000);
        assertThat(e.crypto().resequenceTimeoutUs()).isEqualTo(100.0);
        assertThat(e.crypto().offload()).isEqualTo(new Experiment.Offload(4, 2.0, 10.0, false));
        assertThat(e.contention()).isEqualTo(new Experiment.Contention(0.0, 40.0, SectionLength.EXPONENTIAL, false, 0.0, false, false));
        assertThat(e.traffic()).containsExactly(new Experiment.UdpTraffic(1, 100.0, 1400,
                Experiment.UdpPattern.CONSTANT, 0.0, false));
        assertThat(e.run()).isEqualTo(new Experiment.RunSettings(1.0, 0.0, 5, 1L, java.util.Map.of()));
        assertThat(e.sweep()).isEmpty();
    }

    @Test
    void aKernelVersionPicksItsErasPolicyAndQueueLength() throws Exception {
        Experiment e = read(Experiments.minimal("\"crypto\": {\"kernel\": \"3.10-rhel7\"}"));
        assertThat(e.crypto().effectivePolicy()).isEqualTo(Policy.ASYNC_UNORDERED);
        assertThat(e.crypto().cryptdQueueLength()).isEqualTo(100);
        assertThat(read(Experiments.minimal("\"crypto\": {\"kernel\": \"5.10\"}")).crypto().effectivePolicy())
                .isEqualTo(Policy.SYNC_FALLBACK);
    }

    @Test
    void enumValuesAreWrittenAsTheFilesWriteThem() throws Exception {
        Experiment e = read(Experiments.minimal("\"hosts\": {\"rxSteering\": \"per-frame\"}, \"crypto\": {\"policy\":"
                + " \"async-unordered\"}, \"macsec\": {\"cipherSuite\": \"GCM-AES-XPN-256\", \"validate\": \"check\"}"));
        String back = MAPPER.writeValueAsString(e);
        assertThat(back).contains("\"per-frame\"", "\"async-unordered\"", "\"GCM-AES-XPN-256\"", "\"check\"",
                "\"constant\"", "\"exponential\"", "\"kind\" : \"udp\"");
        assertThat(read(back)).isEqualTo(e);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        "{\"name\": \"t\", \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 100}], \"hostz\": {}}",
        "{\"name\": \"t\", \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 100}], \"hosts\": {\"cpus\": \"8\"}}",
        "{\"name\": \"t\", \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": \"100\"}]}",
        "{\"name\": \"t\", \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 100}], \"hosts\": {\"cpus\": 8.9}}",
        "{\"name\": \"t\", \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 100}], \"hosts\": {\"cpus\": 8.0}}",
        "{\"name\": \"t\", \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 100}]} {}",
        "{\"name\": \"t\", \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 100}]} x",
        "{\"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 100}]}",
        "{\"name\": \"t\"}",
        "{\"name\": \"t\", \"traffic\": [{\"kind\": \"udp\"}]}",
        "{\"name\": \"t\", \"traffic\": [{\"rateMbps\": 100}]}",
        "{\"name\": \"t\", \"traffic\": [{\"kind\": \"udpp\", \"rateMbps\": 100}]}",
        "{\"name\": 5, \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 100}]}",
        "{\"name\": \"t\", \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 100}], \"macsec\": {\"encrypt\": \"true\"}}",
        "{\"name\": \"t\", \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 100}], \"macsec\": {\"encrypt\": 1}}",
        "{\"name\": \"t\", \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 100}], \"crypto\": {\"policy\": \"asynch\"}}",
        "{\"name\": \"t\", \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 100}], \"crypto\": {\"policy\": 3}}",
        "{\"name\": \"t\", \"name\": \"u\", \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 100}]}",
        "{\"name\": \"t\", \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 100, \"rate\": 1}]}",
    })
    void jacksonAloneRejects(String json) {
        assertThatThrownBy(() -> read(json)).isInstanceOf(JsonProcessingException.class);
    }
}
