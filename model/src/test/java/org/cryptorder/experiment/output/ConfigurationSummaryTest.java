package org.cryptorder.experiment.output;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.cryptorder.experiment.Experiments;
import org.cryptorder.experiment.records.InvalidExperimentException;
import org.cryptorder.experiment.records.ResolvedRun;
import org.junit.jupiter.api.Test;

/** Means, Student-t half-widths and missed precision targets, against hand computations. */
class ConfigurationSummaryTest {
    static ResolvedRun anyRun() throws InvalidExperimentException {
        return Experiments.parse("s.json", Experiments.minimal("")).configurations().get(0);
    }

    static ConfigurationSummary of(double[] values, Map<String, Double> targets) throws Exception {
        Map<String, double[]> m = new LinkedHashMap<>();
        m.put("x", values);
        return ConfigurationSummary.of(anyRun(), m, targets);
    }

    @Test
    void theHalfWidthIsStudentsT() throws Exception {
        // 1..5: mean 3, s = sqrt(2.5); t(0.975, 4) = 2.776445; h = t s / sqrt(5) = 1.963243
        ConfigurationSummary.Estimate e = of(new double[] {1, 2, 3, 4, 5}, Map.of()).estimate("x");
        assertThat(e.mean()).isEqualTo(3.0);
        assertThat(e.halfWidth()).isCloseTo(1.963243, within(1e-6));
        assertThat(e.observations()).isEqualTo(5);
        // two values 0 and 2: mean 1, s = sqrt(2); t(0.975, 1) = 12.706205; h = t s / sqrt(2) = 12.706205
        assertThat(of(new double[] {0, 2}, Map.of()).estimate("x").halfWidth()).isCloseTo(12.706205, within(1e-5));
    }

    @Test
    void oneReplicationHasNoHalfWidthAndUndefinedValuesAreLeftOut() throws Exception {
        ConfigurationSummary.Estimate one = of(new double[] {4}, Map.of()).estimate("x");
        assertThat(one.mean()).isEqualTo(4.0);
        assertThat(one.halfWidth()).isNaN();
        ConfigurationSummary.Estimate gaps = of(new double[] {Double.NaN, 2, Double.NaN, 4}, Map.of()).estimate("x");
        assertThat(gaps.mean()).isEqualTo(3.0);
        assertThat(gaps.observations()).isEqualTo(2);
        ConfigurationSummary.Estimate none = of(new double[] {Double.NaN, Double.NaN}, Map.of()).estimate("x");
        assertThat(none.mean()).isNaN();
        assertThat(none.observations()).isZero();
    }

    @Test
    void aMissedTargetSaysHowManyReplicationsWouldReachIt() throws Exception {
        ConfigurationSummary s = of(new double[] {1, 2, 3, 4, 5}, Map.of("x", 1.0));
        assertThat(s.missed()).singleElement().satisfies(m -> {
            assertThat(m.metric()).isEqualTo("x");
            assertThat(m.target()).isEqualTo(1.0);
            assertThat(m.halfWidth()).isCloseTo(1.963243, within(1e-6));
            assertThat(m.replicationsNeeded()).isEqualTo(20);  // ceil(5 * 1.963243^2) = ceil(19.27)
        });
        assertThat(of(new double[] {1, 2, 3, 4, 5}, Map.of("x", 2.0)).missed()).isEmpty();
        assertThat(of(new double[] {1}, Map.of("x", 2.0)).missed()).extracting(ConfigurationSummary.MissedTarget::replicationsNeeded)
                .containsExactly(0);
        assertThat(List.copyOf(of(new double[] {1, 1}, Map.of("x", 1e-9)).estimates().keySet())).containsExactly("x");
    }
}
