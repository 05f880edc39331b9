package org.cryptorder.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.cryptorder.charts.SeedComparison;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cryptorder compare}: the seed experiments run, every figure of seed-comparisons.csv is set
 * beside its measurement, and every band docs/calibration.md claims holds (fitted figures within 10%).
 */
class CompareCommandTest {
    @TempDir
    static Path out;
    static CliRun first;

    @BeforeAll
    static void compareOnce() {
        first = CliRun.of("compare", "--check", "--quiet", "--out", out.toString());
    }

    @Test
    void everyClaimedBandHolds() throws Exception {
        assertThat(first.status()).as(first.out() + first.err()).isZero();
        List<SeedComparison.Spec> specs = SeedComparison.read(ProjectPaths.data("seed-comparisons.csv"));
        long claimed = specs.stream().filter(s -> !s.band().isEmpty()).count();
        assertThat(first.out()).contains(claimed + " of " + claimed + " claimed bands hold");
        for (SeedComparison.Spec s : specs) {
            assertThat(first.out()).contains(s.figure());
        }
        List<String> rows = Files.readAllLines(out.resolve("compare.csv"));
        assertThat(rows).hasSize(specs.size() + 1);
        assertThat(rows.stream().filter(r -> r.contains("OUTSIDE"))).isEmpty();
        assertThat(out.resolve("compare.png")).isNotEmptyFile();
        assertThat(out.resolve("compare.svg")).isNotEmptyFile();
        assertThat(out.resolve("compare-ratios.png")).isNotEmptyFile();
        assertThat(out.resolve("compare-ratios.svg")).isNotEmptyFile();
    }

    @Test
    void aSecondCompareReusesTheRunsAndGivesTheSameTable() throws Exception {
        String table = Files.readString(out.resolve("compare.csv"));
        CliRun again = CliRun.of("compare", "--quiet", "--out", out.toString());
        assertThat(again.status()).as(again.err()).isZero();
        assertThat(Files.readString(out.resolve("compare.csv"))).isEqualTo(table);
        assertThat(first.out()).containsPattern("[1-9][0-9]* runs made, 0 reused");
        assertThat(again.out()).containsPattern(" 0 runs made, [1-9][0-9]* reused");
        assertThat(again.out().lines().skip(1)).containsExactlyElementsOf(first.out().lines().skip(1).toList());
    }
}
