package org.cryptorder.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.cryptorder.engine.LevelSignal;
import org.junit.jupiter.api.Test;

/** A level on a time grid: each point takes the level after every change at or before it. */
class LevelSamplesTest {
    @Test
    void eachGridPointTakesTheLevelAfterTheChangesUpToIt() {
        LevelSamples s = new LevelSamples(10, LevelSamples.pointsUntil(45, 10));
        s.observe(5, 3);    // 0 -> 3 at t = 5
        s.observe(20, 1);   // 3 -> 1 at t = 20
        s.observe(20, 2);   // 1 -> 2 at t = 20 as well
        s.finish(45);
        assertThat(s.count()).isEqualTo(5);
        assertThat(new int[] {s.value(0), s.value(1), s.value(2), s.value(3), s.value(4)})
                .containsExactly(0, 3, 2, 2, 2);
        assertThat(s.timeNs(4)).isEqualTo(40);
        assertThat(s.max()).isEqualTo(3);
    }

    @Test
    void itSamplesWhatALevelSignalEmits() {
        LevelSignal signal = new LevelSignal("q.length");
        LevelSamples s = new LevelSamples(10, 3);
        signal.subscribe(s);
        signal.emit(12, 4);
        s.finish(25);
        assertThat(new int[] {s.value(0), s.value(1), s.value(2)}).containsExactly(0, 0, 4);
    }

    @Test
    void aLongQuietSpellFillsEveryPointItSpans() {
        LevelSamples s = new LevelSamples(1, 1001);
        s.observe(0, 7);
        s.observe(999.5, 0);
        s.finish(1000);
        assertThat(s.value(0)).isEqualTo(7);
        assertThat(s.value(999)).isEqualTo(7);
        assertThat(s.value(1000)).isZero();
        assertThatThrownBy(() -> s.value(1001)).isInstanceOf(IndexOutOfBoundsException.class);
    }

    @Test
    void theGridHoldsTheEndPoint() {
        assertThat(LevelSamples.pointsUntil(205e6, 1e5)).isEqualTo(2051);
        assertThat(LevelSamples.pointsUntil(0, 1e5)).isEqualTo(1);
        assertThatThrownBy(() -> new LevelSamples(0, 3)).isInstanceOf(IllegalArgumentException.class);
    }
}
