package org.cryptorder.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.cryptorder.charts.TimelineChart;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.experiment.file.ExperimentFile;
import org.cryptorder.experiment.RunModel;
import org.cryptorder.experiment.records.Experiment;
import org.cryptorder.experiment.records.ResolvedRun;
import org.cryptorder.experiment.replication.DatapathRunModel;
import org.cryptorder.experiment.replication.RunCapture;
import org.cryptorder.net.FrameTrace;
import org.cryptorder.transport.tcp.trace.TcpSequenceTrace;
import org.cryptorder.transport.tcp.trace.TcpTrace;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code cryptorder explain FILE [--configuration I] [--frames N] [--from-us T | --around-first-reordered]
 * [--tcp [--tcp-events N] [--tcp-around-seq S]] [--tcp-sequence OUT [--to-us T]] [--pcap DIR] [--perfetto OUT.json]
 * [--frames-csv OUT.csv]}: the narrated timeline of the first
 * frames of replication 0 of one configuration (the first unless {@code --configuration}), or of
 * those from simulated time T, or from a few frames before the first one counted InPktsDelayed, for
 * teaching: every step of every followed frame with time, host, CPU, context and why, and the
 * moments where order broke; or the TCP senders' loss-recovery decisions ({@link TcpTraceOptions});
 * the same replication's captures ({@link PcapOptions}); and the followed frames with what each CPU ran
 * meanwhile as a trace for ui.perfetto.dev ({@link PerfettoOptions}); and a row per followed frame and hop
 * for notebooks ({@link FramesCsv}); and the first TCP flow's time-sequence graph ({@link
 * TcpSequenceOptions}).
 */
@Command(name = "explain", mixinStandardHelpOptions = true,
        description = {"Narrates the first frames of one run of an experiment, step by step.",
            "Each step of each followed frame gets its time (us), host, CPU, context and why; the frames"
                + " delivered after a later one (counted InPktsDelayed) are marked with !. The same timeline is"
                + " drawn as a chart of swimlanes, one per CPU and cryptd queue (PNG and SVG; see --chart).",
            "--from-us or --around-first-reordered start the narration later, where it matters; --tcp narrates"
                + " TCP's loss-recovery decisions instead; --pcap also writes the run's captures for Wireshark;"
                + " --perfetto a trace of the followed frames and the CPUs for ui.perfetto.dev; --frames-csv a"
                + " table of them for notebooks; --tcp-sequence TCP's time-sequence graph, as Wireshark's"
                + " tcptrace graph."})
final class ExplainCommand implements Callable<Integer> {
    /** How many frames before the first reordered one {@code --around-first-reordered} starts. */
    static final int LEAD_FRAMES = 5;
    /** Frames followed unless {@code --frames} says otherwise (none with {@code --tcp}). */
    static final int DEFAULT_FRAMES = 40;

    @Spec
    CommandSpec spec;

    @Mixin
    SetOption set = new SetOption();

    @Parameters(paramLabel = "FILE", description = "The experiment file.")
    Path file;

    @Option(names = "--configuration", paramLabel = "K", defaultValue = "0",
            description = "Which configuration of the sweep, counted from 0 in the order run uses (default: ${DEFAULT-VALUE}).")
    int configuration;

    @Option(names = "--frames", paramLabel = "N",
            description = "How many frames to follow, in order of creation, both directions (default: "
                    + DEFAULT_FRAMES + "; with --tcp none unless given).")
    Integer frames;

    @Option(names = "--from-us", paramLabel = "T",
            description = "Follow the frames that enter MACsec TX from simulated time T (us) on, not from the start.")
    Double fromUs;

    @Option(names = "--around-first-reordered",
            description = "Start " + LEAD_FRAMES + " frames before the first frame counted InPktsDelayed (found by a"
                    + " first run of the same replication).")
    boolean aroundFirstReordered;

    @Mixin
    TcpTraceOptions tcp = new TcpTraceOptions();

    @Mixin
    PcapOptions pcap = new PcapOptions();

    @Mixin
    PerfettoOptions perfetto = new PerfettoOptions();

    @Mixin
    FramesCsv framesCsv = new FramesCsv();

    @Mixin
    TcpSequenceOptions sequence = new TcpSequenceOptions();

    @Option(names = "--chart", paramLabel = "PATH",
            description = "Where to write the timeline chart, a .png file (the SVG goes beside it; default:"
                    + " results/<name>/explain/timeline-<K>.png).")
    Path chart;

    /** How many configurations that reorder the hint after a configuration that does not names at most. */
    static final int SUGGESTED = 3;

