package org.cryptorder.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.cryptorder.charts.TcpSequenceChart;
import org.cryptorder.experiment.file.ExperimentFile;
import org.cryptorder.experiment.TcpSequenceFile;
import org.cryptorder.experiment.records.Experiment;
import org.cryptorder.transport.tcp.trace.TcpSequenceTrace;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code --tcp-sequence OUT [--to-us T]} of {@code explain}: the first TCP flow's time-sequence
 * graph, as Wireshark's tcptrace graph draws the sender's view ({@link TcpSequenceChart}), over a
 * window of simulated time: from {@code --from-us} or the frame {@code --around-first-reordered}
 * finds, for {@value #SPAN_US} us or to {@code --to-us}; without either, from {@value #LEAD_US} us
 * before the first segment the receiver queues out of order (or the run's first {@value #SPAN_US}
 * us if none is), found in the same run.
 */
final class TcpSequenceOptions {
    /** How long the window is unless {@code --to-us} says, us: a few dozen round trips of a 10 Gbit/s flow. */
    static final int SPAN_US = TcpSequenceFile.SPAN_US;
    /** How long before the first segment queued out of order the default window starts, us. */
    static final int LEAD_US = TcpSequenceFile.LEAD_US;
    @Option(names = "--tcp-sequence", paramLabel = "OUT",
            description = "Draw the first TCP flow's time-sequence graph, as Wireshark's tcptrace graph: segments"
                    + " sent, ACK and receive-window lines, SACK blocks, retransmissions (spurious ones marked),"
                    + " segments queued out of order at the receiver. OUT.png or OUT.svg writes that file, OUT"
                    + " without either both. The window: from --from-us or --around-first-reordered for " + SPAN_US + " us or to --to-us;"
                    + " by default from " + LEAD_US + " us before the first segment queued out of order.")
    String out;

    @Option(names = "--to-us", paramLabel = "T",
            description = "With --tcp-sequence: where the graph's window ends, simulated us (default: "
                    + SPAN_US + " us after it starts).")
    Double toUs;

    private Path png;
    private Path svg;

    /** Whether the graph was asked for; checks what can be checked before the file is read (bad usage: exit 2). */
    boolean on(CommandSpec spec) {
        if (out == null) {
            if (toUs != null) {
                throw new ParameterException(spec.commandLine(), "--to-us needs --tcp-sequence");
            }
            return false;
        }
        if (toUs != null && !(toUs > 0)) {
            throw new ParameterException(spec.commandLine(), "--to-us: a time above 0 us, got " + toUs);
        }
        files(spec, Path.of(out));
        return true;
    }

    /** Refuses an experiment without TCP traffic (bad usage: exit 2). */
    void checkDrawable(CommandSpec spec, ExperimentFile f) {
        if (f.experiment().traffic().stream().noneMatch(t -> t instanceof Experiment.TcpTraffic)) {
            throw new ParameterException(spec.commandLine(), "--tcp-sequence: " + f.file() + " has no TCP traffic;"
                    + " the graph draws a TCP flow");
        }
    }

    /** OUT.png, OUT.svg, or OUT without either for both; its folder made and writable (bad usage: exit 2). */
    private void files(CommandSpec spec, Path given) {
        String name = given.getFileName() == null ? "" : given.getFileName().toString();
        if (name.isEmpty() || Files.isDirectory(given)) {
            throw new ParameterException(spec.commandLine(), "--tcp-sequence: " + given + " is a folder; give a file"
                    + " name (OUT.png, OUT.svg, or OUT for both)");
        }
        if (name.endsWith(".png")) {
            png = given;
        } else if (name.endsWith(".svg")) {
            svg = given;
        } else if (name.contains(".")) {
            throw new ParameterException(spec.commandLine(), "--tcp-sequence: a file name ending in .png or .svg, or"
                    + " one without an extension for both, got " + given);
        } else {
            png = given.resolveSibling(name + ".png");
            svg = given.resolveSibling(name + ".svg");
        }
        OutputFolder.prepare(spec, "--tcp-sequence", given, png, svg);
    }

    /**
     * The record to attach: from {@code fromNs} (given by {@code --from-us} or {@code
     * --around-first-reordered} when {@code placed}) to {@code --to-us} or {@value #SPAN_US} us on;
     * or, neither placed nor ended, around the first segment queued out of order.
     */
    TcpSequenceTrace newTrace(CommandSpec spec, boolean placed, double fromNs) {
        long from = placed ? Math.round(fromNs) : 0;
        if (!placed && toUs == null) {
            return TcpSequenceTrace.aroundFirstOutOfOrder(LEAD_US * 1000L, SPAN_US * 1000L);
        }
        long to = toUs != null ? Math.round(toUs * 1e3) : from + SPAN_US * 1000L;
        if (to <= from) {
            throw new ParameterException(spec.commandLine(), String.format(java.util.Locale.ROOT,
                    "--to-us: the window must end after it starts, at %.3f us; got %s", from / 1e3, toUs));
        }
        return TcpSequenceTrace.window(from, to);
    }

    /** Draws the graph and says where it went and what it holds. */
    void write(TcpSequenceTrace trace, String title, String subtitle, PrintWriter out) throws IOException {
        TcpSequenceTrace.Graph g = trace.graph();
        TcpSequenceChart.Written w = TcpSequenceChart.write(g, title, subtitle, png, svg);
        List<String> files = new ArrayList<>();
        for (Path p : new Path[] {png, svg}) {
            if (p != null) {
                files.add(p.toString());
            }
        }
        out.println("# TCP time-sequence graph: " + String.join(" and ", files) + " (" + TcpSequenceChart.window(g)
                + ": " + TcpSequenceChart.summary(w.counts(), g.acks().size()) + ")");
        out.flush();
    }
}
