package org.cryptorder.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code explain --perfetto}: the Trace Event Format file, read back with Jackson and checked as
 * Perfetto and chrome://tracing would need it (metadata, nesting, flows binding to slices), and
 * against the narration printed beside it; and its bad input.
 */
class ExplainPerfettoTest {
    @TempDir
    Path tmp;

    /** The shared {@link ReorderingExperiment}. */
    Path experiment() throws Exception {
        return ReorderingExperiment.in(tmp);
    }

    /** A slice as read back: its track, name, category, times in ns, args. */
    record Slice(String track, String name, String cat, long startNs, long endNs, JsonNode args) {
    }

    /** Trace Event microseconds (three decimals) as the simulated nanoseconds, exactly. */
    static long ns(JsonNode ts) {
        return ts.decimalValue().movePointRight(3).longValueExact();
    }

    static String track(JsonNode e) {
        return e.get("pid").asInt() + "/" + e.get("tid").asInt();
    }

    @Test
    void theTraceHasTheHostsCpusAndFramesOfTheNarrationAtItsTimes() throws Exception {
        Path file = tmp.resolve("out/trace.json");
        CliRun r = ReorderingExperiment.explain(tmp, "300", "--perfetto", file.toString());
        assertThat(r.out()).contains("# Perfetto trace: " + file);
        JsonNode root = new ObjectMapper().readTree(file.toFile());
        assertThat(Files.readString(file)).doesNotContain("E-", "e-");  // plain decimals, not 1.5E-4
        JsonNode events = root.get("traceEvents");

        Map<Integer, String> processes = new TreeMap<>();
        Map<String, String> threads = new TreeMap<>();
        List<Slice> slices = new ArrayList<>();
        List<JsonNode> flows = new ArrayList<>();
        List<JsonNode> instants = new ArrayList<>();
        Map<String, List<JsonNode>> waits = new HashMap<>();
        List<JsonNode> counters = new ArrayList<>();
        for (JsonNode e : events) {
            switch (e.get("ph").asText()) {
                case "M" -> {
                    if (e.get("name").asText().equals("process_name")) {
                        processes.put(e.get("pid").asInt(), e.get("args").get("name").asText());
                    } else if (e.get("name").asText().equals("thread_name")) {
                        threads.put(track(e), e.get("args").get("name").asText());
                    }
                }
                case "X" -> slices.add(new Slice(track(e), e.get("name").asText(), e.get("cat").asText(),
                        ns(e.get("ts")), ns(e.get("ts")) + ns(e.get("dur")), e.get("args")));
                case "s", "t", "f" -> flows.add(e);
                case "i" -> instants.add(e);
                case "b", "e" -> waits.computeIfAbsent(e.get("id").asText(), k -> new ArrayList<>()).add(e);
                case "C" -> counters.add(e);
                default -> throw new AssertionError("unexpected phase in " + e);
            }
        }
        // a process per host and per link direction; host b's only CPU has its track
        assertThat(processes.values()).containsExactly("host a", "link a->b", "host b");
        int hostB = processes.entrySet().stream().filter(p -> p.getValue().equals("host b")).findFirst().orElseThrow()
                .getKey();
        String bCpu0 = threads.entrySet().stream().filter(t -> t.getKey().startsWith(hostB + "/")
                && t.getValue().equals("cpu0")).findFirst().orElseThrow().getKey();
        for (Slice s : slices) {
            assertThat(threads).as("every slice is on a named track").containsKey(s.track());
        }

        // what the CPUs ran, named as perf sched and ftrace name it
        Set<String> ran = new TreeSet<>();
        slices.stream().filter(s -> s.cat().equals("cpu") && s.track().equals(bCpu0)).forEach(s -> ran.add(s.name()));
        assertThat(ran).contains("softirq NET_RX", "kworker/0:1", "kernel-fpu/0");
        assertThat(slices.stream().filter(s -> s.cat().equals("cpu")).map(Slice::name)).contains("iperf3");

        // B/E-free: every X slice nests within the one open on its track or starts after it ends
        Map<String, List<Slice>> byTrack = new TreeMap<>();
        slices.forEach(s -> byTrack.computeIfAbsent(s.track(), k -> new ArrayList<>()).add(s));
        for (List<Slice> l : byTrack.values()) {
            l.sort((x, y) -> x.startNs() != y.startNs() ? Long.compare(x.startNs(), y.startNs())
                    : Long.compare(y.endNs(), x.endNs()));
            Deque<Long> open = new ArrayDeque<>();
            for (Slice s : l) {
                while (!open.isEmpty() && open.peek() <= s.startNs()) {
                    open.pop();
                }
                assertThat(open.isEmpty() || s.endNs() <= open.peek()).as("nested: " + s).isTrue();
                open.push(s.endNs());
            }
        }

        // every narrated step of a frame lies within one of that frame's slices (or its wait in cryptd), to the ns
        Map<Long, List<long[]>> hopsOf = new HashMap<>();
        slices.stream().filter(s -> s.cat().equals("frame")).forEach(s -> hopsOf
                .computeIfAbsent(s.args().get("frame").asLong(), k -> new ArrayList<>())
                .add(new long[] {s.startNs(), s.endNs()}));
        Pattern step = Pattern.compile("^([! ])\\s*(\\d+)\\.(\\d{3}) us  (\\S+)( (cpu\\d+)\\s+\\S+)?\\s+frame (\\d+)( PN (\\d+))?: .*$");
        Set<Long> delayedPns = new TreeSet<>();
        int narrated = 0;
        for (String line : r.out().lines().toList()) {
            Matcher m = step.matcher(line);
            if (!m.matches()) {
                continue;
            }
            narrated++;
            long t = Long.parseLong(m.group(2)) * 1000 + Long.parseLong(m.group(3));
            long frame = Long.parseLong(m.group(7));
            assertThat(hopsOf.getOrDefault(frame, List.of()).stream().anyMatch(h -> h[0] <= t && t <= h[1]))
                    .as("a slice of its frame holds " + line).isTrue();
            if (m.group(1).equals("!")) {
                delayedPns.add(Long.parseLong(m.group(9)));
                // the frame counted InPktsDelayed is an instant at the same time on the same CPU's track
                assertThat(instants.stream().anyMatch(i -> i.get("name").asText().equals("InPktsDelayed PN " + m.group(9))
                        && ns(i.get("ts")) == t && track(i).equals(bCpu0))).as("an instant for " + line).isTrue();
            }
        }
        // and each is in the args of exactly one of them: the slices' narration is the narration, whole
        int inArgs = slices.stream().filter(s -> s.cat().equals("frame")).mapToInt(
                s -> s.args().has("narration") ? s.args().get("narration").size() : 0).sum();
        for (List<JsonNode> w : waits.values()) {
            inArgs += w.get(0).get("args").has("narration") ? w.get(0).get("args").get("narration").size() : 0;
        }
        assertThat(inArgs).isEqualTo(narrated);
        assertThat(delayedPns).isNotEmpty();
        Set<Long> instantPns = new TreeSet<>();
        instants.stream().filter(i -> i.get("name").asText().startsWith("InPktsDelayed"))
                .forEach(i -> instantPns.add(i.get("args").get("pn").asLong()));
        assertThat(instantPns).isEqualTo(delayedPns);

        // a flow per frame: one start and one end, each event binding to a slice of that frame on its track at its time
        Set<String> hopStarts = new HashSet<>();
        slices.stream().filter(s -> s.cat().equals("frame"))
                .forEach(s -> hopStarts.add(s.track() + " " + s.startNs() + " " + s.args().get("frame").asLong()));
        Map<Long, List<JsonNode>> flowOf = new TreeMap<>();
        flows.forEach(f -> flowOf.computeIfAbsent(f.get("id").asLong(), k -> new ArrayList<>()).add(f));
        assertThat(flowOf).hasSize(300);
        for (Map.Entry<Long, List<JsonNode>> f : flowOf.entrySet()) {
            List<String> phases = f.getValue().stream().map(e -> e.get("ph").asText()).toList();
            assertThat(phases).as("flow " + f.getKey()).containsOnlyOnce("s", "f");
            assertThat(phases.get(0)).isEqualTo("s");
            assertThat(phases.get(phases.size() - 1)).isEqualTo("f");
            for (JsonNode e : f.getValue()) {
                assertThat(hopStarts).as("flow event " + e).contains(track(e) + " " + ns(e.get("ts")) + " " + f.getKey());
            }
        }

        // cryptd waits pair up, begin before end, with the wait in the args; while a followed frame waits in b's
        // cpu0 cryptd queue, the queue's counter track says at least one request is in it
        assertThat(waits).isNotEmpty();
        List<JsonNode> bQueue = counters.stream().filter(c -> c.get("pid").asInt() == hostB
                && c.get("name").asText().equals("cpu0 cryptd queue")).toList();
        assertThat(bQueue).isNotEmpty().allSatisfy(c -> assertThat(c.get("args").get("length").asLong()).isNotNegative());
        int waitsChecked = 0;
        for (List<JsonNode> w : waits.values()) {
            if (w.get(0).get("pid").asInt() == hostB) {
                long from = ns(w.get(0).get("ts"));
                long to = ns(w.get(1).get("ts"));
                long level = -1;
                for (JsonNode c : bQueue) {  // in time order: the level just after the wait began
                    if (ns(c.get("ts")) <= from) {
                        level = c.get("args").get("length").asLong();
                    }
                }
                assertThat(level).as("queue length as PN " + w.get(0).get("args").get("pn") + " waits").isPositive();
                assertThat(to).isGreaterThanOrEqualTo(from);
                waitsChecked++;
            }
        }
        assertThat(waitsChecked).isPositive();
        for (List<JsonNode> w : waits.values()) {
            assertThat(w).extracting(e -> e.get("ph").asText()).containsExactly("b", "e");
            long waited = ns(w.get(1).get("ts")) - ns(w.get(0).get("ts"));
            assertThat(waited).isNotNegative();
            assertThat(ns(w.get(0).get("args").get("wait_us"))).isEqualTo(waited);
        }
    }

