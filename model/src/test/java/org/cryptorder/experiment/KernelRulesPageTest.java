package org.cryptorder.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.cryptorder.crypto.KernelEra;
import org.cryptorder.testing.ProjectFiles;
import org.junit.jupiter.api.Test;

/**
 * {@link KernelRules}: one row of its table per rule it resolves, the page generated from that table
 * ({@code -Dcryptorder.updateDocs=true} writes it), and the rules of a few versions read by hand.
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
        assertThat(KernelRules.of("6.15").fpuMaskDisablesBh()).isTrue();
        assertThat(KernelRules.of("3.10-rhel7").itrAlgorithm())
                .isEqualTo(org.cryptorder.net.InterruptModeration.Algorithm.PACKET_COUNT);
    }
}
