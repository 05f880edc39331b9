package org.cryptorder.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** {@link OptionRange}: both ends included, NaN outside, and the one line a value outside gets. */
class OptionRangeTest {
    @Command(name = "probe")
    static final class Probe implements Runnable {
        @Override
        public void run() {
        }
    }

    private static final CommandSpec SPEC = new CommandLine(new Probe()).getCommandSpec();

    @Test
    void bothEndsAreInsideAndTheValueComesBack() {
        OptionRange runs = new OptionRange("--runs", 1, 100);
        assertThat(runs.check(SPEC, 1)).isEqualTo(1);
        assertThat(runs.check(SPEC, 100)).isEqualTo(100);
        assertThat(runs.contains(0)).isFalse();
        assertThat(runs.contains(100.5)).isFalse();
        assertThat(new OptionRange("--round-ms", 10, Double.POSITIVE_INFINITY).contains(Long.MAX_VALUE)).isTrue();
    }

    @Test
    void aValueOutsideIsBadUsageNamingTheOptionTheRangeAndTheValue() {
        assertThatThrownBy(() -> new OptionRange("--runs", 1, 100).check(SPEC, 0)).isInstanceOf(ParameterException.class)
                .hasMessage("--runs: 1 to 100, got 0");
        assertThatThrownBy(() -> new OptionRange("--s", 0.001, 100, "simulated seconds").check(SPEC, Double.NaN))
                .hasMessage("--s: 0.001 to 100 simulated seconds, got NaN");
        assertThatThrownBy(() -> new OptionRange("--s", 0, 3600).check(SPEC, -0.25)).hasMessage("--s: 0 to 3600, got -0.25");
    }

    @Test
    void numbersReadAsTyped() {
        assertThat(OptionRange.number(10)).isEqualTo("10");
        assertThat(OptionRange.number(0.25)).isEqualTo("0.25");
        assertThat(OptionRange.number(5e-4)).isEqualTo("5.0E-4");
        assertThat(OptionRange.number(1e15)).isEqualTo("1.0E15");
    }
}