    @Test
    void tcpDecisionsAreInstantsOnTheirFlowsTrackWithTheNarratedText() throws Exception {
        Path file = tmp.resolve("tcp.json");
        CliRun r = CliRun.of("explain", ProjectPaths.home().resolve("experiments/tcp-heavy-reordering.json").toString(),
                "--tcp", "--tcp-around-seq", "99", "--set", "run.durationS=0.02", "--frames", "20", "--chart",
                tmp.resolve("t.png").toString(), "--perfetto", file.toString());
        assertThat(r.status()).as(r.err()).isZero();
        List<String> decided = new ArrayList<>();
        List<Long> cwnds = new ArrayList<>();
        List<long[]> acked = new ArrayList<>();
        for (JsonNode e : new ObjectMapper().readTree(file.toFile()).get("traceEvents")) {
            if (e.path("cat").asText().equals("tcp") && e.get("ph").asText().equals("i")) {
                String decision = e.get("args").get("decision").asText();
                assertThat(decision).startsWith(e.get("name").asText());
                decided.add(String.format(java.util.Locale.ROOT, "%12.3f us  %-22s %s: %s", ns(e.get("ts")) / 1e3,
                        "a TCP flow 0", e.get("args").get("state").asText(), decision));
            } else if (e.path("cat").asText().equals("tcp") && e.get("ph").asText().equals("C")) {
                cwnds.add(e.get("args").get("cwnd").asLong());
            } else if (e.path("cat").asText().equals("tcp ack")) {
                acked.add(new long[] {e.get("args").get("cwnd").asLong(), e.get("args").get("in_flight").asLong()});
            }
        }
        // each narrated decision is an instant at its time, with its words; the sender's cwnd beside it
        List<String> narrated = r.out().lines().filter(l -> l.contains("a TCP flow 0")).map(l -> l.substring(1)).toList();
        assertThat(narrated).isNotEmpty();
        assertThat(decided).isEqualTo(narrated);
        assertThat(cwnds).hasSameSizeAs(decided).allSatisfy(c -> assertThat(c).isPositive());
        // and between decisions, after each ACK that changed cwnd or the packets in flight
        assertThat(acked).hasSizeGreaterThan(decided.size()).allSatisfy(a -> assertThat(a[0]).isPositive());
        for (int i = 1; i < acked.size(); i++) {
            assertThat(acked.get(i)).as("ACK sample " + i + " changed something").isNotEqualTo(acked.get(i - 1));
        }
    }

