package org.cryptorder.cli;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.cryptorder.host.Context;
import org.cryptorder.net.FrameTrace;
import org.cryptorder.net.FrameTrace.CpuSlice;
import org.cryptorder.net.FrameTrace.Kind;
import org.cryptorder.net.FrameTrace.Span;
import org.cryptorder.net.FrameTrace.Step;
import org.cryptorder.transport.TcpTrace;

/**
 * A {@link FrameTrace} as a Chrome Trace Event Format file (JSON), which ui.perfetto.dev and {@code
 * chrome://tracing} open: a process per host and per link direction; per CPU a thread track of what
 * the CPU ran ({@code NET_RX} softirq passes, {@code ksoftirqd/1}, {@code kworker/1:1} for cryptd,
 * {@code iperf3}, the kernel FPU user), with the followed frames' work nested in it where it fits, and
 * thread tracks for the frames' work that does not nest, the cryptd queue and the wire; a flow (arrow)
 * per frame across its hops; instants where a frame was counted InPktsDelayed or InPktsLate or was
 * dropped.
 *
 * <p>Times: {@code ts} and {@code dur} are microseconds, as the format defines them, written as
 * decimals with three places, so each is the simulated nanosecond exactly (Perfetto rounds {@code
 * ts * 1000} to the nanosecond). The intervals are the ones the narration and the timeline chart are
 * drawn from ({@link FrameTrace#spans}, {@link FrameTrace#cpuSlices}); nothing is narrated here again.
 */
final class PerfettoTrace {
    /** The CPU slices recorded unless {@code --perfetto-slices} says otherwise. */
    static final int DEFAULT_CPU_SLICES = 100_000;
    /** The most CPU slices {@code --perfetto-slices} may ask for (each is held in memory). */
    static final int MAX_CPU_SLICES = 2_000_000;

    /** What was written: the slices ({@code X}), cryptd waits ({@code b}/{@code e} pairs), flow events, instants, and where the CPU tracks stop for the bound (infinite: not cut). */
    record Written(Path file, int slices, int waits, int flows, int instants, int counters, double cpuCutNs) {
    }

    /** One thread track: its process and thread ids, name, and the ends of the slices open on it (for nesting). */
    private static final class Track {
        final int pid;
        final int tid;
        final String name;
        final int sortIndex;
        final Deque<Double> open = new ArrayDeque<>();

        Track(int pid, int tid, String name, int sortIndex) {
            this.pid = pid;
            this.tid = tid;
            this.name = name;
            this.sortIndex = sortIndex;
        }

        /** Whether a slice from {@code start} to {@code end} nests here (slices taken in start order); {@code
         *  inside}: it must lie within one already open. */
        boolean fits(double start, double end, boolean inside) {
            while (!open.isEmpty() && open.peek() <= start) {
                open.pop();
            }
            return open.isEmpty() ? !inside : end <= open.peek();
        }

        void add(double end) {
            open.push(end);
        }
    }

    /** A slice to write: its track, name, times, args and, for a frame's hop, the frame. */
    private record Slice(Track track, String name, String cat, double startNs, double endNs, Map<String, Object> args,
                         long frame, long pn) {
    }

    private final Map<String, Integer> pids = new TreeMap<>();
    private final Map<String, Track> tracks = new LinkedHashMap<>();
    private final Map<Integer, String> processNames = new TreeMap<>();

    private PerfettoTrace() {
    }

    /**
     * Writes {@code trace} to {@code file}: its followed frames, and the CPUs' busy time from the first
     * followed frame's first hop to the last one's last (as far as the trace recorded it).
     */
    static Written write(FrameTrace trace, String title, Path file) throws IOException {
        return write(trace, List.of(), title, file);
    }

    /**
     * As {@link #write(FrameTrace, String, Path)}, with the TCP senders' decisions ({@code explain
     * --tcp}) as instants on a track per flow of host a, and the sender's cwnd and packets in flight
     * just after each decision as a counter track.
     */
    static Written write(FrameTrace trace, List<TcpTrace.Line> decisions, String title, Path file) throws IOException {
        return new PerfettoTrace().writeTrace(trace, decisions, title, file);
    }

