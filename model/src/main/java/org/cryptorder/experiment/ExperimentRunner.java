package org.cryptorder.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.cryptorder.experiment.output.AtomicFile;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.experiment.file.ExperimentFile;
import org.cryptorder.experiment.output.ConfigurationSummary;
import org.cryptorder.experiment.output.Csv;
import org.cryptorder.experiment.output.Metrics;
import org.cryptorder.experiment.output.Recording;
import org.cryptorder.experiment.output.ResultsNotWrittenException;
import org.cryptorder.experiment.output.RunsTable;
import org.cryptorder.experiment.records.Experiment;
import org.cryptorder.experiment.records.Problem;
import org.cryptorder.experiment.records.ResolvedRun;
import org.cryptorder.experiment.wiring.KernelRulesLine;

/**
 * Runs every configuration of an experiment file {@code run.replications} times on a pool of
 * threads and writes the result tables (the Outputs contract):
 *
 * <ul>
 *   <li>{@code experiment.json}: the experiment as it ran, defaults filled in, with a
 *       {@code provenance} object (tool version, random-number scheme, source file, fingerprint);</li>
 *   <li>{@code runs.csv}: a row per configuration and replication, appended and flushed as each
 *       finishes, rewritten in sweep order at the end ({@link RunsTable});</li>
 *   <li>{@code summary.csv}: a row per configuration, mean and 95% half-width per metric
 *       ({@link ConfigurationSummary}), written when every run is done;</li>
 *   <li>{@code latency.csv}: the per-frame latency histogram of each configuration, every
 *       replication merged ({@link LatencyTable}), written when every run is done;</li>
 *   <li>{@code series/cryptd-queue-<i>.csv}: the cryptd queue length of every CPU during
 *       replication 0 of configuration i, sampled every {@link Recording#defaultIntervalNs} of the
 *       run's simulated time ({@link QueueSeriesFile}), written as that run finishes.</li>
 * </ul>
 *
 * <p>Replication r of every configuration uses substream r of every named stream of
 * {@code new StreamRegistry(run.seed)} (common random numbers), so the tables are the same
 * whatever the number of threads, apart from {@code wall_seconds}. With {@code resume}, rows
 * already in {@code runs.csv} are kept and their runs skipped. The CSV files begin with comment
 * lines giving the tool version, the experiment's name and fingerprint, and the random-number
 * scheme of each seed used.
 *
 * <p>With a {@link Shard}, only that slice of the runs is run, its rows go to the shard's own
 * table (whose comment lines end with the shard's), and no summary is written: {@link ShardMerge}
 * writes it once every slice is done.
 */
public final class ExperimentRunner {
    /** The column the runner adds after {@code replication} and {@code seed}. */
    public static final String WALL_SECONDS = "wall_seconds";

    private final RunModel model;
    private final Options options;
    private final AtomicBoolean cancelled = new AtomicBoolean();

    /**
     * How to run.
     *
     * @param folder      where the tables go
     * @param jobs        threads (at least 1)
     * @param resume      keep the rows already in {@code folder/runs.csv} and run only the others
     * @param toolVersion written into every file
     * @param shard       the slice of the runs to run, or null for all of them: its rows go to
     *                    {@link Shard#fileName()} instead of {@code runs.csv}, and no summary is written
     */
    public record Options(Path folder, int jobs, boolean resume, String toolVersion, Shard shard) {
        public Options {
            if (jobs < 1) {
                throw new IllegalArgumentException("at least one job, got " + jobs);
            }
        }

        /** Every run of the experiment. */
        public Options(Path folder, int jobs, boolean resume, String toolVersion) {
            this(folder, jobs, resume, toolVersion, null);
        }

        /** The table the rows go to, in {@link #folder}. */
        public String tableName() {
            return shard == null ? RunsTable.FILE : shard.fileName();
        }
    }

    /** Hears of progress, from the worker threads (implementations must be thread-safe). */
    public interface Progress {
        /** Before any run: how many runs in all and how many were already done. */
        void begin(long total, long alreadyDone);

