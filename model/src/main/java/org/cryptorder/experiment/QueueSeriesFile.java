package org.cryptorder.experiment;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import org.cryptorder.experiment.output.AtomicFile;
import org.cryptorder.experiment.output.Csv;
import org.cryptorder.experiment.output.Recording;
import org.cryptorder.experiment.records.ResolvedRun;
import org.cryptorder.metrics.LevelSamples;

/**
 * {@code series/cryptd-queue-<i>.csv}: the cryptd queue length of each CPU during replication 0 of
 * configuration i (its row in {@code summary.csv}, from 0), sampled on a fixed grid of simulated
 * time from 0 to the end of the run (warm-up and drain included). The comment lines of {@code
 * runs.csv} come first, then one saying which configuration and the grid spacing; columns {@code
 * time_s} (simulated time), {@code host} ({@code b}, the receiver, then {@code a}), {@code cpu}
 * ({@code cpu0}, ...), {@code queue_length} (requests waiting in that CPU's cryptd queue, the one
 * the worker is doing not counted). Every CPU of b is listed; a's only when a's cryptd queued
 * anything in the run. Rows are by host, CPU, then time. Beside it, {@code series/tx-queue-<i>.csv}
 * ({@link #writeTx}) holds the occupancy of the sending host's TX queues on the same grid.
 */
public final class QueueSeriesFile {
    /** The folder, in the results folder. */
    public static final String FOLDER = "series";
    public static final List<String> HEADER = List.of("time_s", "host", "cpu", "queue_length");

    private QueueSeriesFile() {
    }

    /** The file name of configuration {@code i}'s series. */
    public static String fileName(int configuration) {
        return "cryptd-queue-" + configuration + ".csv";
    }

    /** Writes the series of one run atomically into {@code results/series/}. */
    static void write(Path results, List<String> comments, ResolvedRun run, Recording recording) throws IOException {
        write(results, comments, run, recording, "cryptd queue length", HEADER, fileName(run.index()), b -> {
            for (Recording.QueueSeries q : recording.queues()) {
                LevelSamples s = q.samples();
                for (int i = 0; i < s.count(); i++) {
                    b.append(seconds(s.timeNs(i))).append(',').append(q.host()).append(',').append(q.cpu())
                            .append(',').append(s.value(i)).append('\n');
                }
            }
        });
    }

    /** One series file: the comments, a line naming the run and the grid, the header, then {@code rows}. */
    private static void write(Path results, List<String> comments, ResolvedRun run, Recording recording, String what,
                              List<String> header, String file, Consumer<StringBuilder> rows) throws IOException {
        Path folder = results.resolve(FOLDER);
        Files.createDirectories(folder);
        StringBuilder b = new StringBuilder(1 << 16);
        comments.forEach(c -> b.append(c).append('\n'));
        b.append(String.format(Locale.ROOT, "# configuration %d (%s), replication 0: %s every %s us\n",
                run.index(), run.point().label(), what, Csv.number(recording.queueIntervalNs() / 1000)));
        b.append(Csv.line(header)).append('\n');
        rows.accept(b);
        AtomicFile.write(folder.resolve(file), b.toString());
    }

    /** The header of {@code series/tx-queue-<i>.csv}. */
    public static final List<String> TX_HEADER = List.of("time_s", "host", "queue", "cpu", "qdisc_packets",
            "ring_descriptors");

    /** The file name of configuration {@code i}'s TX queue series. */
    public static String txFileName(int configuration) {
        return "tx-queue-" + configuration + ".csv";
    }

    /**
     * Writes {@code series/tx-queue-<i>.csv} of one run atomically: the sending host a's TX queues
     * that sent anything, on the same grid as the cryptd queues; columns {@code time_s},
     * {@code host}, {@code queue} (its number), {@code cpu} (the CPU that sends on it by XPS and
     * cleans it), {@code qdisc_packets} (the qdisc's backlog; 0 without one) and
     * {@code ring_descriptors} (descriptors in use: posted and not yet cleaned). Rows are by queue,
     * then time.
     */
    static void writeTx(Path results, List<String> comments, ResolvedRun run, Recording recording) throws IOException {
        write(results, comments, run, recording, "TX queues of a", TX_HEADER, txFileName(run.index()), b -> {
            for (Recording.TxQueueSeries q : recording.txQueues()) {
                for (int i = 0; i < q.qdisc().count(); i++) {
                    b.append(seconds(q.qdisc().timeNs(i))).append(',').append(q.host()).append(',').append(q.queue())
                            .append(',').append(q.cpu()).append(',').append(q.qdisc().value(i)).append(',')
                            .append(q.ring().value(i)).append('\n');
                }
            }
        });
    }

    /** Whole nanoseconds as plain seconds: {@code 0.0003}, not {@code 3.0E-4}. */
    private static String seconds(double ns) {
        return BigDecimal.valueOf(Math.round(ns), 9).stripTrailingZeros().toPlainString();
    }
}
