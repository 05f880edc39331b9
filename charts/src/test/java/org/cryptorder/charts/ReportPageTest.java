package org.cryptorder.charts;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** report.html: its sections, self-contained, the numbers with their half-widths. */
class ReportPageTest {
    @TempDir
    Path tmp;

    private String report(Path folder) throws Exception {
        return Files.readString(new ResultsRenderer("9.9-test").render(folder).report());
    }

    private static int count(String text, String what) {
        int n = 0;
        for (int i = text.indexOf(what); i >= 0; i = text.indexOf(what, i + 1)) {
            n++;
        }
        return n;
    }

    @Test
    void theSectionsOfADesignReview() throws Exception {
        String html = report(ResultFolders.quickstart(tmp));
        assertThat(html).startsWith("<!DOCTYPE html>");
        assertThat(html).contains("<h1>small</h1>", "Hand-made &lt;tables&gt; &amp; numbers",
                "<section id=\"run\">", "<section id=\"reading\">", "<section id=\"charts\">",
                "<section id=\"summary\">", "<section id=\"parameters\">");
        List<Integer> order = List.of("run", "reading", "charts", "summary", "parameters").stream()
                .map(id -> html.indexOf("<section id=\"" + id + "\">")).toList();
        assertThat(order).isSorted();
        assertThat(html).contains("<code>crypto.policy</code> = sync-fallback, async, async-unordered",
                "5 per configuration; 15 runs in runs.csv", "0.2 s per run, the first 0.02 s a warm-up",
                "<th>Seed</th><td>1</td>", "MRG32k3a, seed 1, test scheme", "cryptorder 0.1.0-test", "sha256:00ff",
                "experiments/small.json", "by cryptorder 9.9-test");
        assertThat(html).contains("<dt>hosts.<wbr>cpus</dt><dd>4</dd>", "<dt>contention.<wbr>kernelFpuBusy</dt><dd>0.3</dd>");
        assertThat(html).doesNotContain("<dt>crypto.<wbr>policy</dt>");
        assertThat(html).contains("<li>async-unordered reordered 21.4 ± 0.9% of datagrams");
    }

    @Test
    void warningsNameTheConfigurationWhatWasMeasuredAndWhatToDo() throws Exception {
        Path folder = new ResultFolders(ResultFolders.experiment("{\"crypto.policy\": [\"sync-fallback\", \"async\"]}",
                ResultFolders.UDP), List.of("crypto.policy"), List.of("udp_sent", "udp_received", "udp_lost",
                "reordered_ratio"))
                .config(List.of("sync-fallback"), 5, 14720, 0, 11136, 0, 0, 0, 0, 0)
                .config(List.of("async"), 5, 32143, 0, 32149, 0, 0, 0, 0.136, 0.138)
                .write(tmp.resolve("w"));
        String html = report(folder);
        assertThat(html).contains("<section id=\"warnings\">", "Host a&#39;s UDP sources could not offer the configured"
                + " rate.", "<li>sync-fallback: sent 916 Mbit/s of the 2000 Mbit/s configured (46%).</li>",
                "<li>sync-fallback: b took in 11136 of the 14720 frames that reached it (14720 datagrams sent), 0"
                        + " dropped and 3584 still queued",
                "fill after about 0.206 s, later than the warm-up&#39;s end at 0.02 s.</li>",
                "set run.warmupS past the fill time given",
                "<li>async: reordered 13.6 +/- 13.8% (about 21 replications");
        assertThat(html.indexOf("<li>sync-fallback: sent 916")).as("async offered its rate: a finding of the sweep")
                .isBetween(html.indexOf("<section id=\"findings\">"), html.indexOf("<section id=\"warnings\">"));
        assertThat(html.indexOf("<section id=\"warnings\">")).isBetween(html.indexOf("<section id=\"run\">"),
                html.indexOf("<section id=\"reading\">"));
        assertThat(report(ResultFolders.quickstart(tmp.resolve("q")))).as("no section without a warning")
                .doesNotContain("id=\"warnings\"");
    }

    @Test
    void fixedParametersSetOtherwiseThanByDefaultComeFirstTheRestFoldedAndLongKeysWrap() throws Exception {
        String html = report(ResultFolders.quickstart(tmp));
        String section = html.substring(html.indexOf("<section id=\"parameters\">"));
        section = section.substring(0, section.indexOf("</section>"));
        int fold = section.indexOf("<details class=\"defaults\">");
        assertThat(fold).isPositive();
        String first = section.substring(0, fold);
        String folded = section.substring(fold);
        // the hand-made experiment.json sets these otherwise than the model's defaults
        assertThat(first).contains("<dt>contention.<wbr>kernelFpuBusy</dt><dd>0.3</dd>",
                "<dt>traffic.<wbr>0.<wbr>rateMbps</dt><dd>2000</dd>", "<dt>run.<wbr>durationS</dt><dd>0.2</dd>",
                "<dt>run.<wbr>warmupS</dt><dd>0.02</dd>");
        assertThat(first).doesNotContain("<dt>hosts.<wbr>cpus</dt>", "<dt>link.<wbr>mtu</dt>");
        assertThat(folded).contains("parameters at their defaults</summary>", "<dt>hosts.<wbr>cpus</dt><dd>4</dd>",
                "<dt>link.<wbr>mtu</dt><dd>1500</dd>", "<dt>macsec.<wbr>cipherSuite</dt><dd>GCM-AES-128</dd>");
        assertThat(first).matches("(?s).*the (\\d+) set otherwise than by default first, the (\\d+) at their defaults.*");
        // a key breaks only at its dots, and may break anywhere rather than run into the next column
        assertThat(html).containsPattern("dl\\.params dt \\{[^}]*min-width: 0;[^}]*overflow-wrap: anywhere;");
        assertThat(section).doesNotContainPattern("<dt>[^<]*\\.[^<w][^<]*</dt>");
    }

