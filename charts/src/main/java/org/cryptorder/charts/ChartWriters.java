package org.cryptorder.charts;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Writes the charts of a results folder ({@link ChartFiles#write}) on up to {@value #MAX_THREADS}
 * threads, the calling one among them: each chart's PNG and SVG are drawn from its own {@code
 * JFreeChart} into its own canvas, so the files are the same whatever thread draws them and in
 * whatever order. A run's charts come after its simulation, when its other cores are idle; most of
 * their CPU time is the PNGs' compression (zlib), which shares nothing between charts.
 */
final class ChartWriters {
    /** At most this many threads draw at once (each holds a PNG canvas of about 9 MB). */
    static final int MAX_THREADS = 4;

    private ChartWriters() {
    }

    /**
     * The charts written into {@code folder}, in the order given.
     *
     * @throws IOException when a file cannot be written (the first such chart's, in the order given)
     */
    static List<ChartFiles.Written> write(List<Drawn.Chart> charts, Path folder) throws IOException {
        return write(charts, folder, Math.min(MAX_THREADS, Runtime.getRuntime().availableProcessors()));
    }

    static List<ChartFiles.Written> write(List<Drawn.Chart> charts, Path folder, int threads) throws IOException {
        Files.createDirectories(folder);
        ChartFiles.Written[] written = new ChartFiles.Written[charts.size()];
        Throwable[] failed = new Throwable[charts.size()];
        AtomicInteger next = new AtomicInteger();
        Runnable work = () -> {
            for (int i = next.getAndIncrement(); i < written.length; i = next.getAndIncrement()) {
                Drawn.Chart c = charts.get(i);
                try {
                    written[i] = ChartFiles.write(c.chart(), folder, c.name(), ChartStyle.WIDTH, c.height(),
                            c.name().startsWith(TcpSequenceFigures.NAME + "-"));
                } catch (IOException | RuntimeException | Error e) {
                    failed[i] = e;
                }
            }
        };
        List<Thread> helpers = new ArrayList<>();
        for (int t = 1; t < Math.min(threads, charts.size()); t++) {
            Thread h = new Thread(work, "cryptorder-charts-" + t);
            h.setDaemon(true);
            h.start();
            helpers.add(h);
        }
        work.run();
        boolean interrupted = false;
        for (Thread h : helpers) {
            while (h.isAlive()) {
                try {
                    h.join();
                } catch (InterruptedException e) {
                    interrupted = true;  // the helpers end with their chart; the caller hears of it after
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        for (Throwable e : failed) {
            if (e instanceof IOException io) {
                throw io;
            } else if (e instanceof RuntimeException r) {
                throw r;
            } else if (e instanceof Error err) {
                throw err;
            }
        }
        return List.of(written);
    }
}
