package org.cryptorder.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TimeTest {

    @Test
    void convertsEachUnitToWholeNanoseconds() {
        assertThat(Time.ns(7)).isEqualTo(7.0);
        assertThat(Time.us(1.5)).isEqualTo(1_500.0);
        assertThat(Time.ms(2)).isEqualTo(2_000_000.0);
        assertThat(Time.s(3)).isEqualTo(3_000_000_000.0);
    }

    @Test
    void roundsToTheNearestNanosecond() {
        assertThat(Time.ns(2.4)).isEqualTo(2.0);
        assertThat(Time.ns(2.6)).isEqualTo(3.0);
        assertThat(Time.us(0.0004)).isEqualTo(0.0);
        assertThat(Time.us(0.1)).as("0.1 * 1000 = 100.00000000000001 in double").isEqualTo(100.0);
        assertThat(Time.s(1e-9)).isEqualTo(1.0);
    }

    @Test
    void sumsOfConvertedDelaysAreExact() {
        double sum = 0;
        for (int i = 0; i < 10; i++) {
            sum += Time.us(0.1);
        }
        assertThat(sum).isEqualTo(Time.us(1));
        assertThat(Time.s(1e-9) + Time.s(1e-9) + Time.s(1e-9)).isEqualTo(Time.s(3e-9));
    }

    @Test
    void convertsBackWithoutRounding() {
        double t = Time.ns(1_234_567_891);
        assertThat(Time.toNs(t)).isEqualTo(1_234_567_891.0);
        assertThat(Time.toUs(t)).isEqualTo(1_234_567.891);
        assertThat(Time.toMs(t)).isEqualTo(1_234.567891);
        assertThat(Time.toS(t)).isEqualTo(1.234567891);
    }

    @Test
    void refusesTimesThatAreNotExactNanoseconds() {
        assertThatThrownBy(() -> Time.s(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Time.s(Double.POSITIVE_INFINITY))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Time.s(1e8)).as("1e17 ns > 2^53 ns")
                .isInstanceOf(IllegalArgumentException.class);
        assertThat(Time.s(9e6)).as("9e15 ns < 2^53 ns").isEqualTo(9e15);
    }
}
