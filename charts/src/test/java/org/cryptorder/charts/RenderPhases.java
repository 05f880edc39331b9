package org.cryptorder.charts;

import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jfree.svg.SVGGraphics2D;
import org.jfree.svg.SVGHints;
import org.jfree.svg.ViewBox;

/**
 * Not a test: where a warm process spends the CPU time of drawing a results folder's charts and
 * report. Renders the folder {@code ROUNDS} times in one JVM, each round once through {@link
 * ResultsRenderer} (the whole, as {@code run} and {@code chart} do) and once phase by phase on one
 * thread (the same steps, timed apart: tables, each chart's building, PNG drawing, the PNG rows'
 * bytes alone, PNG encoding, SVG drawing, SVG text, report), and prints the last half's median CPU
 * milliseconds per phase (of the rendering thread) and per JVM thread (from {@code /proc/self/task}:
 * the JIT's compilers, the collector).
 *
 * <pre>
 * java -cp cli/target/cryptorder.jar:charts/target/test-classes -Djava.awt.headless=true \
 *     org.cryptorder.charts.RenderPhases RESULTS_DIR [ROUNDS]
 * </pre>
 *
 * <p>{@code -Dphases.curve=1}: each round's process CPU time of the whole render alone, from the
 * first (the warm-up curve). {@code -Dphases.ab=1}: the charts written by {@link ChartWriters} on one
 * thread, then on two, each round: the process CPU and wall time of each.
 */
public final class RenderPhases {
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    private final Map<String, List<Long>> times = new LinkedHashMap<>();
    private long mark;

    private RenderPhases() {
    }

    public static void main(String[] args) throws Exception {
        Path folder = Path.of(args[0]);
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 10;
        RenderPhases p = new RenderPhases();
        Map<String, Long> before = null;
        for (int r = 0; r < rounds; r++) {
            if (r == rounds / 2) {
                before = tasks();
            }
            p.round(folder, r >= rounds / 2);
        }
        Map<String, Long> after = tasks();
        System.out.println("| thread | CPU ms per round, kept rounds |");
        System.out.println("|---|---:|");
        Map<String, Long> byName = new java.util.TreeMap<>();
        for (Map.Entry<String, Long> e : after.entrySet()) {
            long d = e.getValue() - before.getOrDefault(e.getKey(), 0L);
            String name = e.getKey().replaceFirst("^\\d+ ", "").replaceAll("\\d+", "#");
            byName.merge(name, d, Long::sum);
        }
        long ticks = 100;
        for (Map.Entry<String, Long> e : byName.entrySet()) {
            if (e.getValue() > 0) {
                System.out.printf(Locale.ROOT, "| %s | %.1f |%n", e.getKey(),
                        e.getValue() * 1000.0 / ticks / (rounds - rounds / 2));
            }
        }
        long whole = 0;
        long parts = 0;
        System.out.println("| phase | CPU ms, median of the last " + (rounds - rounds / 2) + " rounds |");
        System.out.println("|---|---:|");
        for (Map.Entry<String, List<Long>> e : p.times.entrySet()) {
            List<Long> v = new ArrayList<>(e.getValue());
            v.sort(null);
            long median = v.get(v.size() / 2);
            if (e.getKey().startsWith("whole")) {
                whole += median;
            } else if (!e.getKey().startsWith("process")) {
                parts += median;
            }
            System.out.printf(Locale.ROOT, "| %s | %.1f |%n", e.getKey(), median / 1e6);
        }
        System.out.printf(Locale.ROOT, "| (sum of the phases) | %.1f |%n", parts / 1e6);
    }

