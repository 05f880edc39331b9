package org.cryptorder.charts;

import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.cryptorder.experiment.output.AtomicFile;
import org.jfree.chart.JFreeChart;
import org.jfree.svg.SVGGraphics2D;
import org.jfree.svg.SVGHints;
import org.jfree.svg.ViewBox;

/**
 * Writes a chart as PNG (for slides: {@link ChartStyle#WIDTH} x {@link ChartStyle#HEIGHT} points
 * drawn at twice the size, so 1920 x 1200 pixels) and as SVG (for documents: text drawn as glyph
 * outlines, so it looks the same without the fonts), and gives the SVG element to inline in the
 * report.
 */
final class ChartFiles {
    private ChartFiles() {
    }

    /**
     * A chart on disk.
     *
     * @param png        the PNG file
     * @param svg        the SVG file
     * @param svgElement the {@code <svg>} element, sized by its view box, to inline in HTML
     */
    record Written(Path png, Path svg, String svgElement) {
    }

    static Written write(JFreeChart chart, Path folder, String name) throws IOException {
        return write(chart, folder, name, ChartStyle.WIDTH, ChartStyle.HEIGHT);
    }

    /** A chart on a canvas of another size, in points (PNG at {@link ChartStyle#PNG_SCALE} times it). */
    static Written write(JFreeChart chart, Path folder, String name, int width, int height) throws IOException {
        return write(chart, folder, name, width, height, false);
    }

    /**
     * A chart on a canvas of another size, its SVG coordinates to a hundredth of a point when
     * {@code compact} (a chart of many marks: {@link #hundredths}).
     */
    static Written write(JFreeChart chart, Path folder, String name, int width, int height, boolean compact)
            throws IOException {
        Files.createDirectories(folder);
        Path png = folder.resolve(name + ".png");
        Path svg = folder.resolve(name + ".svg");
        AtomicFile.write(png, png(chart, width, height));
        SVGGraphics2D g2 = new SVGGraphics2D(width, height);
        g2.setDefsKeyPrefix(name + "-");
        g2.setRenderingHint(SVGHints.KEY_DRAW_STRING_TYPE, SVGHints.VALUE_DRAW_STRING_TYPE_STANDARD);
        if (compact) {
            g2.setGeomDoubleConverter(ChartFiles::hundredths);
        }
        chart.draw(g2, new Rectangle2D.Double(0, 0, width, height));
        ViewBox box = new ViewBox(0, 0, width, height);
        String document = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + g2.getSVGElement(name + "-chart", true, box, null, null) + "\n";
        AtomicFile.write(svg, document.getBytes(StandardCharsets.UTF_8));
        String inline = g2.getSVGElement(name + "-chart", false, box, null, null);
        return new Written(png, svg, inline);
    }

    /** The chart as a PNG file alone (a chart the report does not inline). */
    static void writePng(JFreeChart chart, Path png, int width, int height) throws IOException {
        createParent(png);
        AtomicFile.write(png, png(chart, width, height));
    }

    /** The chart as an SVG file alone, its definitions' keys prefixed with the file's name. */
    static void writeSvg(JFreeChart chart, Path svg, int width, int height) throws IOException {
        createParent(svg);
        String name = svg.getFileName().toString().replaceFirst("\\.svg$", "");
        SVGGraphics2D g2 = new SVGGraphics2D(width, height);
        g2.setDefsKeyPrefix(name + "-");
        g2.setRenderingHint(SVGHints.KEY_DRAW_STRING_TYPE, SVGHints.VALUE_DRAW_STRING_TYPE_STANDARD);
        g2.setGeomDoubleConverter(ChartFiles::hundredths);
        chart.draw(g2, new Rectangle2D.Double(0, 0, width, height));
        String document = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                + g2.getSVGElement(name + "-chart", true, new ViewBox(0, 0, width, height), null, null) + "\n";
        AtomicFile.write(svg, document.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * A coordinate to a hundredth of a point ({@code 134.39}, never {@code 1.0E-4}): finer than any
     * screen or print shows, and a fifth of the characters of a double's full digits.
     */
    static String hundredths(double v) {
        long h = Math.round(v * 100);
        String sign = h < 0 ? "-" : "";
        h = Math.abs(h);
        long frac = h % 100;
        return sign + (h / 100) + (frac == 0 ? "" : frac % 10 == 0 ? "." + frac / 10 : frac < 10 ? ".0" + frac : "." + frac);
    }

    private static void createParent(Path file) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
    }

    static byte[] png(JFreeChart chart) throws IOException {
        return png(chart, ChartStyle.WIDTH, ChartStyle.HEIGHT);
    }

    static byte[] png(JFreeChart chart, int width, int height) throws IOException {
        int scale = ChartStyle.PNG_SCALE;
        BufferedImage image = new BufferedImage(width * scale, height * scale, BufferedImage.TYPE_INT_RGB);
        Graphics2D g2 = image.createGraphics();
        try {
            g2.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g2.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g2.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
            g2.scale(scale, scale);
            chart.draw(g2, new Rectangle2D.Double(0, 0, width, height));
        } finally {
            g2.dispose();
        }
        return PngEncoder.encode(image);
    }
}
