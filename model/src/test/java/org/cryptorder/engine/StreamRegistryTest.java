package org.cryptorder.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import umontreal.ssj.rng.MRG32k3a;
import umontreal.ssj.rng.RandomStream;

class StreamRegistryTest {

    private static final int DRAWS = 20;

    @Test
    void aNameDrawsTheSameNumbersWhateverOtherNamesExist() {
        StreamRegistry few = new StreamRegistry(1);
        few.stream("link.a-b.loss", 0);
        double[] alone = draws(few.stream("rx.cpu1.fpu.sections", 4));

        StreamRegistry many = new StreamRegistry(1);
        double[] first = draws(many.stream("rx.cpu1.fpu.sections", 4));
        for (String other : List.of("tx.cpu0.fpu.sections", "link.b-a.loss", "app.sizes", "a", "z")) {
            many.stream(other, 4);
        }
        double[] afterOthers = draws(many.stream("rx.cpu1.fpu.sections", 4));

        assertThat(first).containsExactly(alone);
        assertThat(afterOthers).containsExactly(alone);
    }

    @Test
    void sameSeedGivesSameDrawsAndOtherSeedsOrNamesDiffer() {
        double[] reference = draws(new StreamRegistry(1).stream("arrivals", 0));

        assertThat(draws(new StreamRegistry(1).stream("arrivals", 0))).containsExactly(reference);
        assertThat(draws(new StreamRegistry(2).stream("arrivals", 0))).doesNotContain(reference);
        assertThat(draws(new StreamRegistry(1).stream("services", 0))).doesNotContain(reference);
    }

    @Test
    void replicationRIsSubstreamR() {
        StreamRegistry registry = new StreamRegistry(1);
        RandomStream walker = registry.stream("arrivals", 0);
        double[] replication0 = draws(registry.stream("arrivals", 0));
        for (int r = 1; r <= 3; r++) {
            walker.resetNextSubstream();
            double[] replicationR = draws(registry.stream("arrivals", r));
            assertThat(draws(walker)).as("replication %d", r).containsExactly(replicationR);
            assertThat(replicationR).doesNotContain(replication0);
        }
    }

    @Test
    void resetStartStreamStaysInTheReplication() {
        RandomStream stream = new StreamRegistry(1).stream("arrivals", 2);
        double[] firstPass = draws(stream);
        stream.resetStartStream();
        assertThat(draws(stream)).containsExactly(firstPass);
    }

    /** Stream states never come from SSJ's static package seed, even while others move it. */
    @Test
    void drawsDoNotDependOnThreadsOrOnOtherStreamConstruction() throws Exception {
        StreamRegistry registry = new StreamRegistry(5);
        double[] expected = draws(new StreamRegistry(5).stream("queue.service", 3));
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<double[]>> futures = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                futures.add(pool.submit(() -> {
                    new MRG32k3a();
                    return draws(registry.stream("queue.service", 3));
                }));
            }
            for (Future<double[]> f : futures) {
                assertThat(f.get()).containsExactly(expected);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** Pins the scheme: changing it would silently change every published result. */
    @Test
    void firstDrawsAreStable() {
        RandomStream stream = new StreamRegistry(1).stream("arrivals", 0);
        assertThat(StreamRegistry.streamIndex(1, "arrivals")).isEqualTo(GOLDEN_INDEX);
        assertThat(stream.nextDouble()).isEqualTo(GOLDEN_FIRST_DRAW);
    }

    @Test
    void recordsNamesAndDescribesTheScheme() {
        StreamRegistry registry = new StreamRegistry(1);
        registry.stream("b", 0);
        registry.stream("a", 3);
        registry.stream("b", 1);

        assertThat(registry.names()).containsExactly("a", "b");
        assertThat(registry.description()).startsWith("MRG32k3a, seed 1, stream per named source")
                .endsWith("substream = replication");
        assertThat(new StreamRegistry(-42).description()).contains("seed -42,");
    }

    @Test
    void refusesBlankNamesNegativeReplicationsAndCollidingNames() {
        StreamRegistry registry = new StreamRegistry(1);
        assertThatThrownBy(() -> registry.stream(" ", 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> registry.stream("a", -1)).isInstanceOf(IllegalArgumentException.class);

        StreamRegistry colliding = new StreamRegistry(1, name -> 42L);
        colliding.stream("first", 0);
        colliding.stream("first", 1);
        assertThatThrownBy(() -> colliding.stream("second", 0))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("'first' and 'second'");
    }

    private static double[] draws(RandomStream stream) {
        double[] u = new double[DRAWS];
        for (int i = 0; i < DRAWS; i++) {
            u[i] = stream.nextDouble();
        }
        return u;
    }

    /**
     * Seed 1, name "arrivals", replication 0. Computed outside Java with exact big-integer
     * arithmetic: the first 63 bits of SHA-256(00..01 "arrivals"), then the state
     * A^(2^127 index) (12345 x 6) advanced one MRG32k3a step.
     */
    private static final long GOLDEN_INDEX = 3_633_600_871_966_238_105L;
    private static final double GOLDEN_FIRST_DRAW = 0.471609415275687;
}
