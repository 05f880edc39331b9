package org.cryptorder.charts;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The side files of a results folder that the tables do not hold, read for the charts: the cryptd
 * queue series of replication 0 of each configuration ({@code series/cryptd-queue-<i>.csv}) and
 * the merged latency histograms ({@code latency.csv}). A missing file is not an error (older
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

    /** The series file of configuration {@code i}. */
    static Path seriesFile(Path folder, int configuration) {
        return folder.resolve(SERIES).resolve("cryptd-queue-" + configuration + ".csv");
    }

    /** The queues of configuration {@code i} in file order, or null when its file is absent. */
    static List<Queue> queues(Path folder, int configuration) throws MalformedResultsException {
        Path file = seriesFile(folder, configuration);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        CsvTable t = CsvTable.read(file);
        String name = SERIES + "/" + file.getFileName();
        int time = t.column("time_s");
        int host = t.column("host");
        int cpu = t.column("cpu");
        int length = t.column("queue_length");
        if (time < 0 || host < 0 || cpu < 0 || length < 0) {
            throw new MalformedResultsException(name + ": expected the columns time_s, host, cpu, queue_length, found "
                    + String.join(",", t.header()));
        }
        Map<String, List<double[]>> byCpu = new LinkedHashMap<>();
        for (int r = 0; r < t.rows().size(); r++) {
            String key = t.rows().get(r).get(host) + " " + t.rows().get(r).get(cpu);
            double q = t.number(r, length);
            double s = t.number(r, time);
            if (!(q >= 0) || !Double.isFinite(s)) {
                throw new MalformedResultsException(name + " line " + t.lines().get(r)
                        + ": expected a time and a queue length of 0 or more");
            }
            byCpu.computeIfAbsent(key, k -> new ArrayList<>()).add(new double[] {s, q});
        }
        List<Queue> out = new ArrayList<>();
        for (Map.Entry<String, List<double[]>> e : byCpu.entrySet()) {
            String[] parts = e.getKey().split(" ", 2);
            double[] times = new double[e.getValue().size()];
            int[] lengths = new int[times.length];
            for (int i = 0; i < times.length; i++) {
                times[i] = e.getValue().get(i)[0];
                lengths[i] = (int) e.getValue().get(i)[1];
            }
            out.add(new Queue(parts[0], parts[1], times, lengths));
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
