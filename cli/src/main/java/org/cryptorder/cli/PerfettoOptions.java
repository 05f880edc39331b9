package org.cryptorder.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.cryptorder.net.FrameTrace;
import org.cryptorder.transport.tcp.trace.TcpTrace;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code --perfetto OUT.json [--perfetto-slices N]} of {@code explain}: the explained replication as a
 * Trace Event Format file for ui.perfetto.dev and {@code chrome://tracing} ({@link PerfettoTrace}).
 */
final class PerfettoOptions {
    @Option(names = "--perfetto", paramLabel = "OUT.json",
            description = "Also write the followed frames and what each CPU ran meanwhile as a trace that"
                    + " ui.perfetto.dev and chrome://tracing open (Trace Event Format, JSON): a process per host,"
                    + " a track per CPU, a flow per frame (see docs/explain.md).")
    Path file;

    @Option(names = "--perfetto-slices", paramLabel = "N",
            description = "The most pieces of CPU time the trace records (held in memory), from the first followed"
                    + " frame on; the CPU tracks stop there and the cut is noted (default: "
                    + PerfettoTrace.DEFAULT_CPU_SLICES + ").")
    Integer slices;

    /**
     * Whether a trace was asked for; checks the options and that the file can be written (bad usage:
     * exit 2), making its folder.
     */
    boolean on(CommandSpec spec) {
        if (slices != null) {
            new OptionRange("--perfetto-slices", 1, PerfettoTrace.MAX_CPU_SLICES).check(spec, slices);
            if (file == null) {
                throw new ParameterException(spec.commandLine(), "--perfetto-slices needs --perfetto OUT.json");
            }
        }
        if (file == null) {
            return false;
        }
        if (!file.getFileName().toString().endsWith(".json")) {
            throw new ParameterException(spec.commandLine(), "--perfetto: a file name ending in .json, got " + file);
        }
        if (Files.isDirectory(file)) {
            throw new ParameterException(spec.commandLine(), "--perfetto: " + file + " is a folder; give a file name");
        }
        OutputFolder.prepare(spec, "--perfetto", file, file);
        return true;
    }

    /** Has {@code trace} record the CPUs' busy time as the trace file needs it. */
    FrameTrace prepare(FrameTrace trace) {
        return trace.recordCpus(slices == null ? PerfettoTrace.DEFAULT_CPU_SLICES : slices);
    }

    /** Writes the trace file (with the TCP decisions and cwnd, unless null) and says where, with the note of a cut CPU track. */
    void write(FrameTrace trace, TcpTrace tcp, String title, PrintWriter out) throws IOException {
        PerfettoTrace.Written w = PerfettoTrace.write(trace, tcp, title, file);
        out.println("# Perfetto trace: " + w.file() + " (" + w.slices() + " slices, " + w.waits() + " cryptd waits, " + w.flows() + " flow events, "
                + w.instants() + " instants, " + w.counters() + " counter values; open it in ui.perfetto.dev or chrome://tracing)");
        double lastNs = trace.spans().stream().mapToDouble(FrameTrace.Span::endNs).max().orElse(0);
        if (w.cpuCutNs() < lastNs) {
            out.println(String.format(Locale.ROOT, "# the trace's CPU tracks stop at %.3f us, before the followed"
                    + " frames' last hop at %.3f us: --perfetto-slices %d reached", w.cpuCutNs() / 1e3, lastNs / 1e3,
                    slices == null ? PerfettoTrace.DEFAULT_CPU_SLICES : slices));
        }
        out.flush();
    }
}
