package org.cryptorder.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cryptorder chart DIR}: charts and report again from a results folder, and its exit statuses. */
@Tag("extensive")
class ChartCommandTest {
    @TempDir
    static Path shared;
    static Path results;

    @TempDir
    Path tmp;

    @BeforeAll
    static void runASmallExperiment() throws Exception {
        Path file = shared.resolve("small.json");
        Files.writeString(file, RunCommandTest.SMALL);
        results = shared.resolve("results");
        CliRun r = CliRun.of("run", "--quiet", "--out", results.toString(), file.toString());
        assertThat(r.status()).as(r.err()).isZero();
    }

    /** A copy of the tables alone, without charts or report. */
    private Path tablesOnly() throws Exception {
        Path copy = Files.createDirectories(tmp.resolve("copy"));
        for (String f : new String[] {"experiment.json", "summary.csv", "runs.csv"}) {
            Files.copy(results.resolve(f), copy.resolve(f));
        }
        return copy;
    }

    @Test
    void aFolderAnotherCommandHoldsIsRefusedNamingTheHolder() throws Exception {
        Path folder = tablesOnly();
        try (org.cryptorder.experiment.ResultsLock held = org.cryptorder.experiment.ResultsLock.acquire(folder, "run")) {
            CliRun r = CliRun.of("chart", folder.toString());
            assertThat(r.status()).isEqualTo(2);
            assertThat(r.err()).startsWith("cryptorder chart: cannot draw the charts of " + folder
                    + ": it is in use by cryptorder run (pid " + ProcessHandle.current().pid());
            assertThat(folder.resolve("report.html")).as("nothing drawn").doesNotExist();
        }
        assertThat(CliRun.of("chart", folder.toString()).status()).as("free again").isZero();
    }