    /**
     * The configurations, other than the one asked for, whose replication 0 counts a frame
     * InPktsDelayed (at most {@value #SUGGESTED}, searched in sweep order), as a hint to append: each
     * run again from its start, as {@code --around-first-reordered} would.
     */
    private String reorderingElsewhere(ExperimentFile f, DatapathRunModel model) throws RunModel.ModelException {
        if (f.configurations().size() < 2) {
            return "";
        }
        List<String> found = new java.util.ArrayList<>();
        int first = -1;
        for (int i = 0; i < f.configurations().size() && found.size() < SUGGESTED; i++) {
            if (i == configuration) {
                continue;
            }
            ResolvedRun other = f.configurations().get(i);
            if (model.firstDelayedNs(other, new StreamRegistry(f.experiment().run().seed()), 0, LEAD_FRAMES) >= 0) {
                found.add(i + " (" + other.point().label() + ")");
                first = first < 0 ? i : first;
            }
        }
        if (found.isEmpty()) {
            return "; nor was one in any other configuration: this experiment does not reorder";
        }
        return "; " + (found.size() == 1 ? "configuration " + found.get(0) + " reorders"
                : "configurations " + String.join(", ", found) + " reorder") + ": try --configuration " + first;
    }

    @Override
    public Integer call() throws Exception {
        boolean tracingTcp = tcp.on(spec);
        boolean graphing = sequence.on(spec);
        int followed = frames != null ? new OptionRange("--frames", 1, 100_000).check(spec, frames)
                : tracingTcp || graphing ? 0 : DEFAULT_FRAMES;
        String without = tracingTcp ? "--tcp" : "--tcp-sequence";
        if (chart != null && followed == 0) {
            throw new ParameterException(spec.commandLine(), "--chart draws the followed frames: with "
                    + without + ", give --frames too");
        }
        if (fromUs != null && aroundFirstReordered) {
            throw new ParameterException(spec.commandLine(), "--from-us and --around-first-reordered both say where to"
                    + " start: give one");
        }
        boolean capturing = pcap.on(spec);
        boolean tracing = perfetto.on(spec);
        if (tracing && followed == 0) {
            throw new ParameterException(spec.commandLine(), "--perfetto traces the followed frames: with "
                    + without + ", give --frames too");
        }
        boolean tabling = framesCsv.on(spec);
        if (tabling && followed == 0) {
            throw new ParameterException(spec.commandLine(), "--frames-csv tables the followed frames: with "
                    + without + ", give --frames too");
        }
        if (chart != null && !chart.getFileName().toString().endsWith(".png")) {
            throw new ParameterException(spec.commandLine(), "--chart: a file name ending in .png, got " + chart);
        }
        PrintWriter out = spec.commandLine().getOut();
        List<ExperimentFiles.Loaded> loaded = ExperimentFiles.load(List.of(file), set.values(spec.commandLine()),
                spec.commandLine().getErr());
        if (!loaded.get(0).ok()) {
            return 2;
        }
        ExperimentFile f = loaded.get(0).file();
        new OptionRange("--configuration", 0, f.configurations().size() - 1, "for " + file).check(spec, configuration);
        pcap.checkCapturable(spec, f);
        tcp.checkTraceable(spec, f);
        if (graphing) {
            sequence.checkDrawable(spec, f);
        }
        if (f.experiment().wifi() != null) {
            throw new ParameterException(spec.commandLine(), file + " is a WiFi station experiment: explain follows"
                    + " MACsec frames, and it has none");
        }
        double endUs = (f.experiment().run().durationS() * 1e3 + DatapathRunModel.DRAIN_MS) * 1e3;
        if (fromUs != null) {
            new OptionRange("--from-us", 0, endUs, "us (the run's end, drain included)").check(spec, fromUs);
        }
        ResolvedRun run = f.configurations().get(configuration);
        DatapathRunModel model = new DatapathRunModel(ExperimentFiles.profiles());
        StreamRegistry streams = new StreamRegistry(f.experiment().run().seed());
        RunCapture capture = capturing ? pcap.newCapture() : null;
        FrameTrace trace;
        TcpTrace decisions = null;
        TcpSequenceTrace graph = null;
        double fromNs = fromUs == null ? 0 : fromUs * 1e3;
        try {
            if (aroundFirstReordered) {
                fromNs = model.firstDelayedNs(run, streams, 0, LEAD_FRAMES);
                if (fromNs < 0) {
                    spec.commandLine().getErr().println("cryptorder explain: no frame of replication 0"
                            + (f.sweepKeys().isEmpty() ? "" : " of configuration " + configuration + " ("
                            + run.point().label() + ")") + " was counted InPktsDelayed, so there is no first"
                            + " reordered frame to start around" + reorderingElsewhere(f, model));
                    return 1;
                }
            }
            decisions = tracingTcp ? tcp.newTrace(fromNs) : null;
            graph = graphing ? sequence.newTrace(spec, fromUs != null || aroundFirstReordered, fromNs) : null;
            FrameTrace following = new FrameTrace(followed, fromNs);
            trace = model.trace(run, streams, 0, tracing ? perfetto.prepare(following) : following, capture, decisions,
                    graph);
        } catch (RunModel.ModelException e) {
            spec.commandLine().getErr().println("cryptorder explain: " + e.getMessage());
            return 1;
        }
        boolean fromStart = fromUs == null && !aroundFirstReordered;
        List<String> what = new java.util.ArrayList<>();
        if (decisions != null) {
            what.add("TCP decisions");
        }
        if (followed > 0) {
            what.add((fromStart ? "first " : "") + trace.followed() + " frames");
        }
        if (graph != null) {
            what.add("TCP time-sequence graph");
        }
        out.println("# " + f.experiment().name() + ": " + String.join(" and ", what)
                + (fromStart ? "" : String.format(Locale.ROOT, " from %.3f us", fromNs / 1e3))
                + (aroundFirstReordered ? " (up to " + LEAD_FRAMES + " before the first counted InPktsDelayed)" : "")
                + ", replication 0" + (f.sweepKeys().isEmpty() ? "" : " of " + run.point().label()));
        if (followed > 0) {
            out.println("# time since start, where (host, CPU, context), frame number, its PN, what happened and why");
        }
        if (decisions != null) {
            tcp.print(decisions, trace, out);
        } else if (followed > 0) {
            trace.steps().forEach(s -> out.println((delayed(s) ? "!" : " ") + s.format()));
        }
        if (followed > 0) {
            out.println("# " + trace.steps().stream().filter(ExplainCommand::delayed).count() + " of the followed"
                    + " frames were delivered after a later frame (marked !: counted InPktsDelayed)");
        }
        if (capture != null) {
            try {
                PcapOptions.write(pcap.dir, f, run, capture, pcap.format(), out);
                PcapOptions.writeKeys(pcap.dir, capture.keys(), out);
            } catch (IOException e) {
                spec.commandLine().getErr().println("cryptorder explain: captures not written: " + e.getMessage());
                return 1;
            }
        }
        if (graph != null) {
            try {
                sequence.write(graph, f.experiment().name() + ": TCP time-sequence graph",
                        (f.sweepKeys().isEmpty() ? "" : run.point().label() + ", ") + "replication 0, " + flowOf(f)
                        + ": the sender's view, as tcptrace draws it", out);
            } catch (IOException | RuntimeException | LinkageError | InternalError e) {
                out.flush();
                spec.commandLine().getErr().println("cryptorder explain: TCP time-sequence graph not written: "
                        + ChartRendering.oneLine(e.getMessage() == null ? e.toString() : e.getMessage()));
                return 1;
            }
        }
        if (followed == 0) {
            out.flush();
            return 0;
        }
        if (tracing) {
            try {
                perfetto.write(trace, decisions, title(f, run, trace), out);
            } catch (IOException e) {
                out.flush();
                spec.commandLine().getErr().println("cryptorder explain: Perfetto trace not written: " + e.getMessage());
                return 1;
            }
        }
        if (tabling) {
            try {
                int rows = framesCsv.write(trace, List.of("# " + title(f, run, trace) + ", replication 0"));
                out.println("# frames table: " + framesCsv.file + " (" + rows + " rows, one per frame and hop)");
            } catch (IOException e) {
                out.flush();
                spec.commandLine().getErr().println("cryptorder explain: frames table not written: " + e.getMessage());
                return 1;
            }
        }
        return writeChart(f, run, trace, out);
    }

