package org.cryptorder.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.cryptorder.experiment.Tables;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code run --shard} and {@code merge}: the merged tables are a whole run's; bad sets of shards are refused. */
@Tag("extensive")
class MergeCommandTest {
    @TempDir
    Path tmp;

    /** Two configurations x three replications: six runs, so each shard of 2 holds runs of both configurations. */
    static final String SMALL = RunCommandTest.SMALL.replace("\"replications\": 2", "\"replications\": 3");

    Path file;
    Path shards;

    @BeforeEach
    void runBothShards() throws Exception {
        file = tmp.resolve("small.json");
        Files.writeString(file, SMALL);
        shards = tmp.resolve("shards");
        for (String shard : List.of("0/2", "1/2")) {
            CliRun r = CliRun.of("run", "--quiet", "--jobs", "2", "--shard", shard, "--out", shards.toString(), file.toString());
            assertThat(r.status()).as(r.err()).isZero();
        }
    }

    @Test
    void twoShardsMergedGiveTheTablesOfOneRun() throws Exception {
        assertThat(shards.resolve("summary.csv")).as("no summary for a shard alone").doesNotExist();
        List<String> shard1 = Files.readAllLines(shards.resolve("runs.shard-1-of-2.csv"));
        assertThat(shard1.get(3)).isEqualTo("# shard 1 of 2");
        assertThat(shard1).hasSize(4 + 1 + 3);
        assertThat(shard1.subList(5, 8)).extracting(l -> l.substring(0, l.indexOf(",3,")))
                .containsExactly("async,1", "async-unordered,0", "async-unordered,2");

        CliRun merged = CliRun.of("merge", shards.toString());
        assertThat(merged.status()).as(merged.err()).isZero();
        assertThat(merged.out()).contains("small: 2 configurations x 3 replications", "crypto.policy=async-unordered",
                "report: " + shards.resolve("report.html"));
        assertThat(shards.resolve("charts/goodput.png")).as("merge draws the charts as run does").isNotEmptyFile();
        Path whole = tmp.resolve("whole");
        assertThat(CliRun.of("run", "--quiet", "--jobs", "2", "--out", whole.toString(), file.toString()).status()).isZero();
        for (String table : List.of("runs.csv", "summary.csv")) {
            assertThat(Tables.withoutWallClock(shards.resolve(table))).as(table)
                    .isEqualTo(Tables.withoutWallClock(whole.resolve(table)));
        }
        assertThat(Files.readString(shards.resolve("experiment.json")))
                .isEqualTo(Files.readString(whole.resolve("experiment.json")));
        assertThat(Files.readAllLines(shards.resolve("runs.csv"))).hasSize(3 + 1 + 6);
        assertThat(Files.readString(shards.resolve("latency.csv"))).as("latency.csv from the shards' histograms")
                .isEqualTo(Files.readString(whole.resolve("latency.csv")));
        for (String series : List.of("series/cryptd-queue-0.csv", "series/cryptd-queue-1.csv")) {
            assertThat(Files.readString(shards.resolve(series))).as(series)
                    .isEqualTo(Files.readString(whole.resolve(series)));
        }
        assertThat(shards.resolve("charts/latency-cdf.png")).isNotEmptyFile();
        assertThat(shards.resolve("charts/cryptd-queue.png")).isNotEmptyFile();
    }

    @Test
    void shardsFromSeveralFoldersMergeIntoAnother() throws Exception {
        Path a = Files.createDirectories(tmp.resolve("a"));
        Path b = Files.createDirectories(tmp.resolve("b"));
        Files.copy(shards.resolve("runs.shard-0-of-2.csv"), a.resolve("runs.shard-0-of-2.csv"));
        Files.copy(shards.resolve("experiment.json"), a.resolve("experiment.json"));
        Files.copy(shards.resolve("runs.shard-1-of-2.csv"), b.resolve("runs.shard-1-of-2.csv"));
        CliRun r = CliRun.of("merge", "--quiet", "--out", tmp.resolve("c").toString(), a.toString(), b.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).isEmpty();
        assertThat(CliRun.of("merge", "--quiet", shards.toString()).status()).isZero();
        assertThat(Files.readString(tmp.resolve("c/runs.csv"))).isEqualTo(Files.readString(shards.resolve("runs.csv")));
        assertThat(Files.readString(tmp.resolve("c/summary.csv"))).isEqualTo(Files.readString(shards.resolve("summary.csv")));
    }

