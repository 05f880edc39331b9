package org.cryptorder.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.cryptorder.charts.TimelineChart;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.experiment.DatapathRunModel;
import org.cryptorder.experiment.ExperimentFile;
import org.cryptorder.experiment.ResolvedRun;
import org.cryptorder.experiment.RunModel;
import org.cryptorder.net.FrameTrace;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code cryptorder explain FILE [--configuration I] [--frames N]}: the narrated timeline of the
 * first frames of replication 0 of one configuration (the first unless {@code --configuration}),
 * for teaching: every step of every followed frame with time, host, CPU, context and why, and the
 * moments where order broke.
 */
@Command(name = "explain", mixinStandardHelpOptions = true,
        description = {"Narrates the first frames of one run of an experiment, step by step.",
            "Each step of each followed frame gets its time (us), host, CPU, context and why; the frames"
                + " delivered after a later one (counted InPktsDelayed) are marked with !. The same timeline is"
                + " drawn as a chart of swimlanes, one per CPU and cryptd queue (PNG and SVG; see --chart)."})
final class ExplainCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    SetOption set = new SetOption();

    @Parameters(paramLabel = "FILE", description = "The experiment file.")
    Path file;

    @Option(names = "--configuration", paramLabel = "K", defaultValue = "0",
            description = "Which configuration of the sweep, counted from 0 in the order run uses (default: ${DEFAULT-VALUE}).")
    int configuration;

    @Option(names = "--frames", paramLabel = "N", defaultValue = "40",
            description = "How many frames to follow, in order of creation, both directions (default: ${DEFAULT-VALUE}).")
    int frames;

    @Option(names = "--chart", paramLabel = "PATH",
            description = "Where to write the timeline chart, a .png file (the SVG goes beside it; default:"
                    + " results/<name>/explain/timeline-<K>.png).")
    Path chart;

    @Override
    public Integer call() throws Exception {
        new OptionRange("--frames", 1, 100_000).check(spec, frames);
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
        if (f.experiment().wifi() != null) {
            throw new ParameterException(spec.commandLine(), file + " is a WiFi station experiment: explain follows"
                    + " MACsec frames, and it has none");
        }
        ResolvedRun run = f.configurations().get(configuration);
        DatapathRunModel model = new DatapathRunModel(ExperimentFiles.profiles());
        FrameTrace trace;
        try {
            trace = model.trace(run, new StreamRegistry(f.experiment().run().seed()), 0, frames);
        } catch (RunModel.ModelException e) {
            spec.commandLine().getErr().println("cryptorder explain: " + e.getMessage());
            return 1;
        }
        out.println("# " + f.experiment().name() + ": first " + trace.followed() + " frames, replication 0"
                + (f.sweepKeys().isEmpty() ? "" : " of " + run.point().label()));
        out.println("# time since start, where (host, CPU, context), frame number, its PN, what happened and why");
        long delayed = 0;
        for (FrameTrace.Step s : trace.steps()) {
            boolean broke = s.what().contains("InPktsDelayed");
            if (broke) {
                delayed++;
            }
            out.println((broke ? "!" : " ") + s.format());
        }
        out.println("# " + delayed + " of the followed frames were delivered after a later frame"
                + " (marked !: counted InPktsDelayed)");
        return writeChart(f, run, trace, out);
    }

    /** The timeline chart (PNG and SVG); says where it went, or why it could not be written (status 1). */
    private int writeChart(ExperimentFile f, ResolvedRun run, FrameTrace trace, PrintWriter out) {
        Path png = chart != null ? chart : Path.of("results", f.experiment().name(), "explain",
                "timeline-" + configuration + ".png");
        String title = f.experiment().name() + ": the first " + trace.followed() + " frames"
                + (f.sweepKeys().isEmpty() ? "" : ", " + run.point().label());
        try {
            TimelineChart.Written w = TimelineChart.write(trace, title,
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
