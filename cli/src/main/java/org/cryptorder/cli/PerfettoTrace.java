package org.cryptorder.cli;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import org.cryptorder.cli.PerfettoTracks.Track;
import org.cryptorder.host.Context;
import org.cryptorder.net.FrameTrace;
import org.cryptorder.net.FrameTrace.CpuSlice;
import org.cryptorder.net.FrameTrace.Kind;
import org.cryptorder.net.FrameTrace.Span;
import org.cryptorder.net.FrameTrace.Step;
import org.cryptorder.transport.tcp.trace.TcpTrace;

/**
 * A {@link FrameTrace} as a Chrome Trace Event Format file (JSON), which ui.perfetto.dev and {@code
 * chrome://tracing} open: a process per host and per link direction; per CPU a thread track of what
 * the CPU ran ({@code NET_RX} softirq passes, {@code ksoftirqd/1}, {@code kworker/1:1} for cryptd,
 * {@code iperf3}, the kernel FPU user), with the followed frames' work nested in it where it fits, and
 * thread tracks for the frames' work that does not nest, the cryptd queue and the wire; a flow (arrow)
 * per frame across its hops. The instants (InPktsDelayed, drops with their reason, TCP's decisions)
 * are {@link PerfettoInstants}'; the counter tracks (queue lengths, BQL, TCP's cwnd) {@link
 * PerfettoCounters}'; the processes and tracks {@link PerfettoTracks}'.
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

    /** A slice to write: its track, name, times, args and, for a frame's hop, the frame. */
    private record Slice(Track track, String name, String cat, double startNs, double endNs, Map<String, Object> args,
                         long frame, long pn) {
    }

    private final PerfettoTracks tracks = new PerfettoTracks();

    private PerfettoTrace() {
    }

    /**
     * Writes {@code trace} to {@code file}: its followed frames, and the CPUs' busy time from the first
     * followed frame's first hop to the last one's last (as far as the trace recorded it).
     */
    static Written write(FrameTrace trace, String title, Path file) throws IOException {
        return write(trace, null, title, file);
    }

    /**
     * As {@link #write(FrameTrace, String, Path)}, with, unless {@code tcp} is null, the TCP senders'
     * decisions ({@code explain --tcp}) as instants on a track per flow of host a, and the sender's
     * cwnd and packets in flight after each decision and each ACK as a counter track.
     */
    static Written write(FrameTrace trace, TcpTrace tcp, String title, Path file) throws IOException {
        return new PerfettoTrace().writeTrace(trace, tcp, title, file);
    }

    private Written writeTrace(FrameTrace trace, TcpTrace tcp, String title, Path file) throws IOException {
        List<TcpTrace.Line> decisions = tcp == null ? List.of() : tcp.lines();
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
        List<Slice> contexts = contextSlices(trace.cpuSlices(), from, to);
        List<Slice> slices = new ArrayList<>(contexts);
        slices.addAll(frameSlices(spans, steps, contexts));
        List<Map<String, Object>> instants = new PerfettoInstants(tracks).collect(steps, trace.drops(), decisions, from,
                to);
        int flows = 0;
        int counters;
        Files.createDirectories(file.toAbsolutePath().getParent());
        try (JsonGenerator g = new ObjectMapper().getFactory().createGenerator(file.toFile(), JsonEncoding.UTF8)) {
            g.writeStartObject();
            g.writeArrayFieldStart("traceEvents");
            tracks.writeMetadata(g);
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
            PerfettoCounters levels = new PerfettoCounters(tracks);
            counters = levels.levels(g, trace.levels(), to) + levels.tcp(g, tcp, to);
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
        return new Written(file, slices.size() - waits, waits, flows, instants.size(), counters,
                trace.cpuSlicesCutNs());
    }

    private int pid(String process) {
        return tracks.pid(process);
    }

    private Track track(String process, String name, int sortIndex) {
        return tracks.track(process, name, sortIndex);
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
                args.put("wait_us", PerfettoTracks.us(s.endNs() - s.startNs()));
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
        Track own = tracks.existing(process, s.cpu());
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
            g.writeNumber(PerfettoTracks.us(ph.equals("b") ? s.startNs() : s.endNs()));
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
        g.writeNumber(PerfettoTracks.us(s.startNs()));
        g.writeFieldName("dur");
        g.writeNumber(PerfettoTracks.us(s.endNs() - s.startNs()));
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
        g.writeNumber(PerfettoTracks.us(h.startNs()));
        g.writeNumberField("pid", h.track().pid);
        g.writeNumberField("tid", h.track().tid);
        g.writeStringField("bp", "e");
        g.writeEndObject();
    }

}
