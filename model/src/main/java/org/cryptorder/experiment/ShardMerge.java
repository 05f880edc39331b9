package org.cryptorder.experiment;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.cryptorder.experiment.file.ExperimentFile;
import org.cryptorder.experiment.output.AtomicFile;
import org.cryptorder.experiment.output.ConfigurationSummary;
import org.cryptorder.experiment.output.Csv;
import org.cryptorder.experiment.output.ResultsNotWrittenException;
import org.cryptorder.experiment.output.RunsTable;
import org.cryptorder.experiment.records.InvalidExperimentException;
import org.cryptorder.experiment.records.ResolvedRun;
import org.cryptorder.experiment.wiring.Profiles;

/**
 * Puts the shards of an experiment back together: reads every {@code runs.shard-<i>-of-<N>.csv}
 * of one or several results folders and writes the usual {@code runs.csv}, {@code summary.csv}
 * and {@code experiment.json}, byte-identical apart from {@code wall_seconds} to what one
 * {@link ExperimentRunner} run of the whole experiment writes.
 *
 * <p>It refuses ({@link RefusedException}, with a message naming the files) shards of different
 * experiments, seeds or tool versions (their comment lines differ), of different splits (N),
 * with different columns, a slice given twice, a slice missing ("missing shard 2 of 4"), and a
 * shard with runs missing (one that was interrupted) or runs it should not hold. The experiment
 * is read back from the {@code experiment.json} next to the shards, and must have the fingerprint
 * the shards were written with.
 */
public final class ShardMerge {
    private static final int EXAMPLES = 3;

    private ShardMerge() {
    }

    /** Shards that cannot be merged, and why. */
    public static final class RefusedException extends Exception {
        private static final long serialVersionUID = 1L;

        RefusedException(String message) {
            super(message);
        }
    }

    /**
     * What a merge wrote.
     *
     * @param file      the experiment, read back from its {@code experiment.json}
     * @param folder    where the tables were written
     * @param shards    how many shards were merged
     * @param runs      rows in {@code runs.csv}
     * @param summaries per configuration, as in {@code summary.csv}
     */
    public record Result(ExperimentFile file, Path folder, int shards, long runs, List<ConfigurationSummary> summaries) {
        public Result {
            summaries = List.copyOf(summaries);
        }
    }

    /** One shard's table as read. */
    private record ShardTable(Path path, Shard shard, List<String> comments, List<String> header, List<String> rows) {
        String name() {
            return "shard " + shard.index() + " of " + shard.count() + " (" + path + ")";
        }
    }

