package org.cryptorder.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code explain --tcp-sequence}: over the measurement window its retransmissions are {@code
 * tcp_retransmits} of the same replication (whose report draws the graph of the same default
 * window as explain, from the record the run kept); the default window
 * is placed around the first segment queued out of order; the files are those asked for; and bad
 * input exits 2 with one line.
 */
class ExplainTcpSequenceTest {
    @TempDir
    Path tmp;

    /** One Linux TCP flow, jumbo frames, async-unordered under 30% FPU contention: it reorders and retransmits. */
    Path experiment() throws Exception {
        Path f = tmp.resolve("t.json");
        Files.writeString(f, "{\"name\": \"t\", \"hosts\": {\"cpus\": 2, \"rxQueues\": 1},"
                + " \"link\": {\"rateGbps\": 10, \"delayUs\": 20, \"mtu\": 9000},"
                + " \"crypto\": {\"policy\": \"async-unordered\"}, \"contention\": {\"kernelFpuBusy\": 0.3,"
                + " \"meanSectionUs\": 40}, \"traffic\": [{\"kind\": \"tcp\", \"mode\": \"linux\"}],"
                + " \"run\": {\"durationS\": 0.03, \"warmupS\": 0.005, \"replications\": 1}}");
        return f;
    }

    private static final Pattern SUMMARY = Pattern.compile(
            "(\\d+) segments sent, (\\d+) retransmitted \\((\\d+) spurious, by D-SACK\\); (\\d+) ACKs");

