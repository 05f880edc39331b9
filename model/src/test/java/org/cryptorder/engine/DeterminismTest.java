package org.cryptorder.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Replications are reproducible: bit for bit whether they run alone or side by side in threads,
 * and event for event whichever event list holds the pending events.
 */
class DeterminismTest {

    private static final int REPLICATIONS = 8;
    private static final QueueScenario SCENARIO = QueueScenario.mm1(0.8, 1.0, 100, 5_000);

    @Test
    void sameSeedGivesBitIdenticalResultsAloneAndInParallelThreads() throws Exception {
        List<long[]> alone = IntStream.range(0, REPLICATIONS)
                .mapToObj(r -> SCENARIO.run(new StreamRegistry(7), r, EventListKind.DEFAULT).bits())
                .toList();

        StreamRegistry shared = new StreamRegistry(7);
        ExecutorService pool = Executors.newFixedThreadPool(REPLICATIONS);
        List<Future<QueueResult>> futures = new ArrayList<>();
        try {
            for (int r = 0; r < REPLICATIONS; r++) {
                int replication = r;
                futures.add(pool.submit(() -> SCENARIO.run(shared, replication, EventListKind.DEFAULT)));
            }
            for (int r = 0; r < REPLICATIONS; r++) {
                assertThat(futures.get(r).get().bits()).as("replication %d", r).isEqualTo(alone.get(r));
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(alone.stream().map(bits -> bits[0]).distinct())
                .as("replications draw different numbers").hasSize(REPLICATIONS);
    }

    /**
     * Arrivals on a whole-microsecond grid and a 1 us deterministic service make arrivals and
     * departures share timestamps, so the trajectory depends on the FIFO rule for ties.
     */
    @Test
    void everyEventListGivesTheSameTrajectory() {
        QueueScenario ties = new QueueScenario(0.8, 1.0, true, 1.0, 0, 2_000);
        List<String> reference = trajectory(ties, EventListKind.SPLAY_TREE);

        assertThat(reference).hasSizeGreaterThan(3_000);
        assertThat(sharedTimestamps(reference)).as("events sharing a timestamp").isGreaterThan(100);
        for (EventListKind kind : EventListKind.values()) {
            assertThat(trajectory(ties, kind)).as(kind.key()).isEqualTo(reference);
        }
    }

    private static List<String> trajectory(QueueScenario scenario, EventListKind kind) {
        List<String> events = new ArrayList<>();
        scenario.run(new StreamRegistry(3), 0, kind, queue -> {
            queue.arrived.subscribe((t, job) -> events.add(line(t, "arrive", job)));
            queue.serviceStarted.subscribe((t, job) -> events.add(line(t, "start", job)));
            queue.departed.subscribe((t, job) -> events.add(line(t, "leave", job)));
        });
        return events;
    }

    private static String line(double time, String what, FifoQueue.Job job) {
        return String.format(Locale.ROOT, "%.0f %s %d", time, what, job.id());
    }

    private static long sharedTimestamps(List<String> events) {
        Set<String> arrivals = new HashSet<>();
        events.stream().filter(e -> e.contains("arrive")).forEach(e -> arrivals.add(e.split(" ")[0]));
        return events.stream().filter(e -> e.contains("leave"))
                .filter(e -> arrivals.contains(e.split(" ")[0])).count();
    }
}