    private Written writeTrace(FrameTrace trace, List<TcpTrace.Line> decisions, String title, Path file)
            throws IOException {
        List<Span> spans = trace.spans();
        List<Step> steps = trace.steps();
        double from = spans.stream().mapToDouble(Span::startNs).min().orElse(0);
        double to = spans.stream().mapToDouble(Span::endNs).max().orElse(0);
        for (Span s : spans) {
            pid(s.kind() == Kind.WIRE ? "link " + s.host() : "host " + s.host());
        }
        TreeMap<String, TreeSet<Integer>> cpus = new TreeMap<>();
        trace.cpuSlices().forEach(c -> cpus.computeIfAbsent(c.host(), k -> new TreeSet<>()).add(c.cpu()));
        spans.stream().filter(s -> s.cpu() != null)
                .forEach(s -> cpus.computeIfAbsent(s.host(), k -> new TreeSet<>()).add(cpuNumber(s.cpu())));
        cpus.forEach((host, ids) -> ids.forEach(c -> track("host " + host, "cpu" + c, c * 100)));
        trace.levels().forEach(l -> pid("host " + l.host()));
        decisions.forEach(d -> track("host a", "TCP flow " + d.flow(), 100_000 + d.flow()));
        List<Slice> contexts = contextSlices(trace.cpuSlices(), from, to);
        List<Slice> slices = new ArrayList<>(contexts);
        slices.addAll(frameSlices(spans, steps, contexts));
        List<Map<String, Object>> instants = instants(steps);
        int flows = 0;
        int counters;
        Files.createDirectories(file.toAbsolutePath().getParent());
        try (JsonGenerator g = new ObjectMapper().getFactory().createGenerator(file.toFile(), JsonEncoding.UTF8)) {
            g.writeStartObject();
            g.writeArrayFieldStart("traceEvents");
            for (Map.Entry<Integer, String> p : processNames.entrySet()) {
                metadata(g, "process_name", p.getKey(), null, "name", p.getValue());
                metadata(g, "process_sort_index", p.getKey(), null, "sort_index", p.getKey());
            }
            for (Track t : tracks.values()) {
                metadata(g, "thread_name", t.pid, t.tid, "name", t.name);
                metadata(g, "thread_sort_index", t.pid, t.tid, "sort_index", t.sortIndex);
            }
            Map<Long, List<Slice>> hops = new TreeMap<>();
            for (Slice s : slices) {
                if (s.frame() >= 0 && s.track() != null) {
                    hops.computeIfAbsent(s.frame(), k -> new ArrayList<>()).add(s);
                }
            }
            hops.values().forEach(h -> h.sort(Comparator.comparingDouble(Slice::startNs)));
            for (Slice s : slices) {
                if (s.track() == null) {
                    waiting(g, s);
                    continue;
                }
                slice(g, s);
                List<Slice> h = s.frame() >= 0 ? hops.get(s.frame()) : List.of();
                if (h.size() > 1) {  // right after its slice, so that it binds to it and not to one opening at the same time
                    flow(g, s, h.indexOf(s), h.size());
                    flows++;
                }
            }
            for (Map<String, Object> i : instants) {
                g.writeObject(i);
            }
            counters = counters(g, trace.levels(), to);
            for (TcpTrace.Line d : decisions) {
                decision(g, d);
            }
            g.writeEndArray();
            g.writeObjectFieldStart("otherData");
            g.writeStringField("title", title);
            g.writeStringField("generator", "cryptorder explain --perfetto");
            g.writeStringField("time", "ts and dur in microseconds with three decimals: the simulated nanoseconds"
                    + " exactly; 0 is the simulation's start");
            g.writeEndObject();
            g.writeEndObject();
        }
        int waits = (int) slices.stream().filter(s -> s.track() == null).count();
        return new Written(file, slices.size() - waits, waits, flows, instants.size() + decisions.size(),
                counters + decisions.size(),
                trace.cpuSlicesCutNs());
    }

    private int pid(String process) {
        return pids.computeIfAbsent(process, k -> {
            int pid = pids.size() + 1;
            processNames.put(pid, k);
            return pid;
        });
    }

    /** The thread track {@code name} of {@code process}, made on first use with the next thread id. */
    private Track track(String process, String name, int sortIndex) {
        return tracks.computeIfAbsent(process + "\n" + name, k -> {
            int pid = pid(process);
            int tid = (int) tracks.values().stream().filter(t -> t.pid == pid).count() + 1;
            return new Track(pid, tid, name, sortIndex);
        });
    }

    private static int cpuNumber(String cpu) {
        return Integer.parseInt(cpu.substring("cpu".length()));
    }

