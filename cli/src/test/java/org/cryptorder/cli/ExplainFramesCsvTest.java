package org.cryptorder.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import org.cryptorder.experiment.output.Csv;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code explain --frames-csv}: the table read back and checked against the narration printed
 * beside it (its frames, the ones marked {@code !}), its times and ranks; the gzip variant; and
 * its bad input.
 */
class ExplainFramesCsvTest {
    @TempDir
    Path tmp;

    /** The shared {@link ReorderingExperiment}. */
    Path experiment() throws Exception {
        return ReorderingExperiment.in(tmp);
    }

    /** The rows of a table as column name to cell, past its comment lines and header. */
    static List<Map<String, String>> read(List<String> lines) {
        List<String> body = lines.stream().filter(l -> !l.startsWith("#")).toList();
        assertThat(Csv.cells(body.get(0))).isEqualTo(FramesCsv.COLUMNS);
        List<Map<String, String>> rows = new ArrayList<>();
        for (String l : body.subList(1, body.size())) {
            List<String> cells = Csv.cells(l);
            assertThat(cells).as(l).hasSameSizeAs(FramesCsv.COLUMNS);
            Map<String, String> row = new TreeMap<>();
            for (int i = 0; i < cells.size(); i++) {
                row.put(FramesCsv.COLUMNS.get(i), cells.get(i));
            }
            rows.add(row);
        }
        return rows;
    }

    @Test
    void followingEveryFrameTheCountsAreRunsCsvs() throws Exception {
        // every frame of the shared experiment followed: the table's frames, delayed and validated are the run's
        Path file = tmp.resolve("all.csv");
        ReorderingExperiment.explain(tmp, "100000", "--frames-csv", file.toString());
        Map<String, Map<String, String>> frames = new TreeMap<>();
        Set<String> onTheWire = new TreeSet<>();
        for (Map<String, String> row : read(Files.readAllLines(file))) {
            frames.put(row.get("frame"), row);
            if (row.get("kind").equals("wire") && row.get("direction").equals("a->b")) {
                onTheWire.add(row.get("frame"));
            }
        }
        Map<String, String> cells = RunsCsv.run(tmp.resolve("run"), "--set", "run.replications=1",
                experiment().toString()).get(0);
        long framesTx = Long.parseLong(cells.get("frames_tx"));
        long delayed = Long.parseLong(cells.get("in_pkts_delayed"));
        long ok = Long.parseLong(cells.get("in_pkts_ok"));
        assertThat((long) onTheWire.size()).as("frames_tx").isEqualTo(framesTx);
        assertThat(frames.values().stream().filter(f -> f.get("in_pkts_delayed").equals("true")).count())
                .as("in_pkts_delayed").isEqualTo(delayed).isPositive();
        assertThat(frames.values().stream().filter(f -> !f.get("delivery_rank").isEmpty()).count())
                .as("validated: in_pkts_ok and in_pkts_delayed").isEqualTo(ok + delayed);
    }

    @Test
    void explainMdDescribesEveryColumnInTheTablesOrder() throws Exception {
        List<String> described = new ArrayList<>();
        for (String line : Files.readAllLines(ProjectPaths.home().resolve("docs/explain.md"))) {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("^\\| ((?:`[a-z_]+`(?:, )?)+) \\|").matcher(line);
            if (m.find()) {
                for (String name : m.group(1).split(", ")) {
                    described.add(name.replace("`", ""));
                }
            }
        }
        assertThat(described).as("docs/explain.md's table of --frames-csv's columns").containsSubsequence(FramesCsv.COLUMNS);
        int first = described.indexOf(FramesCsv.COLUMNS.get(0));
        assertThat(described.subList(first, first + FramesCsv.COLUMNS.size())).isEqualTo(FramesCsv.COLUMNS);
    }

