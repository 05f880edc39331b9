package org.cryptorder.charts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Seed comparisons: expressions over summary means and measurements, half-widths, bands, bad rows. */
class SeedComparisonTest {
    @TempDir
    Path dir;

    private static SeedComparison.Spec spec(String band, String model, String measured) {
        return new SeedComparison.Spec("F", "predicted", band, "x.json", model, measured, "", 7);
    }

    private List<SeedComparison.Result> evaluate(SeedComparison.Spec s) throws MalformedResultsException {
        Path folder = ResultFolders.tcp(dir.resolve("tcp"));
        return SeedComparison.evaluate(List.of(s), Map.of("A", 2.0, "B", 0.5, "Z", 0.0), e -> folder);
    }

    @Test
    void aRatioOfTwoConfigurationsCombinesTheirRelativeHalfWidths() throws Exception {
        SeedComparison.Result r = evaluate(spec("25%",
                "goodput_bps{crypto.policy=async;contention.kernelFpuBusy=0.3} / goodput_bps{crypto.policy=sync-fallback;contention.kernelFpuBusy=0.3}",
                "A / B * 1")).get(0);
        double value = 4.1e9 / 9.38e8;
        assertThat(r.model().value()).isCloseTo(value, within(1e-12));
        assertThat(r.model().halfWidth()).isCloseTo(value * Math.hypot(2e8 / 4.1e9, 3e6 / 9.38e8), within(1e-9));
        assertThat(r.measured()).isEqualTo(4.0);
        assertThat(r.ratio()).isCloseTo(value / 4, within(1e-12));
        assertThat(r.withinBand()).as("4.37 / 4 = 1.09").isTrue();
    }

    @Test
    void sumsParenthesesAndScaleFactors() throws Exception {
        SeedComparison.Result r = evaluate(spec("x3",
                "tcp_retransmits{crypto.policy=async;contention.kernelFpuBusy=0.3} / (in_pkts_delayed{crypto.policy=async;contention.kernelFpuBusy=0.3} + 10) * 1e-3",
                "(A + B) / 2.5e1")).get(0);
        assertThat(r.model().value()).isCloseTo(340.0 / 40 * 1e-3, within(1e-12));
        assertThat(r.measured()).isCloseTo(0.1, within(1e-12));
        assertThat(r.withinBand()).as("0.0085 against 0.1 is more than a factor 3 off").isFalse();
        assertThat(SeedComparison.verdict(r)).isEqualTo("OUTSIDE x3");
    }

    @Test
    void bandsAreRelativeOrFactors() {
        assertThat(SeedComparison.within("10%", 1.099)).isTrue();
        assertThat(SeedComparison.within("10%", 0.89)).isFalse();
        assertThat(SeedComparison.within("x3", 0.34)).isTrue();
        assertThat(SeedComparison.within("x3", 3.01)).isFalse();
        assertThat(SeedComparison.validBand("x1")).isFalse();
        assertThat(SeedComparison.validBand("ten")).isFalse();
    }

    @Test
    void aMeasuredZeroClaimedAsZeroHoldsOnlyForAModelZero() throws Exception {
        SeedComparison.Result none = evaluate(spec("zero",
                "in_pkts_delayed{crypto.policy=async;contention.kernelFpuBusy=0}", "Z")).get(0);
        SeedComparison.Result some = evaluate(spec("zero",
                "in_pkts_delayed{crypto.policy=async;contention.kernelFpuBusy=0.3}", "Z")).get(0);
        assertThat(none.withinBand()).isTrue();
        assertThat(SeedComparison.verdict(none)).isEqualTo("zero, as measured");
        assertThat(none.ratio()).isNaN();
        assertThat(some.withinBand()).isFalse();
        assertThat(SeedComparison.verdict(some)).isEqualTo("OUTSIDE: not zero");
    }

