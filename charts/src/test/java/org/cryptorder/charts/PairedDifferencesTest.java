package org.cryptorder.charts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.SymbolAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.CombinedRangeXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** paired.csv in the report: the section's table, the reading's "(paired)" sentences, the chart, and folders without it. */
class PairedDifferencesTest {
    @TempDir
    Path tmp;

    /**
     * quickstart's hand-made tables (async, configuration 1, the baseline) with a paired.csv:
     * sync-fallback 1.2634 Gbit/s less, certain; async-unordered's goodput no different, its
     * InPktsDelayed 6880 more against a baseline of 0.
     */
    private Path quickstartWithPaired(Path folder) throws Exception {
        ResultFolders.quickstart(folder);
        Files.writeString(folder.resolve("paired.csv"), ResultFolders.COMMENTS
                + "configuration,baseline,crypto.policy,pairs,goodput_bps_diff_mean,goodput_bps_diff_hw95,"
                + "in_pkts_delayed_diff_mean,in_pkts_delayed_diff_hw95,rx_missed_diff_mean,rx_missed_diff_hw95\n"
                + "0,1,sync-fallback,5,-1.2634e9,9.0e6,0,0,0,0\n"
                + "2,1,async-unordered,5,1.1e5,3.0e5,6880.4,120.5,0,0\n");
        return folder;
    }

    private static String section(String html, String id) {
        String s = html.substring(html.indexOf("<section id=\"" + id + "\">"));
        return s.substring(0, s.indexOf("</section>"));
    }

    @Test
    void theReportTablesEachConfigurationsDifferenceFromTheBaselineEffectsInBold() throws Exception {
        Path folder = quickstartWithPaired(tmp.resolve("q"));
        String html = Files.readString(new ResultsRenderer("test").render(folder).report());
        String paired = section(html, "paired-differences");
        assertThat(paired).contains("<h2>Paired differences</h2>", "the baseline, <strong>async</strong>",
                "<th>crypto policy</th><th>pairs</th><th>goodput (Gbit/s)</th><th>InPktsDelayed (frames)</th></tr>");
        assertThat(paired).as("rx_missed differs in no pair: no column").doesNotContain("RX missed");
        // -1.2634e9 / 2.00037e9 = -63.2%; InPktsDelayed's baseline is 0: an effect without a relative size
        assertThat(paired).contains("<tr><td class=\"key\">sync-fallback</td><td class=\"num\">5</td>"
                + "<td class=\"num effect\"><strong>\u22121.26 ± 0.01</strong><span class=\"relative\">(\u221263.2%)</span></td>"
                + "<td class=\"num\">0</td></tr>");
        assertThat(paired).as("+0.00011 +/- 0.0003 Gbit/s: no effect, to the column's decimals")
                .contains("<tr><td class=\"key\">async-unordered</td><td class=\"num\">5</td>"
                        + "<td class=\"num\">0.00 ± 0.00</td><td class=\"num effect\"><strong>+6880 ± 121</strong></td></tr>");
        assertThat(html.indexOf("<section id=\"paired-differences\">")).isBetween(html.indexOf("<section id=\"reading\">"),
                html.indexOf("<section id=\"charts\">"));
        assertThat(section(html, "reading")).contains("<li>Against async, replication r against replication r (paired),"
                + " each configuration&#39;s largest effects by their size relative to the baseline; the Paired differences"
                + " table has every one.</li>\n<li>sync-fallback (paired): goodput \u22121.26 ± 0.01 Gbit/s (\u221263.2%).</li>\n"
                + "<li>async-unordered (paired): InPktsDelayed +6880 ± 121 (from 0).</li>");
        assertThat(html).contains("<figure id=\"paired\">", "charts/paired.png");
    }

