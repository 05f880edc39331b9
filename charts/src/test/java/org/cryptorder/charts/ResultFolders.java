package org.cryptorder.charts;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Hand-made results folders for tests: an {@code experiment.json}, a {@code summary.csv} with the
 * metrics given (mean and half-width per configuration) and a matching {@code runs.csv}, written
 * the way the runner writes them.
 */
final class ResultFolders {
    static final String COMMENTS = """
            # cryptorder 0.1.0-test
            # experiment small, fingerprint sha256:00ff
            # random numbers: MRG32k3a, seed 1, stream per named source, substream = replication
            """;

    /** An experiment.json: quickstart-like, with this sweep (JSON object text) and this traffic (JSON list). */
    static String experiment(String sweep, String traffic) {
        return """
                {"name": "small", "description": "Hand-made <tables> & numbers",
                 "hosts": {"cpus": 4, "rxQueues": 1, "txQueues": 1, "profile": "xeon-skylake-sp"},
                 "link": {"rateGbps": 10.0, "delayUs": 20.0, "mtu": 1500},
                 "macsec": {"cipherSuite": "GCM-AES-128", "encrypt": true},
                 "crypto": {"policy": "async", "cryptdQueueLength": 1000},
                 "contention": {"kernelFpuBusy": 0.3, "meanSectionUs": 40.0, "userFpuLoad": false},
                 "traffic": %s,
                 "run": {"durationS": 0.2, "warmupS": 0.02, "replications": 5, "seed": 1, "targetHalfWidth": {}},
                 "sweep": %s,
                 "provenance": {"tool": "cryptorder 0.1.0-test", "source": "experiments/small.json",
                                "fingerprint": "sha256:00ff", "randomNumbers": "MRG32k3a, seed 1, test scheme"}}
                """.formatted(traffic, sweep);
    }

    static final String UDP = "[{\"kind\": \"udp\", \"flows\": 1, \"rateMbps\": 2000.0, \"packetBytes\": 1400}]";
    static final String TCP = "[{\"kind\": \"tcp\", \"flows\": 1, \"congestionControl\": \"cubic\", \"mode\": \"linux\"}]";

    /** One configuration: its swept values in order, replications, and {metric: {mean, half-width}}. */
    record Config(List<String> swept, int replications, Map<String, double[]> metrics) {
    }

    private final String experimentJson;
    private final List<String> keys;
    private final List<String> metrics;
    private final List<Config> configs = new ArrayList<>();

    ResultFolders(String experimentJson, List<String> keys, List<String> metrics) {
        this.experimentJson = experimentJson;
        this.keys = List.copyOf(keys);
        this.metrics = List.copyOf(metrics);
    }

    /** Adds a configuration: swept values, then mean and half-width of each metric in order. */
    ResultFolders config(List<String> swept, int replications, double... meanAndHalfWidth) {
        if (meanAndHalfWidth.length != 2 * metrics.size()) {
            throw new IllegalArgumentException("two numbers per metric");
        }
        Map<String, double[]> m = new LinkedHashMap<>();
        for (int i = 0; i < metrics.size(); i++) {
            m.put(metrics.get(i), new double[] {meanAndHalfWidth[2 * i], meanAndHalfWidth[2 * i + 1]});
        }
        configs.add(new Config(swept, replications, m));
        return this;
    }