    @Test
    void theDefaultsAreTheModelsOwnAndFollowTheKernel() throws Exception {
        Path folder = new ResultFolders(ResultFolders.experiment("{}", ResultFolders.UDP)
                .replace("\"policy\": \"async\", \"cryptdQueueLength\": 1000", "\"kernel\": \"3.10-rhel7\","
                        + " \"cryptdQueueLength\": " + org.cryptorder.crypto.KernelEra.of("3.10-rhel7").cryptdQueueLength()),
                List.of(), List.of("goodput_bps")).config(List.of(), 5, 1e9, 0).write(tmp.resolve("k"));
        java.util.Map<String, String> defaults = ReportPage.defaults(ExperimentDescription.read(folder.resolve("experiment.json")));
        assertThat(defaults).containsEntry("hosts.ksoftirqd", "true").containsEntry("traffic.0.packetBytes", "1400")
                .containsEntry("crypto.cryptdQueueLength",
                        Integer.toString(org.cryptorder.crypto.KernelEra.of("3.10-rhel7").cryptdQueueLength()))
                .doesNotContainKey("traffic.0.rateMbps");
        String html = report(folder);
        String folded = html.substring(html.indexOf("<details class=\"defaults\">"));
        assertThat(folded).as("the kernel's queue length is its default").contains("<dt>crypto.<wbr>cryptdQueueLength</dt>");
    }

    @Test
    void theChartsAreInlineSvgAndTheSkippedOnesSayWhy() throws Exception {
        String html = report(ResultFolders.quickstart(tmp));
        assertThat(count(html, "<svg ")).isEqualTo(2);
        assertThat(html).contains("<figure id=\"goodput\">", "<figure id=\"reordering\">",
                "TCP retransmissions: not drawn, no TCP traffic in this experiment.",
                "CPU time by context: not drawn, the tables have no cpu_&lt;context&gt;_seconds columns",
                "<a href=\"charts/goodput.png\">");
    }

    @Test
    void selfContainedNothingLoadedFromElsewhereNoScript() throws Exception {
        String html = report(ResultFolders.policyVsContention(tmp)).toLowerCase(Locale.ROOT);
        assertThat(html).doesNotContain("<script", "<link", "<img", "<iframe", "<object", "@import", "src=");
        List<String> urls = new ArrayList<>();
        Matcher m = Pattern.compile("url\\(([^)]*)\\)").matcher(html);
        while (m.find()) {
            urls.add(m.group(1));
        }
        assertThat(urls).isNotEmpty().allMatch(u -> u.startsWith("#"));
        Matcher href = Pattern.compile("href=\"([^\"]*)\"").matcher(html);
        while (href.find()) {
            assertThat(href.group(1)).matches("#[a-z-]+|charts/[a-z-]+\\.(png|svg)");
        }
    }

    @Test
    void everyIdOnThePageIsUniqueSoTheInlineChartsDoNotShareClipPaths() throws Exception {
        String html = report(ResultFolders.tcp(tmp));
        Matcher m = Pattern.compile(" id=[\"']([^\"']+)[\"']").matcher(html);
        Set<String> seen = new HashSet<>();
        List<String> repeated = new ArrayList<>();
        while (m.find()) {
            if (!seen.add(m.group(1))) {
                repeated.add(m.group(1));
            }
        }
        assertThat(seen).hasSizeGreaterThan(10);
        assertThat(repeated).isEmpty();
    }

    @Test
    void theSummaryTableShowsMeansWithHalfWidths() throws Exception {
        String html = report(ResultFolders.tcp(tmp));
        String summary = html.substring(html.indexOf("<section id=\"summary\">"), html.indexOf("<section id=\"parameters\">"));
        assertThat(summary).contains("<th>goodput (Gbit/s)</th>", "<th>TCP Retr</th>", "<th>spurious</th>",
                "<td class=\"num\">4.10 ± 0.20</td>", "<td class=\"num\">340 ± 40</td>",
                "<td class=\"num\">0.0700 ± 0.0200</td>", "<td class=\"key\">0.3</td>");
        assertThat(summary).doesNotContain("<th>UDP lost</th>");
        assertThat(summary).contains("<details>", "<code>cryptd_dropped</code>");
    }

    @Test
    void numbersDoNotDependOnTheLocale() throws Exception {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            String html = report(ResultFolders.tcp(tmp));
            assertThat(html).contains("4.10 ± 0.20").doesNotContain("4,10 ± 0,20");
            assertThat(ChartStyle.numbers().format(0.25)).isEqualTo("0.25");
            assertThat(ChartStyle.numbers().format(2000)).isEqualTo("2,000");
        } finally {
            Locale.setDefault(before);
        }
    }
}
