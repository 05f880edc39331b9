package org.cryptorder.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.cryptorder.experiment.Tables;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cryptorder run}: tables, exit statuses, messages, and independence of --jobs. */
@Tag("extensive")
class RunCommandTest {
    @TempDir
    Path tmp;

    /** A small experiment: two policies, two replications, 10 ms of UDP at 2 Gbit/s. */
    static final String SMALL = """
            {"name": "small", "description": "two policies, briefly",
             "hosts": {"cpus": 2},
             "contention": {"kernelFpuBusy": 0.3},
             "traffic": [{"kind": "udp", "rateMbps": 2000}],
             "run": {"durationS": 0.01, "warmupS": 0.001, "replications": 2, "seed": 3},
             "sweep": {"crypto.policy": ["async", "async-unordered"]}}
            """;

    /** The lines of the warning block of {@code out} that begins with {@code start}, to the next empty line. */
    /** The lines of a warning block as one text, without the "!!!" each line starts with. */
    static String unwrapped(List<String> lines) {
        return String.join(" ", lines.stream().map(l -> l.replaceFirst("^!!!\\s*", "")).toList());
    }

    static List<String> block(String out, String start) {
        List<String> lines = out.lines().toList();
        int from = 0;
        while (from < lines.size() && !lines.get(from).startsWith(start)) {
            from++;
        }
        int to = from;
        while (to < lines.size() && !lines.get(to).isEmpty()) {
            to++;
        }
        return lines.subList(from, to);
    }

    Path write(String name, String json) throws Exception {
        Path p = tmp.resolve(name);
        Files.writeString(p, json);
        return p;
    }

    @Test
    void aRunWritesTheThreeTablesAndPrintsASummary() throws Exception {
        Path file = write("small.json", SMALL);
        CliRun r = CliRun.of("run", "--quiet", "--jobs", "2", "--out", tmp.resolve("out").toString(), file.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.err()).isEmpty();
        assertThat(tmp.resolve("out/runs.csv")).exists();
        assertThat(tmp.resolve("out/summary.csv")).exists();
        assertThat(tmp.resolve("out/experiment.json")).exists();
        assertThat(r.out()).contains("small: 2 configurations x 2 replications", "crypto.policy=async-unordered",
                "Gbits/sec", "InPktsDelayed", "reordered", "cryptd", "tables: " + tmp.resolve("out"));
        assertThat(r.out()).contains("charts: " + tmp.resolve("out/charts") + " (goodput, reordering, cpu-time, latency-cdf, cryptd-queue, tx-queue, paired; PNG and SVG)",
                "report: " + tmp.resolve("out/report.html"));
        for (String chart : List.of("goodput.png", "goodput.svg", "reordering.png", "reordering.svg",
                "latency-cdf.png", "latency-cdf.svg", "cryptd-queue.png", "cryptd-queue.svg", "tx-queue.png", "tx-queue.svg")) {
            assertThat(tmp.resolve("out/charts").resolve(chart)).isNotEmptyFile();
        }
        assertThat(Files.readString(tmp.resolve("out/report.html"))).contains("<h1>small</h1>", "<svg ");
    }

    @Test
    void chartsThatCannotBeWrittenKeepTheTablesAndExitOne() throws Exception {
        Path out = Files.createDirectories(tmp.resolve("out"));
        Files.writeString(out.resolve("charts"), "a file where the charts folder goes");
        CliRun r = CliRun.of("run", "--quiet", "--out", out.toString(), write("small.json", SMALL).toString());
        assertThat(r.status()).isEqualTo(1);
        assertThat(r.out()).contains("tables: " + out);
        assertThat(r.err().lines()).hasSize(2);
        assertThat(r.err()).startsWith("cryptorder run: charts and report not written: cannot write ")
                .contains("The tables are in " + out + "; `cryptorder chart " + out + "` draws them again.")
                .doesNotContain("\tat ");
        assertThat(out.resolve("runs.csv")).isNotEmptyFile();
        assertThat(out.resolve("summary.csv")).isNotEmptyFile();
        assertThat(out.resolve("experiment.json")).isNotEmptyFile();
    }

