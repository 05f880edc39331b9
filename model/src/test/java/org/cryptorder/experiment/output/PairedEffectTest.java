package org.cryptorder.experiment.output;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The one rule for an effect: a paired interval that excludes 0, and at least 1% of the baseline. */
class PairedEffectTest {
    @Test
    void anIntervalThatExcludesZeroAndOnePercentOfTheBaselineIsAnEffect() {
        assertThat(new PairedEffect(4.1, 0, 35).isEffect()).as("+4.1 +/- 0 us on 35 us").isTrue();
        assertThat(new PairedEffect(-3.3e-3, 1.5e-4, 0.02).isEffect()).as("a fall counts as well").isTrue();
        assertThat(new PairedEffect(1.0, 0.2, 100).isEffect()).as("exactly 1%").isTrue();
    }

    @Test
    void anIntervalTouchingOrStraddlingZeroIsNone() {
        assertThat(new PairedEffect(5, 5, 100).isEffect()).as("touches 0").isFalse();
        assertThat(new PairedEffect(-5, 5.01, 100).isEffect()).as("straddles 0").isFalse();
        assertThat(new PairedEffect(0, 0, 100).isEffect()).as("no difference in any pair").isFalse();
    }

    @Test
    void belowOnePercentOfTheBaselineIsNone() {
        assertThat(new PairedEffect(0.99, 0.1, 100).isEffect()).isFalse();
        assertThat(new PairedEffect(-0.99, 0.1, -100).isEffect()).as("a negative baseline by its size").isFalse();
        assertThat(new PairedEffect(1.5, 0.1, -100).isEffect()).isTrue();
    }

    @Test
    void aZeroBaselineMakesAnyCertainDifferenceAnEffect() {
        assertThat(new PairedEffect(0.2, 0.1, 0).isEffect()).isTrue();
        assertThat(new PairedEffect(0.2, 0.2, 0).isEffect()).as("touches 0").isFalse();
        assertThat(new PairedEffect(0.2, 0.1, 0).relative()).isNaN();
        assertThat(new PairedEffect(5, 1, -50).relative()).isEqualTo(0.1);
    }

    @Test
    void withoutAnIntervalOrAnUndefinedValueThereIsNone() {
        assertThat(new PairedEffect(10, Double.NaN, 100).isEffect()).as("one pair").isFalse();
        assertThat(new PairedEffect(Double.NaN, 1, 100).isEffect()).isFalse();
        assertThat(new PairedEffect(10, 1, Double.NaN).isEffect()).as("baseline undefined").isFalse();
    }
}
