package org.cryptorder.experiment;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.cryptorder.experiment.output.AtomicFile;
import org.cryptorder.experiment.output.Csv;
import org.cryptorder.metrics.LatencyHistogram;

/**
 * The per-frame latency histograms of a sweep. {@code latency.csv}: for each configuration, the
 * histogram behind {@code latency_p50_us} and {@code latency_p99_us} with every replication merged;
 * columns {@code configuration} (its row in {@code summary.csv}, from 0, sweep order), {@code
 * bucket_upper_us} (the largest latency of the bin, µs; bins about 3% wide) and {@code count}
 * (frames whose latency fell in the bin), non-empty bins only, in increasing order.
 *
 * <p>While a sweep runs, each finished run appends its own histogram to {@code latency.runs.csv}
 * (a shard: {@code latency.shard-<i>-of-<N>.csv}), columns {@code configuration}, {@code
 * replication}, {@code bucket_upper_us}, {@code count}, one line with an empty bucket and count 0
 * for a run that delivered nothing. {@code --resume} keeps the lines of runs already in {@code
 * runs.csv}; when the sweep is complete they are merged into {@code latency.csv} and the per-run
 * file is removed ({@link ShardMerge} merges the shards' files). A {@code --resume} of a sweep
 * stopped after that keeps the {@code latency.csv} it finds, when written for the same experiment. Every file begins with the comment
 * lines of {@code runs.csv}.
 */
final class LatencyTable implements Closeable {
    static final String FILE = "latency.csv";
    static final String RUNS_FILE = "latency.runs.csv";
    static final List<String> HEADER = List.of("configuration", "bucket_upper_us", "count");
    static final List<String> RUNS_HEADER = List.of("configuration", "replication", "bucket_upper_us", "count");

    private final Path file;
    private final BufferedWriter out;
    private final Map<Integer, TreeMap<Double, Long>> merged = new TreeMap<>();
    private final Set<String> recorded = new HashSet<>();

