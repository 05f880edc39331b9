package org.cryptorder.charts;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report's "Kernel rules": each distinct line of provenance.kernelRules once, with its configurations. */
class KernelRulesTest {
    @TempDir
    Path tmp;

    private static final String RULES = "no kernel named: rules of Linux 6.12.117: crypto policy %s (crypto.policy),"
            + " cryptd queue 1000, ksoftirqd inline_at_irq_exit, HZ 250";

    private static final List<String> BUSY = List.of("0", "0.1", "0.3", "0.5");

    /** policyVsContention (three policies by four contention levels) with this provenance.kernelRules. */
    private String run(String kernelRules) throws Exception {
        Path folder = ResultFolders.policyVsContention(tmp.resolve("f" + kernelRules.hashCode()));
        Path json = folder.resolve("experiment.json");
        Files.writeString(json, Files.readString(json).replace("\"provenance\": {",
                "\"provenance\": {\"kernelRules\": \"" + kernelRules + "\","));
        String html = Files.readString(new ResultsRenderer("test").render(folder).report());
        String row = html.substring(html.indexOf("<tr><th>Kernel rules</th>"));
        return row.substring(0, row.indexOf("</tr>"));
    }

    /** The provenance of a sweep whose lines differ by policy: {@code labels: rules} for each, as run writes it. */
    private static String byPolicy() {
        return List.of("sync-fallback", "async", "async-unordered").stream()
                .map(p -> BUSY.stream().map(b -> "crypto.policy=" + p + " contention.kernelFpuBusy=" + b)
                        .collect(Collectors.joining(", ")) + ": " + RULES.formatted(p))
                .collect(Collectors.joining(" | "));
    }

    private static int count(String text, String what) {
        return (int) IntStream.range(0, text.length()).filter(i -> text.startsWith(what, i)).count();
    }

    @Test
    void eachDistinctLineOnceWithTheConfigurationsItAppliesTo() throws Exception {
        String row = run(byPolicy());
        assertThat(count(row, "<li>")).as("three distinct lines for twelve configurations").isEqualTo(3);
        assertThat(count(row, "cryptd queue 1000, ksoftirqd inline_at_irq_exit")).isEqualTo(3);
        assertThat(row).contains("<li><span class=\"who\">sync-fallback (4 configurations):</span> no kernel named:"
                        + " rules of Linux 6.12.117: <strong>crypto policy sync-fallback (crypto.policy)</strong>, cryptd"
                        + " queue 1000, ksoftirqd inline_at_irq_exit, HZ 250</li>",
                "<span class=\"who\">async (4 configurations):</span>",
                "<span class=\"who\">async-unordered (4 configurations):</span>");
        assertThat(row).as("what every line has is not bold").doesNotContain("<strong>cryptd", "<strong>HZ",
                "<strong>no kernel");
        assertThat(row).doesNotContain("contention.kernelFpuBusy=", " | ");
    }

    @Test
    void oneLineForEveryConfigurationSaysSo() throws Exception {
        String row = run(RULES.formatted("async"));
        assertThat(row).contains(RULES.formatted("async") + " <span class=\"note\">(all configurations)</span>")
                .doesNotContain("<li>", "<strong>");
    }

    @Test
    void configurationsThatShareNoSweptValueAreNamedOneByOne() throws Exception {
        String first = "crypto.policy=sync-fallback contention.kernelFpuBusy=0, crypto.policy=async contention.kernelFpuBusy=0";
        String rest = List.of("sync-fallback", "async", "async-unordered").stream()
                .flatMap(p -> BUSY.stream().map(b -> "crypto.policy=" + p + " contention.kernelFpuBusy=" + b))
                .filter(l -> !first.contains(l)).collect(Collectors.joining(", "));
        String row = run(first + ": " + RULES.formatted("sync-fallback") + " | " + rest + ": " + RULES.formatted("async"));
        assertThat(count(row, "<li>")).isEqualTo(2);
        assertThat(row).contains("<span class=\"who\">sync-fallback, kernel FPU busy 0; async, kernel FPU busy 0:</span>",
                "async-unordered, kernel FPU busy 0; async-unordered, kernel FPU busy 0.1;");
        assertThat(row).as("kernel FPU busy 0 is not every configuration's value").doesNotContain("(2 configurations)");
    }
}