        /** One replication finished. */
        void finished(ResolvedRun run, int replication, double wallSeconds);

        /** Every run finished (not called when cancelled or failed). */
        void end();

        /** Something the user should know that is not a failure (a stale lock taken over); by default not told. */
        default void notice(String message) {
        }

        /** No progress reports. */
        Progress NONE = new Progress() {
            @Override
            public void begin(long total, long alreadyDone) {
            }

            @Override
            public void finished(ResolvedRun run, int replication, double wallSeconds) {
            }

            @Override
            public void end() {
            }
        };
    }

    /** The configurations of a file that the model cannot run, with where they are asked for. */
    public static final class UnsupportedException extends Exception {
        private static final long serialVersionUID = 1L;
        private final transient List<Problem> problems;

        UnsupportedException(List<Problem> problems) {
            super(problems.get(0).toString());
            this.problems = List.copyOf(problems);
        }

        public List<Problem> problems() {
            return problems;
        }
    }

    /** Results that cannot be resumed (another experiment's, or other columns). */
    public static final class NotResumableException extends Exception {
        private static final long serialVersionUID = 1L;

        NotResumableException(String message) {
            super(message);
        }
    }

    /** A run in which the model failed; finished rows are on disk. */
    public static final class RunFailedException extends Exception {
        private static final long serialVersionUID = 1L;

        RunFailedException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /**
     * What a finished (or cancelled) run produced.
     *
     * @param folder    where the tables are
     * @param ran       replications run now
     * @param skipped   replications found already done
     * @param complete  whether every replication is in {@code runs.csv} (false when cancelled)
     * @param summaries per configuration (empty when not complete)
     */
    public record Report(Path folder, long ran, long skipped, boolean complete, List<ConfigurationSummary> summaries) {
    }

    public ExperimentRunner(RunModel model, Options options) {
        this.model = model;
        this.options = options;
    }

    /**
     * Asks a running {@link #run} to start no more replications: those running finish and are
     * written, and {@code run} returns an incomplete report (as after an interruption).
     */
    public void cancel() {
        cancelled.set(true);
    }

    /**
     * Runs every missing replication of {@code file}, then writes the summary.
     *
     * @throws ResultsNotWrittenException when the results folder cannot be made or written; the
     *                                    replications that finished before are in its table
     */
    public Report run(ExperimentFile file, Progress progress) throws UnsupportedException, NotResumableException,
            RunFailedException, ResultsNotWrittenException {
        List<Problem> unsupported = new ArrayList<>();
        for (ResolvedRun r : file.configurations()) {
            for (RunModel.Unsupported u : model.unsupported(r)) {
                Problem p = file.problem(u.path(), u.reason());
                if (!unsupported.contains(p)) {
                    unsupported.add(p);
                }
            }
        }
        if (!unsupported.isEmpty()) {
            throw new UnsupportedException(unsupported);
        }
        Path folder = options.folder();
        String lockName = options.shard() == null ? ResultsLock.FILE : "." + options.shard().fileName() + ".lock";
        try (ResultsLock lock = ResultsLock.acquire(folder, lockName, "run")) {
            if (lock.takenOver() != null) {
                progress.notice(lock.takenOver());
            }
            return runInto(folder, file, progress);
        } catch (ResultsNotWrittenException e) {
            throw e;
        } catch (IOException e) {
            throw new ResultsNotWrittenException(folder, e);
        }
    }