    @Test
    void anOutFolderThatCannotBeMadeExitsTwoNamingThePathAndWhy() throws Exception {
        Path file = Files.writeString(tmp.resolve("a-file"), "not a folder");
        Path out = file.resolve("out");
        CliRun r = CliRun.of("run", "--quiet", "--out", out.toString(), write("small.json", SMALL).toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err().lines()).containsExactly("cryptorder run: cannot write the results to " + out + ": "
                + file + " is a file, not a folder");
        assertThat(r.out()).isEmpty();
        CliRun onAFile = CliRun.of("run", "--quiet", "--out", file.toString(), write("small.json", SMALL).toString());
        assertThat(onAFile.status()).isEqualTo(2);
        assertThat(onAFile.err().lines()).containsExactly("cryptorder run: cannot write the results to " + file
                + ": " + file + " is a file, not a folder");
        assertThat(file).hasContent("not a folder");
    }

    @Test
    void runsDoneBeforeAWriteFailsAreSavedAndSaidToBe() throws Exception {
        Path out = Files.createDirectories(tmp.resolve("out"));
        Path obstacle = Files.createDirectories(out.resolve("summary.csv").resolve("x"));  // a directory in its place
        Path file = write("small.json", SMALL);
        CliRun r = CliRun.of("run", "--quiet", "--jobs", "2", "--out", out.toString(), file.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err().lines()).containsExactly(
                "cryptorder run: cannot write the results to " + out + ": " + out.resolve("summary.csv")
                        + ": is a directory",
                "All 4 runs are saved in " + out.resolve("runs.csv") + "; once " + out + " can be written, rerun"
                        + " with --resume to write the rest without running them again.");
        assertThat(Files.readAllLines(out.resolve("runs.csv"))).hasSize(3 + 1 + 4);
        Files.delete(obstacle);
        Files.delete(obstacle.getParent());
        CliRun resumed = CliRun.of("run", "--resume", "--out", out.toString(), file.toString());
        assertThat(resumed.status()).as(resumed.err()).isZero();
        assertThat(resumed.err()).as("nothing run again").isEqualTo("small: 4 runs, 4 already done\n");
        assertThat(out.resolve("summary.csv")).isNotEmptyFile();
    }

    @Test
    void theSummaryPrintsWhatAppliesToTheTraffic() throws Exception {
        CliRun udp = CliRun.of("run", "--quiet", "--out", tmp.resolve("udp").toString(), write("small.json", SMALL).toString());
        assertThat(udp.out().lines().filter(l -> l.startsWith("    iperf3 "))).as(udp.out()).isNotEmpty()
                .allSatisfy(l -> assertThat(l).contains("Lost/Total Datagrams").doesNotContain("Retr"));
        Path tcpFile = write("tcp.json", SMALL.replace("{\"kind\": \"udp\", \"rateMbps\": 2000}", "{\"kind\": \"tcp\"}"));
        CliRun tcp = CliRun.of("run", "--quiet", "--out", tmp.resolve("tcp").toString(), tcpFile.toString());
        assertThat(tcp.status()).as(tcp.err()).isZero();
        assertThat(tcp.out().lines().filter(l -> l.startsWith("    iperf3 "))).as(tcp.out()).isNotEmpty()
                .allSatisfy(l -> assertThat(l).containsPattern("Retr \\d+ \\+/- \\d+ \\(spurious \\d+ \\+/- \\d+\\)  loss probes")
                        .doesNotContain("Datagrams"));
    }