    /** {@code TCP flow 0 of 2 (host a to b)}. */
    private static String flowOf(ExperimentFile f) {
        int flows = f.experiment().traffic().stream().filter(t -> t instanceof Experiment.TcpTraffic)
                .mapToInt(t -> {
                    Integer n = ((Experiment.TcpTraffic) t).flows();
                    return n == null ? 1 : n;
                }).sum();
        return "TCP flow 0" + (flows > 1 ? " of " + flows : "") + " (a to b)";
    }

    /** Whether a step is a frame delivered after a later one (counted InPktsDelayed). */
    static boolean delayed(FrameTrace.Step s) {
        return s.what().contains("InPktsDelayed");
    }

    /** The chart's and the Perfetto trace's title: {@code e: the first 40 frames, crypto.policy=async}. */
    private String title(ExperimentFile f, ResolvedRun run, FrameTrace trace) {
        return f.experiment().name() + ": " + (trace.steps().isEmpty() || !(fromUs != null || aroundFirstReordered)
                ? "the first " + trace.followed() + " frames" : trace.followed() + " frames from "
                + String.format(Locale.ROOT, "%.1f us", trace.steps().get(0).timeNs() / 1e3))
                + (f.sweepKeys().isEmpty() ? "" : ", " + run.point().label());
    }

    /** The timeline chart (PNG and SVG); says where it went, or why it could not be written (status 1). */
    private int writeChart(ExperimentFile f, ResolvedRun run, FrameTrace trace, PrintWriter out) {
        Path png = chart != null ? chart : Path.of("results", f.experiment().name(), "explain",
                "timeline-" + configuration + ".png");
        try {
            TimelineChart.Written w = TimelineChart.write(trace, title(f, run, trace),
                    TimelineChart.heldFixed(f.resolvedJson(Map.of())), png);
            out.println("# timeline chart: " + w.png() + " and " + w.svg().getFileName());
            out.flush();
            return 0;
        } catch (IOException | RuntimeException | LinkageError | InternalError e) {
            out.flush();
            spec.commandLine().getErr().println("cryptorder explain: timeline chart not written: "
                    + ChartRendering.oneLine(e.getMessage() == null ? e.toString() : e.getMessage()));
            return 1;
        }
    }
}
