package org.cryptorder.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The duplicate window against a set of every number seen, with jumps across word boundaries. */
class SeenSequencesTest {

    @Test
    void classifiesLikeAFullSetWithinTheWindow() {
        Random rnd = new Random(64);
        for (int window : new int[] {64, 128, 256, 1024}) {
            for (int trial = 0; trial < 60; trial++) {
                SeenSequences seen = new SeenSequences(window);
                Set<Long> all = new HashSet<>();
                long max = rnd.nextInt(1000) - 500;
                long s = max;
                assertThat(seen.arrive(s)).isEqualTo(SeenSequences.Arrival.FIRST);
                all.add(s);
                for (int k = 0; k < 400; k++) {
                    double u = rnd.nextDouble();
                    if (u < 0.4) {
                        s = max + 1 + rnd.nextInt(u < 0.05 ? 3 * window : 70);
                    } else {
                        s = max - rnd.nextInt(window + 40);
                    }
                    SeenSequences.Arrival expected;
                    if (s > max) {
                        expected = SeenSequences.Arrival.NEW_HIGHEST;
                    } else if (s < max + 1 - window) {
                        expected = SeenSequences.Arrival.BEYOND_WINDOW;
                    } else if (all.contains(s)) {
                        expected = SeenSequences.Arrival.DUPLICATE;
                    } else {
                        expected = SeenSequences.Arrival.LATE;
                    }
                    assertThat(seen.arrive(s)).as("window %d trial %d s %d max %d", window,
                            trial, s, max).isEqualTo(expected);
                    if (expected != SeenSequences.Arrival.BEYOND_WINDOW) {
                        all.add(s);
                    }
                    max = Math.max(max, s);
                    assertThat(seen.nextExpected()).isEqualTo(max + 1);
                }
            }
        }
    }

    @Test
    void rejectsWindowsThatAreNotPowersOfTwoOfAtLeast64() {
        assertThatThrownBy(() -> new SeenSequences(32)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new SeenSequences(100))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