    @Test
    void theSliceBoundCutsTheCpuTracksAndSaysSo() throws Exception {
        Path file = tmp.resolve("cut.json");
        CliRun r = ReorderingExperiment.explain(tmp, "300", "--perfetto", file.toString(), "--perfetto-slices", "20");
        assertThat(r.out()).contains("# the trace's CPU tracks stop at", "--perfetto-slices 20 reached");
        JsonNode events = new ObjectMapper().readTree(file.toFile()).get("traceEvents");
        int cpuSlices = 0;
        for (JsonNode e : events) {
            cpuSlices += e.get("ph").asText().equals("X") && e.get("cat").asText().equals("cpu") ? 1 : 0;
        }
        assertThat(cpuSlices).isBetween(1, 20);
    }

    @Test
    void runTracesReplicationZeroOfEachConfiguration() throws Exception {
        Path dir = tmp.resolve("pf");
        CliRun r = CliRun.of("run", "--quiet", "--jobs", "1", "--out", tmp.resolve("out").toString(), "--perfetto",
                dir.toString(), experiment().toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("# Perfetto trace of configuration 0: " + dir.resolve("0.json") + " (the first 40 frames;");
        JsonNode events = new ObjectMapper().readTree(dir.resolve("0.json").toFile()).get("traceEvents");
        Set<Long> frames = new TreeSet<>();
        for (JsonNode e : events) {
            if (e.get("ph").asText().equals("s")) {
                frames.add(e.get("id").asLong());
            }
        }
        assertThat(frames).hasSize(40);
        CliRun shard = CliRun.of("run", "--quiet", "--shard", "0/2", "--out", tmp.resolve("o2").toString(), "--perfetto",
                dir.toString(), experiment().toString());
        assertThat(shard.status()).isEqualTo(2);
        assertThat(shard.err()).contains("--perfetto with --shard");
        Path aFile = Files.writeString(tmp.resolve("plain"), "x");
        CliRun unwritable = CliRun.of("run", "--quiet", "--perfetto", aFile.resolve("d").toString(), experiment().toString());
        assertThat(unwritable.status()).isEqualTo(2);
        assertThat(unwritable.err()).contains("--perfetto: cannot make the folder");
    }

    @Test
    void badInputExitsTwoWithOneLine() throws Exception {
        String e = experiment().toString();
        Path aFile = tmp.resolve("plain");
        Files.writeString(aFile, "x");
        CliRun unwritable = CliRun.of("explain", e, "--perfetto", aFile.resolve("t.json").toString());
        assertThat(unwritable.status()).isEqualTo(2);
        assertThat(unwritable.err()).contains("--perfetto: cannot make the folder").doesNotContain("Exception:");
        assertThat(unwritable.err().lines().findFirst().orElseThrow()).startsWith("cryptorder explain: --perfetto: cannot make the folder");
        CliRun folder = CliRun.of("explain", e, "--perfetto", tmp.resolve("d.json").toString().replace("d.json", ""));
        assertThat(folder.status()).isEqualTo(2);
        CliRun isFolder = CliRun.of("explain", e, "--perfetto", Files.createDirectories(tmp.resolve("x.json")).toString());
        assertThat(isFolder.status()).isEqualTo(2);
        assertThat(isFolder.err()).contains("is a folder");
        CliRun notJson = CliRun.of("explain", e, "--perfetto", tmp.resolve("t.txt").toString());
        assertThat(notJson.status()).isEqualTo(2);
        assertThat(notJson.err()).contains("--perfetto: a file name ending in .json");
        CliRun zero = CliRun.of("explain", e, "--perfetto", tmp.resolve("t.json").toString(), "--perfetto-slices", "0");
        assertThat(zero.status()).isEqualTo(2);
        assertThat(zero.err()).contains("--perfetto-slices");
        CliRun alone = CliRun.of("explain", e, "--perfetto-slices", "10");
        assertThat(alone.status()).isEqualTo(2);
        assertThat(alone.err()).contains("--perfetto-slices needs --perfetto");
        assertThat(Files.exists(tmp.resolve("t.json"))).isFalse();
    }
}
