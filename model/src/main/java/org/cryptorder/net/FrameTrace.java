package org.cryptorder.net;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;
import org.cryptorder.host.Context;
import org.cryptorder.host.Cpu;
import org.cryptorder.host.NapiPoll;
import org.cryptorder.host.Task;
import org.cryptorder.host.Work;

/**
 * A narrated record of the first frames of a run: every step each followed frame takes, with the
 * time, host, CPU, context and the reason for what happened ("FPU unusable: softirq interrupted a
 * kernel FPU section, so cryptd of cpu1, position 3"). Components hold an optional trace and
 * report to it only for followed frames, so a run without a trace pays one null check per step.
 */
public final class FrameTrace {
    /** One step of one frame. */
    public record Step(double timeNs, String host, String cpu, String context, long frame, long pn, String what) {
        /** One line of narration. */
        public String format() {
            String where = cpu == null ? host : host + " " + cpu + " " + (context == null ? "" : context);
            String pnText = pn >= 0 ? " PN " + pn : "";
            return String.format(Locale.ROOT, "%12.3f us  %-22s frame %d%s: %s", timeNs / 1000, where.strip(), frame,
                    pnText, what);
        }
    }

    /** What a frame is doing during a {@link Span}. */
    public enum Kind {
        /** The sender's work: MACsec TX (PN, SecTAG) and handing the request on. */
        SEND("send, MACsec TX"),
        /** The sender's work with the encryption done inline. */
        ENCRYPT_INLINE("send, encrypt inline"),
        /** Waiting in a CPU's cryptd queue. */
        QUEUED("queued in cryptd"),
        /** The cryptd worker encrypting or decrypting it and running the completion. */
        CRYPTD_WORKER("cryptd worker"),
        /** Serialised onto the link and propagating. */
        WIRE("on the wire"),
        /** The NAPI poll in softirq: driver, MACsec RX, handing the request on. */
        SOFTIRQ_RX("softirq RX"),
        /** The NAPI poll with the decryption done inline. */
        DECRYPT_INLINE("softirq RX, decrypt inline"),
        /** The GRO cell taking it up the stack to the socket. */
        DELIVERY("delivery to the socket");

        private final String words;

        Kind(String words) {
            this.words = words;
        }

        /** For legends: {@code queued in cryptd}. */
        public String words() {
            return words;
        }
    }

    /**
     * Where one followed frame spent an interval: the structured form of the narration, for a
     * timeline chart.
     *
     * @param frame   the frame's number in the trace
     * @param pn      its MACsec packet number, or -1
     * @param host    {@code a} or {@code b}, or the link's name for {@link Kind#WIRE}
     * @param cpu     the CPU ({@code cpu0}) whose time or whose cryptd queue it is, or null on the wire
     * @param kind    what the frame was doing
     * @param startNs when it began, ns
     * @param endNs   when it ended, ns
     * @param flow    the traffic flow the frame belongs to
     */
    public record Span(long frame, long pn, String host, String cpu, Kind kind, double startNs, double endNs,
                       int flow) {
        /** The swimlane: {@code b cpu0}, {@code b cpu0 cryptd queue}, {@code wire a->b}. */
        public String lane() {
            return switch (kind) {
                case WIRE -> "wire " + host;
                case QUEUED -> host + " " + cpu + " cryptd queue";
                default -> host + " " + cpu;
            };
        }
    }

    /**
     * A piece of one CPU's busy time, whichever frame it served: what the CPU ran, as it accounts it
     * ({@link org.cryptorder.host.CpuActivity}), recorded only when asked ({@link #recordCpus}).
     *
     * @param host    {@code a} or {@code b}
     * @param cpu     the CPU's number
     * @param task    the task's name ({@code ksoftirqd/1}, {@code cryptd}, {@code udp-source0}), or null for
     *                softirq work run at an interrupt's exit
     * @param context the context the time is accounted to (ksoftirqd's: {@link Context#SOFTIRQ})
     * @param work    what ran: its class, {@code NapiPoll}, {@code Cryptd.Invocation}
     * @param softirq the softirq vector as Linux names it ({@code NET_RX}, {@code TASKLET}), for softirq work
     *                (in ksoftirqd too); null for a task's own work
     * @param startNs when the piece began, ns
     * @param endNs   when it ended, ns
     */
    public record CpuSlice(String host, int cpu, String task, Context context, String work, String softirq,
                           double startNs, double endNs) {
    }

