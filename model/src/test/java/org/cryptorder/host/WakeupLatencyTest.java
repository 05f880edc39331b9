package org.cryptorder.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import umontreal.ssj.rng.MRG32k3a;

/** The wake-up latency's samples: a pareto of the shape given, scale mean (shape - 1) / shape. */
class WakeupLatencyTest {

    private static double[] samples(WakeupLatency w, int n) {
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = w.sample();
        }
        Arrays.sort(x);
        return x;
    }

    @Test
    void aParetoOfShape1Point5NeverFallsBelowAThirdOfItsMeanAndHasItsMedianAt2ToThe2Thirds() {
        double[] x = samples(new WakeupLatency(SectionLength.PARETO, 45_000, 1.5, new MRG32k3a()), 40_000);
        double scale = 45_000 / 3.0;
        assertThat(x[0]).isGreaterThanOrEqualTo(scale).isLessThan(scale * 1.001);
        assertThat(x[20_000]).isCloseTo(scale * Math.pow(2, 1 / 1.5), within(0.02 * scale * Math.pow(2, 1 / 1.5)));
    }

    @Test
    void theDefaultShapeIsSectionLengthsAndOtherDistributionsIgnoreIt() {
        double[] x = samples(new WakeupLatency(SectionLength.PARETO, 45_000, new MRG32k3a()), 40_000);
        assertThat(x[0]).isGreaterThanOrEqualTo(45_000 * 0.6);
        assertThat(Arrays.stream(x).average().orElseThrow()).isCloseTo(45_000, within(1_000.0));
        double[] d = samples(new WakeupLatency(SectionLength.DETERMINISTIC, 45_000, 1.5, new MRG32k3a()), 10);
        assertThat(d).containsOnly(45_000);
        assertThatThrownBy(() -> new WakeupLatency(SectionLength.PARETO, 45_000, 1.0, new MRG32k3a()))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