    private Report runInto(Path folder, ExperimentFile file, Progress progress) throws NotResumableException,
            RunFailedException, IOException {
        Files.createDirectories(folder);
        AtomicFile.removeLeftovers(folder);
        List<String> comments = comments(file);
        if (options.shard() != null) {
            comments.add(options.shard().commentLine());
        }
        List<String> keys = file.sweepKeys();
        List<String> header = new ArrayList<>(keys);
        header.addAll(List.of("replication", "seed", WALL_SECONDS));
        header.addAll(model.metricNames());
        Map<String, Integer> keyOf = new HashMap<>();
        for (ResolvedRun r : file.configurations()) {
            keyOf.put(Csv.line(keys.stream().map(k -> r.point().text(k)).toList()), r.index());
        }
        RunsTable table;
        try {
            table = options.resume() ? RunsTable.resume(folder.resolve(options.tableName()), comments, header, keyOf,
                    keys.size()) : RunsTable.create(folder.resolve(options.tableName()), comments, header);
        } catch (RunsTable.NotResumable e) {
            throw new NotResumableException(e.getMessage());
        }
        Set<String> done = new HashSet<>();
        for (RunsTable.Row r : table.resumed()) {
            done.add(r.configuration() + "/" + r.replication());
        }
        if (options.shard() == null) {
            if (!options.resume() || !LatencyTable.writtenWith(folder.resolve(LatencyTable.FILE), comments)) {
                Files.deleteIfExists(folder.resolve(LatencyTable.FILE));  // a finished one stays for --resume
            }
            if (!options.resume()) {
                deleteSeries(folder);
            }
        }
        try (table; LatencyTable latency = LatencyTable.open(folder.resolve(LatencyTable.runsFileName(options.shard())),
                comments, done)) {
            AtomicFile.write(folder.resolve("experiment.json"), file.resolvedJson(provenance(file)));
            return runAll(file, table, latency, done, progress);
        }
    }

    /** Removes the queue series and TCP sequence records of an earlier run in the folder, which a new run replaces. */
    private static void deleteSeries(Path folder) throws IOException {
        Path series = folder.resolve(QueueSeriesFile.FOLDER);
        if (!Files.isDirectory(series)) {
            return;
        }
        try (var files = Files.list(series)) {
            for (Path p : files.filter(p -> p.getFileName().toString()
                    .matches("((cryptd|tx)-queue|tcp-sequence)-\\d+\\.csv")).toList()) {
                Files.delete(p);
            }
        }
    }

