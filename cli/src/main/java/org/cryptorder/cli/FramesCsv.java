package org.cryptorder.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.zip.GZIPOutputStream;
import org.cryptorder.experiment.output.Csv;
import org.cryptorder.net.FrameTrace;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code --frames-csv OUT.csv} of {@code explain}: the followed frames as a tidy table, one row per
 * frame and hop ({@link FrameTrace#spans}), for notebooks (pandas, R) to compute reorder densities
 * (RFC 5236) or other metrics from. Gzip-compressed when the name ends in {@code .csv.gz}.
 *
 * <p>The cells are written as the result tables write theirs ({@link Csv}), under {@code #} comment
 * lines saying what was followed; times are the simulated nanoseconds, rounded to the nanosecond as
 * the Perfetto trace has them. A frame's delivery rank is the order in which the receiver's MACsec
 * RX validated it (the verdict step of the narration), among the followed frames; its overtaken-by
 * count is the number of followed frames of the same direction with a higher PN validated before
 * it, so near the end of the followed window a frame may also have been overtaken by frames that
 * were not followed, which this count does not see.
 */
final class FramesCsv {
    /** The columns, in order. */
    static final List<String> COLUMNS = List.of("frame", "pn", "direction", "flow", "hop", "kind", "host", "cpu",
            "context", "route", "start_ns", "end_ns", "duration_ns", "delivery_rank", "in_pkts_delayed",
            "overtaken_by", "retransmission");

    @Option(names = "--frames-csv", paramLabel = "OUT",
            description = "Also write a row per followed frame and hop (times in ns, route, delivery rank,"
                    + " InPktsDelayed) for notebooks; gzip when the name ends in .csv.gz (see docs/explain.md).")
    Path file;

    /**
     * Whether a table was asked for; checks the name and that the file can be written (bad usage:
     * exit 2), making its folder.
     */
    boolean on(CommandSpec spec) {
        if (file == null) {
            return false;
        }
        String name = file.getFileName() == null ? "" : file.getFileName().toString();
        if (!name.endsWith(".csv") && !name.endsWith(".csv.gz")) {
            throw new ParameterException(spec.commandLine(), "--frames-csv: a file name ending in .csv or .csv.gz,"
                    + " got " + file);
        }
        if (Files.isDirectory(file)) {
            throw new ParameterException(spec.commandLine(), "--frames-csv: " + file + " is a folder; give a file"
                    + " name");
        }
        OutputFolder.prepare(spec, "--frames-csv", file, file);
        return true;
    }

    /** Writes the table under the comment lines and returns how many rows it has. */
    int write(FrameTrace trace, List<String> comments) throws IOException {
        List<List<String>> rows = rows(trace);
        try (OutputStream raw = Files.newOutputStream(file);
             OutputStream o = file.getFileName().toString().endsWith(".gz") ? new GZIPOutputStream(raw) : raw;
             Writer w = new OutputStreamWriter(o, StandardCharsets.UTF_8)) {
            for (String c : comments) {
                w.write(c + "\n");
            }
            w.write(Csv.line(COLUMNS) + "\n");
            for (List<String> r : rows) {
                w.write(Csv.line(r) + "\n");
            }
        }
        return rows.size();
    }

    /** Whether a step is the receiver's MACsec RX verdict on a frame (the moment it is validated). */
    static boolean validation(FrameTrace.Step s) {
        return s.what().startsWith("MACsec RX: ") || s.what().startsWith("decrypted; ");
    }

    /** {@code inline} or {@code cryptd} for the spans whose kind says the route, else "". */
    static String route(FrameTrace.Kind k) {
        return switch (k) {
            case ENCRYPT_INLINE, DECRYPT_INLINE -> "inline";
            case QUEUED, CRYPTD_WORKER -> "cryptd";
            default -> "";
        };
    }

    /** The rows: the spans by frame, then start; each with what is known of its frame. */
    static List<List<String>> rows(FrameTrace trace) {
        List<FrameTrace.Step> steps = trace.steps();
        Map<Long, List<FrameTrace.Step>> stepsOf = new HashMap<>();
        steps.forEach(t -> stepsOf.computeIfAbsent(t.frame(), k -> new ArrayList<>()).add(t));
        Map<Long, List<FrameTrace.Span>> byFrame = new TreeMap<>();
        for (FrameTrace.Span s : trace.spans()) {
            byFrame.computeIfAbsent(s.frame(), k -> new ArrayList<>()).add(s);
        }
        Map<Long, String> direction = new HashMap<>();
        Map<Long, Long> pnOf = new HashMap<>();
        byFrame.forEach((f, spans) -> {
            for (FrameTrace.Span s : spans) {
                if (s.kind() == FrameTrace.Kind.WIRE) {
                    direction.putIfAbsent(f, s.host());
                }
                if (s.pn() >= 0) {
                    pnOf.putIfAbsent(f, s.pn());
                }
            }
        });
        // delivery rank and overtaken-by, in the order the receivers validated the frames
        Map<Long, Integer> rank = new HashMap<>();
        Map<Long, Integer> overtaken = new HashMap<>();
        Map<String, List<Long>> validatedPns = new HashMap<>();
        for (FrameTrace.Step s : steps) {
            if (!validation(s) || rank.containsKey(s.frame())) {
                continue;
            }
            rank.put(s.frame(), rank.size());
            Long pn = pnOf.get(s.frame());
            String dir = direction.get(s.frame());
            if (pn != null && dir != null) {
                List<Long> before = validatedPns.computeIfAbsent(dir, k -> new ArrayList<>());
                overtaken.put(s.frame(), (int) before.stream().filter(p -> p > pn).count());
                before.add(pn);
            }
        }
        Set<Long> delayed = trace.delayedFrames();
        Map<Long, String> retransmitted = trace.retransmissions();
        List<List<String>> rows = new ArrayList<>();
        byFrame.forEach((f, spans) -> {
            int hop = 0;
            for (FrameTrace.Span s : spans) {
                long start = Math.round(s.startNs());
                long end = Math.round(s.endNs());
                rows.add(List.of(Long.toString(f), pnOf.containsKey(f) ? Long.toString(pnOf.get(f)) : "",
                        direction.getOrDefault(f, ""), Integer.toString(s.flow()), Integer.toString(hop++),
                        s.kind().name().toLowerCase(java.util.Locale.ROOT), s.host(), s.cpu() == null ? "" : s.cpu(),
                        context(s, stepsOf.getOrDefault(f, List.of())), route(s.kind()), Long.toString(start), Long.toString(end),
                        Long.toString(end - start), rank.containsKey(f) ? Integer.toString(rank.get(f)) : "",
                        Boolean.toString(delayed.contains(f)),
                        overtaken.containsKey(f) ? Integer.toString(overtaken.get(f)) : "",
                        retransmitted.getOrDefault(f, "").replaceFirst("^retransmission of ", "")));
            }
        });
        return rows;
    }

    /**
     * The context the CPU ran the span's work in, as the narration gives it at a step of the frame on
     * that host and CPU within the span ({@code steps}: the frame's); "" for the wire, a cryptd queue, or when no step says.
     */
    static String context(FrameTrace.Span s, List<FrameTrace.Step> steps) {
        if (s.cpu() == null || s.kind() == FrameTrace.Kind.QUEUED) {
            return "";
        }
        for (FrameTrace.Step t : steps) {
            if (s.host().equals(t.host()) && s.cpu().equals(t.cpu())
                    && t.context() != null && t.timeNs() >= s.startNs() && t.timeNs() <= s.endNs()) {
                return t.context();
            }
        }
        return "";
    }
}
