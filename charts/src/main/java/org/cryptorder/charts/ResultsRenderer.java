package org.cryptorder.charts;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import org.cryptorder.experiment.output.AtomicFile;

/**
 * Draws the charts and the report of a results folder from its tables ({@code experiment.json},
 * {@code summary.csv}, {@code runs.csv}) and, where present, its side files ({@code latency.csv},
 * {@code series/}, {@code paired.csv}; a chart whose file is absent is skipped with a note): PNG and SVG files in {@code charts/}
 * (the TCP time-sequence graphs after the TCP retransmissions, {@link TcpSequenceFigures}),
 * and {@code report.html} beside the tables. Used by {@code cryptorder chart DIR} and at the end of
 * {@code cryptorder run}. The charts are written on the idle cores ({@link ChartWriters}).
 */
public final class ResultsRenderer {
    /** The folder, under the results folder, that holds the chart files. */
    public static final String CHARTS = "charts";
    /** The report's file name, in the results folder. */
    public static final String REPORT = "report.html";

    private final String toolVersion;

    /** @param toolVersion the version of the tool that renders, named in the report's footer */
    public ResultsRenderer(String toolVersion) {
        this.toolVersion = toolVersion;
    }

    /**
     * What was written.
     *
     * @param charts  the chart files (PNG and SVG of each chart drawn)
     * @param report  the report
     * @param skipped per chart not drawn, its title and why: {@code TCP retransmissions (no TCP traffic ...)}
     */
    public record Rendered(List<Path> charts, Path report, List<String> skipped) {
        public Rendered {
            charts = List.copyOf(charts);
            skipped = List.copyOf(skipped);
        }
    }

    /**
     * Renders charts and report of a results folder, replacing earlier ones.
     *
     * @throws MalformedResultsException when the folder lacks a table or a table is malformed
     * @throws IOException               when a file cannot be written
     */
    public Rendered render(Path folder) throws MalformedResultsException, IOException {
        return render(folder, List.of(), List.of());
    }

    /**
     * Renders charts and report, and besides the built-in charts one chart per column of {@code
     * metrics} by sweep ({@code charts/metric-<column>}) and one of the paired differences of each
     * column of {@code pairedMetrics} ({@code charts/paired-<column>}).
     *
     * @throws MalformedResultsException when the folder lacks a table, a table is malformed, or a
     *                                   column is not one of the tables' (the message names the known ones)
     * @throws IOException               when a file cannot be written
     */
    public Rendered render(Path folder, List<String> metrics, List<String> pairedMetrics)
            throws MalformedResultsException, IOException {
        ResultTables tables = ResultTables.read(folder);
        Optional<PairedDifferences> paired = PairedDifferences.read(tables);
        List<Drawn> drawn = new ArrayList<>(List.of(GoodputChart.draw(tables), ReorderingChart.draw(tables),
                TcpRetransmitsChart.draw(tables), CpuTimeChart.draw(tables), LatencyCdfChart.draw(tables),
                QueueChart.draw(tables), TxQueueChart.draw(tables), PairedChart.draw(tables, paired)));
        drawn.addAll(3, TcpSequenceFigures.draw(tables));
        drawn.addAll(MetricCharts.draw(tables, paired, metrics, pairedMetrics));
        List<Drawn.Chart> charts = drawn.stream().filter(Drawn.Chart.class::isInstance).map(Drawn.Chart.class::cast)
                .toList();
        Iterator<ChartFiles.Written> written = ChartWriters.write(charts, folder.resolve(CHARTS)).iterator();
        List<Path> files = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        List<ReportPage.Figure> figures = new ArrayList<>();
        for (Drawn d : drawn) {
            if (d instanceof Drawn.Chart c) {
                ChartFiles.Written w = written.next();
                files.add(w.png());
                files.add(w.svg());
                figures.add(new ReportPage.Figure(c.name(), c.title(), c.caption(), w.svgElement()));
            } else if (d instanceof Drawn.Skipped s) {
                skipped.add(s.title() + " (" + s.reason() + ")");
                figures.add(new ReportPage.Figure(s.name(), s.title(), "not drawn, " + s.reason() + ".", null));
            }
        }
        Path report = folder.resolve(REPORT);
        AtomicFile.write(report, new ReportPage(tables, paired, figures, AutomaticReading.of(tables, paired),
                toolVersion).html());
        return new Rendered(files, report, skipped);
    }
}