    @Test
    void aRowWithoutABandIsShownNotClaimed() throws Exception {
        SeedComparison.Result r = evaluate(spec("", "goodput_bps{crypto.policy=async;contention.kernelFpuBusy=0}",
                "A")).get(0);
        assertThat(r.claimed()).isFalse();
        assertThat(r.withinBand()).isFalse();
        assertThat(SeedComparison.verdict(r)).isEqualTo("not claimed");
    }

    @Test
    void readingsGiveTheMostProbableValueAndTheRangeOverAll() throws Exception {
        // contention.kernelFpuBusy=0.3|0: the first listed is the most probable reading
        SeedComparison.Result r = evaluate(spec("range",
                "in_pkts_delayed{crypto.policy=async;contention.kernelFpuBusy=0.3|0} / 100", "A")).get(0);
        assertThat(r.readings()).extracting(SeedComparison.Reading::value).containsExactly("0.3", "0");
        assertThat(r.model().value()).isCloseTo(0.3, within(1e-12));
        assertThat(r.low()).isZero();
        assertThat(r.high()).isCloseTo(0.3, within(1e-12));
        assertThat(r.withinBand()).as("2.0 is above the range 0-0.3").isFalse();
        assertThat(SeedComparison.verdict(r)).isEqualTo("OUTSIDE the readings' range");
        SeedComparison.Result in = evaluate(spec("range",
                "in_pkts_delayed{crypto.policy=async;contention.kernelFpuBusy=0.3|0} / 10", "A")).get(0);
        assertThat(in.withinBand()).as("2.0 within 0-3").isTrue();
        assertThatThrownBy(() -> evaluate(spec("range", "in_pkts_delayed{crypto.policy=async;contention.kernelFpuBusy=0.3}", "A")))
                .hasMessageContaining("range needs a model expression that lists readings");
        SeedComparison.Result two = evaluate(spec("",
                "goodput_bps{crypto.policy=async|sync-fallback;contention.kernelFpuBusy=0.3|0}", "A")).get(0);
        assertThat(two.readings()).extracting(SeedComparison.Reading::value).containsExactly(
                "crypto.policy=async, contention.kernelFpuBusy=0.3", "crypto.policy=async, contention.kernelFpuBusy=0",
                "crypto.policy=sync-fallback, contention.kernelFpuBusy=0.3",
                "crypto.policy=sync-fallback, contention.kernelFpuBusy=0");
        assertThat(two.model().value()).as("the first of each key: the most probable").isEqualTo(4.1e9);
        assertThatThrownBy(() -> evaluate(spec("", "goodput_bps{crypto.policy=async|pcrypt;contention.kernelFpuBusy=0.3}"
                + " / goodput_bps{crypto.policy=async|sync-fallback;contention.kernelFpuBusy=0.3}", "A")))
                .hasMessageContaining("each open reading listed alike");
    }

    static Stream<Arguments> mistakes() {
        String one = "goodput_bps{crypto.policy=async;contention.kernelFpuBusy=0}";
        return Stream.of(
                Arguments.of("goodput_bps{crypto.policy=async}", "A",
                        List.of(":7: F: model: ", "matches more than one configuration")),
                Arguments.of("goodput_bps{crypto.policy=pcrypt}", "A", List.of("no configuration matches")),
                Arguments.of("goodput_bps{link.mtu=9000}", "A", List.of("link.mtu is not swept")),
                Arguments.of("goodputt_bps{crypto.policy=async;contention.kernelFpuBusy=0}", "A",
                        List.of("no column goodputt_bps")),
                Arguments.of(one, "Q", List.of("no measurement \"Q\"")),
                Arguments.of(one, "(A", List.of("expected \")\"")),
                Arguments.of(one + " A", "A", List.of("unexpected \"A\"")));
    }

    @ParameterizedTest(name = "{0} against {1}")
    @MethodSource("mistakes")
    void mistakesNameTheRowAndWhatIsWrong(String model, String measured, List<String> says) {
        assertThatThrownBy(() -> evaluate(spec("", model, measured)))
                .hasMessageContainingAll(says.toArray(String[]::new));
    }

