package org.cryptorder.experiment.output;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The tables' CSV: quoting only when needed, numbers that read back to the same double. */
class CsvTest {
    @Test
    void numbersAreWrittenCompactlyAndReadBackExactly() {
        assertThat(Csv.number(12345)).isEqualTo("12345");
        assertThat(Csv.number(-3)).isEqualTo("-3");
        assertThat(Csv.number(0.25)).isEqualTo("0.25");
        assertThat(Csv.number(2.0004444444444442E9)).isEqualTo("2.0004444444444442E9");
        assertThat(Csv.number(1e15)).isEqualTo("1.0E15");
        assertThat(Csv.number(Double.NaN)).isEmpty();
        assertThat(Csv.parseNumber("")).isNaN();
        for (double v : new double[] {0.1, 1.0 / 3, 7.36711111111111E8, 45088.767, 1e-300, -2.5e17, 123456789012345.0}) {
            assertThat(Csv.parseNumber(Csv.number(v))).isEqualTo(v);
        }
    }

    @Test
    void cellsAreQuotedOnlyWhenTheyMustBe() {
        List<String> cells = List.of("async", "a,b", "say \"hi\"", " pad", "");
        String line = Csv.line(cells);
        assertThat(line).isEqualTo("async,\"a,b\",\"say \"\"hi\"\"\",\" pad\",");
        assertThat(Csv.cells(line)).isEqualTo(cells);
        assertThatThrownBy(() -> Csv.line(List.of("two\nlines"))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Csv.cells("\"open")).isInstanceOf(IllegalArgumentException.class);
    }
}
