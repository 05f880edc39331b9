package org.cryptorder.charts;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The side files of a results folder that the tables do not hold, read for the charts: the queue
 * series of replication 0 of each configuration ({@code series/cryptd-queue-<i>.csv}, the cryptd
 * queues, and {@code series/tx-queue-<i>.csv}, the sending host's TX queues) and the merged
 * latency histograms ({@code latency.csv}). A missing file is not an error (older
 * results, shards merged without them): the reader says it is absent and the chart is skipped; a
 * file that does not read as the runner writes it is.
 */
final class SideFiles {
    static final String SERIES = "series";
    static final String LATENCY = "latency.csv";

    private SideFiles() {
    }

    /** The queue of one CPU over a run: sample times (s) and lengths. */
    record Queue(String host, String cpu, double[] timeS, int[] length) {
        String name() {
            return host + " " + cpu;
        }

        int max() {
            int m = 0;
            for (int v : length) {
                m = Math.max(m, v);
            }
            return m;
        }
    }

    /**
     * One TX queue of the sending host over a run: its number, the CPU that feeds it, sample times
     * (s), packets in its qdisc and descriptors in use on its ring.
     */
    record TxQueue(String host, int queue, String cpu, double[] timeS, int[] qdisc, int[] ring) {
        String name() {
            return "queue " + queue + " (" + cpu + ")";
        }
    }

    /** The series file of configuration {@code i}. */
    static Path seriesFile(Path folder, int configuration) {
        return folder.resolve(SERIES).resolve("cryptd-queue-" + configuration + ".csv");
    }

    /** The queues of configuration {@code i} in file order, or null when its file is absent. */
    static List<Queue> queues(Path folder, int configuration) throws MalformedResultsException {
        List<Samples> file = samples(seriesFile(folder, configuration), List.of("host", "cpu"), List.of("queue_length"));
        return file == null ? null
                : file.stream().map(s -> new Queue(s.key().get(0), s.key().get(1), s.timeS(), s.values()[0])).toList();
    }

    /** The TX queues of configuration {@code i} in file order, or null when its file is absent. */
    static List<TxQueue> txQueues(Path folder, int configuration) throws MalformedResultsException {
        Path file = folder.resolve(SERIES).resolve("tx-queue-" + configuration + ".csv");
        List<Samples> queues = samples(file, List.of("host", "queue", "cpu"), List.of("qdisc_packets", "ring_descriptors"));
        if (queues == null) {
            return null;
        }
        List<TxQueue> out = new ArrayList<>();
        for (Samples s : queues) {
            if (!s.key().get(1).matches("[0-9]{1,9}")) {
                throw new MalformedResultsException(SERIES + "/" + file.getFileName() + ": queue \"" + s.key().get(1)
                        + "\" is not a queue number");
            }
            out.add(new TxQueue(s.key().get(0), Integer.parseInt(s.key().get(1)), s.key().get(2), s.timeS(),
                    s.values()[0], s.values()[1]));
        }
        return out;
    }

    /** The rows of a series file with one key: their times (s) and their counts, column by column. */
    private record Samples(List<String> key, double[] timeS, int[][] values) {
    }

    /**
     * A series file read by the key its rows are grouped by ({@code host, cpu}), in file order:
     * each group's {@code time_s} and its {@code counts} columns, each a count of 0 or more; null
     * when the file is absent.
     */
    private static List<Samples> samples(Path file, List<String> keys, List<String> counts)
            throws MalformedResultsException {
        if (!Files.isRegularFile(file)) {
            return null;
        }
        CsvTable t = CsvTable.read(file);
        String name = SERIES + "/" + file.getFileName();
        List<String> expected = new ArrayList<>(List.of("time_s"));
        expected.addAll(keys);
        expected.addAll(counts);
        int[] column = new int[expected.size()];
        for (int c = 0; c < column.length; c++) {
            column[c] = t.column(expected.get(c));
            if (column[c] < 0) {
                throw new MalformedResultsException(name + ": expected the columns " + String.join(", ", expected)
                        + ", found " + String.join(",", t.header()));
            }
        }
        Map<List<String>, List<double[]>> byKey = new LinkedHashMap<>();
        for (int r = 0; r < t.rows().size(); r++) {
            List<String> row = t.rows().get(r);
            List<String> key = new ArrayList<>();
            for (int k = 0; k < keys.size(); k++) {
                key.add(row.get(column[1 + k]));
            }
            double[] sample = new double[1 + counts.size()];
            sample[0] = t.number(r, column[0]);
            boolean valid = Double.isFinite(sample[0]);
            for (int v = 0; v < counts.size(); v++) {
                sample[1 + v] = t.number(r, column[1 + keys.size() + v]);
                valid &= sample[1 + v] >= 0;
            }
            if (!valid) {
                throw new MalformedResultsException(name + " line " + t.lines().get(r) + ": expected a time and "
                        + (counts.size() == 1 ? "a queue length" : "counts") + " of 0 or more");
            }
            byKey.computeIfAbsent(key, k -> new ArrayList<>()).add(sample);
        }
        List<Samples> out = new ArrayList<>();
        for (Map.Entry<List<String>, List<double[]>> e : byKey.entrySet()) {
            List<double[]> rows = e.getValue();
            double[] times = new double[rows.size()];
            int[][] values = new int[counts.size()][rows.size()];
            for (int i = 0; i < times.length; i++) {
                times[i] = rows.get(i)[0];
                for (int v = 0; v < counts.size(); v++) {
                    values[v][i] = (int) rows.get(i)[1 + v];
                }
            }
            out.add(new Samples(List.copyOf(e.getKey()), times, values));
        }
        return out;
    }

    /** A configuration's latency histogram: bin upper edges (µs, increasing) and counts. */
    record Histogram(double[] upperUs, long[] counts) {
        long total() {
            long n = 0;
            for (long c : counts) {
                n += c;
            }
            return n;
        }

        /** The fraction of frames at or below each upper edge: rising, the last 1. */
        double[] cdf() {
            double[] out = new double[counts.length];
            long total = total();
            long seen = 0;
            for (int i = 0; i < counts.length; i++) {
                seen += counts[i];
                out[i] = (double) seen / total;
            }
            return out;
        }
    }

    /** The histograms of {@code latency.csv} by configuration, or null when the file is absent. */
    static Map<Integer, Histogram> latency(Path folder) throws MalformedResultsException {
        Path file = folder.resolve(LATENCY);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        CsvTable t = CsvTable.read(file);
        int configuration = t.column("configuration");
        int upper = t.column("bucket_upper_us");
        int count = t.column("count");
        if (configuration < 0 || upper < 0 || count < 0) {
            throw new MalformedResultsException(LATENCY + ": expected the columns configuration, bucket_upper_us, count,"
                    + " found " + String.join(",", t.header()));
        }
        Map<Integer, List<double[]>> rows = new LinkedHashMap<>();
        for (int r = 0; r < t.rows().size(); r++) {
            double c = t.number(r, configuration);
            double u = t.number(r, upper);
            double n = t.number(r, count);
            if (!(c >= 0 && c == Math.rint(c)) || !(u >= 0) || !(n >= 0 && n == Math.rint(n))) {
                throw new MalformedResultsException(LATENCY + " line " + t.lines().get(r)
                        + ": expected a configuration number, a bin edge and a count");
            }
            List<double[]> bins = rows.computeIfAbsent((int) c, k -> new ArrayList<>());
            if (!bins.isEmpty() && bins.get(bins.size() - 1)[0] >= u) {
                throw new MalformedResultsException(LATENCY + " line " + t.lines().get(r)
                        + ": the bins of a configuration must rise");
            }
            bins.add(new double[] {u, n});
        }
        Map<Integer, Histogram> out = new LinkedHashMap<>();
        rows.forEach((c, bins) -> {
            double[] u = new double[bins.size()];
            long[] n = new long[bins.size()];
            for (int i = 0; i < u.length; i++) {
                u[i] = bins.get(i)[0];
                n[i] = (long) bins.get(i)[1];
            }
            out.put(c, new Histogram(u, n));
        });
        return out;
    }
}