    /** The name {@code perf sched} and ftrace give what ran: {@code ksoftirqd/1}, {@code kworker/1:1}, {@code iperf3}. */
    static String comm(CpuSlice c) {
        if (c.task() == null) {
            return c.softirq().equals("softirq") ? "softirq" : "softirq " + c.softirq();  // vector unknown: just softirq
        }
        String t = c.task();
        if (t.startsWith("ksoftirqd/")) {
            return t;
        }
        if (t.equals("kworker/cryptd")) {
            return "kworker/" + c.cpu() + ":1";
        }
        if (t.equals("kworker/padata")) {
            return "kworker/" + c.cpu() + ":2";
        }
        if (t.equals("kworker/padata-serial")) {
            return "kworker/" + c.cpu() + ":3";
        }
        if (t.startsWith("udp-source") || t.startsWith("tcp-sender") || t.startsWith("tcp-receiver")) {
            return "iperf3";
        }
        return c.context() == Context.KERNEL_WORKER ? t + "/" + c.cpu() : t;
    }

    /**
     * What each CPU ran in the window, as slices on its thread track: the recorded pieces, each run
     * of pieces of one name without a gap joined into one (a NAPI poll's frames make one softirq pass).
     */
    private List<Slice> contextSlices(List<CpuSlice> pieces, double from, double to) {
        List<Slice> out = new ArrayList<>();
        Map<String, Integer> last = new TreeMap<>();
        for (CpuSlice c : pieces) {
            if (c.endNs() <= from || c.startNs() >= to) {
                continue;
            }
            String key = c.host() + " cpu" + c.cpu();
            String name = comm(c);
            Integer at = last.get(key);
            Slice prev = at == null ? null : out.get(at);
            if (prev != null && prev.name().equals(name) && prev.endNs() == c.startNs()) {
                Map<String, Object> args = prev.args();
                args.put("pieces", (Integer) args.get("pieces") + 1);
                out.set(at, new Slice(prev.track(), name, prev.cat(), prev.startNs(), c.endNs(), args, -1, -1));
                continue;
            }
            Track t = track("host " + c.host(), "cpu" + c.cpu(), c.cpu() * 100);
            Map<String, Object> args = new LinkedHashMap<>();
            args.put("context", c.task() == null ? "softirq" : c.context() == Context.SOFTIRQ ? "ksoftirqd"
                    : c.context() == Context.KERNEL_WORKER ? "kworker" : "task");
            args.put("task", c.task() == null ? "(interrupted context)" : c.task());
            args.put("work", c.work());
            args.put("pieces", 1);
            Slice s = new Slice(t, name, "cpu", c.startNs(), c.endNs(), args, -1, -1);
            last.put(key, out.size());
            out.add(s);
        }
        return out;
    }

    /**
     * The followed frames' hops: nested in the CPU's own track where one of its slices holds the hop
     * whole, else on the CPU's frames track (another lane when it would overlap without nesting);
     * cryptd waits on the CPU's cryptd queue track, the wire on its link's track.
     */
    private List<Slice> frameSlices(List<Span> spans, List<Step> steps, List<Slice> contexts) {
        List<Slice> out = new ArrayList<>();
        // the CPU tracks' own slices, then the hops, in start order (the longer first), so nesting is decided in order
        record Item(Slice context, Span span) {
            double start() {
                return context != null ? context.startNs() : span.startNs();
            }

            double end() {
                return context != null ? context.endNs() : span.endNs();
            }
        }
        List<Item> items = new ArrayList<>();
        contexts.forEach(c -> items.add(new Item(c, null)));
        spans.forEach(s -> items.add(new Item(null, s)));
        items.sort(Comparator.comparingDouble(Item::start).thenComparing(Comparator.comparingDouble(Item::end).reversed())
                .thenComparing(i -> i.context() == null));
        Map<Span, List<String>> narration = narration(spans, steps);
        for (Item i : items) {
            if (i.context() != null) {
                i.context().track().add(i.end());
                continue;
            }
            Span s = i.span();
            Track t = s.kind() == Kind.QUEUED ? null : placeHop(s);
            if (t != null) {
                t.add(s.endNs());
            }
            Map<String, Object> args = new LinkedHashMap<>();
            args.put("frame", s.frame());
            args.put("pn", s.pn());
            args.put("flow", s.flow());
            args.put("hop", s.kind().words());
            if (s.kind() == Kind.QUEUED) {
                args.put("wait_us", us(s.endNs() - s.startNs()));
            }
            List<String> said = narration.getOrDefault(s, List.of());
            if (!said.isEmpty()) {
                args.put("narration", said);
            }
            String who = s.pn() >= 0 ? "PN " + s.pn() : "frame " + s.frame();
            String name = t == null ? s.host() + " " + s.cpu() + " cryptd queue" : who + " " + s.kind().words();
            out.add(new Slice(t, name, "frame", s.startNs(), s.endNs(), args, s.frame(), s.pn()));
        }
        return out;
    }