    /**
     * Against async: sync-fallback differs in four headline metrics (p99 +200%, goodput \u221250%,
     * p50 +10%, kernel worker +2%), async-unordered in InPktsDelayed against a baseline of 0 and in
     * p50 by 0.5%, under the 1% an effect needs.
     */
    @Test
    void theReadingNamesEachConfigurationsLargestEffectsInOneSentence() throws Exception {
        List<String> metrics = List.of("goodput_bps", "in_pkts_delayed", "latency_p50_us", "latency_p99_us",
                "cpu_kernel_worker_seconds");
        Path folder = new ResultFolders(ResultFolders.experiment("{\"crypto.policy\": [\"sync-fallback\", \"async\","
                + " \"async-unordered\"]}", ResultFolders.UDP), List.of("crypto.policy"), metrics)
                .config(List.of("sync-fallback"), 5, 1e9, 1e7, 0, 0, 110, 1, 600, 10, 0.102, 0.001)
                .config(List.of("async"), 5, 2e9, 1e7, 0, 0, 100, 1, 200, 10, 0.1, 0.001)
                .config(List.of("async-unordered"), 5, 2e9, 1e7, 5000, 100, 100.5, 1, 200, 10, 0.1, 0.001)
                .write(tmp.resolve("four"));
        Files.writeString(folder.resolve("paired.csv"), ResultFolders.COMMENTS + "configuration,baseline,crypto.policy,"
                + "pairs,goodput_bps_diff_mean,goodput_bps_diff_hw95,in_pkts_delayed_diff_mean,in_pkts_delayed_diff_hw95,"
                + "latency_p50_us_diff_mean,latency_p50_us_diff_hw95,latency_p99_us_diff_mean,latency_p99_us_diff_hw95,"
                + "cpu_kernel_worker_seconds_diff_mean,cpu_kernel_worker_seconds_diff_hw95\n"
                + "0,1,sync-fallback,5,-1e9,1e7,0,0,10,1,400,10,0.002,0.0001\n"
                + "2,1,async-unordered,5,1e5,3e5,5000,100,0.5,0.1,0,0,0,0\n");
        ResultTables tables = ResultTables.read(folder);
        List<String> reading = AutomaticReading.of(tables, PairedDifferences.read(tables));
        List<String> paired = reading.stream().filter(s -> s.contains(" (paired): ")).toList();
        assertThat(paired).as("one sentence per configuration with an effect").hasSize(2);
        String sync = paired.get(0);
        assertThat(sync).startsWith("sync-fallback (paired): latency p99 +400");
        assertThat(sync.indexOf("goodput \u22121")).as("by relative size: p99, goodput, p50")
                .isGreaterThan(sync.indexOf("(+200%)")).isLessThan(sync.indexOf("latency p50 +10"));
        assertThat(sync).as("the smallest of four left to the table").doesNotContain("kernel worker")
                .endsWith("; 1 more in the table.");
        assertThat(sync.split("\\), ")).as("at most " + AutomaticReading.EFFECTS_NAMED + " metrics named")
                .hasSize(AutomaticReading.EFFECTS_NAMED);
        assertThat(paired.get(1)).isEqualTo("async-unordered (paired): InPktsDelayed +5000 ± 100 (from 0).");
        assertThat(reading).filteredOn(s -> s.startsWith("Against async, replication r against replication r (paired)"))
                .hasSize(1);
    }

