package org.cryptorder.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.cryptorder.charts.SeedComparison;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cryptorder compare}: the seed experiments run, every figure of seed-comparisons.csv is set
 * beside its measurement, and every band docs/calibration.md claims holds (fitted figures within 10%).
 */
@Tag("extensive")
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
        List<SeedComparison.Result> uncompared = SeedComparison.uncompared(specs, ProjectPaths.data("measurements.csv"));
        assertThat(rows).hasSize(specs.size() + uncompared.size() + 1);
        // every measured figure is in the one table: in a comparison's figure, or on a line of its own
        List<String> lines = first.out().lines().toList();
        List<String> measurements = Files.readAllLines(ProjectPaths.data("measurements.csv"));
        for (String row : measurements.subList(1, measurements.size())) {
            String id = row.substring(0, row.indexOf(','));
            List<String> figures = specs.stream().filter(s -> List.of(s.measured().split("[ ()+*/]+")).contains(id))
                    .map(SeedComparison.Spec::figure).toList();
            assertThat(lines).as(id).anyMatch(l -> l.startsWith(id + " ") || figures.stream().anyMatch(
                    f -> l.startsWith(f + " ")));
        }
        assertThat(first.out()).containsPattern("(?m)^S14\\.16B +fitted +744793 +- +- +no model figure$");
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

    @Test
    void runsOfAnotherModelBuildAreMadeAgainNotReused() throws Exception {
        List<Path> stamps;
        try (var folders = Files.list(out)) {
            stamps = folders.map(d -> d.resolve(CompareCommand.BUILD_FILE)).filter(Files::isRegularFile).toList();
        }
        assertThat(stamps).as("every seed experiment's folder names its build").isNotEmpty();
        assertThat(Files.readString(stamps.get(0)).strip()).isEqualTo(ModelBuild.id());
        Files.writeString(stamps.get(0), "a build of before\n");
        String table = Files.readString(out.resolve("compare.csv"));
        CliRun again = CliRun.of("compare", "--quiet", "--out", out.toString());
        assertThat(again.status()).as(again.err()).isZero();
        assertThat(again.out()).containsPattern(" [1-9][0-9]* runs made, [1-9][0-9]* reused");
        assertThat(Files.readString(stamps.get(0)).strip()).isEqualTo(ModelBuild.id());
        assertThat(Files.readString(out.resolve("compare.csv"))).as("the same build makes the same runs").isEqualTo(table);
    }

    @Test
    void theBuildIdChangesWithAnyFileBelowItsRoots(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve("A.class"), "one");
        String before = ModelBuild.id(List.of(dir));
        assertThat(ModelBuild.id(List.of(dir))).isEqualTo(before);
        Files.writeString(dir.resolve("A.class"), "two");
        assertThat(ModelBuild.id(List.of(dir))).isNotEqualTo(before);
        Files.writeString(dir.resolve("A.class"), "one");
        Files.createDirectories(dir.resolve("p"));
        Files.writeString(dir.resolve("p/profile.json"), "{}");
        assertThat(ModelBuild.id(List.of(dir))).isNotEqualTo(before);
    }
}
