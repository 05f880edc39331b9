package org.cryptorder.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import javax.imageio.ImageIO;

/**
 * Draws a Trace Event Format file the way ui.perfetto.dev lays it out, for the manual's screenshot
 * where the UI cannot be reached: a process per group, in its sort order, each with its thread
 * tracks (slices stacked by nesting depth, coloured by name as Perfetto colours them, named where
 * they are wide enough), its async tracks (the cryptd waits, one lane per overlapping wait), its
 * counter tracks (a step line per counter and key) and instants as small triangles; flows as
 * arrows from hop to hop. Only what {@link PerfettoTrace} writes is understood; a test helper, not
 * a viewer.
 */
final class PerfettoPicture {
    static final int WIDTH = 2400;
    static final int LABELS = 330;
    static final int ROW = 22;
    static final int COUNTER = 44;

    /** One row of the picture: its label, its top and height, and what is drawn in it. */
    private static final class Row {
        final String label;
        final boolean header;
        int top;
        int height;
        final List<JsonNode> slices = new ArrayList<>();
        final List<long[]> counter = new ArrayList<>();
        final List<JsonNode> instants = new ArrayList<>();
        int depth = 1;

        Row(String label, boolean header) {
            this.label = label;
            this.header = header;
        }
    }

    private final Map<String, Row> rows = new LinkedHashMap<>();
    private final Map<Long, List<double[]>> flows = new TreeMap<>();
    private long from = Long.MAX_VALUE;
    private long to = Long.MIN_VALUE;

    static long ns(JsonNode ts) {
        return ts.decimalValue().movePointRight(3).longValue();
    }

    /** Draws {@code trace} into {@code png}, {@value #WIDTH} pixels wide; returns the picture's height. */
    static int draw(Path trace, String title, Path png) throws IOException {
        return new PerfettoPicture().render(new ObjectMapper().readTree(trace.toFile()).get("traceEvents"), title, png);
    }