    @Test
    void thePairedChartHasAPanelPerMetricWithAnEffectAndMarksTheEffects() throws Exception {
        Path folder = quickstartWithPaired(tmp.resolve("q"));
        ResultTables tables = ResultTables.read(folder);
        Drawn d = PairedChart.draw(tables, PairedDifferences.read(tables));
        assertThat(d).isInstanceOf(Drawn.Chart.class);
        JFreeChart chart = ((Drawn.Chart) d).chart();
        assertThat(chart.getTitle().getText()).isEqualTo("Paired differences from async");
        CombinedRangeXYPlot plot = (CombinedRangeXYPlot) chart.getXYPlot();
        assertThat(((SymbolAxis) plot.getRangeAxis()).getSymbols()).as("the configurations down the side")
                .containsExactly("sync-fallback", "async-unordered");
        List<XYPlot> panels = plot.getSubplots();
        assertThat(panels).hasSize(2);
        XYDataset goodput = panels.get(0).getDataset();
        assertThat(goodput.getSeriesKey(0)).isEqualTo("an effect");
        assertThat(goodput.getItemCount(0)).as("sync-fallback's fall").isOne();
        assertThat(goodput.getXValue(0, 0)).isEqualTo(-1.2634, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(goodput.getYValue(0, 0)).as("the first row").isZero();
        assertThat(goodput.getItemCount(1)).as("async-unordered: no effect").isOne();
        assertThat(panels.get(0).getDomainAxis().getLabel()).isEqualTo("goodput (Gbit/s)");
        assertThat(new ResultsRenderer("test").render(folder).charts())
                .contains(folder.resolve("charts/paired.png"), folder.resolve("charts/paired.svg"));
        assertThat(folder.resolve("charts/paired.png")).isNotEmptyFile();
    }

    @Test
    void aFolderWithoutPairedCsvSaysSoAndDrawsTheRest() throws Exception {
        Path folder = ResultFolders.quickstart(tmp.resolve("old"));
        ResultsRenderer.Rendered r = new ResultsRenderer("test").render(folder);
        String html = Files.readString(r.report());
        assertThat(section(html, "paired-differences")).contains("This results folder has no <code>paired.csv</code>");
        assertThat(section(html, "reading")).doesNotContain("(paired):");
        assertThat(r.skipped()).contains("Paired differences (the folder has no paired.csv; results written before"
                + " runs paired their configurations)");
        assertThat(r.charts()).contains(folder.resolve("charts/goodput.png"));
    }

    @Test
    void aPairedTableThatNamesAConfigurationTheSummaryLacksIsMalformed() throws Exception {
        Path folder = quickstartWithPaired(tmp.resolve("q"));
        String text = Files.readString(folder.resolve("paired.csv"));
        Files.writeString(folder.resolve("paired.csv"), text.replace("\n2,1,async", "\n7,1,async"));
        assertThatThrownBy(() -> new ResultsRenderer("test").render(folder))
                .isInstanceOf(MalformedResultsException.class)
                .hasMessage("paired.csv line 6, column configuration: expected a configuration of summary.csv (0 to 2),"
                        + " found \"7\"");
    }

    @Test
    void anyMetricIsChartedBySweepWithTheCatalogsHeadingAndUnit() throws Exception {
        Path folder = new ResultFolders(ResultFolders.experiment("{\"traffic.0.flows\": [1, 2, 4]}", ResultFolders.UDP),
                List.of("traffic.0.flows"), List.of("goodput_bps", "latency_p99_us"))
                .config(List.of("1"), 3, 2e9, 1e6, 40, 2).config(List.of("2"), 3, 2e9, 1e6, 55, 3)
                .config(List.of("4"), 3, 2e9, 1e6, 90, 5).write(tmp.resolve("flows"));
        ResultsRenderer.Rendered r = new ResultsRenderer("test").render(folder, List.of("latency_p99_us"), List.of());
        assertThat(r.charts()).contains(folder.resolve("charts/metric-latency_p99_us.png"),
                folder.resolve("charts/metric-latency_p99_us.svg"));
        ResultTables tables = ResultTables.read(folder);
        Drawn.Chart c = (Drawn.Chart) MetricCharts.draw(tables, PairedDifferences.read(tables), List.of("latency_p99_us"),
                List.of()).get(0);
        XYPlot panel = (XYPlot) ((CombinedDomainXYPlot) c.chart().getXYPlot()).getSubplots().get(0);
        assertThat(panel.getRangeAxis().getLabel()).isEqualTo("latency p99 (µs)");
        assertThat(c.chart().getXYPlot().getDomainAxis()).as("an integer sweep: categories").isInstanceOf(SymbolAxis.class);
        assertThatThrownBy(() -> new ResultsRenderer("test").render(folder, List.of("latency_p98_us"), List.of()))
                .isInstanceOf(MalformedResultsException.class)
                .hasMessage("--metric latency_p98_us: no such column; did you mean \"latency_p99_us\"?; the columns of"
                        + " summary.csv are goodput_bps, latency_p99_us");
    }
}
