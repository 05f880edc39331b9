package org.cryptorder.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The counter tracks and drop instants of {@code explain --perfetto}, on a run that fills its queues:
 * a cryptd queue of 8 and an RX ring of 16 on one receiving CPU at 6 Gbit/s. Every frame is followed,
 * so the trace's drops are the run's: their counts by reason equal runs.csv's.
 */
class PerfettoCountersTest {
    @TempDir
    Path tmp;

    static final String EXPERIMENT = "{\"name\": \"full\", \"crypto\": {\"policy\": \"async-unordered\","
            + " \"cryptdQueueLength\": 8}, \"hosts\": {\"cpus\": 1, \"rxRingSize\": 16},"
            + " \"contention\": {\"kernelFpuBusy\": 0.3}, \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 6000}],"
            + " \"run\": {\"durationS\": 0.003, \"replications\": 1}}";

    @Test
    void queuesAreCounterTracksAndEachDropAnInstantWithItsReason() throws Exception {
        Path e = Files.writeString(tmp.resolve("full.json"), EXPERIMENT);
        Path file = tmp.resolve("full.pf.json");
        CliRun r = CliRun.of("explain", e.toString(), "--frames", "100000", "--chart", tmp.resolve("t.png").toString(),
                "--perfetto", file.toString());
        assertThat(r.status()).as(r.err()).isZero();
        JsonNode events = new ObjectMapper().readTree(file.toFile()).get("traceEvents");
        Map<Integer, String> processes = new HashMap<>();
        Map<String, String> threads = new HashMap<>();
        Map<String, List<Long>> counters = new TreeMap<>();
        Map<String, Integer> drops = new TreeMap<>();
        for (JsonNode ev : events) {
            String ph = ev.get("ph").asText();
            if (ph.equals("M") && ev.get("name").asText().equals("process_name")) {
                processes.put(ev.get("pid").asInt(), ev.get("args").get("name").asText());
            } else if (ph.equals("M") && ev.get("name").asText().equals("thread_name")) {
                threads.put(ev.get("pid").asInt() + "/" + ev.get("tid").asInt(), ev.get("args").get("name").asText());
            } else if (ph.equals("C") && ev.get("cat").asText().equals("level")) {
                var arg = ev.get("args").fields().next();
                counters.computeIfAbsent(processes.get(ev.get("pid").asInt()) + " " + ev.get("name").asText() + " "
                        + arg.getKey(), k -> new ArrayList<>()).add(arg.getValue().asLong());
            } else if (ph.equals("i") && ev.get("cat").asText().equals("drop")) {
                String track = threads.get(ev.get("pid").asInt() + "/" + ev.get("tid").asInt());
                assertThat(ev.get("args").get("where").asText()).endsWith(" " + track);
                drops.merge(ev.get("name").asText(), 1, Integer::sum);
            }
        }
        // cryptd, qdisc, rings and BQL, in their units, within their bounds, each value a change
        assertThat(counters).containsKeys("host b cpu0 cryptd queue length", "host b eth0.rx0 ring backlog frames",
                "host a eth0.tx0 qdisc backlog packets", "host a eth0.tx0 ring in use descriptors",
                "host a eth0.tx0 BQL limit octets");
        assertThat(counters.get("host b cpu0 cryptd queue length")).allSatisfy(v -> assertThat(v).isBetween(0L, 8L))
                .contains(8L);
        assertThat(counters.get("host b eth0.rx0 ring backlog frames")).allSatisfy(v -> assertThat(v).isBetween(0L, 16L))
                .contains(16L);
        // BQL starts at limit 0 (dql_reset) and grows at each clean that starved the queue
        assertThat(counters.get("host a eth0.tx0 BQL limit octets")).startsWith(0L).hasSizeGreaterThan(1);
        for (Map.Entry<String, List<Long>> c : counters.entrySet()) {
            for (int i = 1; i < c.getValue().size(); i++) {
                assertThat(c.getValue().get(i)).as(c.getKey() + " value " + i + " changes").isNotEqualTo(c.getValue().get(i - 1));
            }
        }

        // the drops, by reason, are runs.csv's for the same replication
        Map<String, String> row = RunsCsv.run(tmp.resolve("out"), e.toString()).get(0);
        long rxMissed = Long.parseLong(row.get("rx_missed"));
        long cryptdDropped = Long.parseLong(row.get("cryptd_dropped"));
        assertThat(rxMissed).as("the run fills its RX ring").isPositive();
        assertThat(cryptdDropped).as("and its cryptd queue").isPositive();
        assertThat(drops.getOrDefault("dropped: RX ring full", 0)).isEqualTo((int) rxMissed);
        assertThat(drops.getOrDefault("dropped: cryptd full", 0)).isEqualTo((int) cryptdDropped);
    }
}
