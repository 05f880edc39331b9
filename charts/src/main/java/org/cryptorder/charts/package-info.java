/**
 * Charts and the HTML report of a results folder, drawn from its tables ({@code experiment.json},
 * {@code summary.csv}, {@code runs.csv}) and its side files ({@code latency.csv}, {@code series/}),
 * and the timeline chart of a frame trace: nothing here runs the model.
 *
 * <h2>What is drawn</h2>
 * {@link org.cryptorder.charts.ResultsRenderer} reads the folder ({@code ResultTables}: every
 * malformation a one-line {@link org.cryptorder.charts.MalformedResultsException}), lays the sweep
 * out ({@code SweepLayout}: a numeric swept path as the axis with a line per combination of the
 * others, or bars grouped by a named path, one per policy), and draws {@code GoodputChart}, {@code
 * ReorderingChart} (reordered ratio on a log scale whose zeros sit on a floor line, and
 * InPktsDelayed), {@code TcpRetransmitsChart} (TCP experiments only) and {@code CpuTimeChart}
 * (from {@code cpu_<context>_seconds} columns: the receiving host's CPU time by context), and from
 * the side files ({@code SideFiles}; a chart whose file is absent is skipped with a note) {@code
 * LatencyCdfChart} (the fraction of frames delivered within x µs, a line per policy, a panel per
 * level of the other swept path) and {@code QueueChart} (the cryptd queue length of each busy CPU
 * over replication 0, a panel per configuration that queued) and {@code TxQueueChart} (the sending
 * host's TX queues on the same grid, the qdisc's packets above the ring's descriptors, a line per TX
 * queue named with the CPU that feeds it; both lay their panels out with {@code SeriesPanels}), and
 * from {@code paired.csv} ({@code
 * PairedDifferences}) {@code PairedChart} (each configuration's paired difference from the baseline,
 * a panel per headline metric, a line at 0); {@code MetricCharts} draws the columns a user names
 * ({@code chart --metric}, {@code --paired-metric}), under the catalog's headings and units
 * ({@code MetricUnit}). Each is
 * written as PNG (1920 x 1200 pixels) and SVG (text as outlines) by {@code ChartFiles}; colours and
 * markers per policy come from {@code PolicyPalette}, fonts and axes from {@code ChartStyle}.
 * {@code ReportPage} puts the charts inline in {@code report.html} with what was run, the summary
 * table, the paired differences ({@code PairedSection}) and the sentences of {@code AutomaticReading}.
 *
 * <h2>The explain timeline</h2>
 * {@link org.cryptorder.charts.TimelineChart} draws a {@code FrameTrace}: a swimlane per CPU, cryptd
 * queue and link direction the followed frames used, each step of each frame a bar from its start
 * to its end coloured by what it was, the frames counted InPktsDelayed outlined in red.
 *
 * <h2>Numbers</h2>
 * Means with the half-widths of their 95% Student-t intervals, as {@code summary.csv} gives them;
 * whiskers stop at 0 for quantities that cannot be negative. The reading names a difference only
 * when the two intervals do not overlap and it is at least 1%, or, marked "(paired)", when the
 * paired interval of the difference from the baseline excludes 0 and it is at least 1% of the
 * baseline ({@link org.cryptorder.experiment.output.PairedEffect}, the rule of {@code run}'s summary too). Every number is written with
 * {@link java.util.Locale#ROOT}.
 *
 * <h2>Validation</h2>
 * Tests draw hand-made tables and check the files (PNG size, SVG that parses, with no text
 * elements), the colours on the images, the sentences of the reading on crafted numbers (overlapping
 * and separate intervals, one replication, tiny non-zero values), the report's sections, that it
 * loads nothing and has unique element ids, the latency CDFs (a panel per level, monotone, ending at
 * 1) and the queue panels (only configurations and CPUs that queued), the paired section's numbers
 * and the paired chart's panels on a hand-made {@code paired.csv}, that a folder without side
 * files or {@code paired.csv} still charts, and, tagged {@code browser}, that headless Chromium opens it offline with an
 * empty console and lays each chart, the new ones included, out at its size.
 */
package org.cryptorder.charts;