    /**
     * Each step of the narration under the one hop of its frame it belongs to: of the hops whose interval
     * holds its time, one on its CPU (or, for a step off any CPU, one off any CPU) if there is one, the
     * latest to start among them.
     */
    private static Map<Span, List<String>> narration(List<Span> spans, List<Step> steps) {
        Map<Long, List<Span>> hopsOf = new TreeMap<>();
        spans.forEach(s -> hopsOf.computeIfAbsent(s.frame(), k -> new ArrayList<>()).add(s));
        Map<Span, List<String>> out = new IdentityHashMap<>();
        for (Step st : steps) {
            Span best = null;
            boolean bestOnCpu = false;
            for (Span h : hopsOf.getOrDefault(st.frame(), List.of())) {
                if (st.timeNs() < h.startNs() || st.timeNs() > h.endNs()) {
                    continue;
                }
                boolean onCpu = h.cpu() == null ? st.cpu() == null : h.cpu().equals(st.cpu());
                if (best == null || (onCpu && !bestOnCpu) || (onCpu == bestOnCpu && h.startNs() >= best.startNs())) {
                    best = h;
                    bestOnCpu = onCpu;
                }
            }
            if (best != null) {
                out.computeIfAbsent(best, k -> new ArrayList<>()).add(st.format().strip());
            }
        }
        return out;
    }

    /** The track a hop goes on (see {@link #frameSlices}). */
    private Track placeHop(Span s) {
        if (s.kind() == Kind.WIRE) {
            return lane("link " + s.host(), "wire " + s.host(), 0, s);
        }
        String process = "host " + s.host();
        int cpu = cpuNumber(s.cpu());
        Track own = tracks.get(process + "\n" + s.cpu());
        if (own != null && own.fits(s.startNs(), s.endNs(), true)) {
            return own;
        }
        return lane(process, s.cpu() + " frames", cpu * 100 + 10, s);
    }

    /** The first of the lanes {@code name}, {@code name 2}, ... on which the hop nests or overlaps nothing. */
    private Track lane(String process, String name, int sortIndex, Span s) {
        for (int n = 1; ; n++) {
            Track t = track(process, n == 1 ? name : name + " " + n, sortIndex + n - 1);
            if (t.fits(s.startNs(), s.endNs(), false)) {
                return t;
            }
        }
    }

    /** Instants: a frame counted InPktsDelayed or InPktsLate, or dropped, where the narration says so. */
    private List<Map<String, Object>> instants(List<Step> steps) {
        List<Map<String, Object>> out = new ArrayList<>();
        for (Step s : steps) {
            String what = s.what();
            String name = what.contains("InPktsDelayed") ? "InPktsDelayed" : what.contains("InPktsLate") ? "InPktsLate"
                    : what.contains("dropped") ? "dropped" : null;
            if (name == null) {
                continue;
            }
            String host = s.host().contains(".") ? s.host().substring(0, s.host().indexOf('.')) : s.host();
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("name", name + (s.pn() >= 0 ? " PN " + s.pn() : " frame " + s.frame()));
            e.put("cat", "counter");
            e.put("ph", "i");
            e.put("ts", us(s.timeNs()));
            Track t = s.cpu() == null ? null : track("host " + host, s.cpu(), cpuNumber(s.cpu()) * 100);
            e.put("pid", t == null ? pid(pids.containsKey("host " + host) ? "host " + host : s.host()) : t.pid);
            if (t != null) {
                e.put("tid", t.tid);
            }
            e.put("s", t == null ? "p" : "t");
            Map<String, Object> args = new LinkedHashMap<>();
            args.put("frame", s.frame());
            args.put("pn", s.pn());
            args.put("narration", s.format().strip());
            e.put("args", args);
            out.add(e);
        }
        return out;
    }

    /**
     * The levels up to {@code toNs} as counter events ({@code C}), one counter track per level and
     * host: {@code cpu0 cryptd queue}, the queue's length whatever frames are in it. Returns how many.
     */
    private int counters(JsonGenerator g, List<FrameTrace.Level> levels, double toNs) throws IOException {
        int n = 0;
        for (FrameTrace.Level l : levels) {
            if (l.timeNs() > toNs) {
                break;
            }
            g.writeStartObject();
            g.writeStringField("name", l.name());
            g.writeStringField("cat", "level");
            g.writeStringField("ph", "C");
            g.writeFieldName("ts");
            g.writeNumber(us(l.timeNs()));
            g.writeNumberField("pid", pid("host " + l.host()));
            g.writeObjectFieldStart("args");
            g.writeNumberField("length", (long) l.value());
            g.writeEndObject();
            g.writeEndObject();
            n++;
        }
        return n;
    }

