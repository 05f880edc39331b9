package org.cryptorder.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.experiment.file.ExperimentFile;
import org.cryptorder.experiment.ExperimentRunner;
import org.cryptorder.experiment.RunModel;
import org.cryptorder.experiment.output.Metrics;
import org.cryptorder.experiment.records.ResolvedRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link RunnerInvocation}: the runner's failures as the lines {@code run} and {@code compare}
 * print and their exit status, with a model that fails, one that refuses, and one that works.
 */
class RunnerInvocationTest {
    @TempDir
    Path tmp;

    private final StringWriter errText = new StringWriter();
    private final PrintWriter err = new PrintWriter(errText, true);

    /** A model with one metric, {@code one}, always 1; or one that fails, or refuses every configuration. */
    private record StubModel(boolean fails, boolean refuses) implements RunModel {
        @Override
        public List<String> metricNames() {
            return List.of("one");
        }

        @Override
        public List<Unsupported> unsupported(ResolvedRun run) {
            return refuses ? List.of(new Unsupported("traffic[0]", "not in this model")) : List.of();
        }

        @Override
        public Metrics run(ResolvedRun run, StreamRegistry streams, int replication) throws ModelException {
            if (fails) {
                throw new ModelException("the stub broke", new IllegalStateException("stub"));
            }
            return Metrics.builder().put("one", 1).build();
        }
    }

    private ExperimentFile file() throws Exception {
        Path p = Files.writeString(tmp.resolve("small.json"), RunCommandTest.SMALL);
        List<ExperimentFiles.Loaded> loaded = ExperimentFiles.load(List.of(p), err);
        assertThat(loaded.get(0).ok()).as(errText.toString()).isTrue();
        return loaded.get(0).file();
    }

    private ExperimentRunner.Options options(boolean resume) {
        return new ExperimentRunner.Options(tmp.resolve("out"), 1, resume, "test", null);
    }

    @Test
    void aCompleteReportIsTheCommandsToJudge() throws Exception {
        RunnerInvocation invocation = new RunnerInvocation("cryptorder run", new StubModel(false, false), err, true);
        int status = invocation.status(file(), options(false), ExperimentRunner.Progress.NONE,
                report -> report.ran() == 4 ? 7 : 8);
        assertThat(status).as(errText.toString()).isEqualTo(7);
        assertThat(errText.toString()).isEmpty();
    }

    @Test
    void aFailedRunIsOneLineNamingTheFileAndTheHintOnlyWhenAsked() throws Exception {
        ExperimentFile f = file();
        RunnerInvocation run = new RunnerInvocation("cryptorder run", new StubModel(true, false), err, true);
        assertThat(run.status(f, options(false), ExperimentRunner.Progress.NONE, report -> 0)).isEqualTo(1);
        List<String> lines = errText.toString().lines().toList();
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0)).startsWith("cryptorder run: " + f.file() + ": ").contains("the stub broke");
        assertThat(lines.get(1)).isEqualTo("The runs that finished are in " + tmp.resolve("out/runs.csv")
                + "; rerun with --resume to do the rest.");

        errText.getBuffer().setLength(0);
        RunnerInvocation compare = new RunnerInvocation("cryptorder compare", new StubModel(true, false), err, false);
        assertThat(compare.status(f, options(false), ExperimentRunner.Progress.NONE, report -> 0)).isEqualTo(1);
        assertThat(errText.toString().lines()).singleElement().asString().startsWith("cryptorder compare: " + f.file() + ": ");
    }

    @Test
    void aFileTheModelCannotRunPrintsItsProblemsAndExitsOne() throws Exception {
        RunnerInvocation invocation = new RunnerInvocation("cryptorder run", new StubModel(false, true), err, true);
        assertThat(invocation.status(file(), options(false), ExperimentRunner.Progress.NONE, report -> 0)).isEqualTo(1);
        assertThat(errText.toString()).contains("not in this model").doesNotContain("Exception");
    }

    @Test
    void aFolderThatCannotBeResumedIsThrownOnToTheCommand() throws Exception {
        Files.createDirectories(tmp.resolve("out"));
        Files.writeString(tmp.resolve("out/runs.csv"), "another,table\n1,2\n");
        RunnerInvocation invocation = new RunnerInvocation("cryptorder run", new StubModel(false, false), err, true);
        ExperimentFile f = file();
        assertThatThrownBy(() -> invocation.status(f, options(true), ExperimentRunner.Progress.NONE, report -> 0))
                .isInstanceOf(ExperimentRunner.NotResumableException.class);
    }
}
