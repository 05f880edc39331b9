package org.cryptorder.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.cryptorder.crypto.Policy;
import org.cryptorder.experiment.file.ExperimentFile;
import org.cryptorder.experiment.file.JsonSource;
import org.cryptorder.experiment.records.Experiment;
import org.cryptorder.experiment.records.InvalidExperimentException;
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

    @Test
    void aKernelVersionMayBeGivenAsANumberAndNullUnsetsAKey() throws Exception {
        assertThat(parse("crypto.kernel=6.6").experiment().crypto().kernel()).isEqualTo("6.6");
        assertThat(parse("crypto.kernel=6.10").experiment().crypto().kernel()).as("as written, not 6.1").isEqualTo("6.10");
        String withPolicy = FILE.replace("\"hosts\"", "\"crypto\": {\"policy\": \"sync-simd\"}, \"hosts\"");
        List<JsonSource.SetValue> switchToKernel = List.of(JsonSource.SetValue.parse("crypto.policy=null"),
                JsonSource.SetValue.parse("crypto.kernel=5.4"));
        ExperimentFile f = ExperimentFile.parse(Path.of("s.json"), withPolicy, Experiments.PROFILES, switchToKernel);
        assertThat(f.experiment().crypto().policy()).isNull();
        assertThat(f.experiment().crypto().kernel()).isEqualTo("5.4");
        Experiment both = ExperimentFile.parse(Path.of("s.json"), withPolicy, Experiments.PROFILES,
                List.of(JsonSource.SetValue.parse("crypto.kernel=5.4"))).experiment();
        assertThat(both.crypto().kernel()).as("both, without the unset").isEqualTo("5.4");
        assertThat(both.crypto().effectivePolicy()).isEqualTo(Policy.SYNC_SIMD);
        Experiment async618 = ExperimentFile.parse(Path.of("s.json"), withPolicy, Experiments.PROFILES,
                List.of(JsonSource.SetValue.parse("crypto.policy=async"), JsonSource.SetValue.parse("crypto.kernel=6.18")))
                .experiment();
        assertThat(async618.crypto().effectivePolicy()).isEqualTo(Policy.ASYNC);
        assertThat(DefaultKernelTest.hostSpec(async618).fpuSectionsDisableBh()).as("6.18's rule, not async's").isTrue();
    }

    @Test
    void aSchemaKeyForEditorsIsAcceptedAndIgnored() throws Exception {
        String withSchema = FILE.replace("{\"name\"", "{\"$schema\": \"../experiment.schema.json\", \"name\"");
        ExperimentFile f = ExperimentFile.parse(Path.of("s.json"), withSchema, Experiments.PROFILES, List.of());
        assertThat(f.fingerprint()).as("it changes nothing").isEqualTo(parse().fingerprint());
        assertThatThrownBy(() -> ExperimentFile.parse(Path.of("s.json"), FILE.replace("{\"name\"", "{\"$schema\": 3,"
                + " \"name\""), Experiments.PROFILES, List.of())).hasMessageContaining("$schema: expected a string naming"
                + " a JSON Schema for editors");
    }

    @Test
    void aPercentageGivenForAFractionIsNamedAsSuch() {
        assertThatThrownBy(() -> parse("contention.kernelFpuBusy=30")).hasMessageContaining(
                "contention.kernelFpuBusy: expected a number from 0 to 1, found 30; it is a fraction: 0.3 for 30%");
        assertThatThrownBy(() -> parse("contention.kernelFpuBusy=1.5")).as("no hint for what may be a slip")
                .hasMessageEndingWith("found 1.5");
    }
}
