package org.cryptorder.experiment.records;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.cryptorder.crypto.KernelEra;
import org.cryptorder.host.SliceRule;
import org.cryptorder.host.SoftirqDeferral;
import org.cryptorder.net.FqCodel;
import org.cryptorder.net.InterruptModeration;
import org.cryptorder.testing.ProjectFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link KernelRules}: one row of its table per rule it resolves, the page generated from that table
 * ({@code -Dcryptorder.updateDocs=true} writes it), the rules of a few versions read by hand, and
 * that no other part of the model compares versions (the wiring least of all).
 */
class KernelRulesPageTest {
    static final Path PAGE = ProjectFiles.resolve("docs/kernel-rules.md");
    static final String START = "<!-- generated from KernelRules.TABLE: do not edit by hand -->\n";
    static final String END = "<!-- end of the generated table -->";

    @Test
    void everyRuleTheRecordResolvesHasItsRowInOrder() {
        String[] fields = Arrays.stream(KernelRules.class.getRecordComponents()).map(c -> c.getName())
                .filter(n -> !n.equals("version")).toArray(String[]::new);
        assertThat(KernelRules.TABLE).extracting(KernelRules.Rule::field).containsExactly(fields);
        assertThat(KernelRules.TABLE).allSatisfy(r -> assertThat(List.of(r.rule(), r.from(), r.commits(), r.source(),
                r.modelled())).as("%s: every cell given (a commit not checked: \"not pinned here\")", r.field())
                .noneMatch(String::isBlank));
    }

    @Test
    void theWiringAsksNoVersion() throws IOException {
        String builder = Files.readString(ProjectFiles.resolve(
                "model/src/main/java/org/cryptorder/experiment/wiring/DatapathBuilder.java"), StandardCharsets.UTF_8);
        assertThat(builder).as("DatapathBuilder reads e.crypto().rules(); it compares no version itself")
                .doesNotContain("atLeast(", "ofKernel", "kernelOrDefault", "KernelVersion", "KernelEra",
                        "KernelRules.of(", ".kernel()");
    }

    @Test
    void onlyTheRulesLayerReadsVersionNumbers() throws IOException {
        List<String> readers;
        try (Stream<Path> files = Files.walk(ProjectFiles.resolve("model/src/main/java"))) {
            readers = files.filter(f -> f.toString().endsWith(".java")).filter(f -> {
                try {
                    String text = Files.readString(f, StandardCharsets.UTF_8);
                    return text.contains("KernelVersion.atLeast") || text.contains("KernelVersion.code")
                            || text.contains("ofKernel(");
                } catch (IOException ex) {
                    throw new java.io.UncheckedIOException(ex);
                }
            }).map(f -> f.getFileName().toString()).sorted().toList();
        }
        assertThat(readers).as("a new versioned rule is a field of KernelRules (KernelEra is its era table;"
                + " Plausibility only words notices)")
                .containsExactly("KernelEra.java", "KernelRules.java", "Plausibility.java");
    }

    @Test
    void thePageHoldsTheTable() throws IOException {
        String text = Files.readString(PAGE, StandardCharsets.UTF_8);
        int start = text.indexOf(START) + START.length();
        int end = text.indexOf(END);
        String table = KernelRules.markdownTable();
        if (Boolean.getBoolean("cryptorder.updateDocs")) {
            Files.writeString(PAGE, text.substring(0, start) + table + text.substring(end), StandardCharsets.UTF_8);
            text = Files.readString(PAGE, StandardCharsets.UTF_8);
            end = text.indexOf(END);
        }
        assertThat(text.substring(start, end)).as("the table in %s (regenerate: -Dcryptorder.updateDocs=true)", PAGE)
                .isEqualTo(table);
    }

    @Test
    void versionsReadByHand() {
        KernelRules k56 = KernelRules.of("5.6");
        assertThat(k56.era()).isEqualTo(KernelEra.V4_6_TO_5_6);
        assertThat(k56.readerModelled()).isTrue();
        assertThat(k56.pacingModelled()).isTrue();
        assertThat(k56.defaultScalingRatio()).as("tcp_adv_win_scale 1: half").isEqualTo(128);
        assertThat(KernelRules.of("6.5").defaultScalingRatio()).isEqualTo(64);
        assertThat(KernelRules.of("4.19").readerModelled()).isFalse();
        assertThat(KernelRules.of("6.12.117").deferToAckDue()).as("6.12's stable tree").isTrue();
        assertThat(KernelRules.of("6.12").deferToAckDue()).isFalse();
        assertThat(KernelRules.of("5.17").tsoRttLog()).isFalse();
        assertThat(KernelRules.of("5.18").tsoRttLog()).isTrue();
        assertThat(KernelRules.of("6.9").growSkb()).isFalse();
        assertThat(KernelRules.of("6.10").growSkb()).isTrue();
        assertThat(KernelRules.of("6.15").fpuMaskDisablesBh()).isTrue();
        assertThat(KernelRules.of("3.10-rhel7").itrAlgorithm())
                .isEqualTo(org.cryptorder.net.InterruptModeration.Algorithm.PACKET_COUNT);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource({"3.10-rhel7, INLINE_AT_IRQ_EXIT", "4.8, INLINE_AT_IRQ_EXIT", "4.9, KSOFTIRQD_ONLY",
        "5.7-6.5, KSOFTIRQD_ONLY", "6.4, KSOFTIRQD_ONLY", "6.5, INLINE_AT_IRQ_EXIT", "6.16+, INLINE_AT_IRQ_EXIT"})
    void softirqDeferralByVersion(String kernel, SoftirqDeferral rule) {
        assertThat(KernelRules.of(kernel).softirqDeferral()).isEqualTo(rule);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource({"3.10-rhel7, CFS", "4.6-5.6, CFS", "5.10, CFS", "5.7-6.5, CFS", "6.5, CFS", "6.6, EEVDF",
        "6.6-6.14, EEVDF", "6.12, EEVDF", "6.16+, EEVDF"})
    void sliceRuleByVersion(String kernel, SliceRule rule) {
        assertThat(KernelRules.of(kernel).sliceRule()).isEqualTo(rule);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource({"3.10-rhel7, PACKET_COUNT", "3.10, LATENCY_RANGES", "4.16, LATENCY_RANGES", "4.17, PACKET_COUNT",
        "6.12.117, PACKET_COUNT"})
    void interruptModerationByVersion(String kernel, InterruptModeration.Algorithm algorithm) {
        assertThat(KernelRules.of(kernel).itrAlgorithm()).isEqualTo(algorithm);
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource({"3.10-rhel7, ONE_PACKET", "4.6-5.6, ONE_PACKET", "4.6, ONE_PACKET", "4.7, BATCH", "5.10, BATCH",
        "6.12.117, BATCH"})
    void fqCodelOverlimitByVersion(String kernel, FqCodel.OverlimitDrop rule) {
        assertThat(KernelRules.of(kernel).fqCodelOverlimit()).isEqualTo(rule);
    }
}
