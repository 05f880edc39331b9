package org.cryptorder.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import org.cryptorder.charts.MalformedResultsException;
import org.cryptorder.charts.ResultsRenderer;
import org.cryptorder.experiment.output.ResultsNotWrittenException;

/**
 * Renders the charts and report of a results folder for {@code chart} and {@code run}, and turns
 * every failure into one line: malformed or missing tables apart from the rest (an unwritable
 * folder, a font the platform cannot load), which {@link Failed} carries.
 */
final class ChartRendering {
    private ChartRendering() {
    }

    /** Charts or report could not be written; the message is one line. */
    static final class Failed extends Exception {
        private static final long serialVersionUID = 1L;

        Failed(String message, Throwable cause) {
            super(message, cause);
        }
    }

    static ResultsRenderer.Rendered render(Path folder) throws MalformedResultsException, Failed {
        return render(folder, List.of(), List.of());
    }

    /** The charts and report, and the charts of these columns by sweep and of their paired differences. */
    static ResultsRenderer.Rendered render(Path folder, List<String> metrics, List<String> pairedMetrics)
            throws MalformedResultsException, Failed {
        try {
            return new ResultsRenderer(Main.version()).render(folder, metrics, pairedMetrics);
        } catch (IOException e) {
            throw new Failed("cannot write the charts and report: " + ResultsNotWrittenException.reason(e), e);
        } catch (RuntimeException | LinkageError | InternalError e) {
            // AWT without fonts fails with errors of its own (e.g. "Fontconfig head is null")
            throw new Failed("rendering failed: " + (e.getMessage() == null ? "an error inside the chart library"
                    : oneLine(e.getMessage())) + " (headless charts need fontconfig and a font, e.g. Debian's"
                    + " fonts-dejavu-core; CRYPTORDER_DEBUG=1 shows where it failed)", e);
        }
    }

    /**
     * Charts and report of the tables a command has just written ({@code run}, {@code merge}):
     * prints where they are and gives 0, or says why they could not be drawn, that the tables stay
     * and how to draw them again, and gives 1.
     */
    static int afterTables(String command, Path folder, PrintWriter err, PrintWriter out) {
        try {
            print(render(folder), folder, out);
            return 0;
        } catch (MalformedResultsException | Failed e) {
            err.println("cryptorder " + command + ": charts and report not written: " + oneLine(e.getMessage()));
            err.println("The tables are in " + folder + "; `cryptorder chart " + folder + "` draws them again.");
            if (Invocation.debug() && e.getCause() != null) {
                e.getCause().printStackTrace(err);
            }
            err.flush();
            return 1;
        }
    }

    /** {@code charts: DIR/charts (goodput, reordering; PNG and SVG)} and {@code report: DIR/report.html}. */
    static void print(ResultsRenderer.Rendered r, Path folder, PrintWriter out) {
        List<String> names = r.charts().stream().map(p -> p.getFileName().toString())
                .filter(n -> n.endsWith(".png")).map(n -> n.substring(0, n.length() - 4)).toList();
        out.println("charts: " + folder.resolve(ResultsRenderer.CHARTS) + " (" + String.join(", ", names)
                + "; PNG and SVG)");
        out.println("report: " + r.report());
        out.flush();
    }

    /** The charts not drawn, one line: {@code not drawn: TCP retransmissions (no TCP traffic ...); ...}. */
    static String skipped(ResultsRenderer.Rendered r) {
        return r.skipped().stream().collect(Collectors.joining("; ", "not drawn: ", ""));
    }

    static String oneLine(String s) {
        return s.replaceAll("\\s*[\\r\\n]+\\s*", " ").strip();
    }
}
