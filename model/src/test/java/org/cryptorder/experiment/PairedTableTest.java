package org.cryptorder.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.cryptorder.experiment.file.Baseline;
import org.cryptorder.experiment.file.ExperimentFile;
import org.cryptorder.experiment.output.Csv;
import org.cryptorder.experiment.records.ResolvedRun;
import org.cryptorder.experiment.replication.DatapathRunModel;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** paired.csv: differences from the baseline replication by replication, and how it is named. */
class PairedTableTest {
    static final ObjectMapper M = new ObjectMapper();

    @TempDir
    Path tmp;

    private static Map<String, List<JsonNode>> sweep(String json) throws Exception {
        Map<String, List<JsonNode>> out = new java.util.LinkedHashMap<>();
        M.readTree(json).fields().forEachRemaining(e -> {
            List<JsonNode> values = new java.util.ArrayList<>();
            e.getValue().forEach(values::add);
            out.put(e.getKey(), values);
        });
        return out;
    }

    @Test
    void theBaselineIsAnIndexOrSweptValuesThatNameOneConfiguration() throws Exception {
        Map<String, List<JsonNode>> s = sweep("{\"crypto.policy\": [\"async\", \"sync-fallback\", \"async-unordered\"],"
                + " \"contention.kernelFpuBusy\": [0, 0.1]}");
        assertThat(Baseline.index(s, null)).isZero();
        assertThat(Baseline.index(s, M.readTree("4"))).isEqualTo(4);
        // first key outermost: (async-unordered, 0.1) is the last of six
        assertThat(Baseline.index(s, M.readTree("{\"crypto.policy\": \"async-unordered\","
                + " \"contention.kernelFpuBusy\": 0.1}"))).isEqualTo(5);
        assertThat(Baseline.index(s, M.readTree("{\"contention.kernelFpuBusy\": 0.1,"
                + " \"crypto.policy\": \"sync-fallback\"}"))).isEqualTo(3);
        assertThatThrownBy(() -> Baseline.index(s, M.readTree("6")))
                .hasMessage("expected a configuration's index, 0 to 5, found 6");
        assertThatThrownBy(() -> Baseline.index(s, M.readTree("{\"crypto.policy\": \"async\"}")))
                .hasMessage("expected values that name one configuration, found none for contention.kernelFpuBusy,"
                        + " which the sweep varies");
        assertThatThrownBy(() -> Baseline.index(s, M.readTree("{\"crypto.policy\": \"pcrypt\","
                + " \"contention.kernelFpuBusy\": 0}")))
                .hasMessage("expected one of the values sweep.crypto.policy takes (async, sync-fallback,"
                        + " async-unordered) for crypto.policy, found \"pcrypt\"");
        assertThatThrownBy(() -> Baseline.index(s, M.readTree("{\"crypto.polcy\": \"async\","
                + " \"contention.kernelFpuBusy\": 0}")))
                .hasMessageStartingWith("expected swept keys (crypto.policy, contention.kernelFpuBusy), found"
                        + " \"crypto.polcy\"").hasMessageContaining("did you mean \"crypto.policy\"");
    }

    @Test
    void aBaselineThatNamesNoConfigurationIsRefusedWhereItStands() {
        List<String> problems = Experiments.problems(Experiments.minimal("\"run\": {\"baseline\":"
                + " {\"crypto.policy\": \"pcrypt\"}}, \"sweep\": {\"crypto.policy\": [\"async\", \"sync-fallback\"]}"));
        assertThat(problems).singleElement().asString().contains("run.baseline: expected one of the values"
                + " sweep.crypto.policy takes (async, sync-fallback)");
    }

