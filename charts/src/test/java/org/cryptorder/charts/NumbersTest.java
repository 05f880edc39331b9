package org.cryptorder.charts;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** How numbers read in the report's sentences. */
class NumbersTest {
    @Test
    void aPercentileFromAHistogramKeepsThreeSignificantDigits() {
        assertThat(Numbers.withIntervalOfBins(new Estimate(50332, 0))).isEqualTo("50300 ± 0");
        assertThat(Numbers.withIntervalOfBins(new Estimate(12845.055, 412.7))).isEqualTo("12800 ± 400");
        assertThat(Numbers.withIntervalOfBins(new Estimate(202.4, 16.2))).as("below 1000: as before")
                .isEqualTo(Numbers.withInterval(new Estimate(202.4, 16.2), 1));
    }
}