    @Test
    void aKernelFpuUserStarvedBySoftirqWorkIsWarnedOf() throws Exception {
        // the sync fallback saturates b's RX CPU with softirq work: without ksoftirqd its kernel FPU user never runs
        Path starved = write("starved.json", SMALL.replace("[\"async\", \"async-unordered\"]", "[\"sync-fallback\", \"async\"]")
                .replace("\"hosts\": {\"cpus\": 2}", "\"hosts\": {\"cpus\": 2, \"ksoftirqd\": false}"));
        CliRun r = CliRun.of("run", "--quiet", "--out", tmp.resolve("starved").toString(), starved.toString());
        assertThat(r.status()).as(r.err()).isZero();
        // async gave its user the share: the fallback's shortfall is the sweep's finding, a line, not a warning
        assertThat(r.out()).doesNotContain("!!! WARNING: the kernel FPU contention");
        List<String> block = block(r.out(), "  what the swept values did");
        assertThat(block.stream().filter(l -> l.startsWith("    crypto.policy=") && l.contains("FPU"))).as(r.out())
                .singleElement()
                .asString().startsWith("    crypto.policy=sync-fallback: the kernel FPU contention did not happen as"
                        + " configured: on the");
        assertThat(String.join(" ", block.stream().map(String::strip).toList())).as("the reason as these hosts run").contains("the user held the FPU 0% of the"
                + " time, asked 30%", "with hosts.ksoftirqd false softirq work runs before every task");
        CliRun fine = CliRun.of("run", "--quiet", "--out", tmp.resolve("fine").toString(), write("small.json", SMALL).toString());
        assertThat(fine.out()).as("async leaves the FPU user its share").doesNotContain("contention did not happen");
    }

    @Test
    void framesDroppedAtAFullTxQueueAreAColumnAndALineOfTheSummary() throws Exception {
        Path file = write("slow.json", SMALL.replace("\"hosts\": {\"cpus\": 2}",
                "\"hosts\": {\"cpus\": 2, \"txRingSize\": 64, \"qdisc\": \"noqueue\"}, \"link\": {\"rateGbps\": 1}"));
        CliRun r = CliRun.of("run", "--quiet", "--out", tmp.resolve("out").toString(), file.toString());
        assertThat(r.status()).as(r.err()).isZero();
        List<String> runs = Files.readAllLines(tmp.resolve("out/runs.csv"));
        List<String> header = List.of(runs.get(3).split(","));
        String dropped = runs.get(4).split(",")[header.indexOf("tx_queue_dropped")];
        assertThat(dropped).isNotEmpty().isNotEqualTo("0");
        assertThat(r.out().lines().filter(l -> l.startsWith("    nic     TX queue dropped ")))
                .as(r.out()).hasSize(2).allSatisfy(l -> assertThat(l).matches(".*dropped [1-9]\\d* \\+/- \\d+  RX missed 0 \\+/- 0"));
        CliRun roomy = CliRun.of("run", "--quiet", "--out", tmp.resolve("roomy").toString(), write("small.json", SMALL).toString());
        assertThat(roomy.out()).as("no line when nothing was dropped at a NIC").doesNotContain("    nic ");
    }

    @Test
    void theNewcomersOverdrivenLinkGivesAGoodputTheWireCarriesAndAWarningAtTheSendersQdisc() throws Exception {
        // the newcomer's run: 5000 Mbit/s into a 1 Gbit/s link; the frames are dropped at a's qdisc, not in b's queues
        Path file = write("newcomer.json", """
                {"name": "newcomer", "hosts": {"cpus": 4, "rxQueues": 4},
                 "link": {"rateGbps": 1}, "crypto": {"policy": "async", "kernel": "6.6"},
                 "contention": {"kernelFpuBusy": 0.2}, "traffic": [{"kind": "udp", "rateMbps": 5000}],
                 "run": {"durationS": 0.05, "warmupS": 0.01, "replications": 2}}
                """);
        CliRun r = CliRun.of("run", "--quiet", "--out", tmp.resolve("out").toString(), file.toString());
        assertThat(r.status()).as(r.err()).isZero();
        // 1400-octet datagrams take 1498 octets of the wire: 934.6 Mbit/s of payload at most
        assertThat(r.out()).as(r.out()).containsPattern("iperf3  0\\.01-0\\.05 sec  93[0-4] \\+/- \\d+ Mbits/sec");
        List<String> block = block(r.out(), "!!! WARNING: a host's queue dropped frames");
        assertThat(unwrapped(block)).as(r.out()).contains("(base): a's TX queue 0: its qdisc (pfifo_fast, 1000 packets)"
                + " refused", "where the 1 Gbit/s link carries at most 935 Mbit/s of these datagrams");
        assertThat(r.out()).as("b's queues were not filling").doesNotContain("still a transient");
    }

