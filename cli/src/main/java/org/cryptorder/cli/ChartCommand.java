package org.cryptorder.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.cryptorder.charts.MalformedResultsException;
import org.cryptorder.charts.ResultsRenderer;
import org.cryptorder.experiment.ResultsLock;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code cryptorder chart DIR [--metric COLUMN]... [--paired-metric COLUMN]...}: draws the charts
 * (PNG and SVG in {@code DIR/charts}) and {@code DIR/report.html} again from the tables and side
 * files of a results folder, as {@code run} does at its end, and besides them any column by sweep
 * ({@code charts/metric-<column>}) or its paired differences from the baseline ({@code
 * charts/paired-<column>}).
 */
@Command(name = "chart", mixinStandardHelpOptions = true,
        description = {"Draws the charts and report of a results folder again.",
            "The charts (DIR/charts/*.png and *.svg) and DIR/report.html are drawn from the tables of the"
                + " folder (experiment.json, summary.csv, runs.csv, and paired.csv, latency.csv and series/ where present:"
                + " without them their charts are skipped) and replace earlier ones.",
            "Exit status: 0 done, 1 a chart or the report could not be written, 2 a folder without the tables,"
                + " with malformed ones, or a column it does not have."})
final class ChartCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "DIR", description = "A results folder written by `cryptorder run`.")
    Path folder;

    @Option(names = "--metric", paramLabel = "COLUMN", description = {"Also draws this column of runs.csv by sweep,"
            + " as the built-in charts (means with 95%% whiskers), into the report and into"
            + " DIR/charts/metric-COLUMN.png and .svg. Repeatable."})
    List<String> metrics = new ArrayList<>();

    @Option(names = "--paired-metric", paramLabel = "COLUMN", description = {"Also draws each configuration's"
            + " difference from the baseline in this column, with its 95%% paired interval (paired.csv), into"
            + " DIR/charts/paired-COLUMN.png and .svg. Repeatable."})
    List<String> pairedMetrics = new ArrayList<>();

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        // a folder that is not there is refused by the rendering, with its message: no lock made for it
        try (ResultsLock lock = java.nio.file.Files.isDirectory(folder) ? ResultsLock.acquire(folder, "chart") : null) {
            if (lock != null && lock.takenOver() != null) {
                err.println("cryptorder chart: " + lock.takenOver());
            }
            ResultsRenderer.Rendered r = ChartRendering.render(folder, metrics, pairedMetrics);
            ChartRendering.print(r, folder, out);
            if (!r.skipped().isEmpty()) {
                out.println(ChartRendering.skipped(r));
            }
            out.flush();
            return 0;
        } catch (ResultsLock.InUse e) {
            err.println("cryptorder chart: cannot draw the charts of " + folder + ": " + e.getMessage());
            err.flush();
            return 2;
        } catch (java.io.IOException e) {
            err.println("cryptorder chart: cannot write to " + folder + ": "
                    + org.cryptorder.experiment.output.ResultsNotWrittenException.reason(e));
            err.flush();
            return 2;
        } catch (MalformedResultsException e) {
            err.println("cryptorder chart: " + ChartRendering.oneLine(e.getMessage()));
            err.flush();
            return 2;
        } catch (ChartRendering.Failed e) {
            err.println("cryptorder chart: " + e.getMessage());
            if (Invocation.debug()) {
                e.getCause().printStackTrace(err);
            }
            err.flush();
            return 1;
        }
    }
}
