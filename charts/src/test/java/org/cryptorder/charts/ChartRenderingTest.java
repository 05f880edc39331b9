package org.cryptorder.charts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

/** Charts drawn from hand-made tables: the files, their size, their SVG, their colours. */
@Tag("extensive")
class ChartRenderingTest {
    @TempDir
    Path tmp;

    private static ResultsRenderer renderer() {
        return new ResultsRenderer("test");
    }

    private static Document svg(Path file) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(true);
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return f.newDocumentBuilder().parse(file.toFile());
    }

    /** How many pixels have exactly this colour (bar interiors are drawn without antialiasing). */
    private static long pixels(BufferedImage image, int rgb) {
        long n = 0;
        for (int y = 0; y < image.getHeight(); y += 2) {
            for (int x = 0; x < image.getWidth(); x += 2) {
                if ((image.getRGB(x, y) & 0xFFFFFF) == rgb) {
                    n++;
                }
            }
        }
        return n;
    }

    @Test
    void aPolicySweepGivesGoodputAndReorderingAsPngAndSvg() throws Exception {
        Path folder = ResultFolders.quickstart(tmp.resolve("q"));
        ResultsRenderer.Rendered r = renderer().render(folder);
        Path charts = folder.resolve("charts");
        assertThat(r.charts()).containsExactly(charts.resolve("goodput.png"), charts.resolve("goodput.svg"),
                charts.resolve("reordering.png"), charts.resolve("reordering.svg"));
        for (String name : List.of("goodput", "reordering")) {
            BufferedImage png = ImageIO.read(charts.resolve(name + ".png").toFile());
            assertThat(png.getWidth()).as(name).isGreaterThanOrEqualTo(1600);
            assertThat(png.getHeight()).as(name).isGreaterThanOrEqualTo(1000);
            Document svg = svg(charts.resolve(name + ".svg"));
            assertThat(svg.getDocumentElement().getLocalName()).isEqualTo("svg");
            assertThat(java.util.Arrays.stream(svg.getDocumentElement().getAttribute("viewBox").split(" "))
                    .mapToDouble(Double::parseDouble).toArray()).containsExactly(0, 0, 960, 600);
            assertThat(svg.getElementsByTagNameNS("*", "text").getLength())
                    .as("text as <text>, to be searched and copied (SVGHints standard)").isGreaterThan(10);
        }
        assertThat(r.report()).isEqualTo(folder.resolve("report.html")).exists();
    }

    @Test
    void eachPolicyHasItsColourInEveryChart() throws Exception {
        Path folder = ResultFolders.quickstart(tmp.resolve("q"));
        renderer().render(folder);
        BufferedImage goodput = ImageIO.read(folder.resolve("charts/goodput.png").toFile());
        BufferedImage reordering = ImageIO.read(folder.resolve("charts/reordering.png").toFile());
        for (int colour : new int[] {0xD55E00, 0x0072B2, 0xE69F00}) {
            assertThat(pixels(goodput, colour)).as("goodput, %06x", colour).isGreaterThan(5000);
        }
        assertThat(pixels(reordering, 0xE69F00)).as("async-unordered's bars").isGreaterThan(5000);
        assertThat(pixels(reordering, 0x0072B2)).as("async reordered none: no bar").isZero();
    }

    @Test
    void tcpRetransmissionsAreDrawnOnlyWithTcpTraffic() throws Exception {
        ResultsRenderer.Rendered udp = renderer().render(ResultFolders.quickstart(tmp.resolve("udp")));
        assertThat(udp.charts()).noneMatch(p -> p.toString().contains("tcp-retransmits"));
        assertThat(udp.skipped()).contains("TCP retransmissions (no TCP traffic in this experiment)");
        ResultsRenderer.Rendered tcp = renderer().render(ResultFolders.tcp(tmp.resolve("tcp")));
        assertThat(tcp.charts()).contains(tmp.resolve("tcp/charts/tcp-retransmits.png"),
                tmp.resolve("tcp/charts/tcp-retransmits.svg"));
        assertThat(tcp.skipped()).noneMatch(s -> s.startsWith("TCP retransmissions"));
        assertThat(tcp.skipped()).contains("TCP time-sequence graph (the folder has no series/tcp-sequence-<i>.csv"
                + " files; results written before runs kept them)");
        assertThat(udp.skipped()).noneMatch(s -> s.startsWith("TCP time-sequence graph"));
    }

    @Test
    void reorderingThatIsZeroEverywhereStillDrawsOnItsLogScale() throws Exception {
        Path folder = new ResultFolders(ResultFolders.experiment("{\"crypto.policy\": [\"async\", \"sync-fallback\"],"
                + " \"contention.kernelFpuBusy\": [0, 0.5]}", ResultFolders.UDP),
                List.of("crypto.policy", "contention.kernelFpuBusy"), List.of("reordered_ratio", "in_pkts_delayed"))
                .config(List.of("async", "0"), 3, 0, 0, 0, 0).config(List.of("async", "0.5"), 3, 0, 0, 0, 0)
                .config(List.of("sync-fallback", "0"), 3, 0, 0, 0, 0).config(List.of("sync-fallback", "0.5"), 3, 0, 0, 0, 0)
                .write(tmp.resolve("zero"));
        ResultsRenderer.Rendered r = renderer().render(folder);
        assertThat(r.charts()).contains(folder.resolve("charts/reordering.png"));
        assertThat(r.skipped()).contains("Goodput (summary.csv has no goodput_bps column)");
        BufferedImage png = ImageIO.read(folder.resolve("charts/reordering.png").toFile());
        assertThat(pixels(png, 0x0072B2)).as("async's line on the floor").isGreaterThan(100);
    }

    @Test
    void cpuTimeIsDrawnWhenTheTablesHaveCpuColumns() throws Exception {
        Path folder = new ResultFolders(ResultFolders.experiment("{\"crypto.policy\": [\"async\", \"sync-fallback\"]}",
                ResultFolders.UDP), List.of("crypto.policy"),
                List.of("goodput_bps", "cpu_softirq_seconds", "cpu_kernel_worker_seconds", "cpu_user_task_seconds"))
                .config(List.of("async"), 2, 2e9, 0, 0.3, 0.01, 0.2, 0.01, 0.1, 0.01)
                .config(List.of("sync-fallback"), 2, 7e8, 0, 0.8, 0.01, 0, 0, 0.1, 0.01)
                .write(tmp.resolve("cpu"));
        ResultsRenderer.Rendered r = renderer().render(folder);
        assertThat(r.charts()).contains(folder.resolve("charts/cpu-time.png"), folder.resolve("charts/cpu-time.svg"));
        BufferedImage png = ImageIO.read(folder.resolve("charts/cpu-time.png").toFile());
        assertThat(pixels(png, 0x332288)).as("softirq, the first context").isGreaterThan(2000);
        assertThat(CpuTimeChart.context("cpu_kernel_worker_seconds")).isEqualTo("kernel worker");
        ResultsRenderer.Rendered without = renderer().render(ResultFolders.quickstart(tmp.resolve("q")));
        assertThat(without.skipped()).anyMatch(s -> s.startsWith("CPU time by context (the tables have no cpu_"));
    }

    @Test
    void theSameTablesGiveTheSameSvg() throws Exception {
        Path a = ResultFolders.policyVsContention(tmp.resolve("a"));
        renderer().render(a);
        byte[] first = Files.readAllBytes(a.resolve("charts/reordering.svg"));
        renderer().render(a);
        assertThat(Files.readAllBytes(a.resolve("charts/reordering.svg"))).isEqualTo(first);
    }

    @Test
    void eachReplicationIsADotBesideItsMeanOnLinesAndNoneWithOneReplication() throws Exception {
        SweepChart.Panel panel = SweepChart.Panel.linear("goodput_bps", "goodput (Gbit/s)", 1e-9);
        org.jfree.chart.plot.CombinedDomainXYPlot lines = (org.jfree.chart.plot.CombinedDomainXYPlot)
                new SweepChart(ResultTables.read(ResultFolders.policyVsContention(tmp.resolve("p"))))
                        .build("Goodput", List.of(panel)).getXYPlot();
        org.jfree.chart.plot.XYPlot plot = lines.getSubplots().get(0);
        org.jfree.data.xy.XYDataset dots = plot.getDataset(1);
        assertThat(dots.getSeriesCount()).as("one per policy").isEqualTo(3);
        assertThat(dots.getItemCount(1)).as("async: 4 contention levels x 5 replications").isEqualTo(20);
        assertThat(dots.getYValue(1, 0)).as("runs.csv's value, scaled").isCloseTo(2.0002, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(dots.getXValue(1, 0)).as("just right of the mean's marker")
                .isGreaterThan(plot.getDataset(0).getXValue(1, 0));
        assertThat(plot.getRenderer(1).getLegendItems().getItemCount()).as("not in the legend").isZero();
        ResultFolders once = new ResultFolders(ResultFolders.experiment("{\"contention.kernelFpuBusy\": [0, 0.5]}",
                ResultFolders.UDP), List.of("contention.kernelFpuBusy"), List.of("goodput_bps"));
        once.config(List.of("0"), 1, 2e9, 0).config(List.of("0.5"), 1, 1e9, 0);
        org.jfree.chart.plot.CombinedDomainXYPlot single = (org.jfree.chart.plot.CombinedDomainXYPlot)
                new SweepChart(ResultTables.read(once.write(tmp.resolve("o")))).build("Goodput", List.of(panel)).getXYPlot();
        assertThat(single.getSubplots().get(0).getDataset(1)).as("one replication: the mean is the value").isNull();
    }

    @Test
    void valuesSpreadOverDecadesGetALogAxisAndContentionALinearOne() throws Exception {
        ResultFolders spread = new ResultFolders(ResultFolders.experiment(
                "{\"link.impairments.aToB.deterministicReorder.displacementFrames\": [1, 3, 10, 30, 100]}", ResultFolders.TCP),
                List.of("link.impairments.aToB.deterministicReorder.displacementFrames"), List.of("tcp_retransmits"));
        for (String d : List.of("1", "3", "10", "30", "100")) {
            spread.config(List.of(d), 2, 10, 1);
        }
        SweepChart.Panel panel = SweepChart.Panel.counts("tcp_retransmits", "retransmitted (segments)", 1);
        org.jfree.chart.axis.ValueAxis logX = new SweepChart(ResultTables.read(spread.write(tmp.resolve("d"))))
                .build("Retransmissions", List.of(panel)).getXYPlot().getDomainAxis();
        assertThat(logX).isInstanceOf(org.jfree.chart.axis.LogAxis.class);
        assertThat(logX.getLabel()).isEqualTo("displacement (frames, later frames a held frame lets pass), log scale");
        org.jfree.chart.axis.ValueAxis linearX = new SweepChart(ResultTables.read(ResultFolders.policyVsContention(tmp.resolve("p"))))
                .build("Retransmissions", List.of(panel)).getXYPlot().getDomainAxis();
        assertThat(linearX).isExactlyInstanceOf(org.jfree.chart.axis.NumberAxis.class);
    }

    @Test
    void anIntegerSweepIsDrawnAsCategoriesNotOnAContinuousAxis() throws Exception {
        ResultFolders flows = new ResultFolders(ResultFolders.experiment("{\"traffic.0.flows\": [1, 4]}", ResultFolders.UDP),
                List.of("traffic.0.flows"), List.of("reordered_ratio"));
        flows.config(List.of("1"), 2, 0, 0).config(List.of("4"), 2, 0.01, 0.002);
        SweepChart.Panel panel = SweepChart.Panel.linear("reordered_ratio", "reordered (%)", 100);
        org.jfree.chart.axis.ValueAxis x = new SweepChart(ResultTables.read(flows.write(tmp.resolve("f"))))
                .build("Reordering", List.of(panel)).getXYPlot().getDomainAxis();
        assertThat(x).isInstanceOf(org.jfree.chart.axis.SymbolAxis.class);
        assertThat(((org.jfree.chart.axis.SymbolAxis) x).getSymbols()).containsExactly("1", "4");
        // a number written as an integer is still a number: the rate keeps its continuous axis
        ResultFolders rates = new ResultFolders(ResultFolders.experiment("{\"traffic.0.rateMbps\": [500, 1000, 2000]}",
                ResultFolders.UDP), List.of("traffic.0.rateMbps"), List.of("reordered_ratio"));
        rates.config(List.of("500"), 2, 0, 0).config(List.of("1000"), 2, 0, 0).config(List.of("2000"), 2, 0.01, 0.002);
        assertThat(new SweepChart(ResultTables.read(rates.write(tmp.resolve("r")))).build("Reordering", List.of(panel))
                .getXYPlot().getDomainAxis()).isExactlyInstanceOf(org.jfree.chart.axis.NumberAxis.class);
        assertThat(SweptIntegers.integer("traffic.0.flows")).isTrue();
        assertThat(SweptIntegers.integer("hosts.cpus")).isTrue();
        assertThat(SweptIntegers.integer("link.impairments.aToB.reorderGap")).isTrue();
        assertThat(SweptIntegers.integer("traffic.0.rateMbps")).isFalse();
        assertThat(SweptIntegers.integer("contention.kernelFpuBusy")).isFalse();
        assertThat(SweptIntegers.integer("no.such.path")).isFalse();
    }

    @Test
    void pngIsTwiceTheCanvas() throws Exception {
        Path folder = ResultFolders.quickstart(tmp.resolve("q"));
        renderer().render(folder);
        BufferedImage png = ImageIO.read(new ByteArrayInputStream(Files.readAllBytes(folder.resolve("charts/goodput.png"))));
        assertThat(png.getWidth()).isEqualTo(2 * ChartStyle.WIDTH);
        assertThat(png.getHeight()).isEqualTo(2 * ChartStyle.HEIGHT);
    }

    private static final List<String> PVC_POLICIES = List.of("sync-fallback", "sync-fallback", "sync-fallback",
            "sync-fallback", "async", "async", "async", "async", "async-unordered", "async-unordered",
            "async-unordered", "async-unordered");

    @Test
    void theLatencyCdfHasAPanelPerContentionLevelAndALinePerPolicyRisingToOne() throws Exception {
        Path folder = ResultFolders.policyVsContention(tmp.resolve("pvc"));
        ResultFolders.sideFiles(folder, PVC_POLICIES);
        Drawn d = LatencyCdfChart.draw(ResultTables.read(folder));
        assertThat(d).isInstanceOf(Drawn.Chart.class);
        JFreeChart chart = ((Drawn.Chart) d).chart();
        assertThat(chart.getTitle().getText()).contains("per crypto policy", "a panel per kernel FPU busy");
        assertThat(chart.getPlot()).isInstanceOf(CombinedDomainXYPlot.class);
        List<XYPlot> panels = ((CombinedDomainXYPlot) chart.getPlot()).getSubplots();
        assertThat(panels).hasSize(4);
        assertThat(((CombinedDomainXYPlot) chart.getPlot()).getDomainAxis())
                .as("23.5 to 40000 us span three decades").isInstanceOf(LogAxis.class);
        Map<Integer, SideFiles.Histogram> histograms = SideFiles.latency(folder);
        for (XYPlot panel : panels) {
            XYDataset data = panel.getDataset();
            assertThat(data.getSeriesCount()).isEqualTo(3);
            assertThat(List.of(data.getSeriesKey(0), data.getSeriesKey(1), data.getSeriesKey(2)))
                    .containsExactly("sync-fallback", "async", "async-unordered");
            for (int s = 0; s < 3; s++) {
                int n = data.getItemCount(s);
                assertThat(data.getYValue(s, 0)).isZero();
                assertThat(data.getYValue(s, n - 1)).as("the CDF ends at 1").isEqualTo(1.0);
                for (int i = 1; i < n; i++) {
                    assertThat(data.getYValue(s, i)).as("monotone").isGreaterThanOrEqualTo(data.getYValue(s, i - 1));
                    assertThat(data.getXValue(s, i)).isGreaterThan(data.getXValue(s, i - 1));
                }
            }
        }
        assertThat(histograms.get(8).total()).as("every frame of latency.csv counted").isEqualTo(508 + 300 + 150 + 50);
        double[] cdf = histograms.get(8).cdf();
        assertThat(cdf[0]).isEqualTo(508.0 / 1008);
        Path png = folder.resolve("charts/latency-cdf.png");
        renderer().render(folder);
        assertThat(pixels(ImageIO.read(png.toFile()), 0xD55E00)).as("sync-fallback's line").isPositive();
        assertThat(pixels(ImageIO.read(png.toFile()), 0xE69F00)).as("async-unordered's line").isPositive();
    }

    @Test
    void theQueueChartHasAPanelPerConfigurationThatQueuedAndALinePerBusyCpu() throws Exception {
        Path folder = ResultFolders.quickstart(tmp.resolve("q"));
        ResultFolders.sideFiles(folder, List.of("sync-fallback", "async", "async-unordered"));
        Drawn d = QueueChart.draw(ResultTables.read(folder));
        assertThat(d).isInstanceOf(Drawn.Chart.class);
        List<XYPlot> panels = ((CombinedDomainXYPlot) ((Drawn.Chart) d).chart().getPlot()).getSubplots();
        assertThat(panels).as("sync-fallback queued nothing: no panel").hasSize(2);
        for (XYPlot panel : panels) {
            assertThat(panel.getDataset().getSeriesCount()).as("cpu1 stayed empty: no line").isEqualTo(1);
            assertThat(panel.getDataset().getSeriesKey(0)).isEqualTo("b cpu0");
            assertThat(panel.getDataset().getItemCount(0)).isEqualTo(101);
            assertThat(panel.getDataset().getYValue(0, 9)).isEqualTo(9);
            assertThat(panel.getDataset().getXValue(0, 100)).as("ms").isCloseTo(10, within(1e-9));
        }
    }

    @Test
    void theQueueChartPicksTheHighestContentionWhenManyConfigurationsQueued() throws Exception {
        Path folder = ResultFolders.policyVsContention(tmp.resolve("pvc"));
        ResultFolders.sideFiles(folder, PVC_POLICIES);
        Drawn d = QueueChart.draw(ResultTables.read(folder));
        JFreeChart chart = ((Drawn.Chart) d).chart();
        assertThat(chart.getTitle().getText()).endsWith(", at kernel FPU busy 0.5");
        assertThat(((CombinedDomainXYPlot) chart.getPlot()).getSubplots()).hasSize(2);
    }

    @Test
    void theTxQueueChartHasAQdiscAndARingPanelPerConfigurationThatHeldAnythingAndALinePerQueue() throws Exception {
        Path folder = ResultFolders.quickstart(tmp.resolve("q"));
        ResultFolders.txSeries(folder, List.of("sync-fallback", "async", "async-unordered"), true);
        Drawn.Chart d = (Drawn.Chart) TxQueueChart.draw(ResultTables.read(folder));
        List<XYPlot> panels = ((CombinedDomainXYPlot) d.chart().getPlot()).getSubplots();
        assertThat(panels).as("sync-fallback held nothing: qdisc and ring of async, then of async-unordered").hasSize(4);
        assertThat(panels).extracting(p -> p.getRangeAxis().getLabel()).containsExactly("qdisc", "ring", "qdisc", "ring");
        for (XYPlot panel : panels) {
            XYDataset data = panel.getDataset();
            assertThat(data.getSeriesCount()).isEqualTo(2);
            assertThat(List.of(data.getSeriesKey(0), data.getSeriesKey(1))).containsExactly("queue 0 (cpu0)", "queue 1 (cpu1)");
            assertThat(data.getItemCount(0)).isEqualTo(101);
            assertThat(data.getXValue(1, 100)).as("ms").isCloseTo(10, within(1e-9));
        }
        assertThat(panels.get(0).getDataset().getYValue(0, 19)).as("queue 0's qdisc").isEqualTo(19);
        assertThat(panels.get(0).getDataset().getYValue(1, 19)).as("queue 1's qdisc").isZero();
        assertThat(panels.get(1).getDataset().getYValue(1, 7)).as("queue 1's ring").isEqualTo(7);
        org.jfree.chart.LegendItemCollection legend = d.chart().getPlot().getLegendItems();
        assertThat(List.of(legend.get(0).getLabel(), legend.get(1).getLabel()))
                .containsExactly("TX queue 0 (cpu0)", "TX queue 1 (cpu1)");
        assertThat(d.height()).as("four panels fit the usual canvas").isEqualTo(ChartStyle.HEIGHT);
        assertThat(renderer().render(folder).charts()).contains(folder.resolve("charts/tx-queue.png"),
                folder.resolve("charts/tx-queue.svg"));
        assertThat(Files.readString(folder.resolve("report.html"))).contains("<figure id=\"tx-queue\">");
    }

    @Test
    void theTxQueueChartLeavesOutTheQdiscPanelsWhenNoQdiscHeldAPacket() throws Exception {
        Path folder = ResultFolders.policyVsContention(tmp.resolve("pvc"));
        ResultFolders.txSeries(folder, PVC_POLICIES, false);
        Drawn.Chart d = (Drawn.Chart) TxQueueChart.draw(ResultTables.read(folder));
        assertThat(d.chart().getTitle().getText()).endsWith(", at kernel FPU busy 0.5");
        List<XYPlot> panels = ((CombinedDomainXYPlot) d.chart().getPlot()).getSubplots();
        assertThat(panels).hasSize(2).allMatch(p -> p.getRangeAxis().getLabel().equals("ring"));
    }

    @Test
    void aFolderWithoutTxQueueSeriesDrawsNoTxQueueChart() throws Exception {
        Path folder = ResultFolders.quickstart(tmp.resolve("q"));
        ResultFolders.sideFiles(folder, List.of("sync-fallback", "async", "async-unordered"));
        ResultsRenderer.Rendered r = renderer().render(folder);
        assertThat(r.skipped()).anyMatch(s -> s.startsWith("TX queue occupancy over time (the folder has no"
                + " series/tx-queue-<i>.csv files"));
        assertThat(folder.resolve("charts/cryptd-queue.png")).exists();
        assertThat(folder.resolve("charts/tx-queue.png")).doesNotExist();
        assertThat(folder.resolve("charts/tx-queue.svg")).doesNotExist();
        ResultFolders.txSeries(folder, List.of("sync-fallback", "sync-fallback", "sync-fallback"), true);
        assertThat(renderer().render(folder).skipped()).anyMatch(s -> s.startsWith("TX queue occupancy over time"
                + " (no TX queue of a held"));
        assertThat(folder.resolve("charts/tx-queue.png")).doesNotExist();
    }

    @Test
    void aTxQueueSeriesWithoutItsColumnsOrWithABadQueueIsReportedWithItsName() throws Exception {
        Path folder = ResultFolders.quickstart(tmp.resolve("q"));
        Path file = Files.createDirectories(folder.resolve("series")).resolve("tx-queue-2.csv");
        Files.writeString(file, "time_s,host,queue,cpu,qdisc_packets\n0,a,0,cpu0,1\n");
        assertThatThrownBy(() -> renderer().render(folder)).isInstanceOf(MalformedResultsException.class)
                .hasMessageContaining("series/tx-queue-2.csv: expected the columns time_s, host, queue, cpu,"
                        + " qdisc_packets, ring_descriptors");
        Files.writeString(file, "time_s,host,queue,cpu,qdisc_packets,ring_descriptors\n0,a,q0,cpu0,1,2\n");
        assertThatThrownBy(() -> renderer().render(folder)).isInstanceOf(MalformedResultsException.class)
                .hasMessageContaining("series/tx-queue-2.csv: queue \"q0\" is not a queue number");
        Files.writeString(file, "time_s,host,queue,cpu,qdisc_packets,ring_descriptors\n0,a,0,cpu0,1,-2\n");
        assertThatThrownBy(() -> renderer().render(folder)).isInstanceOf(MalformedResultsException.class)
                .hasMessageContaining("series/tx-queue-2.csv line 2: expected a time and counts of 0 or more");
    }

    @Test
    void aFolderWithoutLatencyOrSeriesStillChartsAndSaysWhatItSkipped() throws Exception {
        Path folder = ResultFolders.quickstart(tmp.resolve("q"));
        ResultsRenderer.Rendered r = renderer().render(folder);
        assertThat(r.skipped()).anyMatch(s -> s.startsWith("Per-frame latency CDF (the folder has no latency.csv"))
                .anyMatch(s -> s.startsWith("cryptd queue length over time (the folder has no series/"));
        assertThat(folder.resolve("charts/latency-cdf.png")).doesNotExist();
        assertThat(Files.readString(r.report())).contains("Per-frame latency CDF: not drawn, the folder has no latency.csv");
        ResultFolders.sideFiles(folder, List.of("sync-fallback", "sync-fallback", "sync-fallback"));
        r = renderer().render(folder);
        assertThat(r.skipped()).anyMatch(s -> s.startsWith("cryptd queue length over time (no configuration queued"));
        assertThat(folder.resolve("charts/latency-cdf.png")).exists();
    }

    @Test
    void aMalformedSeriesFileIsReportedWithItsName() throws Exception {
        Path folder = ResultFolders.quickstart(tmp.resolve("q"));
        Files.createDirectories(folder.resolve("series"));
        Files.writeString(folder.resolve("series/cryptd-queue-1.csv"), "time_s,host,cpu,length\n0,b,cpu0,1\n");
        assertThatThrownBy(() -> renderer().render(folder)).isInstanceOf(MalformedResultsException.class)
                .hasMessageContaining("series/cryptd-queue-1.csv: expected the columns time_s, host, cpu, queue_length");
    }
}