    @Test
    void whenKsoftirqdRanTheSummaryShowsTheReceiversCpuTimeWithItsShare() throws Exception {
        String busy = "{\"name\": \"k\", \"hosts\": {\"cpus\": 2, \"txQueues\": 2, \"appCpu\": 1, \"ksoftirqd\": true},"
                + " \"link\": {\"mtu\": 9000}, \"macsec\": {\"encrypt\": false}, \"crypto\": {\"kernel\": \"5.4\"},"
                + " \"contention\": {\"userFpuLoad\": true, \"userFpuLoadSparesAppCpu\": true},"
                // writeBytes 0: every segment sent from softirq, so the ACK-receiving CPU saturates
                + " \"traffic\": [{\"kind\": \"tcp\", \"writeBytes\": 0}], \"run\": {\"durationS\": 0.05, \"warmupS\": 0.01, \"replications\": 2},"
                + " \"sweep\": {\"hosts.ksoftirqd\": [false, true]}}";
        CliRun r = CliRun.of("run", "--quiet", "--out", tmp.resolve("k").toString(), write("k.json", busy).toString());
        assertThat(r.status()).as(r.err()).isZero();
        List<String> cpu = r.out().lines().filter(l -> l.startsWith("    cpu     softirq ")).toList();
        assertThat(cpu).as(r.out()).hasSize(2);
        assertThat(cpu.get(0)).contains("(in ksoftirqd 0.000 +/- 0.000 s)");
        assertThat(cpu.get(1)).matches(".*\\(in ksoftirqd 0\\.0[0-9]*[1-9][0-9]* \\+/- .*");
        CliRun plain = CliRun.of("run", "--quiet", "--out", tmp.resolve("p").toString(), write("small.json", SMALL).toString());
        assertThat(plain.out()).as("no line when ksoftirqd never ran").doesNotContain("    cpu ");
    }

