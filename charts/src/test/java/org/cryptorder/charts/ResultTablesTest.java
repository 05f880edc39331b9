package org.cryptorder.charts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Reading a results folder back, and the one-line message for each way it can be unreadable. */
class ResultTablesTest {
    @TempDir
    Path tmp;

    @Test
    void readsTheSweepTheEstimatesAndThePolicyOfEachConfiguration() throws Exception {
        ResultTables t = ResultTables.read(ResultFolders.quickstart(tmp.resolve("q")));
        assertThat(t.sweepKeys()).containsExactly("crypto.policy");
        assertThat(t.rows()).extracting(SummaryRow::policy).containsExactly("sync-fallback", "async", "async-unordered");
        assertThat(t.rows().get(2).estimate("reordered_ratio")).isEqualTo(new Estimate(0.2140, 0.0092));
        assertThat(t.rows().get(2).replications()).isEqualTo(5);
        assertThat(t.rows().get(0).estimate("no_such_metric").defined()).isFalse();
        assertThat(t.runs().rows()).hasSize(15);
        assertThat(t.experiment().heldFixed()).isEqualTo("kernel FPU busy 30% in 40 µs sections,"
                + " UDP 2000 Mbit/s in 1400 B datagrams, 10 Gbit/s link with 20 µs delay, 4 CPUs with 1 RX queue, GCM-AES-128");
    }

    @Test
    void aWifiStationIsHeldFixedAsAStationNotAsAMacsecLink() throws Exception {
        ExperimentDescription d = ExperimentDescription.parse("""
                {"name": "station", "hosts": {"cpus": 4, "profile": "amd-apu2"},
                 "link": {"rateGbps": 10.0, "delayUs": 20.0, "mtu": 1500},
                 "macsec": {"cipherSuite": "GCM-AES-128", "encrypt": true}, "crypto": {"policy": "async"},
                 "wifi": {"ccmp": true, "ccm": "per-block", "airMbps": 1000.0},
                 "traffic": [{"kind": "udp", "flows": 1, "rateMbps": 400.0, "packetBytes": 1472}],
                 "sweep": {"wifi.ccm": ["per-block", "per-request"]}}""");
        assertThat(d.heldFixed()).isEqualTo("WiFi station (amd-apu2 profile), WPA2 (CCMP-128), air at most 1000 Mbit/s,"
                + " UDP 400 Mbit/s in 1472 B datagrams");
    }

    @Test
    void anEmptyCellIsAnUndefinedValue() throws Exception {
        Path f = ResultFolders.quickstart(tmp.resolve("q"));
        replaceIn(f.resolve("summary.csv"), "async,5,2000370000,100000,", "async,5,,,");
        Estimate e = ResultTables.read(f).rows().get(1).estimate("goodput_bps");
        assertThat(e.defined()).isFalse();
        assertThat(e.hasInterval()).isFalse();
    }

    @Test
    void theKernelEraGivesThePolicyWhenTheKernelIsSwept() throws Exception {
        Path f = new ResultFolders(ResultFolders.experiment("{\"crypto.kernel\": [\"5.10\", \"6.6\"]}", ResultFolders.UDP)
                .replace("\"policy\": \"async\", ", ""), List.of("crypto.kernel"), List.of("goodput_bps"))
                .config(List.of("5.10"), 2, 1e9, 0).config(List.of("6.6"), 2, 2e9, 0)
                .write(tmp.resolve("k"));
        assertThat(ResultTables.read(f).rows()).extracting(SummaryRow::policy).containsExactly("sync-fallback", "async");
    }