    @Test
    void anOutFolderThatCannotBeWrittenExitsTwoAndLeavesTheShards() throws Exception {
        Path file = Files.writeString(tmp.resolve("a-file"), "not a folder");
        Path out = file.resolve("merged");
        CliRun r = CliRun.of("merge", "--quiet", "--out", out.toString(), shards.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err().lines()).containsExactly(
                "cryptorder merge: cannot write the results to " + out + ": " + file + " is a file, not a folder",
                "The shards in " + shards + " are as they were; merge again with another --out or once " + out
                        + " can be written.");
        assertThat(shards.resolve("runs.shard-0-of-2.csv")).isNotEmptyFile();
        assertThat(shards.resolve("runs.shard-1-of-2.csv")).isNotEmptyFile();
    }

    @Test
    void aMissingShardIsNamed() throws Exception {
        Files.delete(shards.resolve("runs.shard-1-of-2.csv"));
        refused(List.of(shards.toString()), "missing shard 1 of 2");
        assertThat(shards.resolve("runs.csv")).doesNotExist();
    }

    @Test
    void aShardGivenTwiceIsRefused() throws Exception {
        Path again = Files.createDirectories(tmp.resolve("again"));
        Files.copy(shards.resolve("runs.shard-0-of-2.csv"), again.resolve("runs.shard-0-of-2.csv"));
        refused(List.of(shards.toString(), again.toString()), "duplicate shard 0 of 2");
    }

    @Test
    void shardsOfAnotherExperimentOrToolVersionAreRefused() throws Exception {
        Path other = tmp.resolve("other");
        Path seed4 = tmp.resolve("seed4.json");
        Files.writeString(seed4, SMALL.replace("\"seed\": 3", "\"seed\": 4"));
        assertThat(CliRun.of("run", "--quiet", "--shard", "1/2", "--out", other.toString(), seed4.toString()).status()).isZero();
        Files.delete(shards.resolve("runs.shard-1-of-2.csv"));
        refused(List.of(shards.toString(), other.toString()), "shards of different experiments");

        Path shard1 = other.resolve("runs.shard-1-of-2.csv");
        Files.delete(shard1);
        assertThat(CliRun.of("run", "--quiet", "--shard", "1/2", "--out", other.toString(), file.toString()).status()).isZero();
        assertThat(CliRun.of("merge", "--quiet", "--out", tmp.resolve("ok").toString(), shards.toString(), other.toString())
                .status()).isZero();
        List<String> lines = Files.readAllLines(shard1);
        lines.set(0, "# cryptorder 0.0.1");
        Files.write(shard1, lines);
        refused(List.of(shards.toString(), other.toString()), "shards of different tool versions");
    }

    @Test
    void aShardWithARunMissingOrOneTooManyIsRefused() throws Exception {
        Path shard0 = shards.resolve("runs.shard-0-of-2.csv");
        List<String> rows0 = Files.readAllLines(shard0);
        List<String> rows1 = Files.readAllLines(shards.resolve("runs.shard-1-of-2.csv"));
        Files.write(shard0, rows0.subList(0, rows0.size() - 1));
        refused(List.of(shards.toString()), "shard 0 of 2 (", "lacks 1 run of 3: crypto.policy=async-unordered replication 1",
                "run --resume --shard 0/2");
        List<String> extra = new java.util.ArrayList<>(rows0);
        extra.add(rows1.get(rows1.size() - 1));
        Files.write(shard0, extra);
        refused(List.of(shards.toString()), "has 1 run it should not: crypto.policy=async-unordered replication 2");
    }

    @Test
    void aFolderWithoutShardsIsRefused() throws Exception {
        refused(List.of(tmp.toString()), "holds no shard tables");
        refused(List.of(tmp.resolve("nowhere").toString()), "is not a folder");
    }

    private void refused(List<String> folders, String... message) {
        String[] args = new String[folders.size() + 2];
        args[0] = "merge";
        args[1] = "--quiet";
        for (int i = 0; i < folders.size(); i++) {
            args[i + 2] = folders.get(i);
        }
        CliRun r = CliRun.of(args);
        assertThat(r.status()).as(r.err()).isEqualTo(2);
        assertThat(r.err()).startsWith("cryptorder merge: ").contains(message).doesNotContain("Exception");
        assertThat(r.err().lines()).hasSize(2);
    }
}
