package org.cryptorder.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import org.cryptorder.experiment.file.ExperimentFile;
import org.cryptorder.experiment.output.Csv;
import org.cryptorder.experiment.records.ResolvedRun;
import org.cryptorder.experiment.wiring.KernelRulesLine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The runner: tables independent of the thread count, common random numbers, interruption and resumption. */
class ExperimentRunnerTest {
    static final String SWEEP = Experiments.minimal("\"run\": {\"replications\": 3, \"seed\": 7}, \"sweep\":"
            + " {\"crypto.policy\": [\"async\", \"sync-fallback\"], \"contention.kernelFpuBusy\": [0, 0.1, 0.3, 0.5]}");

    @TempDir
    Path tmp;

    static ExperimentRunner.Report run(ExperimentFile f, RunModel model, Path folder, int jobs, boolean resume,
                                       ExperimentRunner.Progress progress) throws Exception {
        return new ExperimentRunner(model, new ExperimentRunner.Options(folder, jobs, resume, "test")).run(f, progress);
    }

    @Test
    void theTablesAreTheSameWhateverTheNumberOfThreads() throws Exception {
        ExperimentFile f = Experiments.parse("sweep.json", SWEEP);
        run(f, new FakeModel(), tmp.resolve("one"), 1, false, ExperimentRunner.Progress.NONE);
        run(f, new FakeModel(), tmp.resolve("four"), 4, false, ExperimentRunner.Progress.NONE);
        assertThat(Tables.withoutWallClock(tmp.resolve("four/runs.csv")))
                .isEqualTo(Tables.withoutWallClock(tmp.resolve("one/runs.csv")));
        assertThat(Tables.withoutWallClock(tmp.resolve("four/summary.csv")))
                .isEqualTo(Tables.withoutWallClock(tmp.resolve("one/summary.csv")));
        assertThat(Files.readString(tmp.resolve("four/experiment.json")))
                .isEqualTo(Files.readString(tmp.resolve("one/experiment.json")));
        assertThat(Tables.rows(tmp.resolve("one/runs.csv"))).hasSize(24);
        assertThat(Tables.rows(tmp.resolve("one/summary.csv"))).hasSize(8);
    }

    @Test
    void runsCsvHasTheContractsLayout() throws Exception {
        ExperimentFile f = Experiments.parse("sweep.json", SWEEP);
        run(f, new FakeModel(), tmp, 2, false, ExperimentRunner.Progress.NONE);
        List<String> lines = Files.readAllLines(tmp.resolve("runs.csv"));
        assertThat(lines.get(0)).isEqualTo("# cryptorder test");
        assertThat(lines.get(1)).isEqualTo("# experiment t, fingerprint sha256:" + f.fingerprint());
        assertThat(lines.get(2)).isEqualTo("# random numbers: " + new org.cryptorder.engine.StreamRegistry(7).description());
        assertThat(lines.get(3)).isEqualTo("crypto.policy,contention.kernelFpuBusy,replication,seed,wall_seconds,busy,noise,sum");
        assertThat(lines.get(4)).startsWith("async,0,0,7,");
        assertThat(lines.get(5)).startsWith("async,0,1,7,");
        assertThat(lines.get(7)).startsWith("async,0.1,0,7,");
        assertThat(lines.get(lines.size() - 1)).startsWith("sync-fallback,0.5,2,7,");
        List<String> summary = Files.readAllLines(tmp.resolve("summary.csv"));
        assertThat(summary.subList(0, 3)).isEqualTo(lines.subList(0, 3));
        assertThat(summary.get(3)).isEqualTo("crypto.policy,contention.kernelFpuBusy,replications,wall_seconds_mean,"
                + "wall_seconds_hw95,busy_mean,busy_hw95,noise_mean,noise_hw95,sum_mean,sum_hw95");
        assertThat(summary.get(4)).startsWith("async,0,3,").contains(",0,0,");
        assertThat(Files.readString(tmp.resolve("experiment.json"))).contains("\"fingerprint\" : \"sha256:"
                + f.fingerprint() + "\"", "\"tool\" : \"cryptorder test\"", "MRG32k3a, seed 7");
    }

    @Test
    void experimentJsonRecordsKsoftirqdAndThePolicyEachConfigurationsKernelResolvedTo() throws Exception {
        ExperimentFile f = Experiments.parse("k.json", Experiments.minimal("\"run\": {\"replications\": 1},"
                + " \"sweep\": {\"crypto.kernel\": [\"5.10\", \"6.6\"]}"));
        run(f, new FakeModel(), tmp, 1, false, ExperimentRunner.Progress.NONE);
        String json = Files.readString(tmp.resolve("experiment.json"));
        assertThat(json).contains("\"ksoftirqd\" : true");
        String rules510 = KernelRulesLine.of(f.configurations().get(0).experiment());
        String rules66 = KernelRulesLine.of(f.configurations().get(1).experiment());
        assertThat(rules510).contains("crypto policy " + org.cryptorder.crypto.KernelEra.of("5.10").policy().key());
        assertThat(rules66).contains("crypto policy " + org.cryptorder.crypto.KernelEra.of("6.6").policy().key());
        assertThat(json).contains("\"kernelRules\" : \"crypto.kernel=5.10: " + rules510 + " | crypto.kernel=6.6: "
                + rules66 + "\"");
        ExperimentFile fixed = Experiments.parse("one.json", Experiments.minimal("\"run\": {\"replications\": 1},"
                + " \"crypto\": {\"kernel\": \"6.6\"}, \"sweep\": {\"contention.kernelFpuBusy\": [0, 0.3]}"));
        run(fixed, new FakeModel(), tmp.resolve("one"), 1, false, ExperimentRunner.Progress.NONE);
        assertThat(Files.readString(tmp.resolve("one/experiment.json"))).as("one line when the sweep changes no rule")
                .contains("\"kernelRules\" : \"" + KernelRulesLine.of(fixed.experiment()) + "\"");
    }