    /**
     * A level a component reported while CPU time was recorded: a cryptd queue's length, for a
     * counter track.
     *
     * @param host   {@code a} or {@code b}
     * @param name   what it is the level of ({@code cpu0 cryptd queue})
     * @param timeNs when it took the value, ns
     * @param value  the new level
     */
    public record Level(String host, String name, double timeNs, double value) {
    }

    /**
     * A frame a component dropped while CPU time was recorded, followed or not, for an instant on the
     * trace: where, why, and which frame.
     *
     * @param host   {@code a} or {@code b}
     * @param where  the component's place on the host ({@code eth0.tx0}, {@code eth0.rx0}, {@code cpu0
     *               cryptd}, {@code macsec0})
     * @param reason the drop reason's name ({@code QDISC_FULL}, {@code RING_FULL}, {@code RX_LATE})
     * @param timeNs when, ns
     * @param pn     the frame's MACsec packet number, or -1 before MACsec TX gave it one
     * @param frame  its number in the trace when followed, else -1
     */
    public record Drop(String host, String where, String reason, double timeNs, long pn, long frame) {
    }

    private final int maxFrames;
    private final double fromNs;
    private final List<Step> steps = new ArrayList<>();
    private final List<Span> spans = new ArrayList<>();
    private final TreeSet<Long> delayed = new TreeSet<>();
    /** What each followed frame that is a TCP retransmission retransmits, in its sender's words. */
    private final Map<Long, String> retransmissions = new TreeMap<>();
    private int admitted;
    private int maxCpuSlices;
    private final List<CpuSlice> cpuSlices = new ArrayList<>();
    private double cpuSlicesCutNs = Double.POSITIVE_INFINITY;
    private final List<Level> levels = new ArrayList<>();
    /** Each level's last value, by host and name, so that a value repeated is not recorded again. */
    private final Map<String, Double> lastLevel = new TreeMap<>();
    private final List<Drop> drops = new ArrayList<>();
    /** Each level's value before the trace's start, by host and name, given at the start. */
    private final Map<String, Level> levelsBefore = new TreeMap<>();

    /** Follows the first {@code maxFrames} frames created. */
    public FrameTrace(int maxFrames) {
        this(maxFrames, 0);
    }

    /** Follows the first {@code maxFrames} frames that enter MACsec TX at or after {@code fromNs}. */
    public FrameTrace(int maxFrames, double fromNs) {
        if (maxFrames < 0) {
            throw new IllegalArgumentException("frame count must not be negative");
        }
        if (!(fromNs >= 0)) {
            throw new IllegalArgumentException("the start must be a time of at least 0 ns, not " + fromNs);
        }
        this.maxFrames = maxFrames;
        this.fromNs = fromNs;
    }

    /**
     * Also records every CPU's busy time, piece by piece ({@link CpuSlice}), from the trace's start
     * on, at most {@code max} pieces: the first ones, the rest cut ({@link #cpuSlicesCutNs}).
     */
    public FrameTrace recordCpus(int max) {
        if (max < 1) {
            throw new IllegalArgumentException("the CPU slice bound must be at least 1, not " + max);
        }
        this.maxCpuSlices = max;
        return this;
    }

    /** Whether CPU busy time is recorded. */
    public boolean recordsCpus() {
        return maxCpuSlices > 0;
    }