    @Test
    void drawsChartsAndReportFromTheTablesAlone() throws Exception {
        Path folder = tablesOnly();
        CliRun r = CliRun.of("chart", folder.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(r.out().lines()).containsExactly(
                "charts: " + folder.resolve("charts") + " (goodput, reordering, cpu-time; PNG and SVG)",
                "report: " + folder.resolve("report.html"),
                "not drawn: TCP retransmissions (no TCP traffic in this experiment); Per-frame latency CDF (the folder"
                        + " has no latency.csv; results written before runs kept their latency histograms, or an"
                        + " interrupted run); cryptd queue length over time (the folder has no"
                        + " series/cryptd-queue-<i>.csv files; results written before runs sampled the cryptd queues);"
                        + " TX queue occupancy over time (the folder has no series/tx-queue-<i>.csv files; results"
                        + " written before runs sampled the TX queues); Paired differences (the folder has no paired.csv; results written before runs paired their"
                        + " configurations)");
        assertThat(folder.resolve("charts/goodput.png")).isNotEmptyFile();
        assertThat(folder.resolve("charts/reordering.svg")).isNotEmptyFile();
        assertThat(Files.readString(folder.resolve("report.html"))).contains("async-unordered reordered");
    }

    @Test
    void drawsTheLatencyAndQueueChartsFromTheSideFilesRunWrote() throws Exception {
        Path folder = tablesOnly();
        Files.copy(results.resolve("latency.csv"), folder.resolve("latency.csv"));
        Files.createDirectories(folder.resolve("series"));
        for (String f : new String[] {"cryptd-queue-0.csv", "cryptd-queue-1.csv", "tx-queue-0.csv", "tx-queue-1.csv"}) {
            Files.copy(results.resolve("series").resolve(f), folder.resolve("series").resolve(f));
        }
        Files.copy(results.resolve("paired.csv"), folder.resolve("paired.csv"));
        CliRun r = CliRun.of("chart", folder.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("(goodput, reordering, cpu-time, latency-cdf, cryptd-queue, tx-queue, paired; PNG and SVG)");
        for (String f : new String[] {"latency-cdf.png", "latency-cdf.svg", "cryptd-queue.png", "cryptd-queue.svg",
                "tx-queue.png", "tx-queue.svg"}) {
            assertThat(folder.resolve("charts").resolve(f)).isNotEmptyFile();
        }
        assertThat(Files.readString(folder.resolve("report.html"))).contains("id=\"latency-cdf\"",
                "id=\"cryptd-queue\"", "id=\"tx-queue\"", "p99 latency: async ");
        Files.delete(folder.resolve("series/cryptd-queue-1.csv"));
        Files.delete(folder.resolve("series/tx-queue-1.csv"));
        assertThat(CliRun.of("chart", folder.toString()).status()).as("one series file missing").isZero();
    }

    @Test
    void aMalformedLatencyTableExitsTwoNamingTheLine() throws Exception {
        Path folder = tablesOnly();
        Files.writeString(folder.resolve("latency.csv"), "configuration,bucket_upper_us,count\n0,25.5,10\n0,x,3\n");
        assertOneLineExit2(CliRun.of("chart", folder.toString()), "latency.csv line 3");
    }

    @Test
    void drawingAgainGivesTheSameReport() throws Exception {
        Path folder = tablesOnly();
        assertThat(CliRun.of("chart", folder.toString()).status()).isZero();
        String first = Files.readString(folder.resolve("report.html"));
        assertThat(CliRun.of("chart", folder.toString()).status()).isZero();
        assertThat(Files.readString(folder.resolve("report.html"))).isEqualTo(first);
    }

    @Test
    void drawsAnyColumnOfAStringSweepAndItsPairedDifferences() throws Exception {
        Path folder = tablesOnly();
        Files.copy(results.resolve("paired.csv"), folder.resolve("paired.csv"));
        CliRun r = CliRun.of("chart", folder.toString(), "--metric", "cryptd_wait_mean_us", "--metric",
                "udp_out_of_order", "--paired-metric", "latency_p99_us");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains(", paired, metric-cryptd_wait_mean_us, metric-udp_out_of_order,"
                + " paired-latency_p99_us; PNG and SVG)");
        for (String f : new String[] {"metric-cryptd_wait_mean_us", "metric-udp_out_of_order", "paired-latency_p99_us"}) {
            assertThat(folder.resolve("charts").resolve(f + ".png")).isNotEmptyFile();
            assertThat(folder.resolve("charts").resolve(f + ".svg")).isNotEmptyFile();
        }
        assertThat(Files.readString(folder.resolve("report.html"))).contains("<figure id=\"metric-cryptd_wait_mean_us\">",
                "<h3>Cryptd wait</h3>", "<section id=\"paired-differences\">", "(paired)");
    }

    @Test
    void drawsAnyColumnOfAnIntegerSweep() throws Exception {
        Path file = tmp.resolve("flows.json");
        Files.writeString(file, RunCommandTest.SMALL.replace("\"sweep\": {\"crypto.policy\": [\"async\", \"async-unordered\"]}",
                "\"sweep\": {\"traffic.0.flows\": [1, 2]}"));
        Path out = tmp.resolve("flows");
        CliRun run = CliRun.of("run", "--quiet", "--out", out.toString(), file.toString());
        assertThat(run.status()).as(run.err()).isZero();
        CliRun r = CliRun.of("chart", out.toString(), "--metric", "in_pkts_ok");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(out.resolve("charts/metric-in_pkts_ok.png")).isNotEmptyFile();
        assertThat(Files.readString(out.resolve("charts/metric-in_pkts_ok.svg"))).startsWith("<?xml");
    }

    @Test
    void anUnknownColumnExitsTwoNamingTheCloseAndTheKnownOnes() throws Exception {
        Path folder = tablesOnly();
        CliRun r = CliRun.of("chart", folder.toString(), "--metric", "latency_p98_us");
        assertOneLineExit2(r, "--metric latency_p98_us: no such column; did you mean \"latency_p99_us\"?;"
                + " the columns of summary.csv are ", "goodput_bps, ", "cryptd_wait_mean_us");
        assertThat(folder.resolve("report.html")).as("nothing drawn").doesNotExist();
        assertOneLineExit2(CliRun.of("chart", folder.toString(), "--paired-metric", "goodput_bps"),
                "--paired-metric goodput_bps: " + folder + " has no paired.csv");
    }

    private static void assertOneLineExit2(CliRun r, String... message) {
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().lines()).hasSize(1);
        assertThat(r.err()).startsWith("cryptorder chart: ").contains(message).doesNotContain("Exception", "\tat ");
    }

    @Test
    void aFolderThatDoesNotExistExitsTwo() {
        assertOneLineExit2(CliRun.of("chart", tmp.resolve("nowhere").toString()), "nowhere: no such folder");
    }

    @Test
    void aFolderWithoutTablesExitsTwo() {
        assertOneLineExit2(CliRun.of("chart", tmp.toString()), "no experiment.json, no summary.csv, no runs.csv");
    }

    @Test
    void aMalformedSummaryExitsTwoNamingTheLine() throws Exception {
        Path folder = tablesOnly();
        String summary = Files.readString(folder.resolve("summary.csv"));
        Files.writeString(folder.resolve("summary.csv"), summary.replaceFirst("\nasync,2,", "\nasync,two,"));
        assertOneLineExit2(CliRun.of("chart", folder.toString()),
                "summary.csv line 5, column replications: expected a number, found \"two\"");
    }

    @Test
    void aTruncatedExperimentJsonExitsTwo() throws Exception {
        Path folder = tablesOnly();
        String json = Files.readString(folder.resolve("experiment.json"));
        Files.writeString(folder.resolve("experiment.json"), json.substring(0, json.length() / 2));
        CliRun r = CliRun.of("chart", folder.toString());
        assertOneLineExit2(r, "not valid JSON: the file ends ");
        assertThat(r.err()).matches("cryptorder chart: " + java.util.regex.Pattern.quote(folder.resolve("experiment.json")
                .toString()) + ":\\d+:\\d+: not valid JSON: the file ends [^\\[]*\n").doesNotContain("start marker", "Source");
    }

    @Test
    void chartsThatCannotBeWrittenExitOne() throws Exception {
        Path folder = tablesOnly();
        Files.writeString(folder.resolve("charts"), "a file where the charts folder goes");
        CliRun r = CliRun.of("chart", folder.toString());
        assertThat(r.status()).isEqualTo(1);
        assertThat(r.err().lines()).hasSize(1);
        assertThat(r.err()).isEqualTo("cryptorder chart: cannot write the charts and report: " + folder.resolve("charts")
                + " is a file, not a folder\n");
        assertThat(r.err()).as("words, not an exception's class name").doesNotContainPattern("[A-Z][a-z]+Exception");
    }

    @Test
    void noFolderIsBadUsage() {
        CliRun r = CliRun.of("chart");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).contains("Missing required parameter: 'DIR'");
    }
}
