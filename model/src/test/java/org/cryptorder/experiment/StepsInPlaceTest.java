package org.cryptorder.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import org.cryptorder.engine.CountingEventList;
import org.cryptorder.engine.EventListKind;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.experiment.output.Metrics;
import org.cryptorder.experiment.records.ResolvedRun;
import org.cryptorder.experiment.replication.DatapathRunModel;
import org.cryptorder.experiment.replication.DatapathRunModelTest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Steps run in place ({@link org.cryptorder.engine.StepSimulator}) change no result: each scenario
 * runs once with every step an SSJ event and once with the default simulator, and every column
 * must be the same to the bit, while the second needs fewer events.
 */
class StepsInPlaceTest {
    private final DatapathRunModel model = new DatapathRunModel(Experiments.PROFILES);

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {
        // the benchmark's TCP scenario (bench/tcp-async.json), shortened
        "{\"name\": \"tcp\", \"hosts\": {\"cpus\": 2, \"rxQueues\": 2, \"txQueues\": 2},"
            + " \"macsec\": {\"encrypt\": true}, \"contention\": {\"kernelFpuBusy\": 0.3},"
            + " \"traffic\": [{\"kind\": \"tcp\"}], \"run\": {\"durationS\": 0.03}}",
        // UDP with FPU sections on both hosts, frames sprayed over the RX queues, resequencing
        "{\"name\": \"udp\", \"hosts\": {\"cpus\": 2, \"rxQueues\": 2, \"rxSteering\": \"per-frame\"},"
            + " \"crypto\": {\"policy\": \"async-resequence\"},"
            + " \"contention\": {\"kernelFpuBusy\": 0.5, \"senderKernelFpuBusy\": 0.3},"
            + " \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 4000}], \"run\": {\"durationS\": 0.02}}",
        // an older kernel (CFS, ksoftirqd deferring softirqs), a lossy, reordering link
        "{\"name\": \"old\", \"hosts\": {\"cpus\": 2}, \"crypto\": {\"kernel\": \"5.10\"},"
            + " \"contention\": {\"kernelFpuBusy\": 0.4},"
            + " \"link\": {\"impairments\": {\"aToB\": {\"lossProbability\": 0.005, \"delayUs\": 30, \"reorderProbability\": 0.05}}},"
            + " \"traffic\": [{\"kind\": \"tcp\"}, {\"kind\": \"udp\", \"rateMbps\": 500}],"
            + " \"run\": {\"durationS\": 0.03, \"warmupS\": 0.01}}"
    })
    void everyColumnIsTheSameWithFewerEvents(String json) throws Exception {
        ResolvedRun run = DatapathRunModelTest.only(json);
        CountingEventList.Counts eventsOnly = new CountingEventList.Counts();
        CountingEventList.Counts withSteps = new CountingEventList.Counts();
        Metrics plain = model.run(run, new StreamRegistry(1), 0,
                new DatapathRunModel.Instruments(EventListKind.DEFAULT, null, null, eventsOnly, false));
        Metrics steps = model.run(run, new StreamRegistry(1), 0,
                new DatapathRunModel.Instruments(EventListKind.DEFAULT, null, null, withSteps, true));
        assertThat(steps.names()).isEqualTo(plain.names());
        for (int i = 0; i < plain.size(); i++) {
            assertThat(Double.doubleToLongBits(steps.value(i))).as(plain.names().get(i))
                    .isEqualTo(Double.doubleToLongBits(plain.value(i)));
        }
        assertThat(plain.get("frames_tx")).isPositive();
        assertThat(eventsOnly.inPlace()).isZero();
        assertThat(withSteps.inPlace()).as("steps ran in place").isPositive();
        assertThat(withSteps.executed() + withSteps.inPlace()).as("every step ran, as an event or in place")
                .isEqualTo(eventsOnly.executed());
    }
}
