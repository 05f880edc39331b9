package org.cryptorder.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CPU tracks of {@code explain --perfetto} against runs.csv: host b's busy time summed from the
 * trace's CPU slices, over the trace's window, equals the CPU-time columns of the same replication
 * for the same window within 1%.
 *
 * <p>runs.csv counts from the warm-up's end to the run's end, so the window [t0, t1] is the
 * difference of two runs of the same replication, warm-up t0 and warm-up t1: the warm-up only
 * resets counters, the trajectory is the same.
 */
class PerfettoCpuTimeTest {
    @TempDir
    Path tmp;

    /** Two receiving CPUs with cryptd, a kernel FPU user, a user FPU load and ksoftirqd, all busy. */
    static final String EXPERIMENT = "{\"name\": \"cpu\", \"crypto\": {\"policy\": \"async-unordered\"},"
            + " \"hosts\": {\"cpus\": 2, \"ksoftirqd\": true}, \"contention\": {\"kernelFpuBusy\": 0.3,"
            + " \"userFpuLoad\": true}, \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 3000}],"
            + " \"run\": {\"durationS\": 0.012, \"replications\": 1}}";

    static long ns(JsonNode ts) {
        return ts.decimalValue().movePointRight(3).longValueExact();
    }

    @Test
    void theCpuSlicesSumToRunsCsvsCpuTimeForTheSameWindow() throws Exception {
        Path e = Files.writeString(tmp.resolve("cpu.json"), EXPERIMENT);
        Path file = tmp.resolve("cpu.pf.json");
        CliRun r = CliRun.of("explain", e.toString(), "--from-us", "3000", "--frames", "800", "--chart",
                tmp.resolve("t.png").toString(), "--perfetto", file.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).doesNotContain("--perfetto-slices");  // not cut
        JsonNode events = new ObjectMapper().readTree(file.toFile()).get("traceEvents");

        // the trace's window: its followed frames' first hop to their last
        Map<Integer, String> processes = new HashMap<>();
        long from = Long.MAX_VALUE;
        long to = Long.MIN_VALUE;
        for (JsonNode ev : events) {
            if (ev.get("ph").asText().equals("M") && ev.get("name").asText().equals("process_name")) {
                processes.put(ev.get("pid").asInt(), ev.get("args").get("name").asText());
            } else if (ev.get("ph").asText().equals("X") && ev.get("cat").asText().equals("frame")) {
                from = Math.min(from, ns(ev.get("ts")));
                to = Math.max(to, ns(ev.get("ts")) + ns(ev.get("dur")));
            }
        }
        // host b's busy time in it, by the context the slices name, each slice cut to the window
        Map<String, Long> traced = new TreeMap<>();
        for (JsonNode ev : events) {
            if (ev.get("ph").asText().equals("X") && ev.get("cat").asText().equals("cpu")
                    && processes.get(ev.get("pid").asInt()).equals("host b")) {
                long s = Math.max(from, ns(ev.get("ts")));
                long t = Math.min(to, ns(ev.get("ts")) + ns(ev.get("dur")));
                traced.merge(ev.get("args").get("context").asText(), Math.max(0, t - s), Long::sum);
            }
        }
        Map<String, Double> csv = runsCsvBetween(e, from, to);
        long ksoftirqd = traced.getOrDefault("ksoftirqd", 0L);
        assertThat(csv.get("cpu_softirq_seconds")).as("the window has softirq time").isPositive();
        assertThat(csv.get("cpu_kernel_worker_seconds")).as("and kernel workers'").isPositive();
        assertThat(csv.get("cpu_user_task_seconds")).as("and user tasks'").isPositive();
        assertClose("softirq (ksoftirqd's included)", traced.getOrDefault("softirq", 0L) + ksoftirqd,
                csv.get("cpu_softirq_seconds"));
        assertClose("kernel workers", traced.getOrDefault("kworker", 0L), csv.get("cpu_kernel_worker_seconds"));
        assertClose("user tasks", traced.getOrDefault("task", 0L), csv.get("cpu_user_task_seconds"));
        assertClose("ksoftirqd", ksoftirqd, csv.get("cpu_ksoftirqd_seconds"));
    }

    /** Within 1% of runs.csv's figure, or 1 ns for the rounding of its nine decimals when that is 0. */
    private static void assertClose(String what, long tracedNs, double csvS) {
        double csvNs = csvS * 1e9;
        assertThat((double) tracedNs).as(what + ": trace %d ns, runs.csv %.0f ns", tracedNs, csvNs)
                .isCloseTo(csvNs, org.assertj.core.data.Offset.offset(Math.max(1, 0.01 * csvNs)));
    }

    /** runs.csv's CPU-time columns over [fromNs, toNs]: warm-up fromNs's run less warm-up toNs's, seconds. */
    private Map<String, Double> runsCsvBetween(Path e, long fromNs, long toNs) throws Exception {
        Map<String, Double> at = new TreeMap<>();
        for (long w : new long[] {toNs, fromNs}) {
            Map<String, String> row = RunsCsv.run(tmp.resolve("run-" + w), "--set",
                    "run.warmupS=" + BigDecimal.valueOf(w, 9).toPlainString(), e.toString()).get(0);
            for (Map.Entry<String, String> cell : row.entrySet()) {
                if (cell.getKey().startsWith("cpu_") && cell.getKey().endsWith("_seconds")) {
                    double v = Double.parseDouble(cell.getValue());
                    at.merge(cell.getKey(), w == toNs ? -v : v, Double::sum);
                }
            }
        }
        at.replaceAll((k, v) -> Double.parseDouble(String.format(Locale.ROOT, "%.9f", v)));
        return at;
    }
}
