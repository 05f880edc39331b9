package org.cryptorder.charts;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Which swept path goes on the axis, and how series are told apart. */
class SweepLayoutTest {
    @TempDir
    Path tmp;

    private SweepLayout layout(Path folder) throws Exception {
        return SweepLayout.of(ResultTables.read(folder));
    }

    /** Results of a UDP experiment with {@code sweep}, its swept {@code paths} and the goodput column. */
    private static ResultFolders udpGoodput(String sweep, String... paths) {
        return new ResultFolders(ResultFolders.experiment(sweep, ResultFolders.UDP), List.of(paths),
                List.of("goodput_bps"));
    }

    /**
     * Results of async and sync-fallback, each with the cipher suites written {@code a} and {@code b}
     * (the names as the sweep gives them): 2 Gbit/s for async, 0.7 and 0.6 for sync-fallback.
     */
    private Path policiesBySuite(String a, String b) {
        return udpGoodput("{\"crypto.policy\": [\"async\", \"sync-fallback\"], \"macsec.cipherSuite\": [\"" + a
                + "\", \"" + b + "\"]}", "crypto.policy", "macsec.cipherSuite")
                .config(List.of("async", a), 2, 2e9, 0).config(List.of("async", b), 2, 2e9, 0)
                .config(List.of("sync-fallback", a), 2, 7e8, 0).config(List.of("sync-fallback", b), 2, 6e8, 0)
                .write(tmp);
    }

    @Test
    void aSweepOfPoliciesAloneIsBarsOnePerPolicyWithoutALegend() throws Exception {
        SweepLayout l = layout(ResultFolders.quickstart(tmp));
        assertThat(l.kind()).isEqualTo(SweepLayout.Kind.CATEGORICAL);
        assertThat(l.categories()).containsExactly("sync-fallback", "async", "async-unordered");
        assertThat(l.series()).hasSize(1);
        assertThat(l.categoriesArePolicies()).isTrue();
        assertThat(l.titleTail()).isEqualTo(" by crypto policy");
    }

    @Test
    void contentionGoesOnTheAxisAndEachPolicyIsALine() throws Exception {
        SweepLayout l = layout(ResultFolders.policyVsContention(tmp));
        assertThat(l.kind()).isEqualTo(SweepLayout.Kind.NUMERIC);
        assertThat(l.axisPath()).isEqualTo("contention.kernelFpuBusy");
        assertThat(l.series()).extracting(SweepLayout.Series::label).containsExactly("sync-fallback", "async", "async-unordered");
        assertThat(l.series()).extracting(SweepLayout.Series::policy).containsExactly("sync-fallback", "async", "async-unordered");
        assertThat(l.series()).allSatisfy(s -> assertThat(s.variation()).isZero());
        assertThat(l.series().get(0).rows()).extracting(r -> r.swept().get("contention.kernelFpuBusy"))
                .containsExactly("0", "0.1", "0.3", "0.5");
        assertThat(l.axisLabel()).isEqualTo("kernel FPU busy (fraction of time on each CPU of b)");
        assertThat(l.titleTail()).isEqualTo(" against kernel FPU busy, per crypto policy");
    }

    @Test
    void levelsOfAnotherPathUnderOnePolicyAreVariationsOfItsColour() throws Exception {
        Path f = udpGoodput("{\"traffic.0.rateMbps\": [500, 2000],"
                + " \"contention.kernelFpuBusy\": [0, 0.3]}", "traffic.0.rateMbps", "contention.kernelFpuBusy")
                .config(List.of("500", "0"), 2, 5e8, 0).config(List.of("500", "0.3"), 2, 5e8, 0)
                .config(List.of("2000", "0"), 2, 2e9, 0).config(List.of("2000", "0.3"), 2, 2e9, 0)
                .write(tmp);
        SweepLayout l = layout(f);
        assertThat(l.axisPath()).isEqualTo("contention.kernelFpuBusy");
        assertThat(l.series()).extracting(SweepLayout.Series::label)
                .containsExactly("offered UDP rate 500 Mbit/s", "offered UDP rate 2000 Mbit/s");
        assertThat(l.series()).extracting(SweepLayout.Series::policy).containsOnly("async");
        assertThat(l.series()).extracting(SweepLayout.Series::variation).containsExactly(0, 1);
    }

    /** The suites written as numbers ("128") are names all the same: no numeric axis is made of them. */
    @ParameterizedTest(name = "{0}, {1}")
    @CsvSource({"GCM-AES-128, GCM-AES-256", "128, 256"})
    void twoNamePathsGiveGroupsOfBarsWithThePolicyAsSeries(String a, String b) throws Exception {
        SweepLayout l = layout(policiesBySuite(a, b));
        assertThat(l.kind()).isEqualTo(SweepLayout.Kind.CATEGORICAL);
        assertThat(l.axisPath()).isEqualTo("macsec.cipherSuite");
        assertThat(l.categories()).containsExactly(a, b);
        assertThat(l.series()).extracting(SweepLayout.Series::label).containsExactly("async", "sync-fallback");
        assertThat(l.categoriesArePolicies()).isFalse();
    }

    @Test
    void kernelVersionsAreCategoriesInSweepOrderThoughTheyReadAsNumbers() throws Exception {
        Path f = udpGoodput("{\"crypto.kernel\": [\"6.6\", \"5.10\", \"6.15\"]}", "crypto.kernel")
                .config(List.of("6.6"), 2, 2e9, 0).config(List.of("5.10"), 2, 7e8, 0).config(List.of("6.15"), 2, 2e9, 0)
                .write(tmp);
        SweepLayout l = layout(f);
        assertThat(l.kind()).isEqualTo(SweepLayout.Kind.CATEGORICAL);
        assertThat(l.axisPath()).isEqualTo("crypto.kernel");
        assertThat(l.categories()).containsExactly("6.6", "5.10", "6.15");
        assertThat(l.titleTail()).isEqualTo(" by " + PathLabels.name("crypto.kernel"));
    }

    @Test
    void aNumericPathWithOneValueIsNotAnAxis() throws Exception {
        Path f = udpGoodput("{\"crypto.policy\": [\"async\", \"sync-fallback\"],"
                + " \"contention.kernelFpuBusy\": [0.3]}", "crypto.policy", "contention.kernelFpuBusy")
                .config(List.of("async", "0.3"), 2, 2e9, 0).config(List.of("sync-fallback", "0.3"), 2, 7e8, 0)
                .write(tmp);
        SweepLayout l = layout(f);
        assertThat(l.kind()).isEqualTo(SweepLayout.Kind.CATEGORICAL);
        assertThat(l.axisPath()).isEqualTo("contention.kernelFpuBusy");
        assertThat(l.series()).extracting(SweepLayout.Series::label).containsExactly("async", "sync-fallback");
    }

    @Test
    void withNothingSweptOneBarNamedAfterThePolicy() throws Exception {
        Path f = udpGoodput("{}")
                .config(List.of(), 5, 2e9, 1e6).write(tmp);
        SweepLayout l = layout(f);
        assertThat(l.kind()).isEqualTo(SweepLayout.Kind.CATEGORICAL);
        assertThat(l.categories()).containsExactly("async");
        assertThat(l.series()).singleElement().satisfies(s -> assertThat(s.policy()).isEqualTo("async"));
    }
}
