package org.cryptorder.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.cryptorder.experiment.file.ExperimentFile;
import org.cryptorder.experiment.output.Csv;
import org.cryptorder.experiment.replication.DatapathRunModel;
import org.cryptorder.testing.ProjectFiles;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The headline figures of {@code docs/tutorial.md}, each with its tolerance: every tutorial runs as
 * bundled (its own duration, replications and seed), and each figure the page states is measured
 * again from its {@code runs.csv} and checked, together with the sentence that states it, so that the
 * page and the model cannot drift apart unnoticed. A figure that moved beyond its tolerance fails
 * with the sentence to rewrite; a sentence rewritten without its figure fails too.
 */
@Tag("extensive")
class TutorialFiguresTest {
    private static final String PAGE = "docs/tutorial.md";

    /** How a figure is taken over a configuration's replications. */
    enum Stat { MEAN, MIN, MAX }

    /**
     * One figure of the page.
     *
     * @param where     the configuration: its swept values as {@code runs.csv} prints them, joined by
     *                  {@code ","} in the sweep's order ({@code ""} for every row)
     * @param metric    the {@code runs.csv} column
     * @param stat      how it is taken over the replications
     * @param scale     divides the column into the page's unit (1e9 for Gbit/s from bit/s, 0.01 for % ...)
     * @param stated    the value the page states, in its unit
     * @param tolerance how far the measurement may lie from it, in the page's unit
     * @param sentence  the words of the page that state it (checked to be there)
     */
    record Figure(String where, String metric, Stat stat, double scale, double stated, double tolerance,
                  String sentence) {
        @Override
        public String toString() {
            return where + " " + metric + " " + stat.name().toLowerCase(Locale.ROOT) + " = " + stated;
        }
    }