    private void assertMalformed(Path folder, String... parts) {
        assertThatThrownBy(() -> ResultTables.read(folder)).isInstanceOf(MalformedResultsException.class)
                .hasMessageContainingAll(parts)
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    /** Rewrites {@code file} with {@code target} replaced by {@code replacement}. */
    private static void replaceIn(Path file, String target, String replacement) throws Exception {
        Files.writeString(file, Files.readString(file).replace(target, replacement));
    }

    @Test
    void aFolderThatDoesNotExist() {
        assertMalformed(tmp.resolve("nowhere"), "nowhere", "no such folder");
    }

    @Test
    void aFolderWithoutTheTables() throws Exception {
        Path f = Files.createDirectories(tmp.resolve("empty"));
        assertMalformed(f, "no experiment.json, no summary.csv, no runs.csv", "not a results folder");
    }

    @Test
    void aTruncatedExperimentJsonSaysWhereItEndsInPlainWords() throws Exception {
        Path f = ResultFolders.quickstart(tmp.resolve("q"));
        Files.writeString(f.resolve("experiment.json"), "{\"name\": \"small\",\n \"sweep\": {\"crypto.policy\": [\"async\"");
        assertThatThrownBy(() -> ResultTables.read(f)).isInstanceOf(MalformedResultsException.class)
                .hasMessage(f.resolve("experiment.json") + ":2:37: not valid JSON: the file ends before the list that"
                        + " opens at line 2, column 29 is closed (a ']' is missing)");
    }

    /** A way to damage the quickstart's results folder, and the parts of the one line it gets. */
    record Damage(String name, FolderEdit edit, Function<Path, List<String>> says) {
        @Override
        public String toString() {
            return name;
        }
    }

    interface FolderEdit {
        void apply(Path folder) throws Exception;
    }

    static Stream<Damage> damages() {
        return Stream.of(
                new Damage("a run that did not finish has no summary", f -> Files.delete(f.resolve("summary.csv")),
                        f -> List.of("no summary.csv", "did not finish")),
                new Damage("shards not yet merged are told so", f -> {
                    Files.delete(f.resolve("summary.csv"));
                    Files.move(f.resolve("runs.csv"), f.resolve("runs.shard-0-of-2.csv"));
                }, f -> List.of("no summary.csv, no runs.csv (shards of a sweep: `cryptorder merge " + f + "`")),
                new Damage("a row with too few cells",
                        f -> Files.writeString(f.resolve("summary.csv"), "async,5,1\n", StandardOpenOption.APPEND),
                        f -> List.of("summary.csv line 8: 3 cells, but the header has 16 columns")),
                new Damage("a cell that is not a number",
                        f -> replaceIn(f.resolve("summary.csv"), "async,5,2000370000,", "async,5,fast,"),
                        f -> List.of("summary.csv line 6, column goodput_bps_mean: expected a number, found \"fast\"")),
                new Damage("columns that do not match the sweep", f -> replaceIn(f.resolve("experiment.json"),
                        "\"sweep\": {\"crypto.policy\"", "\"sweep\": {\"crypto.kernel\""),
                        f -> List.of("summary.csv: expected the columns to begin with crypto.kernel,replications",
                                "found crypto.policy,replications")),
                new Damage("an experiment.json that is not JSON", f -> Files.writeString(f.resolve("experiment.json"),
                        "{\"name\": \"small\",\n \"sweep\": [1, }"),
                        f -> List.of(f.resolve("experiment.json") + ":2:15: not valid JSON: expected a value, found '}'")),
                new Damage("an experiment.json without a name",
                        f -> Files.writeString(f.resolve("experiment.json"), "{\"sweep\": {}}"),
                        f -> List.of("experiment.json: no \"name\"")),
                new Damage("runs and summary of different experiments",
                        f -> replaceIn(f.resolve("runs.csv"), "fingerprint sha256:00ff", "fingerprint sha256:abcd"),
                        f -> List.of("runs.csv and summary.csv come from different experiments")),
                new Damage("a summary without rows", f -> {
                    String summary = Files.readString(f.resolve("summary.csv"));
                    Files.writeString(f.resolve("summary.csv"), summary.substring(0, summary.indexOf("sync-fallback,5")));
                }, f -> List.of("summary.csv: no configuration rows")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("damages")
    void aDamagedFolderGetsOneLineSayingWhat(Damage d) throws Exception {
        Path f = ResultFolders.quickstart(tmp.resolve("q"));
        d.edit().apply(f);
        assertMalformed(f, d.says().apply(f).toArray(String[]::new));
    }
}
