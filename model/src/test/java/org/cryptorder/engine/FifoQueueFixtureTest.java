package org.cryptorder.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import umontreal.ssj.simevents.Simulator;

/** Deterministic fixtures with exact answers for the {@link FifoQueue} validation model. */
class FifoQueueFixtureTest {

    /**
     * Three jobs arrive together at t = 0 at a server with a deterministic 1 us service: they wait
     * exactly 0, 1 and 2 us and leave at 1, 2 and 3 us. Over [0, 3 us] the queue holds 2, 1, 0
     * jobs for 1 us each (time average 1) and the system 3, 2, 1 (time average 2).
     */
    @ParameterizedTest
    @EnumSource(EventListKind.class)
    void threeSimultaneousJobsWaitZeroOneAndTwoMicroseconds(EventListKind kind) {
        Simulator simulator = kind.newSimulator();
        FifoQueue queue = new FifoQueue(simulator, () -> Time.us(1));
        QueueRecorder recorder = new QueueRecorder(simulator, queue);
        List<Double> waits = new ArrayList<>();
        List<Double> departures = new ArrayList<>();
        queue.serviceStarted.subscribe((t, job) -> waits.add(t - job.arrivalTime()));
        queue.departed.subscribe((t, job) -> departures.add(t));

        Once.at(simulator, 0, () -> arrive(queue, 3));
        simulator.start();

        assertThat(waits).containsExactly(Time.us(0), Time.us(1), Time.us(2));
        assertThat(departures).containsExactly(Time.us(1), Time.us(2), Time.us(3));
        QueueResult result = recorder.result();
        assertThat(result.meanWaitUs()).isEqualTo(1.0);
        assertThat(result.meanSojournUs()).isEqualTo(2.0);
        assertThat(result.meanQueueLength()).isEqualTo(1.0);
        assertThat(result.meanInSystem()).isEqualTo(2.0);
        assertThat(result.windowUs()).isEqualTo(3.0);
        assertThat(List.of(result.served(), result.departed(), (int) result.arrivals()))
                .containsExactly(3, 3, 3);
    }

    @Test
    void jobsAreServedInArrivalOrder() {
        Simulator simulator = EventListKind.DEFAULT.newSimulator();
        FifoQueue queue = new FifoQueue(simulator, () -> Time.us(1));
        List<Long> served = new ArrayList<>();
        queue.serviceStarted.subscribe((t, job) -> served.add(job.id()));

        Once.at(simulator, 0, () -> arrive(queue, 5));
        Once.at(simulator, Time.ns(1_500), () -> arrive(queue, 2));
        simulator.start();

        assertThat(served).containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L);
        assertThat(simulator.time()).isEqualTo(Time.us(7));
    }

    /** {@code jobs} jobs arrive at once. */
    private static void arrive(FifoQueue queue, int jobs) {
        for (int i = 0; i < jobs; i++) {
            queue.arrive();
        }
    }
}