    @Test
    void theRetransmittedFramesSentBeforeTheTrafficsEndAreTcpRetransmits() throws Exception {
        // a TCP run under heavy reordering, every frame followed: the frames marked as retransmissions and sent
        // while the traffic ran (the window of tcp_retransmits, from 0 without a warm-up) are runs.csv's count
        String tcp = ProjectPaths.home().resolve("experiments/tcp-heavy-reordering.json").toString();
        String[] sets = {"--set", "run.durationS=0.02", "--set", "run.warmupS=0", "--set", "run.replications=1"};
        Path file = tmp.resolve("tcp.csv");
        List<String> explain = new ArrayList<>(List.of("explain", tcp, "--frames", "100000", "--frames-csv",
                file.toString()));
        explain.addAll(List.of(sets));
        CliRun r = CliRun.of(explain.toArray(String[]::new));
        assertThat(r.status()).as(r.err()).isZero();
        Map<String, Long> sentAt = new TreeMap<>();
        Map<String, String> what = new TreeMap<>();
        for (Map<String, String> row : read(Files.readAllLines(file))) {
            sentAt.merge(row.get("frame"), Long.parseLong(row.get("start_ns")), Math::min);
            if (!row.get("retransmission").isEmpty()) {
                what.put(row.get("frame"), row.get("retransmission"));
            }
        }
        assertThat(what.values()).as("the octets and why").allMatch(w -> w.matches("\\d+:\\d+ \\((RACK|SACK|RTO|TLP)\\)"));
        long inWindow = what.keySet().stream().filter(f -> sentAt.get(f) < 20_000_000L).count();
        List<String> run = new ArrayList<>(List.of(tcp));
        run.addAll(List.of(sets));
        long retransmits = Math.round(Csv.parseNumber(RunsCsv.run(tmp.resolve("tcprun"), run.toArray(String[]::new))
                .get(0).get("tcp_retransmits")));
        assertThat(inWindow).as("tcp_retransmits").isEqualTo(retransmits).isPositive();
    }

    @Test
    void theTableHasARowPerHopOfEachNarratedFrameWithItsDelayAndRank() throws Exception {
        Path file = tmp.resolve("out/frames.csv");
        CliRun r = ReorderingExperiment.explain(tmp, "300", "--frames-csv", file.toString());
        assertThat(r.out()).contains("# frames table: " + file);
        List<Map<String, String>> rows = read(Files.readAllLines(file));

        // the narration's frames, and those marked ! (counted InPktsDelayed)
        Pattern step = Pattern.compile("^([ !])\\s*[0-9.]+ us .*? frame (\\d+)[ :]");
        Set<Long> narrated = new TreeSet<>();
        Set<Long> marked = new TreeSet<>();
        for (String l : r.out().lines().toList()) {
            Matcher m = step.matcher(l);
            if (m.find()) {
                narrated.add(Long.parseLong(m.group(2)));
                if (m.group(1).equals("!")) {
                    marked.add(Long.parseLong(m.group(2)));
                }
            }
        }
        assertThat(marked).isNotEmpty();
        Set<Long> tabled = new TreeSet<>();
        rows.forEach(row -> tabled.add(Long.parseLong(row.get("frame"))));
        assertThat(tabled).isEqualTo(narrated);
        // every followed frame's hops: sent, on the wire, received, each with a row
        assertThat(rows.size()).isGreaterThanOrEqualTo(3 * narrated.size());
        assertThat(r.out()).contains("(" + rows.size() + " rows, one per frame and hop)");

        Set<Long> delayed = new TreeSet<>();
        Map<Long, String> rankOf = new TreeMap<>();
        for (Map<String, String> row : rows) {
            long start = Long.parseLong(row.get("start_ns"));
            long end = Long.parseLong(row.get("end_ns"));
            assertThat(start).as(row.toString()).isLessThanOrEqualTo(end);
            assertThat(Long.parseLong(row.get("duration_ns"))).isEqualTo(end - start);
            long frame = Long.parseLong(row.get("frame"));
            if (row.get("in_pkts_delayed").equals("true")) {
                delayed.add(frame);
            } else {
                assertThat(row.get("in_pkts_delayed")).isEqualTo("false");
            }
            String before = rankOf.putIfAbsent(frame, row.get("delivery_rank"));
            assertThat(before == null || before.equals(row.get("delivery_rank"))).as("one rank per frame").isTrue();
            if (row.get("kind").equals("queued") || row.get("kind").equals("cryptd_worker")) {
                assertThat(row.get("route")).isEqualTo("cryptd");
            }
            if (row.get("kind").equals("wire")) {
                assertThat(row.get("cpu")).isEmpty();
                assertThat(row.get("direction")).isEqualTo(row.get("host"));
            }
        }
        assertThat(delayed).isEqualTo(marked);

        // the delivery ranks are 0..n-1, each once, over the frames validated
        List<Integer> ranks = rankOf.values().stream().filter(s -> !s.isEmpty()).map(Integer::parseInt).sorted().toList();
        assertThat(ranks).isNotEmpty();
        for (int i = 0; i < ranks.size(); i++) {
            assertThat(ranks.get(i)).isEqualTo(i);
        }
        // a frame counted InPktsDelayed was validated after a higher PN: unless that one was not followed,
        // it is among the ones counted overtaking it
        assertThat(rows.stream().filter(row -> row.get("in_pkts_delayed").equals("true"))
                .anyMatch(row -> Integer.parseInt(row.get("overtaken_by")) > 0)).isTrue();
    }

