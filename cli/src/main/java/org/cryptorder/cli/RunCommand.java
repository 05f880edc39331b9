package org.cryptorder.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.experiment.file.ExperimentFile;
import org.cryptorder.experiment.ExperimentRunner;
import org.cryptorder.experiment.RunModel;
import org.cryptorder.experiment.Shard;
import org.cryptorder.experiment.output.ResultsNotWrittenException;
import org.cryptorder.experiment.records.ResolvedRun;
import org.cryptorder.experiment.replication.DatapathRunModel;
import org.cryptorder.experiment.replication.RunCapture;
import org.cryptorder.net.FrameTrace;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code cryptorder run FILE...}: runs every configuration of each experiment file
 * {@code run.replications} times over {@code --jobs} threads and writes its tables, then prints a
 * summary and draws the charts and report from the tables (as {@code chart} does). Files are all
 * checked before anything runs.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Runs experiment files and writes their tables, charts and report.",
            "Every configuration of the sweep runs run.replications times, in parallel. The results go to"
                + " results/<name>/: runs.csv (a row per run, flushed as each finishes), summary.csv (mean and 95%%"
                + " half-width per configuration) and experiment.json (the experiment as it ran), then the charts"
                + " (charts/*.png, *.svg) and report.html drawn from them.",
            "Exit status: 0 done, 1 a failure while running (or charts not written), 2 bad usage, a file with"
                + " problems or a results folder that cannot be written."})