    /** Records what {@code cpu} of {@code host} ran, if it ends after the trace's start and the bound allows. */
    void cpuRan(String host, Cpu cpu, Task task, Work work, double startNs, double endNs) {
        if (endNs <= fromNs || startNs >= cpuSlicesCutNs) {
            return;
        }
        if (cpuSlices.size() >= maxCpuSlices) {
            cpuSlicesCutNs = startNs;
            return;
        }
        boolean softirqWork = task == null || task.context() == Context.SOFTIRQ;
        cpuSlices.add(new CpuSlice(host, cpu.id(), task == null ? null : task.name(),
                task == null ? Context.SOFTIRQ : task.context(), workName(work),
                softirqWork ? softirqVector(work) : null, startNs, endNs));
    }

    /**
     * Records that {@code name} of {@code host} took {@code value} at {@code timeNs} when CPU time is
     * recorded: from the trace's start (a value taken before it is given at the start), until the
     * CPU slices stop.
     */
    void level(String host, String name, double timeNs, double value) {
        Double last = lastLevel.put(host + " " + name, value);
        if (last != null && last == value) {
            return;
        }
        if (timeNs < fromNs) {
            levelsBefore.put(host + " " + name, new Level(host, name, fromNs, value));
        } else if (timeNs < cpuSlicesCutNs && levels.size() < maxCpuSlices) {
            Level before = levelsBefore.remove(host + " " + name);
            if (before != null && timeNs > fromNs) {
                levels.add(before);
            }
            levels.add(new Level(host, name, timeNs, value));
        }
    }

    /**
     * Records that a component of {@code host} dropped {@code p} at {@code timeNs}, under the same
     * bounds as the levels: from the trace's start until the CPU slices stop, at most as many as CPU
     * slices.
     */
    void dropped(String host, String where, Enum<?> reason, double timeNs, Packet p) {
        if (timeNs >= fromNs && timeNs < cpuSlicesCutNs && drops.size() < maxCpuSlices) {
            long pn = p == null || p.frame() == null ? -1 : p.frame().pn();
            drops.add(new Drop(host, where, reason.name(), timeNs, pn, p != null && p.traceNo >= 0 ? p.traceNo : -1));
        }
    }

    /** The drops recorded ({@link #dropped}), in the order they happened. */
    public List<Drop> drops() {
        return List.copyOf(drops);
    }

    /** The levels recorded, in the order they were taken (at one instant, the last is the level after it). */
    public List<Level> levels() {
        List<Level> all = new ArrayList<>(levels);
        all.addAll(levelsBefore.values());
        all.sort((x, y) -> Double.compare(x.timeNs(), y.timeNs()));
        return all;
    }

    /** {@code NapiPoll}, {@code Cryptd.Invocation}: the class of a piece of work, named from its outer class. */
    static String workName(Work w) {
        if (w == null) {
            return "";
        }
        Class<?> c = w.getClass();
        while (c.isAnonymousClass()) {
            c = c.getSuperclass();
        }
        String name = c.getSimpleName();
        for (Class<?> outer = c.getEnclosingClass(); outer != null; outer = outer.getEnclosingClass()) {
            name = outer.getSimpleName() + "." + name;
        }
        return name;
    }

    /**
     * The softirq vector Linux runs such work under: NAPI polls (RX, GRO, TX clean) and TCP's sends
     * after an ACK NET_RX, the TSQ tasklet TASKLET; {@code softirq} where the model does not say which
     * (a UDP source sending from softirq stands for a send from NET_RX or a timer alike).
     */
    static String softirqVector(Work w) {
        String n = workName(w);
        if (w instanceof NapiPoll || n.endsWith("CleanPoll") || n.endsWith("SoftirqTx")) {
            return "NET_RX";
        }
        if (n.endsWith("Tasklet")) {
            return "TASKLET";
        }
        return n.contains("Timer") || n.contains("Rto") ? "TIMER" : "softirq";
    }

