package org.cryptorder.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.experiment.file.ExperimentFile;
import org.cryptorder.experiment.output.Csv;
import org.cryptorder.experiment.output.Metrics;
import org.cryptorder.experiment.output.Recording;
import org.cryptorder.experiment.records.ResolvedRun;
import org.cryptorder.experiment.replication.DatapathRunModel;
import org.cryptorder.metrics.LevelSamples;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What runs record beside their metrics: the cryptd queue series (empty without cryptd, busy with
 * it), the latency histogram (one count per delivered datagram), and the files the runner and a
 * merge of shards write from them. Recording must not change a single metric.
 */
class RunRecordingTest {
    private final DatapathRunModel model = new DatapathRunModel(Experiments.PROFILES);

    @TempDir
    Path tmp;

    static final String SWEEP = "{\"name\": \"rec\", \"hosts\": {\"cpus\": 2},"
            + " \"contention\": {\"kernelFpuBusy\": 0.3},"
            + " \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 2000}],"
            + " \"run\": {\"durationS\": 0.01, \"warmupS\": 0.001, \"replications\": 2, \"seed\": 5},"
            + " \"sweep\": {\"crypto.policy\": [\"sync-fallback\", \"async-unordered\"]}}";

    @Test
    void recordingChangesNoMetricAndTheQueuesFollowThePolicy() throws Exception {
        ExperimentFile f = Experiments.parse("rec.json", SWEEP);
        for (ResolvedRun r : f.configurations()) {
            Metrics plain = model.run(r, new StreamRegistry(5), 0);
            Recording rec = Recording.withQueues(Recording.defaultIntervalNs(0.01));
            Metrics recorded = model.run(r, new StreamRegistry(5), 0, rec);
            assertThat(recorded.toString()).isEqualTo(plain.toString());
            assertThat(rec.latency().count()).as("one latency per delivered datagram")
                    .isEqualTo((long) recorded.get("udp_received"));
            assertThat(rec.queueIntervalNs()).isEqualTo(5_000);
            int points = LevelSamples.pointsUntil(0.01e9 + DatapathRunModel.DRAIN_MS * 1e6, 5_000);
            String policy = r.point().text("crypto.policy");
            List<Recording.QueueSeries> b = rec.queues().stream().filter(q -> q.host().equals("b")).toList();
            assertThat(b).extracting(Recording.QueueSeries::cpu).containsExactly("cpu0", "cpu1");
            assertThat(rec.queues()).as("a's sources encrypt in task context: a's cryptd stays empty, so a is left out")
                    .allMatch(q -> q.host().equals("b"));
            b.forEach(q -> assertThat(q.samples().count()).isEqualTo(points));
            int max = b.stream().mapToInt(q -> q.samples().max()).max().orElseThrow();
            if (policy.equals("sync-fallback")) {
                assertThat(recorded.get("cryptd_enqueued")).isZero();
                assertThat(max).as("sync-fallback never queues").isZero();
            } else {
                assertThat(recorded.get("cryptd_enqueued")).isPositive();
                assertThat(max).as("async-unordered under contention queues").isPositive();
                assertThat(max).isLessThanOrEqualTo(r.experiment().crypto().cryptdQueueLength());
                assertThat(b.get(0).samples().value(points - 1)).as("drained at the end").isZero();
            }
        }
    }

    @Test
    void theRunnerWritesLatencyAndSeriesAndAMergeOfShardsWritesTheSame() throws Exception {
        ExperimentFile f = Experiments.parse("rec.json", SWEEP);
        Path whole = tmp.resolve("whole");
        runAll(f, whole, 2, false);
        assertThat(whole.resolve(LatencyTable.RUNS_FILE)).as("the per-run file goes once merged").doesNotExist();
        Map<Integer, Long> frames = latencyCounts(whole.resolve("latency.csv"));
        Map<Integer, Long> received = new HashMap<>();
        List<String> runs = Tables.rows(whole.resolve("runs.csv"));
        List<String> header = Csv.cells(Files.readAllLines(whole.resolve("runs.csv")).stream()
                .filter(l -> !l.startsWith("#")).findFirst().orElseThrow());
        for (String line : runs) {
            List<String> cells = Csv.cells(line);
            int configuration = cells.get(0).equals("sync-fallback") ? 0 : 1;
            received.merge(configuration, (long) Csv.parseNumber(cells.get(header.indexOf("udp_received"))), Long::sum);
        }
        assertThat(frames).isEqualTo(received);
        for (int c = 0; c < 2; c++) {
            List<String> lines = Files.readAllLines(whole.resolve("series/cryptd-queue-" + c + ".csv"));
            assertThat(lines).contains("time_s,host,cpu,queue_length", "0,b,cpu0,0", "0.015,b,cpu1,0");
            assertThat(lines.stream().filter(l -> l.startsWith("0.000005,b,cpu0,"))).hasSize(1);
            List<String> tx = Files.readAllLines(whole.resolve("series/tx-queue-" + c + ".csv"));
            assertThat(tx).as("a's one TX queue, cleaned by CPU 0").contains(
                    "time_s,host,queue,cpu,qdisc_packets,ring_descriptors", "0,a,0,cpu0,0,0");
            assertThat(tx.stream().filter(l -> l.startsWith("0.00") && !l.endsWith(",0,0")))
                    .as("2 Gbit/s of datagrams: frames in the ring while they run").isNotEmpty();
        }
        Path shards = tmp.resolve("shards");
        for (int i = 0; i < 3; i++) {
            new ExperimentRunner(model, new ExperimentRunner.Options(shards.resolve("s" + i), 1, false, "test",
                    new Shard(i, 3))).run(f, ExperimentRunner.Progress.NONE);
        }
        Path merged = tmp.resolve("merged");
        ShardMerge.merge(List.of(shards.resolve("s0"), shards.resolve("s1"), shards.resolve("s2")), merged,
                Experiments.PROFILES);
        assertThat(Files.readString(merged.resolve("latency.csv"))).isEqualTo(Files.readString(whole.resolve("latency.csv")));
        for (int c = 0; c < 2; c++) {
            assertThat(Files.readString(merged.resolve("series/cryptd-queue-" + c + ".csv")))
                    .isEqualTo(Files.readString(whole.resolve("series/cryptd-queue-" + c + ".csv")));
            assertThat(Files.readString(merged.resolve("series/tx-queue-" + c + ".csv")))
                    .isEqualTo(Files.readString(whole.resolve("series/tx-queue-" + c + ".csv")));
        }
    }