    @Test
    void replicationRSeesTheSameNumbersInEveryConfiguration() throws Exception {
        ExperimentFile f = Experiments.parse("sweep.json", SWEEP);
        run(f, new FakeModel(), tmp, 3, false, ExperimentRunner.Progress.NONE);
        List<List<String>> rows = Tables.rows(tmp.resolve("runs.csv")).stream().map(Csv::cells).toList();
        for (List<String> row : rows) {
            List<String> first = rows.stream().filter(r -> r.get(2).equals(row.get(2))).findFirst().orElseThrow();
            assertThat(row.get(6)).as("noise of replication %s", row.get(2)).isEqualTo(first.get(6));
        }
        assertThat(rows.get(0).get(6)).as("replications differ").isNotEqualTo(rows.get(1).get(6));
    }

    @Test
    void anInterruptedSweepResumesToTheSameTablesAsAnUninterruptedOne() throws Exception {
        ExperimentFile f = Experiments.parse("sweep.json", SWEEP);
        run(f, new FakeModel(), tmp.resolve("whole"), 2, false, ExperimentRunner.Progress.NONE);

        Path part = tmp.resolve("part");
        FakeModel first = new FakeModel();
        ExperimentRunner runner = new ExperimentRunner(first, new ExperimentRunner.Options(part, 1, false, "test"));
        AtomicInteger seen = new AtomicInteger();
        ExperimentRunner.Report stopped = runner.run(f, new CancelAfter(runner, 10, seen));
        assertThat(stopped.complete()).isFalse();
        assertThat(stopped.ran()).isEqualTo(10);
        assertThat(Tables.rows(part.resolve("runs.csv"))).hasSize(10);
        assertThat(part.resolve("summary.csv")).doesNotExist();

        FakeModel second = new FakeModel();
        ExperimentRunner.Report resumed = run(f, second, part, 2, true, ExperimentRunner.Progress.NONE);
        assertThat(resumed.complete()).isTrue();
        assertThat(resumed.skipped()).isEqualTo(10);
        assertThat(resumed.ran()).isEqualTo(14);
        assertThat(second.calls.get()).as("only the missing runs run").isEqualTo(14);
        assertThat(Tables.withoutWallClock(part.resolve("runs.csv")))
                .isEqualTo(Tables.withoutWallClock(tmp.resolve("whole/runs.csv")));
        assertThat(Tables.withoutWallClock(part.resolve("summary.csv")))
                .isEqualTo(Tables.withoutWallClock(tmp.resolve("whole/summary.csv")));
    }

    @Test
    void aLastLineCutShortByAKillIsDroppedAndRunAgain() throws Exception {
        ExperimentFile f = Experiments.parse("sweep.json", SWEEP);
        run(f, new FakeModel(), tmp.resolve("whole"), 2, false, ExperimentRunner.Progress.NONE);
        Path part = tmp.resolve("part");
        Files.createDirectories(part);
        List<String> lines = Files.readAllLines(tmp.resolve("whole/runs.csv"));
        String cut = String.join("\n", lines.subList(0, 9)) + "\n" + lines.get(9).substring(0, 12);
        Files.writeString(part.resolve("runs.csv"), cut, StandardCharsets.UTF_8);
        FakeModel model = new FakeModel();
        ExperimentRunner.Report r = run(f, model, part, 2, true, ExperimentRunner.Progress.NONE);
        assertThat(r.skipped()).isEqualTo(5);
        assertThat(model.calls.get()).isEqualTo(19);
        assertThat(Tables.withoutWallClock(part.resolve("runs.csv")))
                .isEqualTo(Tables.withoutWallClock(tmp.resolve("whole/runs.csv")));
    }