final class RunCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    SetOption set = new SetOption();

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Experiment files (JSON); see experiments/. With"
            + " --resume, a results folder DIR stands for DIR/experiment.json, resumed into DIR.")
    List<Path> files;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Results folder (default: results/<name>); with several files, DIR/<name> for each.")
    Path out;

    @Option(names = "--jobs", paramLabel = "N", description = "Runs at once (default: all cores).")
    Integer jobs;

    @Option(names = "--resume", description = "Keep the rows already in runs.csv and run only the missing ones"
            + " (without it, earlier results in the folder are replaced).")
    boolean resume;

    @Option(names = "--quiet", description = "No progress output.")
    boolean quiet;

    @Option(names = "--shard", paramLabel = "I/N", description = "Run only slice I (from 0) of N of the runs, into"
            + " runs.shard-I-of-N.csv; auto/N takes I from SLURM_ARRAY_TASK_ID or JOB_COMPLETION_INDEX."
            + " Combine the slices with 'cryptorder merge'.")
    String shardOption;

    @Mixin
    PcapOptions pcap = new PcapOptions();

    @Option(names = "--perfetto", paramLabel = "DIR",
            description = "Also trace replication 0 of each configuration for ui.perfetto.dev into DIR/<configuration>.json:"
                    + " its first " + ExplainCommand.DEFAULT_FRAMES + " frames and what each CPU ran meanwhile, as"
                    + " explain --perfetto writes it (explain --frames follows more; see docs/explain.md).")
    Path perfettoDir;

    /** What a results folder holds of the experiment it ran. */
    static final String EXPERIMENT_JSON = "experiment.json";

    /** The experiment.json files named by their folder (results go back to that folder). */
    private final Set<Path> fromFolder = new HashSet<>();

    /** The slice asked for by --shard, or null for every run. */
    private Shard shard;

    @Override
    public Integer call() throws IOException {
        int threads = jobs == null ? Runtime.getRuntime().availableProcessors() : jobs;
        new OptionRange("--jobs", 1, 4096).check(spec, threads);
        if (shardOption != null) {
            try {
                shard = ShardOption.parse(shardOption, Invocation.current().environment());
            } catch (ShardOption.BadShardException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage());
            }
        }
        if (pcap.on(spec) && shard != null) {
            throw new ParameterException(spec.commandLine(), "--pcap with --shard: take the captures in a run"
                    + " without --shard (they are replication 0 of each configuration, the same in every slice)");
        }
        checkPerfetto();
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter stdout = spec.commandLine().getOut();
        List<Path> paths = new ArrayList<>();
        for (Path p : files) {
            paths.add(Files.isDirectory(p) ? folderExperiment(p) : p);
        }
        List<ExperimentFiles.Loaded> loaded = ExperimentFiles.load(paths, set.values(spec.commandLine()), err);
        if (!loaded.stream().allMatch(ExperimentFiles.Loaded::ok)) {
            return 2;
        }
        Map<Path, ExperimentFile> byFolder = new HashMap<>();
        for (ExperimentFiles.Loaded l : loaded) {
            ExperimentFiles.warnings(l.file()).forEach(err::println);
            err.flush();
            pcap.checkCapturable(spec, l.file());
            Path folder = folder(l.file());
            ExperimentFile other = byFolder.putIfAbsent(folder.toAbsolutePath().normalize(), l.file());
            if (other != null) {
                throw new ParameterException(spec.commandLine(), l.path() + " and " + other.file()
                        + " would both write to " + folder + "; give them different names or run them one at a time");
            }
        }
        RunnerInvocation invocation = new RunnerInvocation("cryptorder run",
                new DatapathRunModel(ExperimentFiles.profiles()), err, true);
        for (ExperimentFiles.Loaded l : loaded) {
            int status = runOne(l.file(), invocation, threads, err, stdout);
            if (status != 0) {
                return status;
            }
        }
        return 0;
    }

    /**
     * The experiment a results folder named as FILE ran ({@code DIR/experiment.json}), which only
     * {@code --resume} takes; the folder is then where the results go.
     */
    private Path folderExperiment(Path dir) {
        Path json = dir.resolve(EXPERIMENT_JSON);
        if (!resume) {
            throw new ParameterException(spec.commandLine(), dir + " is a results folder: 'cryptorder run --resume " + dir
                    + "' finishes its runs, 'cryptorder run --out " + dir + " " + json + "' runs them all again");
        }
        if (!Files.isRegularFile(json)) {
            throw new ParameterException(spec.commandLine(), dir + " holds no " + EXPERIMENT_JSON
                    + ": it is not a results folder to resume (name an experiment file instead)");
        }
        fromFolder.add(json.toAbsolutePath().normalize());
        return json;
    }

    private Path folder(ExperimentFile f) {
        if (out == null && fromFolder.contains(f.file().toAbsolutePath().normalize())) {
            return f.file().getParent() == null ? Path.of(".") : f.file().getParent();
        }
        if (out == null) {
            return Path.of("results", f.experiment().name());
        }
        return files.size() == 1 ? out : out.resolve(f.experiment().name());
    }

    private int runOne(ExperimentFile file, RunnerInvocation invocation, int threads, PrintWriter err,
                       PrintWriter stdout) {
        Path folder = folder(file);
        ExperimentRunner.Options options = new ExperimentRunner.Options(folder, threads, resume, Main.version(), shard);
        String table = options.tableName();
        AtomicLong finished = new AtomicLong();
        ExperimentRunner.Progress shown = ProgressDisplay.of(file.experiment().name(), quiet, err);
        ExperimentRunner.Progress progress = new Counting(shown, finished, err);
        Thread onInterrupt = new Thread(() -> {
            err.printf(Locale.ROOT, "%ncryptorder run: interrupted; %d of %d runs are saved in %s; rerun with --resume"
                    + " to do the rest%n", finished.get(), file.runCount(), folder.resolve(table));
            err.flush();
        });
        Runtime.getRuntime().addShutdownHook(onInterrupt);
        try {
            return invocation.status(file, options, progress, report -> {
                if (shard != null) {
                    ShardOption.printDone(file, shard, report, stdout);
                    return 0;  // a shard has no summary to chart: merge draws the charts
                }
                TerminalSummary.print(file, report, stdout);
                int charts = ChartRendering.afterTables("run", folder, err, stdout);
                int status = pcap.dir == null ? charts : Math.max(charts, capture(file, err, stdout));
                return perfettoDir == null ? status : Math.max(status, perfetto(file, err, stdout));
            });
        } catch (ResultsNotWrittenException e) {
            err.println("cryptorder run: " + e.getMessage());
            long saved = finished.get();
            if (saved > 0) {
                err.printf(Locale.ROOT, "%s %s saved in %s; once %s can be written, rerun with --resume to write the"
                        + " rest without running them again.%n", saved == file.runCount() ? "All " + saved
                        : saved + " of " + file.runCount(), saved == 1 ? "run is" : "runs are", folder.resolve(table),
                        folder);
            }
            err.flush();
            return 2;
        } catch (ExperimentRunner.NotResumableException e) {
            err.println("cryptorder run: cannot resume: " + e.getMessage());
            err.println(ResumeAdvice.of(folder, file, Main.version()));
            err.flush();
            return 2;
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(onInterrupt);
            } catch (IllegalStateException e) {
                // the JVM is already shutting down: the hook runs
            }
        }
    }

    /**
     * Replication 0 of each configuration again, captured ({@link PcapOptions}): the same seed gives
     * the same frames as the sweep's replication 0. Status 1 when a capture could not be taken or written.
     */
    private int capture(ExperimentFile file, PrintWriter err, PrintWriter stdout) {
        Path root = files.size() == 1 ? pcap.dir : pcap.dir.resolve(file.experiment().name());
        DatapathRunModel model = new DatapathRunModel(ExperimentFiles.profiles());
        StreamRegistry streams = new StreamRegistry(file.experiment().run().seed());
        List<RunCapture.SaKeyLine> keys = new ArrayList<>();
        try {
            for (ResolvedRun r : file.configurations()) {
                RunCapture c = pcap.newCapture();
                model.capture(r, streams, 0, c);
                PcapOptions.write(root, file, r, c, pcap.format(), stdout);
                keys.addAll(c.keys());
            }
            PcapOptions.writeKeys(root, keys, stdout);
            return 0;
        } catch (RunModel.ModelException | IOException e) {
            stdout.flush();
            err.println("cryptorder run: captures not written: " + e.getMessage());
            err.flush();
            return 1;
        }
    }

    /** Checks {@code --perfetto} and makes its folder (bad usage: exit 2). */
    private void checkPerfetto() {
        if (perfettoDir == null) {
            return;
        }
        if (shard != null) {
            throw new ParameterException(spec.commandLine(), "--perfetto with --shard: take the traces in a run"
                    + " without --shard (they are replication 0 of each configuration, the same in every slice)");
        }
        try {
            Files.createDirectories(perfettoDir);
        } catch (IOException e) {
            throw new ParameterException(spec.commandLine(), "--perfetto: cannot make the folder " + perfettoDir + " ("
                    + (e instanceof java.nio.file.FileAlreadyExistsException x ? x.getFile() + " is a file"
                    : e.getMessage()) + ")");
        }
        if (!Files.isWritable(perfettoDir)) {
            throw new ParameterException(spec.commandLine(), "--perfetto: cannot write into " + perfettoDir);
        }
    }

    /**
     * Replication 0 of each configuration again, traced for Perfetto ({@link PerfettoTrace}) into
     * {@code DIR/<configuration>.json}. Status 1 when a trace could not be taken or written.
     */
    private int perfetto(ExperimentFile file, PrintWriter err, PrintWriter stdout) {
        Path root = files.size() == 1 ? perfettoDir : perfettoDir.resolve(file.experiment().name());
        int frames = ExplainCommand.DEFAULT_FRAMES;
        if (file.experiment().wifi() != null) {
            stdout.println("# no Perfetto trace of " + file.experiment().name() + ": a WiFi station experiment has no"
                    + " MACsec frames to follow");
            return 0;
        }
        DatapathRunModel model = new DatapathRunModel(ExperimentFiles.profiles());
        StreamRegistry streams = new StreamRegistry(file.experiment().run().seed());
        try {
            for (ResolvedRun r : file.configurations()) {
                FrameTrace t = model.trace(r, streams, 0,
                        new FrameTrace(frames).recordCpus(PerfettoTrace.DEFAULT_CPU_SLICES), null);
                String title = file.experiment().name() + ": the first " + t.followed() + " frames, replication 0"
                        + (file.sweepKeys().isEmpty() ? "" : " of " + r.point().label());
                PerfettoTrace.Written w = PerfettoTrace.write(t, title, root.resolve(r.index() + ".json"));
                stdout.println("# Perfetto trace of configuration " + r.index() + ": " + w.file() + " (the first "
                        + t.followed() + " frames; " + w.slices() + " slices, " + w.flows() + " flow events, "
                        + w.instants() + " instants)");
            }
            stdout.flush();
            return 0;
        } catch (RunModel.ModelException | IOException e) {
            stdout.flush();
            err.println("cryptorder run: Perfetto traces not written: " + e.getMessage());
            err.flush();
            return 1;
        }
    }

    /** Counts finished runs for the interruption message, passes everything on, and prints notices even when quiet. */
    private record Counting(ExperimentRunner.Progress inner, AtomicLong finished, PrintWriter err)
            implements ExperimentRunner.Progress {
        @Override
        public void notice(String message) {
            err.println("cryptorder run: " + message);
            err.flush();
        }

        @Override
        public void begin(long total, long alreadyDone) {
            finished.set(alreadyDone);
            inner.begin(total, alreadyDone);
        }

        @Override
        public void finished(ResolvedRun run, int replication, double wallSeconds) {
            finished.incrementAndGet();
            inner.finished(run, replication, wallSeconds);
        }

        @Override
        public void end() {
            inner.end();
        }
    }
}