    @Test
    void aResumedSweepKeepsTheLatencyOfTheRunsItDoesNotRunAgain() throws Exception {
        ExperimentFile f = Experiments.parse("rec.json", SWEEP);
        Path whole = tmp.resolve("whole");
        runAll(f, whole, 1, false);
        Path cut = stoppedAfter(f, "cut", 3);
        assertThat(cut.resolve("latency.csv")).doesNotExist();
        assertThat(cut.resolve(LatencyTable.RUNS_FILE)).exists();
        runAll(f, cut, 1, true);
        assertThat(Files.readString(cut.resolve("latency.csv"))).isEqualTo(Files.readString(whole.resolve("latency.csv")));
    }

    @Test
    void aSweepKilledAfterItsLastRunIsFinishedByResumeFromWhatIsOnDiskHoweverOftenResumed() throws Exception {
        ExperimentFile f = Experiments.parse("rec.json", SWEEP);
        Path whole = tmp.resolve("whole");
        runAll(f, whole, 1, false);
        Path killed = stoppedAfter(f, "killed", 4);  // as a kill after the last run, before the tables are done
        assertThat(Tables.rows(killed.resolve("runs.csv"))).as("every run is on disk").hasSize(4);
        assertThat(killed.resolve("latency.csv")).doesNotExist();
        assertThat(killed.resolve("summary.csv")).doesNotExist();
        assertThat(killed.resolve(LatencyTable.RUNS_FILE)).exists();

        ExperimentRunner.Report r = new ExperimentRunner(model, new ExperimentRunner.Options(killed, 1, true, "test"))
                .run(f, ExperimentRunner.Progress.NONE);
        assertThat(r.complete()).isTrue();
        assertThat(r.ran()).as("nothing runs again").isZero();
        assertThat(Files.readString(killed.resolve("latency.csv"))).isEqualTo(Files.readString(whole.resolve("latency.csv")));
        assertThat(Tables.withoutWallClock(killed.resolve("summary.csv")))
                .isEqualTo(Tables.withoutWallClock(whole.resolve("summary.csv")));
        assertThat(killed.resolve(LatencyTable.RUNS_FILE)).doesNotExist();

        // killed again while drawing the charts, after latency.csv: the per-run file is gone, latency.csv stays
        for (int again = 0; again < 2; again++) {
            new ExperimentRunner(model, new ExperimentRunner.Options(killed, 1, true, "test"))
                    .run(f, ExperimentRunner.Progress.NONE);
            assertThat(Files.readString(killed.resolve("latency.csv"))).as("resuming a finished folder keeps it")
                    .isEqualTo(Files.readString(whole.resolve("latency.csv")));
            assertThat(killed.resolve(LatencyTable.RUNS_FILE)).doesNotExist();
        }
    }

    /** Progress that cancels {@code runner} once {@code runs} runs have finished, as an interruption would. */
    private static ExperimentRunner.Progress cancelAfter(ExperimentRunner runner, int runs) {
        return new ExperimentRunner.Progress() {
            int finished;

            @Override
            public void begin(long total, long alreadyDone) {
            }

            @Override
            public void finished(ResolvedRun run, int replication, double wallSeconds) {
                if (++finished == runs) {
                    runner.cancel();
                }
            }

            @Override
            public void end() {
            }
        };
    }

    /** Runs {@code f} into {@code tmp/name} and stops it after {@code runs} runs, as a kill would. */
    private Path stoppedAfter(ExperimentFile f, String name, int runs) throws Exception {
        Path folder = tmp.resolve(name);
        ExperimentRunner runner = new ExperimentRunner(model, new ExperimentRunner.Options(folder, 1, false, "test"));
        runner.run(f, cancelAfter(runner, runs));
        return folder;
    }

    /** Runs all of {@code f} into {@code folder} on {@code jobs} threads, resuming or not. */
    private void runAll(ExperimentFile f, Path folder, int jobs, boolean resume) throws Exception {
        new ExperimentRunner(model, new ExperimentRunner.Options(folder, jobs, resume, "test"))
                .run(f, ExperimentRunner.Progress.NONE);
    }

    private static Map<Integer, Long> latencyCounts(Path file) throws Exception {
        Map<Integer, Long> out = new HashMap<>();
        double last = -1;
        int lastConfiguration = -1;
        for (String line : Tables.rows(file)) {
            List<String> cells = Csv.cells(line);
            int c = Integer.parseInt(cells.get(0));
            double upper = Double.parseDouble(cells.get(1));
            if (c == lastConfiguration) {
                assertThat(upper).as("bins in increasing order").isGreaterThan(last);
            }
            last = upper;
            lastConfiguration = c;
            out.merge(c, Long.parseLong(cells.get(2)), Long::sum);
        }
        return out;
    }
}
