/**
 * The numbers a run gives and the form they are written in: {@link
 * org.cryptorder.experiment.output.Metrics} (what one replication measured, named numbers in the
 * fixed order of the metric columns of {@code runs.csv}, snake_case with the unit last) and {@link
 * org.cryptorder.experiment.output.Recording} (what a run records beside them for the side files:
 * the latency histogram, queue series, TCP time-sequence records); {@link
 * org.cryptorder.experiment.output.RunsTable} ({@code runs.csv}: a row per configuration and
 * replication, appended and flushed as each finishes, rewritten in sweep order at the end); {@link
 * org.cryptorder.experiment.output.ConfigurationSummary} (mean and 95% Student-t half-width per
 * metric, SSJ {@code Tally}, computed on one thread from the numbers as written, and the
 * precision targets missed); {@link org.cryptorder.experiment.output.PairedEffect} (what counts
 * as an effect against the baseline, for every reader of {@code paired.csv}).
 *
 * <p>{@link org.cryptorder.experiment.output.Csv} writes numbers in a locale-independent form that
 * reads back to the same double, so the tables are byte-identical whatever the number of threads,
 * apart from {@code wall_seconds}. A folder that cannot be written is a {@link
 * org.cryptorder.experiment.output.ResultsNotWrittenException}, one line naming the folder, the
 * file and the reason.
 *
 * <p>The tables the runner writes from these ({@code summary.csv}, {@code paired.csv}, {@code
 * latency.csv}, {@code series/}) are written with the runner's atomic write, so they stay with it
 * in {@link org.cryptorder.experiment}.
 *
 * <h2>Validation</h2>
 * CSV quoting and number round trips ({@code CsvTest}); Student-t half-widths against hand
 * computations ({@code ConfigurationSummaryTest}); the effect rule ({@code PairedEffectTest}).
 */
package org.cryptorder.experiment.output;
