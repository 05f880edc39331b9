package org.cryptorder.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Values set from the command line over an experiment file ({@code run --set PATH=VALUE}). */
class SetValueTest {
    static final String FILE = "{\"name\": \"s\", \"hosts\": {\"cpus\": 2},\n"
            + " \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 100}], \"run\": {\"durationS\": 0.01}}";

    static ExperimentFile parse(String... sets) throws InvalidExperimentException {
        List<JsonSource.SetValue> values = java.util.Arrays.stream(sets).map(JsonSource.SetValue::parse).toList();
        return ExperimentFile.parse(Path.of("s.json"), FILE, Experiments.PROFILES, values);
    }

    @Test
    void valuesAreJsonOrElseStringsAndLandWhereTheirPathSays() throws Exception {
        ExperimentFile f = parse("hosts.cpus=8", "hosts.ksoftirqd=true", "crypto.kernel=\"5.4\"", "traffic.0.rateMbps=250",
                "name=what-if");
        assertThat(f.experiment().hosts().cpus()).isEqualTo(8);
        assertThat(f.experiment().hosts().ksoftirqd()).isTrue();
        assertThat(f.experiment().crypto().kernel()).isEqualTo("5.4");
        assertThat(((Experiment.UdpTraffic) f.experiment().traffic().get(0)).rateMbps()).isEqualTo(250);
        assertThat(f.experiment().name()).isEqualTo("what-if");
        assertThat(f.source().overrides().values()).containsExactly("--set hosts.cpus=8", "--set hosts.ksoftirqd=true",
                "--set crypto.kernel=\"5.4\"", "--set traffic.0.rateMbps=250", "--set name=what-if");
        assertThat(parse("link.impairments.aToB.lossProbability=0.01").experiment().link().impairments().aToB().lossProbability())
                .isEqualTo(0.01);
        assertThat(JsonSource.SetValue.parse("hosts.profile=amd-apu2").value().asText()).as("not JSON: a string")
                .isEqualTo("amd-apu2");
    }

    @Test
    void aProblemWithASetValueNamesTheSetAndOneInTheFileItsLine() {
        assertThatThrownBy(() -> parse("hosts.cpus=0")).isInstanceOf(InvalidExperimentException.class)
                .hasMessageContaining("--set hosts.cpus=0: hosts.cpus: expected an integer from 1 to 1024, found 0");
        assertThatThrownBy(() -> parse("hosts.cpuz=2")).hasMessageContaining("--set hosts.cpuz=2: hosts.cpuz: expected one of"
                + " the keys").hasMessageContaining("did you mean \"cpus\"?");
        assertThatThrownBy(() -> parse("traffic.2.rateMbps=1")).hasMessageContaining("--set traffic.2.rateMbps=1:"
                + " traffic.2.rateMbps: expected a path the experiment can hold: traffic has 1 entry (0 to 0), found index 2");
        assertThatThrownBy(() -> parse("hosts.cpus.x=1")).hasMessageContaining("hosts.cpus is");
        assertThatThrownBy(() -> JsonSource.SetValue.parse("=3")).hasMessage("--set =3: expected PATH=VALUE, such as"
                + " hosts.cpus=8");
    }

    @Test
    void theSetValuesChangeTheFingerprint() throws Exception {
        assertThat(parse("hosts.cpus=8").fingerprint()).isNotEqualTo(parse().fingerprint())
                .isEqualTo(parse("hosts.cpus=8").fingerprint());
    }
}