    private int render(JsonNode events, String title, Path png) throws IOException {
        layout(events);
        int height = 60;
        for (Row r : rows.values()) {
            r.top = height;
            r.height = r.header ? ROW : !r.counter.isEmpty() ? COUNTER : ROW * r.depth + 4;
            height += r.height;
        }
        height += 10;
        BufferedImage img = new BufferedImage(WIDTH, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setColor(Color.WHITE);
        g.fillRect(0, 0, WIDTH, height);
        g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
        g.setColor(Color.DARK_GRAY);
        g.drawString(title, 10, 20);
        axis(g, height);
        for (Row r : rows.values()) {
            drawRow(g, r);
        }
        drawFlows(g);
        g.dispose();
        Files.createDirectories(png.toAbsolutePath().getParent());
        ImageIO.write(img, "png", png.toFile());
        return height;
    }

    /** The rows: each process's header, then its tracks in sort order; the time span of it all. */
    private void layout(JsonNode events) {
        Map<Integer, String> processes = new TreeMap<>();
        Map<String, String> threads = new TreeMap<>();
        Map<String, Integer> threadSort = new TreeMap<>();
        for (JsonNode e : events) {
            if (e.get("ph").asText().equals("M")) {
                String key = e.get("pid").asInt() + "/" + e.path("tid").asInt();
                switch (e.get("name").asText()) {
                    case "process_name" -> processes.put(e.get("pid").asInt(), e.get("args").get("name").asText());
                    case "thread_name" -> threads.put(key, e.get("args").get("name").asText());
                    case "thread_sort_index" -> threadSort.put(key, e.get("args").get("sort_index").asInt());
                    default -> { }
                }
            } else if (e.has("ts")) {
                from = Math.min(from, ns(e.get("ts")));
                to = Math.max(to, ns(e.get("ts")) + (e.has("dur") ? ns(e.get("dur")) : 0));
            }
        }
        Map<Integer, List<String>> tracksOf = new TreeMap<>();
        threads.keySet().forEach(k -> tracksOf.computeIfAbsent(Integer.parseInt(k.substring(0, k.indexOf('/'))),
                p -> new ArrayList<>()).add(k));
        Map<Integer, Map<String, Row>> extra = new TreeMap<>();  // async and counter tracks, after the threads
        for (int pid : processes.keySet()) {
            rows.put("p" + pid, new Row(processes.get(pid), true));
            List<String> ts = tracksOf.getOrDefault(pid, List.of());
            ts.sort(Comparator.comparingInt((String k) -> threadSort.getOrDefault(k, 0)));
            ts.forEach(k -> rows.put(k, new Row(threads.get(k), false)));
            extra.put(pid, new TreeMap<>());
        }
        Map<String, JsonNode> begun = new TreeMap<>();
        for (JsonNode e : events) {
            int pid = e.path("pid").asInt();
            String key = pid + "/" + e.path("tid").asInt();
            switch (e.get("ph").asText()) {
                case "X" -> rows.get(key).slices.add(e);
                case "i" -> (e.path("s").asText().equals("t") ? rows.get(key) : rows.get("p" + pid)).instants.add(e);
                case "C" -> e.get("args").fields().forEachRemaining(a -> extra.get(pid).computeIfAbsent(
                        e.get("name").asText() + " " + a.getKey(), n -> new Row(n, false)).counter
                        .add(new long[] {ns(e.get("ts")), a.getValue().asLong()}));
                case "b" -> begun.put(e.get("id").asText(), e);
                case "e" -> {
                    JsonNode b = begun.remove(e.get("id").asText());
                    ObjectMapper m = new ObjectMapper();
                    var x = m.createObjectNode().put("ph", "X").put("name", b.get("name").asText());
                    x.set("ts", b.get("ts"));
                    x.put("dur", m.getNodeFactory().numberNode(e.get("ts").decimalValue().subtract(b.get("ts").decimalValue())));
                    x.set("args", b.get("args"));
                    extra.get(pid).computeIfAbsent(b.get("name").asText(), n -> new Row(n, false)).slices.add(x);
                }
                case "s", "t", "f" -> flows.computeIfAbsent(e.get("id").asLong(), k -> new ArrayList<>())
                        .add(new double[] {ns(e.get("ts")), pid, e.get("tid").asInt()});
                default -> { }
            }
        }
        // the extra tracks go after their process's threads: rebuild the order
        Map<String, Row> ordered = new LinkedHashMap<>();
        for (int pid : processes.keySet()) {
            rows.forEach((k, r) -> {
                if (k.equals("p" + pid) || k.startsWith(pid + "/")) {
                    ordered.put(k, r);
                }
            });
            extra.get(pid).forEach((n, r) -> ordered.put("x" + pid + " " + n, r));
        }
        rows.clear();
        rows.putAll(ordered);
        rows.values().forEach(PerfettoPicture::nest);
    }

    /** Each slice's depth on its row (by start, the longer first), as Perfetto stacks nested slices; async slices by lane. */
    private static void nest(Row r) {
        r.slices.sort(Comparator.comparingLong((JsonNode s) -> ns(s.get("ts")))
                .thenComparing(Comparator.comparingLong((JsonNode s) -> ns(s.get("dur"))).reversed()));
        Deque<Long> open = new ArrayDeque<>();
        List<Long> laneEnds = new ArrayList<>();
        boolean async = r.slices.stream().anyMatch(s -> !s.has("pid"));
        for (JsonNode s : r.slices) {
            long start = ns(s.get("ts"));
            long end = start + ns(s.get("dur"));
            int depth;
            if (async) {
                depth = 0;
                while (depth < laneEnds.size() && laneEnds.get(depth) > start) {
                    depth++;
                }
                if (depth == laneEnds.size()) {
                    laneEnds.add(end);
                } else {
                    laneEnds.set(depth, end);
                }
            } else {
                while (!open.isEmpty() && open.peek() <= start) {
                    open.pop();
                }
                depth = open.size();
                open.push(end);
            }
            ((com.fasterxml.jackson.databind.node.ObjectNode) s).put("depth", depth);
            r.depth = Math.max(r.depth, depth + 1);
        }
    }

    private double x(double ns) {
        return LABELS + (ns - from) * (WIDTH - LABELS - 20) / Math.max(1, to - from);
    }

    private void axis(Graphics2D g, int height) {
        double spanUs = (to - from) / 1e3;
        double step = Math.pow(10, Math.floor(Math.log10(spanUs / 8)));
        step *= spanUs / step > 40 ? 5 : spanUs / step > 16 ? 2 : 1;
        g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        for (double t = Math.ceil(from / 1e3 / step) * step; t <= to / 1e3; t += step) {
            int xx = (int) x(t * 1e3);
            g.setColor(new Color(235, 235, 235));
            g.drawLine(xx, 44, xx, height);
            g.setColor(Color.GRAY);
            g.drawString(String.format(Locale.ROOT, "%.0f us", t), xx + 3, 42);
        }
    }

    private void drawRow(Graphics2D g, Row r) {
        g.setColor(r.header ? new Color(225, 230, 240) : new Color(250, 250, 250));
        g.fillRect(0, r.top, LABELS - 4, r.height - 1);
        g.setColor(new Color(230, 230, 230));
        g.drawLine(0, r.top + r.height - 1, WIDTH, r.top + r.height - 1);
        g.setColor(Color.BLACK);
        g.setFont(new Font(Font.SANS_SERIF, r.header ? Font.BOLD : Font.PLAIN, 13));
        g.drawString(r.label, r.header ? 6 : 22, r.top + 16);
        for (JsonNode s : r.slices) {
            double x0 = x(ns(s.get("ts")));
            double x1 = Math.max(x0 + 1, x(ns(s.get("ts")) + ns(s.get("dur"))));
            int y = r.top + 2 + s.get("depth").asInt() * ROW;
            g.setColor(colour(s.get("name").asText()));
            g.fillRect((int) x0, y, (int) Math.ceil(x1 - x0), ROW - 3);
            if (x1 - x0 > 40) {
                g.setColor(Color.WHITE);
                g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
                String name = s.get("name").asText();
                int fit = (int) ((x1 - x0 - 6) / 6.2);
                g.drawString(name.length() > fit ? name.substring(0, Math.max(1, fit)) : name, (int) x0 + 3, y + 14);
            }
        }
        if (!r.counter.isEmpty()) {
            long max = Math.max(1, r.counter.stream().mapToLong(v -> v[1]).max().orElse(1));
            Path2D step = new Path2D.Double();
            double base = r.top + r.height - 4;
            double scale = (r.height - 10) / (double) max;
            step.moveTo(x(r.counter.get(0)[0]), base);
            double last = base;
            for (long[] v : r.counter) {
                step.lineTo(x(v[0]), last);
                last = base - v[1] * scale;
                step.lineTo(x(v[0]), last);
            }
            step.lineTo(x(to), last);
            step.lineTo(x(to), base);
            step.closePath();
            g.setColor(new Color(70, 130, 180, 110));
            g.fill(step);
            g.setColor(new Color(70, 130, 180));
            g.draw(step);
            g.setColor(Color.GRAY);
            g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 10));
            g.drawString("max " + max, LABELS - 70, r.top + r.height - 6);
        }
        for (JsonNode i : r.instants) {
            double xx = x(ns(i.get("ts")));
            Path2D t = new Path2D.Double();
            t.moveTo(xx, r.top + r.height - 3);
            t.lineTo(xx - 5, r.top + 3);
            t.lineTo(xx + 5, r.top + 3);
            t.closePath();
            g.setColor(i.get("name").asText().startsWith("dropped") ? new Color(200, 30, 30)
                    : i.get("name").asText().startsWith("InPkts") ? new Color(220, 120, 0) : new Color(90, 60, 160));
            g.fill(t);
        }
    }

    private void drawFlows(Graphics2D g) {
        g.setStroke(new BasicStroke(1.2f));
        g.setColor(new Color(40, 40, 40, 120));
        for (List<double[]> f : flows.values()) {
            for (int i = 1; i < f.size(); i++) {
                double[] a = f.get(i - 1);
                double[] b = f.get(i);
                Row ra = rows.get((int) a[1] + "/" + (int) a[2]);
                Row rb = rows.get((int) b[1] + "/" + (int) b[2]);
                if (ra == null || rb == null) {
                    continue;
                }
                double x0 = x(a[0]);
                double x1 = x(b[0]);
                double y0 = ra.top + 2 + depthAt(ra, a[0]) * ROW + ROW / 2.0;
                double y1 = rb.top + 2 + depthAt(rb, b[0]) * ROW + ROW / 2.0;
                g.draw(new Line2D.Double(x0, y0, x1, y1));
                double angle = Math.atan2(y1 - y0, x1 - x0);
                Path2D head = new Path2D.Double();
                head.moveTo(x1, y1);
                head.lineTo(x1 - 7 * Math.cos(angle - 0.4), y1 - 7 * Math.sin(angle - 0.4));
                head.lineTo(x1 - 7 * Math.cos(angle + 0.4), y1 - 7 * Math.sin(angle + 0.4));
                head.closePath();
                g.fill(head);
            }
        }
    }

    /** The depth of the deepest slice on {@code r} that starts at {@code ns}: where a flow binds. */
    private static int depthAt(Row r, double ns) {
        return r.slices.stream().filter(s -> ns(s.get("ts")) == (long) ns).mapToInt(s -> s.get("depth").asInt()).max()
                .orElse(0);
    }

    /** A colour per name, from a fixed palette by the name's hash, as Perfetto colours slices. */
    static Color colour(String name) {
        Color[] palette = {new Color(66, 133, 244), new Color(219, 68, 55), new Color(15, 157, 88),
            new Color(171, 71, 188), new Color(0, 172, 193), new Color(255, 112, 67), new Color(158, 157, 36),
            new Color(92, 107, 192), new Color(240, 98, 146), new Color(0, 121, 107), new Color(121, 85, 72),
            new Color(244, 180, 0)};
        String key = name.replaceAll("\\d+", "#");  // PN 34 send and PN 35 send alike, as Perfetto's by-name colouring
        return palette[Math.floorMod(key.hashCode(), palette.length)];
    }
}