    /** The CPUs' busy time recorded, by start time (empty unless {@link #recordCpus} was called). */
    public List<CpuSlice> cpuSlices() {
        return byTime(cpuSlices, CpuSlice::startNs);
    }

    /** When the CPU slices stop for the bound, ns; infinite when none was cut. */
    public double cpuSlicesCutNs() {
        return cpuSlicesCutNs;
    }

    /** What a CPU is running, for the narration: {@code softirq}, {@code ksoftirqd}, {@code kworker}, {@code task}, or "". */
    static String contextName(Cpu cpu) {
        Context c = cpu.context();
        if (c == null) {
            return null;
        }
        return cpu.inKsoftirqd() ? "ksoftirqd" : contextName(c);
    }

    static String contextName(Context c) {
        return switch (c) {
            case SOFTIRQ -> "softirq";
            case KERNEL_WORKER -> "kworker";
            case USER_TASK -> "task";
        };
    }

    /**
     * Starts following a frame entering MACsec TX at {@code nowNs} if that is not before the start
     * and fewer than the maximum are followed.
     */
    public void admit(Packet p, double nowNs) {
        if (admitted < maxFrames && nowNs >= fromNs) {
            p.traceNo = admitted++;
        }
    }

    /** Whether a frame is followed. */
    public static boolean follows(FrameTrace t, Packet p) {
        return t != null && p.traceNo >= 0;
    }

    /** Records a step of a followed frame, where {@code cpu} is (or null for the wire). */
    public void step(String host, Cpu cpu, Packet p, long pn, String what) {
        double now = cpu != null ? cpu.now() : p.arrivesAt;
        steps.add(new Step(now, host, cpu == null ? null : cpu.name(), cpu == null ? null : contextName(cpu),
                p.traceNo, pn, what));
    }

    /** Records a step at a given time (for events outside any CPU, such as the wire). */
    public void stepAt(double timeNs, String host, Packet p, long pn, String what) {
        steps.add(new Step(timeNs, host, null, null, p.traceNo, pn, what));
    }

    /** Records an interval of a followed frame on a CPU ({@code cpu} null: on the wire, {@code host} the link). */
    public void span(Packet p, long pn, String host, Cpu cpu, Kind kind, double startNs, double endNs) {
        spans.add(new Span(p.traceNo, pn, host, cpu == null ? null : cpu.name(), kind, startNs, endNs, p.flow()));
        if (p.retransmission() != null) {
            retransmissions.putIfAbsent((long) p.traceNo, p.retransmission());
        }
    }

    /**
     * The followed frames that are TCP retransmissions, by frame number, with what each retransmits
     * ({@code retransmission of 5792:7240 (RACK)}, as the captures' comments say it).
     */
    public Map<Long, String> retransmissions() {
        return java.util.Collections.unmodifiableMap(retransmissions);
    }

    /** Notes that a followed frame was counted InPktsDelayed (validated after a later frame). */
    public void delayed(Packet p) {
        delayed.add((long) p.traceNo);
    }

    /** The intervals, by start time. */
    public List<Span> spans() {
        List<Span> sorted = new ArrayList<>(spans);
        sorted.sort((x, y) -> Double.compare(x.startNs(), y.startNs()));
        return sorted;
    }

    /** The followed frames counted InPktsDelayed, in increasing order. */
    public SortedSet<Long> delayedFrames() {
        return Collections.unmodifiableSortedSet(delayed);
    }

    /** The steps in the order they happened. */
    public List<Step> steps() {
        return byTime(steps, Step::timeNs);
    }

    /** A copy of {@code recorded} sorted by {@code timeNs}, those of the same time in the order recorded. */
    private static <T> List<T> byTime(List<T> recorded, ToDoubleFunction<T> timeNs) {
        List<T> sorted = new ArrayList<>(recorded);
        sorted.sort(Comparator.comparingDouble(timeNs));
        return sorted;
    }

    public int followed() {
        return admitted;
    }
}
