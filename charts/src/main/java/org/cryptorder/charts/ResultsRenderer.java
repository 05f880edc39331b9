package org.cryptorder.charts;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Draws the charts and the report of a results folder from its tables ({@code experiment.json},
 * {@code summary.csv}, {@code runs.csv}) and, where present, its side files ({@code latency.csv},
 * {@code series/}; a chart whose file is absent is skipped with a note): PNG and SVG files in {@code charts/},
 * and {@code report.html} beside the tables. Used by {@code cryptorder chart DIR} and at the end of
 * {@code cryptorder run}.
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
        ResultTables tables = ResultTables.read(folder);
        List<Drawn> drawn = List.of(GoodputChart.draw(tables), ReorderingChart.draw(tables),
                TcpRetransmitsChart.draw(tables), CpuTimeChart.draw(tables), LatencyCdfChart.draw(tables),
                QueueChart.draw(tables));
        List<Path> files = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        List<ReportPage.Figure> figures = new ArrayList<>();
        for (Drawn d : drawn) {
            if (d instanceof Drawn.Chart c) {
                ChartFiles.Written w = ChartFiles.write(c.chart(), folder.resolve(CHARTS), c.name());
                files.add(w.png());
                files.add(w.svg());
                figures.add(new ReportPage.Figure(c.name(), c.title(), c.caption(), w.svgElement()));
            } else if (d instanceof Drawn.Skipped s) {
                skipped.add(s.title() + " (" + s.reason() + ")");
                figures.add(new ReportPage.Figure(s.name(), s.title(), "not drawn, " + s.reason() + ".", null));
            }
        }
        Path report = folder.resolve(REPORT);
        ReportPage.write(report, new ReportPage(tables, figures, AutomaticReading.of(tables), toolVersion).html());
        return new Rendered(files, report, skipped);
    }
}