    private Report runAll(ExperimentFile file, RunsTable table, LatencyTable latency, Set<String> done,
                          Progress progress) throws RunFailedException, IOException {
        List<RunsTable.Row> rows = Collections.synchronizedList(new ArrayList<>(table.resumed()));
        Map<Long, StreamRegistry> registries = new HashMap<>();
        for (ResolvedRun r : file.configurations()) {
            registries.computeIfAbsent(r.experiment().run().seed(), StreamRegistry::new);
        }
        long total = 0;
        long k = 0;
        for (ResolvedRun r : file.configurations()) {
            for (int rep = 0; rep < r.experiment().run().replications(); rep++, k++) {
                if (inShard(k)) {
                    total++;
                }
            }
        }
        progress.begin(total, done.size());
        ExecutorService pool = Executors.newFixedThreadPool(options.jobs(), workers());
        List<Future<?>> futures = new ArrayList<>();
        AtomicInteger ran = new AtomicInteger();
        try {
            long position = 0;
            for (ResolvedRun r : file.configurations()) {
                StreamRegistry streams = registries.get(r.experiment().run().seed());
                for (int rep = 0; rep < r.experiment().run().replications(); rep++, position++) {
                    if (!inShard(position) || done.contains(r.index() + "/" + rep)) {
                        continue;
                    }
                    int replication = rep;
                    futures.add(pool.submit(() -> {
                        if (cancelled.get()) {
                            return null;
                        }
                        RunsTable.Row row;
                        Recording recording = replication == 0
                                ? Recording.withQueues(Recording.defaultIntervalNs(r.experiment().run().durationS()))
                                : Recording.latencyOnly();
                        if (replication == 0 && hasTcp(r)) {
                            recording.withTcpSequence(TcpSequenceFile.newTrace());
                        }
                        try {
                            row = runOne(file, r, streams, replication, recording);
                            if (!recording.queues().isEmpty()) {
                                QueueSeriesFile.write(options.folder(), comments(file), r, recording);
                            }
                            if (!recording.txQueues().isEmpty()) {
                                QueueSeriesFile.writeTx(options.folder(), comments(file), r, recording);
                            }
                            if (recording.tcpSequence() != null) {
                                TcpSequenceFile.write(options.folder(), comments(file), r, recording.tcpSequence().graph());
                            }
                            if (recording.latency() != null) {
                                latency.append(r.index(), replication, recording.latency());
                            }
                            table.append(row);
                        } catch (RunFailedException | IOException e) {
                            cancelled.set(true);  // start nothing more; what finished stays on disk
                            throw e;
                        }
                        rows.add(row);
                        ran.incrementAndGet();
                        progress.finished(r, replication, Csv.parseNumber(row.cells().get(file.sweepKeys().size() + 2)));
                        return null;
                    }));
                }
            }
            pool.shutdown();
            for (Future<?> f : futures) {
                f.get();
            }
        } catch (ExecutionException e) {
            pool.shutdownNow();
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            throw new RunFailedException(cause.getMessage(), cause);
        } catch (InterruptedException e) {
            pool.shutdownNow();
            Thread.currentThread().interrupt();
            cancelled.set(true);
        }
        if (cancelled.get() || rows.size() < total) {
            return new Report(options.folder(), ran.get(), done.size(), false, List.of());
        }
        List<RunsTable.Row> all = new ArrayList<>(rows);
        table.rewriteInOrder(all);
        if (options.shard() != null) {
            progress.end();
            return new Report(options.folder(), ran.get(), done.size(), true, List.of());
        }
        List<ConfigurationSummary> summaries = summarise(file, model.metricNames(), all);
        SummaryTable.write(options.folder(), comments(file), file.sweepKeys(), summaries,
                file.experiment().run().targetHalfWidth());
        if (file.configurations().size() > 1) {
            PairedTable.write(options.folder(), comments(file), file.sweepKeys(),
                    PairedTable.of(file, model.metricNames(), all, file.baseline()));
        }
        Set<String> ids = new HashSet<>();
        for (RunsTable.Row r : all) {
            ids.add(r.configuration() + "/" + r.replication());
        }
        Path merged = options.folder().resolve(LatencyTable.FILE);
        if (latency.covers(ids)) {
            latency.finish(merged, comments(file));
        } else if (LatencyTable.writtenWith(merged, comments(file))) {
            latency.discard();  // resumed after latency.csv was written: it already holds every run
        }
        progress.end();
        return new Report(options.folder(), ran.get(), done.size(), true, summaries);
    }

    /** Whether the run has TCP traffic, whose first flow's time-sequence record replication 0 keeps. */
    private static boolean hasTcp(ResolvedRun r) {
        return r.experiment().wifi() == null
                && r.experiment().traffic().stream().anyMatch(t -> t instanceof Experiment.TcpTraffic);
    }

    private RunsTable.Row runOne(ExperimentFile file, ResolvedRun r, StreamRegistry streams, int replication,
                                 Recording recording) throws RunFailedException {
        long t0 = System.nanoTime();
        Metrics m;
        try {
            m = model.run(r, streams, replication, recording);
        } catch (RunModel.ModelException | RuntimeException e) {
            throw new RunFailedException("configuration " + r.point().label() + ", replication " + replication
                    + " failed: " + e, e);
        }
        double wall = (System.nanoTime() - t0) / 1e9;
        if (!m.names().equals(model.metricNames())) {
            throw new RunFailedException("the model returned the metrics " + m.names() + " instead of "
                    + model.metricNames(), null);
        }
        List<String> cells = new ArrayList<>();
        for (String k : file.sweepKeys()) {
            cells.add(r.point().text(k));
        }
        cells.add(Integer.toString(replication));
        cells.add(Long.toString(r.experiment().run().seed()));
        cells.add(Csv.number(wall));
        for (int i = 0; i < m.size(); i++) {
            cells.add(Csv.number(m.value(i)));
        }
        return new RunsTable.Row(r.index(), replication, cells);
    }