    @Test
    void pairedDifferencesAreTheDifferencesOfMeansWithNarrowerIntervalsWhereCommonRandomNumbersHold() throws Exception {
        // quickstart's policies, briefly, 6 replications; async is the baseline by its swept value
        String json = "{\"name\": \"p\", \"hosts\": {\"cpus\": 2}, \"contention\": {\"kernelFpuBusy\": 0.3},"
                + " \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 2000}],"
                + " \"run\": {\"durationS\": 0.03, \"warmupS\": 0.005, \"replications\": 6, \"seed\": 3,"
                + " \"baseline\": {\"crypto.policy\": \"async\"}},"
                + " \"sweep\": {\"crypto.policy\": [\"async-unordered\", \"async\"]}}";
        ExperimentFile f = Experiments.parse("p.json", json);
        assertThat(f.baseline()).isEqualTo(1);
        ExperimentRunnerTest.run(f, new DatapathRunModel(Experiments.PROFILES), tmp, 2, false,
                ExperimentRunner.Progress.NONE);
        Map<String, String> summaryAsync = row(tmp.resolve("summary.csv"), 1);
        Map<String, String> summaryUnordered = row(tmp.resolve("summary.csv"), 0);
        List<String> pairedLines = Tables.rows(tmp.resolve(PairedTable.FILE));
        assertThat(pairedLines).hasSize(1);
        Map<String, String> paired = row(tmp.resolve(PairedTable.FILE), 0);
        assertThat(paired).containsEntry("configuration", "0").containsEntry("baseline", "1")
                .containsEntry("crypto.policy", "async-unordered").containsEntry("pairs", "6")
                .doesNotContainKey("wall_seconds_diff_mean");
        int narrower = 0;
        for (String metric : List.of("in_pkts_delayed", "cryptd_wait_mean_us", "latency_p99_us", "cryptd_enqueued",
                "cpu_kernel_worker_seconds", "udp_received")) {
            double diff = Double.parseDouble(paired.get(metric + "_diff_mean"));
            double a = Double.parseDouble(summaryUnordered.get(metric + "_mean"));
            double b = Double.parseDouble(summaryAsync.get(metric + "_mean"));
            assertThat(diff).as(metric).isCloseTo(a - b, within(1e-9 * Math.max(1, Math.abs(a) + Math.abs(b))));
            double hw = Double.parseDouble(paired.get(metric + "_diff_hw95"));
            double unpaired = Double.parseDouble(summaryUnordered.get(metric + "_hw95"))
                    + Double.parseDouble(summaryAsync.get(metric + "_hw95"));
            assertThat(hw).as("%s: paired half-width against the two unpaired ones", metric)
                    .isLessThanOrEqualTo(unpaired * 1.000001);
            if (hw < 0.5 * unpaired) {
                narrower++;
            }
        }
        assertThat(narrower).as("metrics whose paired interval is under half the unpaired ones").isGreaterThanOrEqualTo(3);
    }

    @Test
    void mergeAndResumeWriteThePairedTableOfAWholeRun() throws Exception {
        ExperimentFile f = Experiments.parse("sweep.json", ExperimentRunnerTest.SWEEP);
        Path whole = tmp.resolve("whole");
        ExperimentRunnerTest.run(f, new FakeModel(), whole, 2, false, ExperimentRunner.Progress.NONE);
        String expected = Files.readString(whole.resolve(PairedTable.FILE));
        assertThat(Tables.rows(whole.resolve(PairedTable.FILE))).hasSize(7);
        Path shards = tmp.resolve("shards");
        for (int i = 0; i < 2; i++) {
            new ExperimentRunner(new FakeModel(), new ExperimentRunner.Options(shards.resolve("s" + i), 1, false, "test",
                    new Shard(i, 2))).run(f, ExperimentRunner.Progress.NONE);
        }
        Path merged = tmp.resolve("merged");
        ShardMerge.merge(List.of(shards.resolve("s0"), shards.resolve("s1")), merged, Experiments.PROFILES);
        assertThat(Files.readString(merged.resolve(PairedTable.FILE))).isEqualTo(expected);
        Path cut = tmp.resolve("cut");
        ExperimentRunner runner = new ExperimentRunner(new FakeModel(), new ExperimentRunner.Options(cut, 1, false, "test"));
        runner.run(f, new ExperimentRunner.Progress() {
            int finished;

            @Override
            public void begin(long total, long alreadyDone) {
            }

            @Override
            public void finished(ResolvedRun run, int replication, double wallSeconds) {
                if (++finished == 5) {
                    runner.cancel();
                }
            }

            @Override
            public void end() {
            }
        });
        assertThat(cut.resolve(PairedTable.FILE)).doesNotExist();
        ExperimentRunnerTest.run(f, new FakeModel(), cut, 1, true, ExperimentRunner.Progress.NONE);
        assertThat(Files.readString(cut.resolve(PairedTable.FILE))).isEqualTo(expected);
    }

    private static Map<String, String> row(Path csv, int index) {
        List<String> lines = new java.util.ArrayList<>(Tables.rows(csv));
        List<String> header = Csv.cells(Tables.header(csv));
        List<String> cells = Csv.cells(lines.get(index));
        Map<String, String> out = new HashMap<>();
        for (int i = 0; i < header.size(); i++) {
            out.put(header.get(i), cells.get(i));
        }
        return out;
    }
}