    private LatencyTable(Path file, List<String> comments, List<String> kept) throws IOException {
        this.file = file;
        StringBuilder b = new StringBuilder();
        comments.forEach(c -> b.append(c).append('\n'));
        b.append(Csv.line(RUNS_HEADER)).append('\n');
        kept.forEach(l -> b.append(l).append('\n'));
        AtomicFile.write(file, b);
        this.out = Files.newBufferedWriter(file, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
    }

    /** The per-run file of a whole run or of a shard. */
    static String runsFileName(Shard shard) {
        return shard == null ? RUNS_FILE : String.format(Locale.ROOT, "latency.shard-%d-of-%d.csv", shard.index(),
                shard.count());
    }

    /**
     * The per-run file {@code file}, keeping the lines of the runs in {@code keep} ({@code
     * "<configuration>/<replication>"}) when it was written with the same comment lines, and nothing
     * else.
     */
    static LatencyTable open(Path file, List<String> comments, Set<String> keep) throws IOException {
        List<String> kept = new ArrayList<>();
        TreeMap<Integer, TreeMap<Double, Long>> merged = new TreeMap<>();
        Set<String> recorded = new HashSet<>();
        if (!keep.isEmpty() && Files.exists(file)) {
            for (String line : Runs.read(file, comments)) {
                Runs.Line l = Runs.parse(line);
                if (l != null && keep.contains(l.id())) {
                    kept.add(line);
                    l.addTo(merged);
                    recorded.add(l.id());
                }
            }
        }
        LatencyTable t = new LatencyTable(file, comments, kept);
        t.merged.putAll(merged);
        t.recorded.addAll(recorded);
        return t;
    }

    /** Appends a run's histogram and flushes it. */
    synchronized void append(int configuration, int replication, LatencyHistogram h) throws IOException {
        StringBuilder b = new StringBuilder();
        TreeMap<Double, Long> bins = merged.computeIfAbsent(configuration, k -> new TreeMap<>());
        for (int i = 0; i < h.bins(); i++) {
            long n = h.count(i);
            if (n > 0) {
                double upper = LatencyHistogram.upperEdge(i) / 1000.0;
                bins.merge(upper, n, Long::sum);
                b.append(configuration).append(',').append(replication).append(',').append(Csv.number(upper))
                        .append(',').append(n).append('\n');
            }
        }
        if (b.length() == 0) {
            b.append(configuration).append(',').append(replication).append(",,0\n");
        }
        recorded.add(configuration + "/" + replication);
        out.write(b.toString());
        out.flush();
    }

    /** Whether every run of {@code ids} has its histogram here. */
    synchronized boolean covers(Collection<String> ids) {
        return recorded.containsAll(ids);
    }

    /** Writes {@code latency.csv} with the merged histograms and removes the per-run file. */
    synchronized void finish(Path merged, List<String> comments) throws IOException {
        out.close();
        write(merged, comments, this.merged);
        Files.deleteIfExists(file);
    }

    /** Closes and removes the per-run file, whose runs a {@code latency.csv} already holds. */
    synchronized void discard() throws IOException {
        out.close();
        Files.deleteIfExists(file);
    }

    /**
     * Whether {@code file} is a finished {@code latency.csv} written with {@code comments} (the
     * same experiment, seeds and tool version), which {@code --resume} keeps when the per-run file
     * is already gone.
     */
    static boolean writtenWith(Path file, List<String> comments) throws IOException {
        if (!Files.isRegularFile(file)) {
            return false;
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        int n = comments.size();
        return lines.size() > n && lines.subList(0, n).equals(comments) && Csv.cells(lines.get(n)).equals(HEADER);
    }

    /** Writes {@code latency.csv} atomically. */
    static void write(Path file, List<String> comments, Map<Integer, TreeMap<Double, Long>> byConfiguration)
            throws IOException {
        StringBuilder b = new StringBuilder();
        comments.forEach(c -> b.append(c).append('\n'));
        b.append(Csv.line(HEADER)).append('\n');
        for (Map.Entry<Integer, TreeMap<Double, Long>> c : new TreeMap<>(byConfiguration).entrySet()) {
            for (Map.Entry<Double, Long> bin : c.getValue().entrySet()) {
                b.append(c.getKey()).append(',').append(Csv.number(bin.getKey())).append(',').append(bin.getValue())
                        .append('\n');
            }
        }
        AtomicFile.write(file, b.toString());
    }

    @Override
    public synchronized void close() throws IOException {
        out.close();
    }

    /** Reading per-run files back. */
    static final class Runs {
        private Runs() {
        }

        /** One line: a bin of one run, or a run without bins ({@code upperUs} NaN). */
        record Line(int configuration, int replication, double upperUs, long count) {
            String id() {
                return configuration + "/" + replication;
            }

            void addTo(Map<Integer, TreeMap<Double, Long>> merged) {
                TreeMap<Double, Long> bins = merged.computeIfAbsent(configuration, k -> new TreeMap<>());
                if (!Double.isNaN(upperUs) && count > 0) {
                    bins.merge(upperUs, count, Long::sum);
                }
            }
        }

        /**
         * The data lines of a per-run file written with {@code comments}; none when its comment lines
         * differ or its header is not the per-run header. A last line cut short by a kill is dropped.
         */
        static List<String> read(Path file, List<String> comments) throws IOException {
            List<String> lines = new ArrayList<>(List.of(Files.readString(file, StandardCharsets.UTF_8)
                    .split("\n", -1)));
            lines.remove(lines.size() - 1);
            List<String> fileComments = lines.stream().filter(l -> l.startsWith("#")).toList();
            List<String> rest = lines.stream().filter(l -> !l.startsWith("#")).toList();
            if (!fileComments.equals(comments) || rest.isEmpty() || !Csv.cells(rest.get(0)).equals(RUNS_HEADER)) {
                return List.of();
            }
            return rest.subList(1, rest.size());
        }

        /** A line, or null when it does not read as one. */
        static Line parse(String line) {
            try {
                List<String> cells = Csv.cells(line);
                if (cells.size() != 4) {
                    return null;
                }
                return new Line(Integer.parseInt(cells.get(0)), Integer.parseInt(cells.get(1)),
                        Csv.parseNumber(cells.get(2)), Long.parseLong(cells.get(3)));
            } catch (IllegalArgumentException e) {
                return null;
            }
        }
    }
}