    static Stream<Arguments> tutorials() {
        return Stream.of(
                Arguments.of("1-why-sync-was-slow.json", List.of(
                        new Figure("sync-fallback", "goodput_bps", Stat.MEAN, 1e9, 1.01, 0.02,
                                "The fallback carries 1.01 Gbit/s"),
                        new Figure("async", "goodput_bps", Stat.MEAN, 1e9, 9.85, 0.02, "the other two 9.85-9.87"),
                        new Figure("sync-simd", "goodput_bps", Stat.MEAN, 1e9, 9.87, 0.02, "the other two 9.85-9.87"),
                        new Figure("sync-fallback", "cpu_softirq_seconds", Stat.MEAN, 1, 0.152, 0.005,
                                "is 0.152 s with the\nfallback"),
                        new Figure("async", "cpu_softirq_seconds", Stat.MEAN, 1, 0.098, 0.005, "against 0.098 s"))),
                Arguments.of("2-one-cpu-keeps-order.json", List.of(
                        new Figure("async,0.05", "reordered_ratio", Stat.MAX, 1, 0, 0,
                                "`async` delivers every datagram in order at every level"),
                        new Figure("async,0.5", "reordered_ratio", Stat.MAX, 1, 0, 0,
                                "`async` delivers every datagram in order at every level"),
                        new Figure("async,0.5", "cryptd_enqueued", Stat.MEAN, 1, 8800, 200, "up to 8,800"),
                        new Figure("async-unordered,0.05", "reordered_ratio", Stat.MEAN, 0.01, 0.2, 0.1,
                                "reorders 0.2% of datagrams at 5%"),
                        new Figure("async-unordered,0.5", "reordered_ratio", Stat.MEAN, 0.01, 1.0, 0.2,
                                "1.0% at 50%"))),
                Arguments.of("3-where-order-breaks.json", List.of(
                        new Figure("1", "in_pkts_delayed", Stat.MAX, 1, 0, 0, "With one sending CPU nothing is reordered"),
                        new Figure("2", "in_pkts_delayed", Stat.MEAN, 1, 4613, 150, "4,613 and 4,686"),
                        new Figure("4", "in_pkts_delayed", Stat.MEAN, 1, 4686, 150, "4,613 and 4,686"),
                        new Figure("4", "udp_out_of_order", Stat.MAX, 1, 0, 0,
                                "yet not one datagram\narrives out of order in its flow"))),
                Arguments.of("4-what-it-costs-tcp.json", List.of(
                        new Figure("async,0", "goodput_bps", Stat.MEAN, 1e9, 9.86, 0.02, "(9.86 to 8.39-8.55 Gbit/s)"),
                        new Figure("async,0.3", "goodput_bps", Stat.MIN, 1e9, 8.39, 0.1, "(9.86 to 8.39-8.55 Gbit/s)"),
                        new Figure("async,0.3", "goodput_bps", Stat.MAX, 1e9, 8.55, 0.1, "(9.86 to 8.39-8.55 Gbit/s)"),
                        new Figure("async,0.3", "tcp_retransmits", Stat.MAX, 1, 0, 0,
                                "With the queued check TCP sees no reordering and retransmits nothing"),
                        new Figure("async-unordered,0.1", "tcp_retransmits", Stat.MIN, 1, 67, 10, "67-90 segments"),
                        new Figure("async-unordered,0.1", "tcp_retransmits", Stat.MAX, 1, 90, 10, "67-90 segments"),
                        new Figure("async-unordered,0.3", "goodput_bps", Stat.MIN, 1e9, 8.77, 0.1,
                                "(8.77-9.75 Gbit/s at 30%)"),
                        new Figure("sync-fallback,0", "goodput_bps", Stat.MEAN, 1e9, 1.01, 0.02,
                                "it runs at 1.01\nGbit/s without contention"),
                        new Figure("sync-fallback,0.3", "goodput_bps", Stat.MIN, 1e9, 0.77, 0.02, "0.77-0.81 at 30%"),
                        new Figure("sync-fallback,0.3", "goodput_bps", Stat.MAX, 1e9, 0.81, 0.02, "0.77-0.81 at 30%"))),
                Arguments.of("5-softirqs-and-a-busy-cpu.json", List.of(
                        new Figure("false,5.4", "goodput_bps", Stat.MEAN, 1e9, 7.66, 0.05,
                                "the receiver validates 7.66 Gbit/s\n(5.4) and 7.62 (6.6)"),
                        new Figure("false,6.6", "goodput_bps", Stat.MEAN, 1e9, 7.62, 0.05,
                                "the receiver validates 7.66 Gbit/s\n(5.4) and 7.62 (6.6)"),
                        new Figure("true,5.4", "goodput_bps", Stat.MEAN, 1e9, 4.91, 0.1, "goodput falls to 4.91 Gbit/s"),
                        new Figure("true,5.4", "latency_p99_us", Stat.MEAN, 1e3, 9.7, 0.5, "with p99 latency at 9.7 ms"),
                        new Figure("true,6.6", "goodput_bps", Stat.MEAN, 1e9, 4.63, 0.1, "4.63 Gbit/s, but p99 latency is 5.8 ms"),
                        new Figure("true,6.6", "latency_p99_us", Stat.MEAN, 1e3, 5.8, 0.5,
                                "4.63 Gbit/s, but p99 latency is 5.8 ms"))),
                Arguments.of("6-a-fair-qdisc-reorders-the-sa.json", List.of(
                        new Figure("pfifo_fast,0", "in_pkts_late", Stat.MAX, 1, 0, 0,
                                "With pfifo_fast nothing arrives late"),
                        new Figure("pfifo_fast,0", "goodput_bps", Stat.MEAN, 1e6, 920, 5, "at 920\nMbit/s"),
                        new Figure("pfifo_fast,0", "latency_p50_us", Stat.MEAN, 1e3, 11.0, 0.5, "median latency 11.0 ms"),
                        new Figure("fq_codel,0", "in_pkts_late", Stat.MEAN, 1, 72, 10, "drops 72\nframes as late"),
                        new Figure("fq_codel,0", "goodput_bps", Stat.MEAN, 1e6, 919, 5, "goodput falls to 919 Mbit/s"),
                        new Figure("fq_codel,0", "latency_p50_us", Stat.MEAN, 1e3, 1.7, 0.3, "the median latency is 1.7 ms"),
                        new Figure("fq_codel,1024", "reorder_extent_max", Stat.MAX, 1, 531, 60, "the largest displacement is 531 PNs"),
                        new Figure("fq_codel,1024", "goodput_bps", Stat.MEAN, 1e6, 921, 5, "921 Mbit/s, median latency 8.0 ms"),
                        new Figure("fq_codel,1024", "latency_p50_us", Stat.MEAN, 1e3, 8.0, 0.5,
                                "921 Mbit/s, median latency 8.0 ms"))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tutorials")
    void thePageStatesWhatTheTutorialMeasures(String file, List<Figure> figures) throws Exception {
        String page = Files.readString(ProjectFiles.resolve(PAGE)).replaceAll("\\s+", " ");
        Path out = Files.createTempDirectory("tutorial");
        Path path = ProjectFiles.resolve("experiments/tutorial/" + file);
        ExperimentFile experiment = Experiments.parse(file, Files.readString(path));
        new ExperimentRunner(new DatapathRunModel(Experiments.PROFILES),
                new ExperimentRunner.Options(out, 2, false, "tutorial")).run(experiment, ExperimentRunner.Progress.NONE);
        Map<String, List<Map<String, String>>> byConfiguration = byConfiguration(out.resolve("runs.csv"));

        List<String> wrong = new ArrayList<>();
        for (Figure f : figures) {
            if (!page.contains(f.sentence().replaceAll("\\s+", " "))) {
                wrong.add(f + ": " + PAGE + " no longer says \"" + f.sentence().replace('\n', ' ') + "\"");
                continue;
            }
            List<Map<String, String>> rows = byConfiguration.get(f.where());
            assertThat(rows).as("configuration %s of %s (have %s)", f.where(), file, byConfiguration.keySet())
                    .isNotNull();
            double measured = take(f, rows) / f.scale();
            if (Math.abs(measured - f.stated()) > f.tolerance()) {
                wrong.add(String.format(Locale.ROOT, "%s: measured %.4g, the page says %s (tolerance %s): rewrite \"%s\"",
                        f, measured, f.stated(), f.tolerance(), f.sentence().replace('\n', ' ')));
            }
        }
        assertThat(wrong).as("figures of %s for experiments/tutorial/%s", PAGE, file).isEmpty();
    }

    private static double take(Figure f, List<Map<String, String>> rows) {
        double[] v = rows.stream().mapToDouble(r -> Csv.parseNumber(r.get(f.metric()))).toArray();
        assertThat(rows.get(0)).as("column %s", f.metric()).containsKey(f.metric());
        return switch (f.stat()) {
            case MEAN -> Arrays.stream(v).average().orElseThrow();
            case MIN -> Arrays.stream(v).min().orElseThrow();
            case MAX -> Arrays.stream(v).max().orElseThrow();
        };
    }

    /** runs.csv's rows by their swept values (the columns before {@code replication}), joined by ",". */
    private static Map<String, List<Map<String, String>>> byConfiguration(Path runs) throws IOException {
        List<String> header = Csv.cells(Tables.header(runs));
        int keys = header.indexOf("replication");
        Map<String, List<Map<String, String>>> out = new LinkedHashMap<>();
        for (String line : Tables.rows(runs)) {
            List<String> cells = Csv.cells(line);
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < header.size(); i++) {
                row.put(header.get(i), cells.get(i));
            }
            out.computeIfAbsent(String.join(",", cells.subList(0, keys)), k -> new ArrayList<>()).add(row);
        }
        return out;
    }
}