    private void round(Path folder, boolean keep) throws Exception {
        if (System.getProperty("phases.ab") != null) {
            ab(folder, keep);
            return;
        }
        long p0 = processCpu();
        start();
        new ResultsRenderer("phases").render(folder);
        lap("whole render (ResultsRenderer)", keep);
        long p1 = processCpu();
        if (System.getProperty("phases.curve") != null) {
            System.out.printf(Locale.ROOT, "round process CPU ms %.0f%n", (p1 - p0) / 1e6);
            return;
        }
        if (keep) {
            times.computeIfAbsent("process CPU of the whole render, all threads", k -> new ArrayList<>()).add(p1 - p0);
        }
        start();
        ResultTables tables = ResultTables.read(folder);
        Optional<PairedDifferences> paired = PairedDifferences.read(tables);
        lap("read tables", keep);
        List<Drawn> drawn = new ArrayList<>();
        drawn.add(GoodputChart.draw(tables));
        lap("build goodput", keep);
        drawn.add(ReorderingChart.draw(tables));
        lap("build reordering", keep);
        drawn.add(TcpRetransmitsChart.draw(tables));
        lap("build tcp-retransmits", keep);
        drawn.addAll(TcpSequenceFigures.draw(tables));
        lap("build tcp-sequence (reads series/)", keep);
        drawn.add(CpuTimeChart.draw(tables));
        lap("build cpu-time", keep);
        drawn.add(LatencyCdfChart.draw(tables));
        lap("build latency-cdf", keep);
        drawn.add(QueueChart.draw(tables));
        lap("build cryptd-queue (reads series/)", keep);
        drawn.add(TxQueueChart.draw(tables));
        lap("build tx-queue (reads series/)", keep);
        drawn.add(PairedChart.draw(tables, paired));
        lap("build paired", keep);
        List<ReportPage.Figure> figures = new ArrayList<>();
        for (Drawn d : drawn) {
            if (!(d instanceof Drawn.Chart c)) {
                continue;
            }
            int w = ChartStyle.WIDTH;
            int h = c.height();
            int scale = ChartStyle.PNG_SCALE;
            BufferedImage image = new BufferedImage(w * scale, h * scale, BufferedImage.TYPE_INT_RGB);
            Graphics2D g = image.createGraphics();
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
            g.scale(scale, scale);
            c.chart().draw(g, new Rectangle2D.Double(0, 0, w, h));
            g.dispose();
            lap(c.name() + ": PNG draw", keep);
            int[] px = ((java.awt.image.DataBufferInt) image.getRaster().getDataBuffer()).getData();
            byte[] rowb = new byte[1 + 3 * w * scale];
            for (int y = 0; y < h * scale; y++) {
                for (int x = 0, o = 1; x < w * scale; x++, o += 3) {
                    int rgb = px[y * w * scale + x];
                    rowb[o] = (byte) (rgb >> 16);
                    rowb[o + 1] = (byte) (rgb >> 8);
                    rowb[o + 2] = (byte) rgb;
                }
            }
            lap(c.name() + ": PNG rows only", keep);
            PngEncoder.encode(image);
            lap(c.name() + ": PNG encode", keep);
            SVGGraphics2D s = new SVGGraphics2D(w, h);
            s.setDefsKeyPrefix(c.name() + "-");
            s.setRenderingHint(SVGHints.KEY_DRAW_STRING_TYPE, SVGHints.VALUE_DRAW_STRING_TYPE_STANDARD);
            if (c.name().startsWith(TcpSequenceFigures.NAME + "-")) {
                s.setGeomDoubleConverter(ChartFiles::hundredths);
            }
            c.chart().draw(s, new Rectangle2D.Double(0, 0, w, h));
            lap(c.name() + ": SVG draw", keep);
            ViewBox box = new ViewBox(0, 0, w, h);
            s.getSVGElement(c.name() + "-chart", true, box, null, null);
            String inline = s.getSVGElement(c.name() + "-chart", false, box, null, null);
            lap(c.name() + ": SVG text (file and inline)", keep);
            figures.add(new ReportPage.Figure(c.name(), c.title(), c.caption(), inline));
        }
        List<String> reading = AutomaticReading.of(tables, paired);
        lap("report: automatic reading", keep);
        new ReportPage(tables, paired, figures, reading, "phases").html();
        lap("report: html", keep);
    }

    /** The charts written on one thread, then on two: process CPU and wall time of each. */
    private void ab(Path folder, boolean keep) throws Exception {
        ResultTables tables = ResultTables.read(folder);
        List<Drawn> drawn = new ArrayList<>(List.of(GoodputChart.draw(tables), ReorderingChart.draw(tables),
                TcpRetransmitsChart.draw(tables), CpuTimeChart.draw(tables), LatencyCdfChart.draw(tables),
                QueueChart.draw(tables), TxQueueChart.draw(tables)));
        drawn.addAll(3, TcpSequenceFigures.draw(tables));
        List<Drawn.Chart> charts = drawn.stream().filter(Drawn.Chart.class::isInstance).map(Drawn.Chart.class::cast)
                .toList();
        for (int threads = 1; threads <= 2; threads++) {
            long p0 = processCpu();
            long w0 = System.nanoTime();
            ChartWriters.write(charts, folder.resolve(ResultsRenderer.CHARTS), threads);
            long w1 = System.nanoTime();
            long p1 = processCpu();
            if (keep) {
                times.computeIfAbsent("charts on " + threads + " threads: process CPU", k -> new ArrayList<>())
                        .add(p1 - p0);
                times.computeIfAbsent("charts on " + threads + " threads: wall", k -> new ArrayList<>()).add(w1 - w0);
            }
        }
    }

    private void start() {
        mark = THREADS.getCurrentThreadCpuTime();
    }

    private void lap(String phase, boolean keep) {
        long now = THREADS.getCurrentThreadCpuTime();
        if (keep) {
            times.computeIfAbsent(phase, k -> new ArrayList<>()).add(now - mark);
        }
        mark = THREADS.getCurrentThreadCpuTime();
    }

    /** Per task of this process, "tid comm" to its utime+stime in clock ticks. */
    private static Map<String, Long> tasks() throws java.io.IOException {
        Map<String, Long> m = new LinkedHashMap<>();
        try (var dirs = java.nio.file.Files.list(Path.of("/proc/self/task"))) {
            for (Path t : dirs.toList()) {
                try {
                    String stat = java.nio.file.Files.readString(t.resolve("stat"));
                    int close = stat.lastIndexOf(')');
                    String comm = stat.substring(stat.indexOf('(') + 1, close);
                    String[] f = stat.substring(close + 2).split(" ");
                    m.put(t.getFileName() + " " + comm, Long.parseLong(f[11]) + Long.parseLong(f[12]));
                } catch (java.io.IOException e) {
                    // the thread ended
                }
            }
        }
        return m;
    }

    private static long processCpu() {
        return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }
}
