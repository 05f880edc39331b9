package org.cryptorder.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The processes and thread tracks of a {@link PerfettoTrace}: a process id per host and link
 * direction, a thread id per track within it, made on first use, and their names and order as
 * metadata events ({@code process_name}, {@code thread_name}, their sort indexes).
 */
final class PerfettoTracks {
    /** Sort index of a host's component tracks ({@code eth0.tx0}, {@code macsec0}): below its CPUs. */
    static final int COMPONENT_SORT = 50_000;
    /** Sort index of a TCP flow's track: last. */
    static final int TCP_SORT = 100_000;

    /** One thread track: its process and thread ids, name, and the ends of the slices open on it (for nesting). */
    static final class Track {
        final int pid;
        final int tid;
        final String name;
        final int sortIndex;
        private final Deque<Double> open = new ArrayDeque<>();

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

    private final Map<String, Integer> pids = new TreeMap<>();
    private final Map<String, Track> tracks = new LinkedHashMap<>();
    private final Map<Integer, String> processNames = new TreeMap<>();

    /** The process id of {@code process} ({@code host b}, {@code link a->b}), made on first use. */
    int pid(String process) {
        return pids.computeIfAbsent(process, k -> {
            int pid = pids.size() + 1;
            processNames.put(pid, k);
            return pid;
        });
    }

    /** Whether {@code process} has an id. */
    boolean hasProcess(String process) {
        return pids.containsKey(process);
    }

    /** The thread track {@code name} of {@code process}, made on first use with the next thread id. */
    Track track(String process, String name, int sortIndex) {
        return tracks.computeIfAbsent(process + "\n" + name, k -> {
            int pid = pid(process);
            int tid = (int) tracks.values().stream().filter(t -> t.pid == pid).count() + 1;
            return new Track(pid, tid, name, sortIndex);
        });
    }

    /** The thread track {@code name} of {@code process}, or null when none was made. */
    Track existing(String process, String name) {
        return tracks.get(process + "\n" + name);
    }

    /** The names and order of every process and track made so far, as metadata events. */
    void writeMetadata(JsonGenerator g) throws IOException {
        for (Map.Entry<Integer, String> p : processNames.entrySet()) {
            metadata(g, "process_name", p.getKey(), null, "name", p.getValue());
            metadata(g, "process_sort_index", p.getKey(), null, "sort_index", p.getKey());
        }
        for (Track t : tracks.values()) {
            metadata(g, "thread_name", t.pid, t.tid, "name", t.name);
            metadata(g, "thread_sort_index", t.pid, t.tid, "sort_index", t.sortIndex);
        }
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

    /** Writes {@code "ts"}: nanoseconds as the format's microseconds, exactly ({@link #us}). */
    static void ts(JsonGenerator g, double ns) throws IOException {
        g.writeFieldName("ts");
        g.writeNumber(us(ns));
    }

    /** Nanoseconds as microseconds, exactly: {@code 159357} as {@code 159.357}. */
    static BigDecimal us(double ns) {
        return BigDecimal.valueOf(Math.round(ns), 3);
    }
}