    @Test
    void everyMeasuredFigureIsInTheTableComparedOrNot() throws Exception {
        Path data = Path.of("..", "data");
        List<SeedComparison.Spec> specs = SeedComparison.read(data.resolve("seed-comparisons.csv"));
        List<SeedComparison.Result> shown = SeedComparison.uncompared(specs, data.resolve("measurements.csv"));
        java.util.Set<String> inTable = new java.util.HashSet<>();
        for (SeedComparison.Spec s : specs) {
            inTable.addAll(List.of(s.measured().split("[ ()+*/]+")));
        }
        shown.forEach(r -> inTable.add(r.spec().figure()));
        CsvTable measurements = CsvTable.read(data.resolve("measurements.csv"));
        for (List<String> row : measurements.rows()) {
            assertThat(inTable).as("measurements.csv row " + row.get(0)).contains(row.get(0));
        }
        assertThat(shown).allSatisfy(r -> {
            assertThat(SeedComparison.verdict(r)).isEqualTo("no model figure");
            assertThat(r.spec().role()).isEqualTo(SeedComparison.SHOWN);
        });
        // S14's three are rows of their own: fitted (and one predicted) to the profile, with no model figure
        assertThat(specs.stream().filter(s -> s.figure().startsWith("S14."))).extracting(SeedComparison.Spec::role)
                .containsExactly("fitted", "predicted", "fitted");
        assertThat(shown).extracting(r -> r.spec().figure()).doesNotContain("S14.16B").contains("S11", "S10.fpu");
    }

    @Test
    void theFileIsCheckedRowByRow() throws Exception {
        Path f = dir.resolve("c.csv");
        Files.writeString(f, "figure,role,band,experiment,model,measured,notes\nF,guessed,10%,x.json,m,A,\n");
        assertThatThrownBy(() -> SeedComparison.read(f)).hasMessageContaining("c.csv:2: role: expected fitted or predicted");
        Files.writeString(f, "figure,role,band,experiment,model,measured,notes\nF,fitted,ten,x.json,m,A,\n");
        assertThatThrownBy(() -> SeedComparison.read(f)).hasMessageContaining("band: expected such as 10%");
        Files.writeString(f, "figure,role,band,experiment,model,measured,notes\nF,fitted,10%,,,A,\n");
        assertThatThrownBy(() -> SeedComparison.read(f)).hasMessageContaining("c.csv:2: band: a figure without a model"
                + " figure claims no band");
        Files.writeString(f, "figure,role,band,experiment,model,measured,notes\nF,fitted,,x.json,,A,\n");
        assertThatThrownBy(() -> SeedComparison.read(f)).hasMessageContaining("expected an experiment and a model"
                + " expression, or neither");
    }

    @Test
    void theProjectsComparisonsReadAndNameOnlyKnownMeasurements() throws Exception {
        Path data = Path.of("..", "data");
        List<SeedComparison.Spec> specs = SeedComparison.read(data.resolve("seed-comparisons.csv"));
        Map<String, Double> measured = SeedComparison.measurements(data.resolve("measurements.csv"));
        assertThat(specs).isNotEmpty();
        for (SeedComparison.Spec s : specs) {
            for (String id : s.measured().split("[ ()+*/]+")) {
                if (!id.isEmpty() && Character.isLetter(id.charAt(0))) {
                    assertThat(measured).as(s.figure()).containsKey(id);
                }
            }
            if (s.experiment().isEmpty()) {
                assertThat(s.band()).as("no model figure, no claim: " + s.figure()).isEmpty();
                continue;
            }
            assertThat(Files.isRegularFile(Path.of("..", "experiments").resolve(s.experiment()))).as(s.experiment()).isTrue();
            if (s.role().equals("fitted")) {
                // S6 is a rate of rare events (1e-4 of frames): 160 simulated seconds give the model's
                // estimate a 95% half-width of about 20%, so 10% cannot be claimed for it honestly
                String band = s.figure().equals("S6 cryptd fraction") ? "25%" : "10%";
                assertThat(s.band()).as("a fitted figure is held to " + band + ": " + s.figure()).isEqualTo(band);
            }
        }
    }
}