    /**
     * Merges the shards found in {@code folders} and writes the tables to {@code out}.
     *
     * @param profiles the CPU profiles the experiment may name
     * @throws ResultsNotWrittenException when {@code out} cannot be made or written (the shards stay as they were)
     * @throws IOException                when a shard or experiment.json cannot be read
     */
    public static Result merge(List<Path> folders, Path out, Profiles profiles) throws RefusedException, IOException {
        if (folders.isEmpty()) {
            throw new RefusedException("no folders to merge");
        }
        List<ShardTable> tables = new ArrayList<>();
        for (Path folder : folders) {
            tables.addAll(read(folder));
        }
        ShardTable first = tables.get(0);
        List<String> comments = first.comments().subList(0, first.comments().size() - 1);
        for (ShardTable t : tables) {
            sameRun(first, t);
        }
        int count = first.shard().count();
        Map<Integer, ShardTable> byIndex = new TreeMap<>();
        for (ShardTable t : tables) {
            ShardTable other = byIndex.putIfAbsent(t.shard().index(), t);
            if (other != null) {
                throw new RefusedException(String.format(Locale.ROOT, "duplicate shard %d of %d: %s and %s",
                        t.shard().index(), count, other.path(), t.path()));
            }
        }
        List<String> missing = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            if (!byIndex.containsKey(i)) {
                missing.add(Integer.toString(i));
            }
        }
        if (!missing.isEmpty()) {
            throw new RefusedException(String.format(Locale.ROOT, "missing shard%s %s of %d (found %s in %s)",
                    missing.size() == 1 ? "" : "s", String.join(", ", missing), count,
                    byIndex.keySet().stream().map(String::valueOf).collect(Collectors.joining(", ")),
                    folders.stream().map(Path::toString).collect(Collectors.joining(", "))));
        }
        Path experimentJson = first.path().resolveSibling("experiment.json");
        ExperimentFile file = experiment(experimentJson, comments, profiles);
        List<String> keys = file.sweepKeys();
        List<String> expectedStart = new ArrayList<>(keys);
        expectedStart.addAll(List.of("replication", "seed", ExperimentRunner.WALL_SECONDS));
        if (first.header().size() < expectedStart.size()
                || !first.header().subList(0, expectedStart.size()).equals(expectedStart)) {
            throw new RefusedException(first.path() + " does not have the columns " + String.join(",", expectedStart)
                    + " of the experiment in " + experimentJson);
        }
        List<RunsTable.Row> rows = new ArrayList<>();
        for (ShardTable t : byIndex.values()) {
            rows.addAll(rowsOf(t, file));
        }
        List<String> metrics = first.header().subList(expectedStart.size(), first.header().size());
        List<ConfigurationSummary> summaries = ExperimentRunner.summarise(file, metrics, rows);
        String resolved = Files.readString(experimentJson, StandardCharsets.UTF_8);
        try (ResultsLock lock = ResultsLock.acquire(out, "merge")) {
            RunsTable.writeInOrder(out.resolve(RunsTable.FILE), comments, first.header(), rows);
            SummaryTable.write(out, comments, keys, summaries, file.experiment().run().targetHalfWidth());
            if (file.configurations().size() > 1) {
                PairedTable.write(out, comments, keys, PairedTable.of(file, metrics, rows, file.baseline()));
            }
            AtomicFile.write(out.resolve("experiment.json"), resolved);
            mergeLatency(byIndex.values(), rows, out, comments);
            copySeries(folders, out, comments);
        } catch (IOException e) {
            throw new ResultsNotWrittenException(out, e);
        }
        return new Result(file, out, count, rows.size(), summaries);
    }

    /**
     * Writes {@code latency.csv} from the shards' per-run latency files when every run has its
     * histogram there; otherwise (shards written before the tool kept them) writes none.
     */
    private static void mergeLatency(Collection<ShardTable> shards, List<RunsTable.Row> rows, Path out,
                                     List<String> comments) throws IOException {
        Map<Integer, TreeMap<Double, Long>> merged = new TreeMap<>();
        Set<String> recorded = new HashSet<>();
        for (ShardTable t : shards) {
            Path file = t.path().resolveSibling(LatencyTable.runsFileName(t.shard()));
            if (!Files.isRegularFile(file)) {
                continue;
            }
            for (String line : LatencyTable.Runs.read(file, t.comments())) {
                LatencyTable.Runs.Line l = LatencyTable.Runs.parse(line);
                if (l != null) {
                    recorded.add(l.id());
                    l.addTo(merged);
                }
            }
        }
        boolean complete = rows.stream().allMatch(r -> recorded.contains(r.configuration() + "/" + r.replication()));
        if (complete) {
            LatencyTable.write(out.resolve(LatencyTable.FILE), comments, merged);
        } else {
            Files.deleteIfExists(out.resolve(LatencyTable.FILE));
        }
    }

    /**
     * Copies the queue series the shards wrote ({@code series/cryptd-queue-<i>.csv},
     * {@code series/tx-queue-<i>.csv}, and {@code series/tcp-sequence-<i>.csv}, each in the
     * folder of the shard that ran replication 0 of configuration i) into {@code out/series}, those
     * of this experiment only (their comment lines begin with the shards').
     */
    private static void copySeries(List<Path> folders, Path out, List<String> comments) throws IOException {
        Path target = out.resolve(QueueSeriesFile.FOLDER);
        for (Path folder : folders) {
            Path series = folder.resolve(QueueSeriesFile.FOLDER);
            if (!Files.isDirectory(series) || Files.isSameFile(folder, Files.createDirectories(out))) {
                continue;
            }
            List<Path> files;
            try (Stream<Path> listing = Files.list(series)) {
                files = listing.filter(p -> p.getFileName().toString()
                        .matches("((cryptd|tx)-queue|tcp-sequence)-\\d+\\.csv")).toList();
            }
            for (Path f : files) {
                List<String> head;
                try (Stream<String> lines = Files.lines(f, StandardCharsets.UTF_8)) {
                    head = lines.limit(comments.size()).toList();
                }
                if (head.equals(comments)) {
                    Files.createDirectories(target);
                    Files.copy(f, target.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }

    /** The shard tables of one folder, by index. */
    private static List<ShardTable> read(Path folder) throws RefusedException, IOException {
        if (!Files.isDirectory(folder)) {
            throw new RefusedException(folder + " is not a folder");
        }
        List<Path> files;
        try (Stream<Path> listing = Files.list(folder)) {
            files = listing.filter(p -> Shard.ofFileName(p.getFileName().toString()).isPresent()).toList();
        }
        if (files.isEmpty()) {
            throw new RefusedException(folder + " holds no shard tables (runs.shard-<i>-of-<N>.csv, written by"
                    + " run --shard i/N)");
        }
        List<ShardTable> out = new ArrayList<>();
        for (Path p : files) {
            out.add(readTable(p));
        }
        out.sort(Comparator.comparingInt((ShardTable t) -> t.shard().count()).thenComparingInt(t -> t.shard().index()));
        return out;
    }

    private static ShardTable readTable(Path path) throws RefusedException, IOException {
        Shard shard = Shard.ofFileName(path.getFileName().toString()).orElseThrow();
        List<String> lines = new ArrayList<>(List.of(Files.readString(path, StandardCharsets.UTF_8).split("\n", -1)));
        lines.remove(lines.size() - 1);  // after the last line break: empty, or a line cut short by a kill
        List<String> comments = lines.stream().filter(l -> l.startsWith("#")).toList();
        List<String> rest = lines.stream().filter(l -> !l.startsWith("#")).toList();
        if (comments.size() < 3 || !comments.get(0).startsWith("# cryptorder ")
                || !Shard.ofCommentLine(comments.get(comments.size() - 1)).equals(Optional.of(shard))) {
            throw new RefusedException(path + " is not a shard table written by cryptorder run --shard " + shard
                    + " (its comment lines do not say so)");
        }
        if (rest.isEmpty()) {
            throw new RefusedException(path + " has no header line");
        }
        return new ShardTable(path, shard, comments, Csv.cells(rest.get(0)), rest.subList(1, rest.size()));
    }

    /** Refuses a shard that is not of the same experiment, tool version, split and columns as the first. */
    private static void sameRun(ShardTable first, ShardTable t) throws RefusedException {
        if (!t.comments().get(0).equals(first.comments().get(0))) {
            throw new RefusedException("shards of different tool versions: " + first.path() + " was written by "
                    + first.comments().get(0).substring(2) + ", " + t.path() + " by " + t.comments().get(0).substring(2));
        }
        List<String> a = first.comments().subList(1, first.comments().size() - 1);
        List<String> b = t.comments().subList(1, t.comments().size() - 1);
        if (!a.equals(b)) {
            throw new RefusedException("shards of different experiments: " + first.path() + " (" + a.get(0).substring(2)
                    + ") and " + t.path() + " (" + b.get(0).substring(2) + ")");
        }
        if (t.shard().count() != first.shard().count()) {
            throw new RefusedException(String.format(Locale.ROOT,
                    "shards of different splits: %s is one of %d, %s one of %d", first.path(), first.shard().count(),
                    t.path(), t.shard().count()));
        }
        if (!t.header().equals(first.header())) {
            throw new RefusedException("shards with different columns: " + first.path() + " and " + t.path());
        }
    }

    /** The experiment the shards were written for, read back from its resolved file. */
    private static ExperimentFile experiment(Path json, List<String> comments, Profiles profiles)
            throws RefusedException {
        if (!Files.exists(json)) {
            throw new RefusedException(json + " is missing: the shards' folder must hold the experiment.json"
                    + " that run --shard wrote");
        }
        ExperimentFile file;
        try {
            file = ExperimentFile.load(json, profiles);
        } catch (InvalidExperimentException e) {
            throw new RefusedException(e.problems().get(0).toString());
        }
        String tool = comments.get(0).substring("# cryptorder ".length());
        if (!ExperimentRunner.comments(file, tool).equals(comments)) {
            throw new RefusedException(json + " is not the experiment its shards were run for (fingerprint sha256:"
                    + file.fingerprint() + "; the shards say: " + comments.get(1).substring(2) + ")");
        }
        return file;
    }

    /** A shard's rows, refused unless they are exactly the runs of its slice. */
    private static List<RunsTable.Row> rowsOf(ShardTable t, ExperimentFile file) throws RefusedException {
        List<String> keys = file.sweepKeys();
        Map<String, Integer> keyOf = new HashMap<>();
        Map<Integer, ResolvedRun> byIndex = new HashMap<>();
        for (ResolvedRun r : file.configurations()) {
            keyOf.put(Csv.line(keys.stream().map(k -> r.point().text(k)).toList()), r.index());
            byIndex.put(r.index(), r);
        }
        Set<String> expected = new LinkedHashSet<>();
        long k = 0;
        for (ResolvedRun r : file.configurations()) {
            for (int rep = 0; rep < r.experiment().run().replications(); rep++, k++) {
                if (t.shard().holds(k)) {
                    expected.add(r.index() + "/" + rep);
                }
            }
        }
        Map<String, RunsTable.Row> found = new LinkedHashMap<>();
        List<String> extra = new ArrayList<>();
        for (String line : t.rows()) {
            List<String> cells;
            try {
                cells = Csv.cells(line);
            } catch (IllegalArgumentException e) {
                throw new RefusedException(t.path() + ": a row that is not CSV: " + line);
            }
            if (cells.size() != t.header().size()) {
                throw new RefusedException(String.format(Locale.ROOT, "%s: a row of %d cells where the header has %d: %s",
                        t.path(), cells.size(), t.header().size(), line));
            }
            Integer configuration = keyOf.get(Csv.line(cells.subList(0, keys.size())));
            String id = configuration == null ? null : configuration + "/" + cells.get(keys.size());
            if (id == null || !expected.contains(id) || found.containsKey(id)) {
                extra.add(describe(keys, cells.subList(0, keys.size()), cells.get(keys.size())));
                continue;
            }
            found.put(id, new RunsTable.Row(configuration, Integer.parseInt(cells.get(keys.size())), cells));
        }
        if (!extra.isEmpty()) {
            throw new RefusedException(t.name() + " has " + count(extra.size()) + " it should not: "
                    + examples(extra) + "; run that shard again without --resume");
        }
        List<String> missing = new ArrayList<>();
        for (String id : expected) {
            if (!found.containsKey(id)) {
                String[] parts = id.split("/");
                ResolvedRun r = byIndex.get(Integer.parseInt(parts[0]));
                missing.add(describe(keys, keys.stream().map(key -> r.point().text(key)).toList(), parts[1]));
            }
        }
        if (!missing.isEmpty()) {
            throw new RefusedException(t.name() + " lacks " + count(missing.size()) + " of " + expected.size() + ": "
                    + examples(missing) + "; finish it with run --resume --shard " + t.shard());
        }
        return new ArrayList<>(found.values());
    }

    private static String describe(List<String> keys, List<String> values, String replication) {
        List<String> parts = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            parts.add(keys.get(i) + "=" + values.get(i));
        }
        parts.add("replication " + replication);
        return String.join(" ", parts);
    }

    private static String count(int n) {
        return n + (n == 1 ? " run" : " runs");
    }

    private static String examples(List<String> runs) {
        String shown = String.join(", ", runs.subList(0, Math.min(EXAMPLES, runs.size())));
        return runs.size() > EXAMPLES ? shown + ", ..." : shown;
    }
}