    @Test
    void resumingAnotherExperimentsResultsIsRefused() throws Exception {
        run(Experiments.parse("sweep.json", SWEEP), new FakeModel(), tmp, 2, false, ExperimentRunner.Progress.NONE);
        String before = Files.readString(tmp.resolve("experiment.json")) + Files.readString(tmp.resolve("runs.csv"));
        ExperimentFile other = Experiments.parse("sweep.json", SWEEP.replace("\"seed\": 7", "\"seed\": 8"));
        assertThatThrownBy(() -> run(other, new FakeModel(), tmp, 2, true, ExperimentRunner.Progress.NONE))
                .isInstanceOf(ExperimentRunner.NotResumableException.class).hasMessageContaining("another experiment");
        assertThat(Files.readString(tmp.resolve("experiment.json")) + Files.readString(tmp.resolve("runs.csv")))
                .as("a refused resumption leaves the folder as it was").isEqualTo(before);
        ExperimentRunner.Report fresh = run(other, new FakeModel(), tmp, 2, false, ExperimentRunner.Progress.NONE);
        assertThat(fresh.ran()).as("without --resume the folder starts again").isEqualTo(24);
    }

    @Test
    void resumingATableWithoutANewerColumnNamesWhatItLacks() throws Exception {
        ExperimentFile f = Experiments.parse("sweep.json", SWEEP);
        run(f, new FakeModel(), tmp, 2, false, ExperimentRunner.Progress.NONE);
        List<String> lines = Files.readAllLines(tmp.resolve("runs.csv"));
        List<String> older = new java.util.ArrayList<>();
        for (String l : lines) {
            older.add(l.startsWith("#") ? l : l.substring(0, l.lastIndexOf(',')));  // as before the last column came
        }
        Files.write(tmp.resolve("runs.csv"), older, StandardCharsets.UTF_8);
        String last = lines.get(3).substring(lines.get(3).lastIndexOf(',') + 1);
        assertThatThrownBy(() -> run(f, new FakeModel(), tmp, 2, true, ExperimentRunner.Progress.NONE))
                .isInstanceOf(ExperimentRunner.NotResumableException.class)
                .hasMessageContaining("has other columns than this experiment writes; it lacks " + last)
                .hasMessageContaining("another version of cryptorder");
    }

    @Test
    void aFailingModelStopsTheRunAndKeepsWhatFinished() throws Exception {
        ExperimentFile f = Experiments.parse("sweep.json", SWEEP);
        assertThatThrownBy(() -> run(f, new FakeModel(2), tmp, 1, false, ExperimentRunner.Progress.NONE))
                .isInstanceOf(ExperimentRunner.RunFailedException.class)
                .hasMessageContaining("crypto.policy=async contention.kernelFpuBusy=0, replication 2 failed");
        assertThat(Tables.rows(tmp.resolve("runs.csv"))).hasSize(2);
    }

    @Test
    void unsupportedTrafficIsRefusedBeforeAnythingRunsNamingWhere() throws Exception {
        ExperimentFile f = Experiments.parse("tcp.json", "{\"name\": \"t\",\n \"traffic\": [{\"kind\": \"tcp\"}]}");
        RunModel refusesTcp = new FakeModel() {
            @Override
            public List<Unsupported> unsupported(ResolvedRun r) {
                return List.of(new Unsupported("traffic.0.kind", "this model runs no TCP"));
            }
        };
        assertThatThrownBy(() -> run(f, refusesTcp, tmp, 1, false, ExperimentRunner.Progress.NONE))
                .isInstanceOf(ExperimentRunner.UnsupportedException.class)
                .hasMessage("tcp.json:2:23: traffic.0.kind: this model runs no TCP");
        assertThat(tmp.resolve("runs.csv")).doesNotExist();
    }

    @Test
    void numbersAreWrittenTheSameUnderAnyLocale() throws Exception {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            run(Experiments.parse("sweep.json", SWEEP), new FakeModel(), tmp, 1, false, ExperimentRunner.Progress.NONE);
        } finally {
            Locale.setDefault(before);
        }
        assertThat(Tables.rows(tmp.resolve("runs.csv")).get(3)).startsWith("async,0.1,0,7,").doesNotContain(";");
        assertThat(Csv.cells(Tables.rows(tmp.resolve("runs.csv")).get(3)).get(7)).matches("0\\.[0-9]+(E-?[0-9]+)?");
    }

    @Test
    void progressHearsOfEveryRun() throws Exception {
        AtomicInteger finished = new AtomicInteger();
        long[] begun = new long[2];
        ExperimentRunner.Progress p = new ExperimentRunner.Progress() {
            @Override
            public void begin(long total, long alreadyDone) {
                begun[0] = total;
                begun[1] = alreadyDone;
            }

            @Override
            public void finished(ResolvedRun run, int replication, double wallSeconds) {
                finished.incrementAndGet();
            }

            @Override
            public void end() {
                finished.addAndGet(1000);
            }
        };
        run(Experiments.parse("sweep.json", SWEEP), new FakeModel(), tmp, 3, false, p);
        assertThat(begun).containsExactly(24, 0);
        assertThat(finished.get()).isEqualTo(1024);
    }

    /** Cancels the runner after a number of finished runs, as an interruption would. */
    private record CancelAfter(ExperimentRunner runner, int after, AtomicInteger seen) implements ExperimentRunner.Progress {
        @Override
        public void begin(long total, long alreadyDone) {
        }

        @Override
        public void finished(ResolvedRun run, int replication, double wallSeconds) {
            if (seen.incrementAndGet() == after) {
                runner.cancel();
            }
        }

        @Override
        public void end() {
        }
    }
}