    Path write(Path folder) {
        try {
            Files.createDirectories(folder);
            Files.writeString(folder.resolve("experiment.json"), experimentJson);
            StringBuilder s = new StringBuilder(COMMENTS);
            List<String> header = new ArrayList<>(keys);
            header.add("replications");
            metrics.forEach(m -> {
                header.add(m + "_mean");
                header.add(m + "_hw95");
            });
            s.append(String.join(",", header)).append('\n');
            StringBuilder r = new StringBuilder(COMMENTS);
            List<String> runsHeader = new ArrayList<>(keys);
            runsHeader.addAll(List.of("replication", "seed", "wall_seconds"));
            runsHeader.addAll(metrics);
            r.append(String.join(",", runsHeader)).append('\n');
            for (Config c : configs) {
                List<String> cells = new ArrayList<>(c.swept());
                cells.add(Integer.toString(c.replications()));
                c.metrics().values().forEach(v -> {
                    cells.add(cell(v[0]));
                    cells.add(cell(v[1]));
                });
                s.append(String.join(",", cells)).append('\n');
                for (int rep = 0; rep < c.replications(); rep++) {
                    List<String> row = new ArrayList<>(c.swept());
                    row.addAll(List.of(Integer.toString(rep), "1", "0.5"));
                    c.metrics().values().forEach(v -> row.add(cell(v[0])));
                    r.append(String.join(",", row)).append('\n');
                }
            }
            Files.writeString(folder.resolve("summary.csv"), s);
            Files.writeString(folder.resolve("runs.csv"), r);
            return folder;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String cell(double v) {
        return Double.isNaN(v) ? "" : org.cryptorder.experiment.output.Csv.number(v);
    }

    static final List<String> METRICS = List.of("goodput_bps", "tcp_retransmits", "tcp_spurious_retransmits",
            "in_pkts_delayed", "reordered_ratio", "rx_missed", "cryptd_dropped");

    /** quickstart's shape and numbers: three policies at 30% contention, UDP at 2 Gbit/s. */
    static Path quickstart(Path folder) {
        return new ResultFolders(experiment("{\"crypto.policy\": [\"sync-fallback\", \"async\", \"async-unordered\"]}", UDP),
                List.of("crypto.policy"), METRICS)
                .config(List.of("sync-fallback"), 5, 7.367e8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 667.8, 2.69, 0, 0)
                .config(List.of("async"), 5, 2.00037e9, 1.0e5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
                .config(List.of("async-unordered"), 5, 2.00048e9, 2.9e5, 0, 0, 0, 0, 6880.4, 296.4, 0.2140, 0.0092,
                        0, 0, 0, 0)
                .write(folder);
    }

    /** policy-vs-contention's shape: three policies by four contention levels, UDP. */
    static Path policyVsContention(Path folder) {
        ResultFolders f = new ResultFolders(experiment("{\"crypto.policy\": [\"sync-fallback\", \"async\","
                + " \"async-unordered\"], \"contention.kernelFpuBusy\": [0, 0.1, 0.3, 0.5]}", UDP),
                List.of("crypto.policy", "contention.kernelFpuBusy"), METRICS);
        String[] busy = {"0", "0.1", "0.3", "0.5"};
        double[] syncGoodput = {9.946e8, 7.301e8, 7.301e8, 7.301e8};
        double[] ratio = {0, 0.0722, 0.2192, 0.3331};
        for (int i = 0; i < 4; i++) {
            f.config(List.of("sync-fallback", busy[i]), 5, syncGoodput[i], 0, 0, 0, 0, 0, 0, 0, 0, 0,
                    i == 0 ? 0 : 2990, i == 0 ? 0 : 3, 0, 0);
        }
        for (int i = 0; i < 4; i++) {
            f.config(List.of("async", busy[i]), 5, 2.0002e9, 3e5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        }
        for (int i = 0; i < 4; i++) {
            f.config(List.of("async-unordered", busy[i]), 5, 2.0003e9, 3e5, 0, 0, 0, 0, ratio[i] * 48000,
                    ratio[i] * 800, ratio[i], ratio[i] / 40, 0, 0, 0, 0);
        }
        return f.write(folder);
    }

    /** TCP by policy and contention, with retransmissions under the async policies at 0.3. */
    static Path tcp(Path folder) {
        ResultFolders f = new ResultFolders(experiment("{\"crypto.policy\": [\"sync-fallback\", \"async\","
                + " \"async-unordered\"], \"contention.kernelFpuBusy\": [0, 0.3]}", TCP),
                List.of("crypto.policy", "contention.kernelFpuBusy"), METRICS);
        f.config(List.of("sync-fallback", "0"), 3, 9.38e8, 3e6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        f.config(List.of("sync-fallback", "0.3"), 3, 9.38e8, 3e6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        f.config(List.of("async", "0"), 3, 5.08e9, 1e6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        f.config(List.of("async", "0.3"), 3, 4.1e9, 2e8, 340, 40, 12, 5, 30, 9, 0.0007, 0.0002, 0, 0, 34, 20);
        f.config(List.of("async-unordered", "0"), 3, 5.08e9, 1e6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
        f.config(List.of("async-unordered", "0.3"), 3, 4.9e9, 1e8, 170, 30, 160, 30, 440, 90, 0.005, 0.001, 0, 0, 0, 0);
        return f.write(folder);
    }

    /**
     * Side files for a folder of {@code configurations} configurations whose policy is {@code
     * policies[i]}: {@code latency.csv} with a few bins per configuration (the sync-fallback ones
     * slower), and {@code series/cryptd-queue-<i>.csv} over 10 ms every 100 µs for CPUs 0 and 1 of b,
     * cpu0 queueing a saw-tooth up to 9 requests under the async policies, nothing otherwise.
     */
    static void sideFiles(Path folder, List<String> policies) {
        try {
            StringBuilder latency = new StringBuilder(COMMENTS + "configuration,bucket_upper_us,count\n");
            for (int c = 0; c < policies.size(); c++) {
                boolean sync = policies.get(c).equals("sync-fallback");
                double[] upper = sync ? new double[] {900, 2000, 40000} : new double[] {23.5, 31, 64, 350};
                long[] counts = sync ? new long[] {10, 30, 60} : new long[] {500 + c, 300, 150, 50};
                for (int b = 0; b < upper.length; b++) {
                    latency.append(c).append(',').append(cell(upper[b])).append(',').append(counts[b]).append('\n');
                }
            }
            Files.writeString(folder.resolve("latency.csv"), latency);
            Path series = Files.createDirectories(folder.resolve("series"));
            for (int c = 0; c < policies.size(); c++) {
                boolean queues = policies.get(c).startsWith("async");
                StringBuilder b = new StringBuilder(COMMENTS + "time_s,host,cpu,queue_length\n");
                for (String cpu : List.of("cpu0", "cpu1")) {
                    for (int i = 0; i <= 100; i++) {
                        int length = queues && cpu.equals("cpu0") ? i % 10 : 0;
                        b.append(cell(i * 1e-4)).append(",b,").append(cpu).append(',').append(length).append('\n');
                    }
                }
                Files.writeString(series.resolve("cryptd-queue-" + c + ".csv"), b);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * {@code series/tx-queue-<i>.csv} for a folder of {@code configurations} configurations whose
     * policy is {@code policies[i]}, over 10 ms every 100 µs: TX queue 0 (cpu0) and 1 (cpu1) of a;
     * under the async policies, when {@code qdisc}, queue 0's qdisc a saw-tooth up to 19 packets,
     * and both rings a saw-tooth up to 4 (queue 0) and 7 (queue 1) descriptors; nothing otherwise.
     */
    static void txSeries(Path folder, List<String> policies, boolean qdisc) {
        try {
            Path series = Files.createDirectories(folder.resolve("series"));
            for (int c = 0; c < policies.size(); c++) {
                boolean queues = policies.get(c).startsWith("async");
                StringBuilder b = new StringBuilder(COMMENTS + "time_s,host,queue,cpu,qdisc_packets,ring_descriptors\n");
                for (int q = 0; q < 2; q++) {
                    for (int i = 0; i <= 100; i++) {
                        int packets = queues && qdisc && q == 0 ? i % 20 : 0;
                        int descriptors = queues ? i % (5 + 3 * q) : 0;
                        b.append(cell(i * 1e-4)).append(",a,").append(q).append(",cpu").append(q).append(',')
                                .append(packets).append(',').append(descriptors).append('\n');
                    }
                }
                Files.writeString(series.resolve("tx-queue-" + c + ".csv"), b);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