    private boolean inShard(long position) {
        return options.shard() == null || options.shard().holds(position);
    }

    /** Summaries from the rows as written (numbers read back from their cells). */
    static List<ConfigurationSummary> summarise(ExperimentFile file, List<String> metricNames,
                                                List<RunsTable.Row> rows) {
        int first = file.sweepKeys().size() + 2;
        List<String> metrics = new ArrayList<>();
        metrics.add(WALL_SECONDS);
        metrics.addAll(metricNames);
        Map<Integer, List<RunsTable.Row>> byConfiguration = RunsTable.byConfiguration(rows);
        List<ConfigurationSummary> out = new ArrayList<>();
        for (ResolvedRun r : file.configurations()) {
            List<RunsTable.Row> own = byConfiguration.getOrDefault(r.index(), List.of());
            Map<String, double[]> values = new LinkedHashMap<>();
            for (int m = 0; m < metrics.size(); m++) {
                double[] v = new double[own.size()];
                for (int i = 0; i < v.length; i++) {
                    v[i] = Csv.parseNumber(own.get(i).cells().get(first + m));
                }
                values.put(metrics.get(m), v);
            }
            out.add(ConfigurationSummary.of(r, values, r.experiment().run().targetHalfWidth()));
        }
        return out;
    }

    /** The comment lines at the top of both tables. */
    private List<String> comments(ExperimentFile file) {
        return comments(file, options.toolVersion());
    }

    /** The comment lines at the top of both tables, for a tool version. */
    static List<String> comments(ExperimentFile file, String toolVersion) {
        List<String> out = new ArrayList<>();
        out.add("# cryptorder " + toolVersion);
        out.add("# experiment " + file.experiment().name() + ", fingerprint sha256:" + file.fingerprint());
        for (long seed : seeds(file)) {
            out.add("# random numbers: " + new StreamRegistry(seed).description());
        }
        return out;
    }

    private static TreeSet<Long> seeds(ExperimentFile file) {
        TreeSet<Long> seeds = new TreeSet<>();
        file.configurations().forEach(r -> seeds.add(r.experiment().run().seed()));
        return seeds;
    }

    private Map<String, String> provenance(ExperimentFile file) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("tool", "cryptorder " + options.toolVersion());
        // a results folder's own experiment.json (run --resume DIR) keeps naming the file and --sets it came from
        Map<String, String> earlier = file.experiment().provenance();
        p.put("source", earlier.getOrDefault("source", file.file().toString()));
        List<String> sets = new ArrayList<>();
        if (earlier.containsKey("set")) {
            sets.add(earlier.get("set"));
        }
        sets.addAll(file.source().overrides().values());
        if (!sets.isEmpty()) {
            p.put("set", String.join(" ", sets));
        }
        p.put("fingerprint", "sha256:" + file.fingerprint());
        // what each configuration's kernel resolved to (policy, cryptd queue, ksoftirqd, timers, tick): one line
        // when the sweep changes none of it, else each set of rules with the configurations that ran under it
        Map<String, List<String>> byRules = new LinkedHashMap<>();
        for (ResolvedRun r : file.configurations()) {
            if (r.experiment().wifi() == null) {
                byRules.computeIfAbsent(KernelRulesLine.of(r.experiment()), k -> new ArrayList<>())
                        .add(r.point().label());
            }
        }
        if (byRules.size() == 1) {
            p.put("kernelRules", byRules.keySet().iterator().next());
        } else if (!byRules.isEmpty()) {
            List<String> each = new ArrayList<>();
            byRules.forEach((rules, labels) -> each.add(String.join(", ", labels) + ": " + rules));
            p.put("kernelRules", String.join(" | ", each));
        }
        List<String> schemes = seeds(file).stream().map(s -> new StreamRegistry(s).description()).toList();
        p.put("randomNumbers", String.join("; ", schemes));
        return p;
    }

    private static ThreadFactory workers() {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, "cryptorder-run-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}
