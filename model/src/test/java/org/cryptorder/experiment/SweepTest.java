package org.cryptorder.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.params.provider.Arguments.arguments;

import java.util.List;
import java.util.stream.Stream;
import org.cryptorder.crypto.Policy;
import org.cryptorder.experiment.file.ExperimentFile;
import org.cryptorder.experiment.records.Experiment;
import org.cryptorder.experiment.records.ResolvedRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Sweeps: the full factorial product, first key outermost, each value applied to its path. */
class SweepTest {
    /** Two policies by three busy fractions. */
    private static final String POLICY_BY_BUSY = "{\"crypto.policy\": [\"sync-fallback\", \"async\"],"
            + " \"contention.kernelFpuBusy\": [0, 0.1, 0.3]}";
    /** The keys the other way round, two busy fractions by two policies. */
    private static final String BUSY_BY_POLICY = "{\"contention.kernelFpuBusy\": [0, 0.1],"
            + " \"crypto.policy\": [\"sync-fallback\", \"async\"]}";

    /** A minimal experiment file with {@code sweep} as its sweep. */
    private static ExperimentFile swept(String sweep) throws Exception {
        return Experiments.parse("s.json", Experiments.minimal("\"sweep\": " + sweep));
    }

    /** The label of each configuration of {@code f}, in run order. */
    private static List<String> labels(ExperimentFile f) {
        return f.configurations().stream().map(r -> r.point().label()).toList();
    }

    static Stream<Arguments> sweepsAndTheirLabels() {
        return Stream.of(
                arguments(POLICY_BY_BUSY, List.of(
                        "crypto.policy=sync-fallback contention.kernelFpuBusy=0",
                        "crypto.policy=sync-fallback contention.kernelFpuBusy=0.1",
                        "crypto.policy=sync-fallback contention.kernelFpuBusy=0.3",
                        "crypto.policy=async contention.kernelFpuBusy=0",
                        "crypto.policy=async contention.kernelFpuBusy=0.1",
                        "crypto.policy=async contention.kernelFpuBusy=0.3")),
                arguments(BUSY_BY_POLICY, List.of(
                        "contention.kernelFpuBusy=0 crypto.policy=sync-fallback",
                        "contention.kernelFpuBusy=0 crypto.policy=async",
                        "contention.kernelFpuBusy=0.1 crypto.policy=sync-fallback",
                        "contention.kernelFpuBusy=0.1 crypto.policy=async")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("sweepsAndTheirLabels")
    void theProductRunsWithTheFirstKeyOutermost(String sweep, List<String> labels) throws Exception {
        assertThat(labels(swept(sweep))).containsExactlyElementsOf(labels);
    }

    @Test
    void eachConfigurationHasItsIndexAndItsValuesAndNoSweepOfItsOwn() throws Exception {
        ExperimentFile f = swept(POLICY_BY_BUSY);
        assertThat(f.configurations()).extracting(ResolvedRun::index).containsExactly(0, 1, 2, 3, 4, 5);
        ResolvedRun fifth = f.configurations().get(4);
        assertThat(fifth.experiment().crypto().effectivePolicy()).isEqualTo(Policy.ASYNC);
        assertThat(fifth.experiment().contention().kernelFpuBusy()).isEqualTo(0.1);
        assertThat(fifth.experiment().sweep()).as("a configuration has no sweep of its own").isEmpty();
        assertThat(f.sweepKeys()).containsExactly("crypto.policy", "contention.kernelFpuBusy");
        assertThat(f.runCount()).isEqualTo(6 * 5);
    }

    @Test
    void aSweepReachesIntoListsAndCreatesSectionsTheFileLeftOut() throws Exception {
        ExperimentFile f = Experiments.parse("s.json", "{\"name\": \"t\", \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 100},"
                + " {\"kind\": \"udp\", \"rateMbps\": 200}], \"sweep\": {\"traffic.1.rateMbps\": [300, 400],"
                + " \"hosts.cpus\": [2]}}");
        List<ResolvedRun> runs = f.configurations();
        assertThat(runs).hasSize(2);
        Experiment.UdpTraffic second = (Experiment.UdpTraffic) runs.get(1).experiment().traffic().get(1);
        assertThat(second.rateMbps()).isEqualTo(400.0);
        assertThat(((Experiment.UdpTraffic) runs.get(1).experiment().traffic().get(0)).rateMbps()).isEqualTo(100.0);
        assertThat(runs.get(0).experiment().hosts().cpus()).isEqualTo(2);
        assertThat(runs.get(0).experiment().hosts().rxRingSize()).as("the rest of hosts keeps its defaults").isEqualTo(4096);
    }

    @Test
    void sweepingTheKernelPicksEachErasPolicyAndQueue() throws Exception {
        ExperimentFile f = swept("{\"crypto.kernel\": [\"3.10-rhel7\","
                + " \"5.10\", \"6.6\", \"6.15\", \"6.16\"]}");
        assertThat(f.configurations()).extracting(r -> r.experiment().crypto().effectivePolicy()).containsExactly(
                Policy.ASYNC_UNORDERED, Policy.SYNC_FALLBACK, Policy.ASYNC, Policy.DEFER_SOFTIRQ, Policy.SYNC_SIMD);
        assertThat(f.configurations()).extracting(r -> r.experiment().crypto().cryptdQueueLength())
                .containsExactly(100, 1000, 1000, 1000, 1000);
    }

    @Test
    void withoutASweepThereIsOneConfiguration() throws Exception {
        ExperimentFile f = Experiments.parse("s.json", Experiments.minimal("\"run\": {\"replications\": 3}"));
        assertThat(f.configurations()).hasSize(1);
        assertThat(f.configurations().get(0).point().label()).isEqualTo("(base)");
        assertThat(f.runCount()).isEqualTo(3);
    }

    @Test
    void theResolvedExperimentReadsBackToTheSameFingerprint() throws Exception {
        ExperimentFile f = swept("{\"crypto.policy\": [\"async\"]}");
        ExperimentFile again = Experiments.parse("experiment.json", f.resolvedJson(java.util.Map.of("tool", "x")));
        assertThat(again.experiment()).isEqualTo(f.experiment().withProvenance(java.util.Map.of("tool", "x")));
        assertThat(again.fingerprint()).isEqualTo(f.fingerprint());
        ExperimentFile other = swept("{\"crypto.policy\": [\"generic\"]}");
        assertThat(other.fingerprint()).isNotEqualTo(f.fingerprint());
    }
}