    /** A TCP decision: an instant named by its Linux function on the flow's track, and the sender's state after it. */
    private void decision(JsonGenerator g, TcpTrace.Line d) throws IOException {
        Track t = track("host a", "TCP flow " + d.flow(), 100_000 + d.flow());
        String what = d.event().describe();
        int colon = what.indexOf(':');
        g.writeStartObject();
        g.writeStringField("name", colon > 0 ? what.substring(0, colon) : what);
        g.writeStringField("cat", "tcp");
        g.writeStringField("ph", "i");
        g.writeStringField("s", "t");
        g.writeFieldName("ts");
        g.writeNumber(us(d.timeNs()));
        g.writeNumberField("pid", t.pid);
        g.writeNumberField("tid", t.tid);
        g.writeObjectFieldStart("args");
        g.writeNumberField("flow", d.flow());
        g.writeStringField("state", d.event().at().state());
        g.writeStringField("decision", what);
        g.writeEndObject();
        g.writeEndObject();
        g.writeStartObject();
        g.writeStringField("name", "TCP flow " + d.flow() + " at its decisions");
        g.writeStringField("cat", "tcp");
        g.writeStringField("ph", "C");
        g.writeFieldName("ts");
        g.writeNumber(us(d.timeNs()));
        g.writeNumberField("pid", t.pid);
        g.writeObjectFieldStart("args");
        g.writeNumberField("cwnd", d.event().at().cwnd());
        g.writeNumberField("in_flight", d.event().at().inFlight());
        g.writeEndObject();
        g.writeEndObject();
    }

    private static void metadata(JsonGenerator g, String name, int pid, Integer tid, String key, Object value)
            throws IOException {
        g.writeStartObject();
        g.writeStringField("name", name);
        g.writeStringField("ph", "M");
        g.writeNumberField("pid", pid);
        if (tid != null) {
            g.writeNumberField("tid", tid);
        }
        g.writeObjectFieldStart("args");
        g.writeObjectField(key, value);
        g.writeEndObject();
        g.writeEndObject();
    }

    /**
     * A wait in a cryptd queue, as an async slice pair ({@code b}, {@code e}) under its host: the waits
     * of one queue share a name, so Perfetto and chrome://tracing stack them on one track, as deep as
     * the queue of followed frames was.
     */
    private void waiting(JsonGenerator g, Slice s) throws IOException {
        int pid = pid("host " + s.name().substring(0, s.name().indexOf(' ')));
        for (String ph : List.of("b", "e")) {
            g.writeStartObject();
            g.writeStringField("name", s.name());
            g.writeStringField("cat", "cryptd");
            g.writeStringField("ph", ph);
            g.writeStringField("id", "q" + s.frame());
            g.writeFieldName("ts");
            g.writeNumber(us(ph.equals("b") ? s.startNs() : s.endNs()));
            g.writeNumberField("pid", pid);
            g.writeNumberField("tid", 1);
            if (ph.equals("b")) {
                g.writeObjectField("args", s.args());
            }
            g.writeEndObject();
        }
    }

    private static void slice(JsonGenerator g, Slice s) throws IOException {
        g.writeStartObject();
        g.writeStringField("name", s.name());
        g.writeStringField("cat", s.cat());
        g.writeStringField("ph", "X");
        g.writeFieldName("ts");
        g.writeNumber(us(s.startNs()));
        g.writeFieldName("dur");
        g.writeNumber(us(s.endNs() - s.startNs()));
        g.writeNumberField("pid", s.track().pid);
        g.writeNumberField("tid", s.track().tid);
        g.writeObjectField("args", s.args());
        g.writeEndObject();
    }

    /**
     * The flow event of a frame's hop {@code i} of {@code n}: the start at its first hop, a step at each
     * other, the end at its last, each at the hop's start and binding to the hop's slice.
     */
    private static void flow(JsonGenerator g, Slice h, int i, int n) throws IOException {
        g.writeStartObject();
        g.writeStringField("name", h.pn() >= 0 ? "PN " + h.pn() : "frame " + h.frame());
        g.writeStringField("cat", "frame");
        g.writeStringField("ph", i == 0 ? "s" : i == n - 1 ? "f" : "t");
        g.writeNumberField("id", h.frame());
        g.writeFieldName("ts");
        g.writeNumber(us(h.startNs()));
        g.writeNumberField("pid", h.track().pid);
        g.writeNumberField("tid", h.track().tid);
        g.writeStringField("bp", "e");
        g.writeEndObject();
    }

    /** Nanoseconds as microseconds, exactly: {@code 159357} as {@code 159.357}. */
    static BigDecimal us(double ns) {
        return BigDecimal.valueOf(Math.round(ns), 3);
    }

}