    /** The counts the command printed: segments, retransmitted, spurious, ACKs. */
    static long[] printed(String out) {
        Matcher m = SUMMARY.matcher(out);
        assertThat(m.find()).as(out).isTrue();
        return new long[] {Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), Long.parseLong(m.group(3)),
                Long.parseLong(m.group(4))};
    }

    /** Column {@code name} of replication 0 in {@code runs.csv}. */
    static double column(Path runs, String name) throws Exception {
        List<String> lines = Files.readAllLines(runs).stream().filter(l -> !l.startsWith("#")).toList();
        List<String> header = Arrays.asList(lines.get(0).split(","));
        return Double.parseDouble(lines.get(1).split(",")[header.indexOf(name)]);
    }

    @Test
    void overTheMeasurementWindowItsRetransmissionsAreTcpRetransmits() throws Exception {
        String e = experiment().toString();
        CliRun run = CliRun.of("run", "--quiet", "--jobs", "1", "--out", tmp.resolve("out").toString(), e);
        assertThat(run.status()).as(run.err()).isZero();
        double retransmits = column(tmp.resolve("out/runs.csv"), "tcp_retransmits");
        assertThat(retransmits).isPositive();
        String report = Files.readString(tmp.resolve("out/report.html"));
        assertThat(report).contains("<figure id=\"tcp-sequence-0\">").contains("TCP time-sequence graph");
        assertThat(tmp.resolve("out/series/tcp-sequence-0.csv")).exists();
        assertThat(tmp.resolve("out/charts/tcp-sequence-0.png")).exists();
        int figure = report.indexOf("<figure id=\"tcp-sequence-0\">");
        assertThat(report.indexOf("</figure>", figure) - figure).isLessThan(150_000);
        List<String> rows = Files.readAllLines(tmp.resolve("out/series/tcp-sequence-0.csv"));
        CliRun around = CliRun.of("explain", e, "--tcp-sequence", tmp.resolve("d.png").toString());
        long[] a = printed(around.out());
        assertThat(rows.stream().filter(l -> l.matches("\\d+,(sent|retransmitted|spurious),.*")).count()).isEqualTo(a[0]);
        assertThat(rows.stream().filter(l -> l.matches("\\d+,(retransmitted|spurious),.*")).count()).isEqualTo(a[1]);
        assertThat(rows.stream().filter(l -> l.matches("\\d+,ack,.*")).count()).isEqualTo(a[3]);
        CliRun graph = CliRun.of("explain", e, "--tcp-sequence", tmp.resolve("w.png").toString(), "--from-us", "5000",
                "--to-us", "30000");
        assertThat(graph.status()).as(graph.err()).isZero();
        long[] c = printed(graph.out());
        assertThat(c[1]).isEqualTo((long) retransmits);
        assertThat(c[0]).isGreaterThan(c[1]);
        assertThat(c[2]).isPositive().isLessThanOrEqualTo(c[1]);
        assertThat(graph.out()).contains("5.000 to 30.000 ms of simulated time");
        assertThat(tmp.resolve("w.png")).exists();
        assertThat(tmp.resolve("w.svg")).doesNotExist();
    }

    @Test
    void byDefaultTheWindowStartsJustBeforeTheFirstSegmentQueuedOutOfOrder() throws Exception {
        CliRun r = CliRun.of("explain", experiment().toString(), "--tcp-sequence", tmp.resolve("g/seq").toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("# t: TCP time-sequence graph, replication 0")
                .contains("from just before the first segment queued out of order")
                .doesNotContain("InPktsDelayed");  // no frames followed unless --frames says
        assertThat(tmp.resolve("g/seq.png")).exists();
        String svg = Files.readString(tmp.resolve("g/seq.svg"));
        assertThat(svg).contains("<text").contains("retransmitted, spurious (D-SACK)");
        assertThat(Files.size(tmp.resolve("g/seq.svg"))).isLessThan(300_000);
        Matcher m = Pattern.compile("\\(([\\d.]+) to ([\\d.]+) ms of simulated time").matcher(r.out());
        assertThat(m.find()).isTrue();
        assertThat(Double.parseDouble(m.group(2)) - Double.parseDouble(m.group(1)))
                .isEqualTo(TcpSequenceOptions.SPAN_US / 1000.0, org.assertj.core.data.Offset.offset(1e-9));
    }

    /** Exit 2, one line naming the problem first, no stack trace, nothing written. */
    static void oneLineExit2(CliRun r, String says) {
        assertThat(r.status()).as(r.out() + r.err()).isEqualTo(2);
        assertThat(r.err().lines().findFirst().orElseThrow()).startsWith("cryptorder explain: ").contains(says);
        assertThat(r.err()).doesNotContain("Exception").doesNotContain("\tat ");
    }

    @Test
    void badInputExitsTwoWithOneLine() throws Exception {
        String e = experiment().toString();
        Path udp = ReorderingExperiment.in(tmp);
        oneLineExit2(CliRun.of("explain", udp.toString(), "--tcp-sequence", tmp.resolve("u.png").toString()),
                "--tcp-sequence: " + udp + " has no TCP traffic");
        Path aFile = Files.writeString(tmp.resolve("plain"), "x");
        oneLineExit2(CliRun.of("explain", e, "--tcp-sequence", aFile.resolve("g.png").toString()),
                "--tcp-sequence: cannot make the folder");
        oneLineExit2(CliRun.of("explain", e, "--tcp-sequence", tmp.resolve("g.pdf").toString()),
                "a file name ending in .png or .svg");
        oneLineExit2(CliRun.of("explain", e, "--tcp-sequence", Files.createDirectories(tmp.resolve("d")).toString()),
                "is a folder");
        oneLineExit2(CliRun.of("explain", e, "--to-us", "100"), "--to-us needs --tcp-sequence");
        oneLineExit2(CliRun.of("explain", e, "--tcp-sequence", tmp.resolve("g.png").toString(), "--from-us", "500",
                "--to-us", "400"), "--to-us: the window must end after it starts");
        oneLineExit2(CliRun.of("explain", e, "--tcp-sequence", tmp.resolve("g.png").toString(), "--chart",
                tmp.resolve("c.png").toString()), "--chart draws the followed frames: with --tcp-sequence, give --frames");
        assertThat(tmp.resolve("u.png")).doesNotExist();
        assertThat(tmp.resolve("g.png")).doesNotExist();
    }
}