    @Test
    void theGzipVariantHoldsTheSameBytes() throws Exception {
        Path plain = tmp.resolve("f.csv");
        Path gz = tmp.resolve("f.csv.gz");
        String e = experiment().toString();
        CliRun a = CliRun.of("explain", e, "--chart", tmp.resolve("a.png").toString(), "--frames-csv", plain.toString());
        CliRun b = CliRun.of("explain", e, "--chart", tmp.resolve("b.png").toString(), "--frames-csv", gz.toString());
        assertThat(a.status()).as(a.err()).isZero();
        assertThat(b.status()).as(b.err()).isZero();
        byte[] unzipped;
        try (InputStream in = new GZIPInputStream(Files.newInputStream(gz))) {
            unzipped = in.readAllBytes();
        }
        assertThat(unzipped).isEqualTo(Files.readAllBytes(plain));
        assertThat(Files.readAllBytes(gz)).isNotEqualTo(unzipped);
    }

    @Test
    void badInputExitsTwoWithOneLine() throws Exception {
        String e = experiment().toString();
        Path aFile = Files.writeString(tmp.resolve("plain"), "x");
        CliRun unwritable = CliRun.of("explain", e, "--frames-csv", aFile.resolve("t.csv").toString());
        assertThat(unwritable.status()).isEqualTo(2);
        assertThat(unwritable.err().lines().findFirst().orElseThrow())
                .startsWith("cryptorder explain: --frames-csv: cannot make the folder");
        assertThat(unwritable.err()).doesNotContain("Exception");
        CliRun isFolder = CliRun.of("explain", e, "--frames-csv",
                Files.createDirectories(tmp.resolve("x.csv")).toString());
        assertThat(isFolder.status()).isEqualTo(2);
        assertThat(isFolder.err()).contains("--frames-csv: ").contains("is a folder");
        CliRun notCsv = CliRun.of("explain", e, "--frames-csv", tmp.resolve("t.tsv").toString());
        assertThat(notCsv.status()).isEqualTo(2);
        assertThat(notCsv.err()).contains("--frames-csv: a file name ending in .csv or .csv.gz");
        CliRun gzOnly = CliRun.of("explain", e, "--frames-csv", tmp.resolve("t.gz").toString());
        assertThat(gzOnly.status()).isEqualTo(2);
        CliRun tcp = CliRun.of("explain", ProjectPaths.home().resolve("experiments/tcp-heavy-reordering.json")
                .toString(), "--tcp", "--frames-csv", tmp.resolve("t.csv").toString());
        assertThat(tcp.status()).isEqualTo(2);
        assertThat(tcp.err()).contains("--frames-csv tables the followed frames: with --tcp, give --frames too");
        assertThat(Files.exists(tmp.resolve("t.csv"))).isFalse();
        assertThat(Files.exists(tmp.resolve("t.tsv"))).isFalse();
    }
}