    @Test
    void setValuesRunWithoutEditingTheFileAndAreKeptInTheProvenance() throws Exception {
        Path file = write("small.json", SMALL);
        Path out = tmp.resolve("what-if");
        CliRun r = CliRun.of("run", "--quiet", "--out", out.toString(), "--set", "run.replications=1",
                "--set", "name=what-if", file.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("what-if: ").contains("x 1 replication,");
        String json = Files.readString(out.resolve("experiment.json"));
        assertThat(json).contains("\"name\" : \"what-if\"").contains("--set run.replications=1 --set name=what-if");
        assertThat(Files.readString(file)).isEqualTo(SMALL);

        CliRun bad = CliRun.of("run", "--quiet", "--out", tmp.resolve("bad").toString(), "--set", "run.replications=0",
                file.toString());
        assertThat(bad.status()).isEqualTo(2);
        assertThat(bad.err()).isEqualTo("--set run.replications=0: run.replications: expected an integer from 1 to 10000,"
                + " found 0\n");
        CliRun malformed = CliRun.of("validate", "--set", "replications", file.toString());
        assertThat(malformed.status()).isEqualTo(2);
        assertThat(malformed.err()).startsWith("cryptorder validate: --set replications: expected PATH=VALUE");
    }

    @Test
    void oneJobOrTwoGiveTheSameRunsCsvButForWallClockTimes() throws Exception {
        Path file = write("small.json", SMALL);
        assertThat(CliRun.of("run", "--quiet", "--jobs", "1", "--out", tmp.resolve("one").toString(), file.toString())
                .status()).isZero();
        assertThat(CliRun.of("run", "--quiet", "--jobs", "2", "--out", tmp.resolve("two").toString(), file.toString())
                .status()).isZero();
        String one = Tables.withoutWallClock(tmp.resolve("one/runs.csv"));
        assertThat(Tables.withoutWallClock(tmp.resolve("two/runs.csv"))).isEqualTo(one);
        assertThat(one.lines().count()).isEqualTo(3 + 1 + 4);
        assertThat(Files.readString(tmp.resolve("one/runs.csv")))
                .as("the wall-clock column is there, and differs between runs")
                .isNotEqualTo(Files.readString(tmp.resolve("two/runs.csv")));
    }

    @Test
    void aMissedPrecisionTargetGetsANetperfStyleWarning() throws Exception {
        Path file = write("target.json", SMALL.replace("\"seed\": 3}", "\"seed\": 3, \"targetHalfWidth\": {\"udp_out_of_order\": 0.001}}"));
        CliRun r = CliRun.of("run", "--quiet", "--out", tmp.resolve("out").toString(), file.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("!!! WARNING", "!!! Desired precision was not achieved within 2 replications:",
                "!!!   crypto.policy=async-unordered: udp_out_of_order half-width ", "replications would reach it)");
        assertThat(block(r.out(), "!!! Desired precision")).noneMatch(l -> l.startsWith("!!!   crypto.policy=async: "));
        List<String> summary = Files.readAllLines(tmp.resolve("out/summary.csv"));
        assertThat(summary.get(3)).endsWith(",targets_reached");
        assertThat(summary.get(4)).startsWith("async,").endsWith(",true");
        assertThat(summary.get(5)).startsWith("async-unordered,").endsWith(",false");
    }

    @Test
    void progressLinesWhenNotATerminal() throws Exception {
        CliRun r = CliRun.of("run", "--jobs", "2", "--out", tmp.resolve("out").toString(), write("s.json", SMALL).toString());
        assertThat(r.status()).isZero();
        assertThat(r.err()).contains("small: 4 runs", "small: 4/4 runs (100%)", "ETA 0:00");
    }

    @Test
    void aFileWithProblemsRunsNothingAndExitsTwoWithoutAStackTrace() throws Exception {
        Path good = write("small.json", SMALL);
        Path bad = write("bad.json", SMALL.replace("\"cpus\": 2", "\"cpus\": \"2\", \"cpu\": 1"));
        CliRun r = CliRun.of("run", "--out", tmp.resolve("out").toString(), good.toString(), bad.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err().lines()).containsExactly(
                bad + ":2:20: hosts.cpus: expected an integer from 1 to 1024, found \"2\" (a string)",
                bad + ":2:25: hosts.cpu: expected one of the keys cpus, rxQueues, txQueues, profile, rxRingSize,"
                        + " txRingSize, napiBudget, rxSteering, appCpu, hz, qdisc, bql, nic, ksoftirqd, gso, appWakeupMeanUs, appWakeupDistribution, appWakeupParetoShape, rxUsecs, gro, found unknown key \"cpu\";"
                        + " did you mean \"cpus\"?");
        assertThat(r.out()).isEmpty();
        assertThat(tmp.resolve("out")).doesNotExist();
    }

    @Test
    void aWifiStationRunSaysWhatTheStationDidInsteadOfMacsecCounters() throws Exception {
        Path file = write("station.json", "{\"name\": \"station\", \"hosts\": {\"profile\": \"amd-apu2\"},"
                + " \"wifi\": {\"ccm\": \"per-request\"}, \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 400,"
                + " \"packetBytes\": 1472}], \"run\": {\"durationS\": 0.02, \"warmupS\": 0.002, \"replications\": 2}}");
        CliRun r = CliRun.of("run", "--quiet", "--out", tmp.resolve("out").toString(), file.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("Mbits/sec").contains("station latency p50").doesNotContain("InPktsOK")
                .doesNotContain("cryptd");
        double goodput = Double.parseDouble(r.out().lines().filter(l -> l.contains("iperf3")).findFirst().orElseThrow()
                .replaceAll(".*sec +([0-9.]+) .*Mbits/sec.*", "$1"));
        assertThat(goodput).as("the apu2 station with one FPU section per frame (S9: 220)").isBetween(200.0, 250.0);
    }

    @Test
    void tcpTrafficRuns() throws Exception {
        Path file = write("tcp.json", "{\"name\": \"tcp\",\n \"traffic\": [{\"kind\": \"tcp\", \"flows\": 1}],"
                + " \"run\": {\"durationS\": 0.02, \"replications\": 2}}");
        CliRun r = CliRun.of("run", "--quiet", "--out", tmp.resolve("out").toString(), file.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("Gbits/sec");
        assertThat(tmp.resolve("out").resolve("runs.csv")).exists();
    }

    @Test
    void badUsageExitsTwo() throws Exception {
        assertThat(CliRun.of("run").status()).isEqualTo(2);
        CliRun jobs = CliRun.of("run", "--jobs", "0", write("s.json", SMALL).toString());
        assertThat(jobs.status()).isEqualTo(2);
        assertThat(jobs.err()).contains("--jobs: 1 to 4096, got 0", "Try 'cryptorder run --help'");
        CliRun missing = CliRun.of("run", tmp.resolve("nothing.json").toString());
        assertThat(missing.status()).isEqualTo(2);
        assertThat(missing.err()).contains("nothing.json:1:1: (top level): expected a readable experiment file, found no such file");
        Path a = write("a.json", SMALL);
        Path b = write("b.json", SMALL);
        CliRun same = CliRun.of("run", "--out", tmp.resolve("o").toString(), a.toString(), b.toString());
        assertThat(same.status()).isEqualTo(2);
        assertThat(same.err()).contains("would both write to");
    }

    @Test
    void resumingSomeoneElsesResultsExitsTwo() throws Exception {
        Path out = tmp.resolve("out");
        assertThat(CliRun.of("run", "--quiet", "--out", out.toString(), write("s.json", SMALL).toString()).status()).isZero();
        CliRun r = CliRun.of("run", "--quiet", "--resume", "--out", out.toString(),
                write("t.json", SMALL.replace("\"seed\": 3", "\"seed\": 4")).toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).contains("cannot resume", "another experiment");
    }

    @Test
    void aFolderRunWithSetsResumesFromTheFolderAloneAndARefusalSaysWhichCommandResumes() throws Exception {
        Path file = write("small.json", SMALL);
        Path out = tmp.resolve("what-if");
        assertThat(CliRun.of("run", "--quiet", "--out", out.toString(), "--set", "contention.kernelFpuBusy=0.1",
                file.toString()).status()).isZero();
        String whole = Tables.withoutWallClock(out.resolve("runs.csv"));
        List<String> lines = Files.readAllLines(out.resolve("runs.csv"));
        Files.write(out.resolve("runs.csv"), lines.subList(0, lines.size() - 2));  // killed two runs short

        CliRun refused = CliRun.of("run", "--quiet", "--resume", "--out", out.toString(), file.toString());
        assertThat(refused.status()).isEqualTo(2);
        assertThat(refused.err()).contains("cannot resume", "--set contention.kernelFpuBusy=0.1",
                "cryptorder run --resume " + out + "\n",
                "cryptorder run --resume --out " + out + " " + out.resolve("experiment.json"))
                .doesNotContain("Remove the folder");

        CliRun resumed = CliRun.of("run", "--resume", out.toString());
        assertThat(resumed.status()).as(resumed.err()).isZero();
        assertThat(resumed.err()).startsWith("small: 4 runs, 2 already done");
        assertThat(Tables.withoutWallClock(out.resolve("runs.csv"))).isEqualTo(whole);
        assertThat(out.resolve("latency.csv")).exists();
        assertThat(Files.readString(out.resolve("experiment.json"))).as("the provenance still names the file and --set")
                .contains("\"source\" : \"" + file + "\"", "\"set\" : \"--set contention.kernelFpuBusy=0.1\"");

        CliRun notResume = CliRun.of("run", "--quiet", out.toString());
        assertThat(notResume.status()).isEqualTo(2);
        assertThat(notResume.err()).contains(out + " is a results folder", "run --resume " + out,
                "run --out " + out + " " + out.resolve("experiment.json"));
        CliRun empty = CliRun.of("run", "--quiet", "--resume", Files.createDirectories(tmp.resolve("empty")).toString());
        assertThat(empty.status()).isEqualTo(2);
        assertThat(empty.err()).contains(tmp.resolve("empty") + " holds no experiment.json");
    }

    @Test
    void theSummaryNamesThePairedEffectsAgainstTheBaseline() throws Exception {
        CliRun r = CliRun.of("run", "--quiet", "--out", tmp.resolve("paired").toString(), write("p.json", SMALL
                .replace("\"durationS\": 0.01, \"warmupS\": 0.001, \"replications\": 2",
                        "\"durationS\": 0.03, \"warmupS\": 0.003, \"replications\": 4")).toString());
        assertThat(r.status()).as(r.err()).isZero();
        List<String> lines = r.out().lines().toList();
        int at = lines.indexOf("  paired against crypto.policy=async (replication r against replication r, 95%;"
                + " effects of 1% or more whose interval excludes 0):");
        assertThat(at).as(r.out()).isPositive();
        assertThat(lines.get(at + 1)).as("without the queued check frames are delayed, certainly")
                .startsWith("    crypto.policy=async-unordered: ").containsPattern("InPktsDelayed \\+\\d+ \\+/- \\d+")
                .doesNotContain("in_pkts_delayed", "e+0").doesNotContain("factors changed");
        assertThat(Files.readString(tmp.resolve("paired/paired.csv"))).contains("in_pkts_delayed_diff_mean");
        // a UDP window that starts with datagrams in flight: received above sent, marked and explained once
        List<String> marked = lines.stream().filter(l -> l.startsWith("    iperf3 ") && l.contains("(*)")).toList();
        List<String> notes = lines.stream().filter(l -> l.startsWith("  (*) iperf3's arithmetic, not a fault")).toList();
        assertThat(notes).as(r.out()).hasSize(marked.isEmpty() ? 0 : 1);
        assertThat(marked).as("async receives in the window the datagrams sent just before it").isNotEmpty();
    }

    @Test
    void aSenderShortOfItsRateAndAReceiverStillFillingItsQueuesAreWarnedOf() throws Exception {
        // long enough for the fallback's receiver to be seen filling its queues (quickstart's set-up, shorter)
        Path file = write("sf.json", SMALL.replace("\"sweep\": {\"crypto.policy\": [\"async\", \"async-unordered\"]}",
                "\"sweep\": {\"crypto.policy\": [\"sync-fallback\", \"async\"]}")
                .replace("\"durationS\": 0.01, \"warmupS\": 0.001", "\"durationS\": 0.05, \"warmupS\": 0.005")
                .replace("\"cpus\": 2}", "\"cpus\": 4}"));
        CliRun r = CliRun.of("run", "--quiet", "--out", tmp.resolve("out").toString(), file.toString());
        assertThat(r.status()).as(r.err()).isZero();
        List<String> lines = r.out().lines().toList();
        // async offered its rate: the fallback's shortfall is the sweep's finding; the filling queue doubts the figures
        int sender = lines.indexOf("  what the swept values did (the figures are of what ran; report.html says what"
                + " each means):");
        int filling = lines.indexOf("!!! WARNING: still a transient: host b's queues were filling when the measurement"
                + " ended:");
        assertThat(sender).as(r.out()).isPositive();
        assertThat(filling).as(r.out()).isGreaterThan(sender);
        assertThat(String.join(" ", lines.subList(sender + 1, sender + 3).stream().map(String::strip).toList()))
                .matches("crypto\\.policy=sync-fallback: host a's UDP sources could not offer the configured rate:"
                        + " sent \\d+ Mbit/s of the 2000 Mbit/s configured \\(\\d+%\\)");
        assertThat(r.out()).doesNotContain("!!! WARNING: host a's UDP sources");
        assertThat(lines.get(filling + 1)).startsWith("!!!   crypto.policy=sync-fallback: b took in ");
        assertThat(unwrapped(lines.subList(filling + 1, lines.size()))).contains("later than the warm-up's end",
                "set run.warmupS past the fill time");
        assertThat(r.out()).as("async kept up").doesNotContain("crypto.policy=async: sent",
                "crypto.policy=async: b took in");
    }

    @Test
    void everyCommandHasHelp() {
        for (String command : List.of("run", "validate", "chart", "list")) {
            CliRun r = CliRun.of(command, "--help");
            assertThat(r.status()).as(command).isZero();
            assertThat(r.out()).as(command).contains("Usage: cryptorder " + command);
        }
        assertThat(CliRun.of("run", "--help").out()).contains("--jobs", "--resume", "--out", "--quiet");
        assertThat(CliRun.of("--help").out()).contains("run", "validate", "chart", "list");
    }
}
