package org.cryptorder.charts;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Shape;
import java.awt.Stroke;
import java.awt.geom.Ellipse2D;
import java.awt.geom.Path2D;
import java.awt.geom.Rectangle2D;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.cryptorder.crypto.Policy;

/**
 * One colour and one marker per crypto policy, the same in every chart: the Okabe-Ito palette
 * (readable with the common colour-vision deficiencies), extended with two of Paul Tol's muted
 * colours for the offload policies. Series not tied to one policy take colours from Tol's muted
 * palette in order. Series of the same policy are told apart by a variation: line dashes, hollow
 * or filled markers, lighter shades for bars.
 */
final class PolicyPalette {
    private static final Map<String, Color> COLOURS = Map.of(
            "sync-fallback", new Color(0xD55E00),
            "async", new Color(0x0072B2),
            "async-unordered", new Color(0xE69F00),
            "defer-softirq", new Color(0xCC79A7),
            "sync-simd", new Color(0x009E73),
            "generic", new Color(0x6E6E6E),
            "async-resequence", new Color(0x56B4E9),
            "pcrypt", new Color(0x000000),
            "offload", new Color(0x999933),
            "offload-resequence", new Color(0x882255));

    /** Markers follow the policies' order in {@link Policy}. */
    private static final List<String> MARKER_ORDER = Arrays.stream(Policy.values()).map(Policy::key).toList();

    private static final List<Color> OTHERS = List.of(new Color(0x332288), new Color(0x117733), new Color(0x44AA99),
            new Color(0xAA4499), new Color(0x88CCEE), new Color(0xDDCC77), new Color(0xCC6677));

    private static final float[][] DASHES = {null, {9f, 5f}, {2f, 4f}, {9f, 4f, 2f, 4f}, {16f, 5f}};

    private PolicyPalette() {
    }

    /** The colour of a policy, or of the {@code index}-th series that is not tied to one policy. */
    static Color colour(String policy, int index) {
        Color c = policy == null ? null : COLOURS.get(policy);
        return c != null ? c : OTHERS.get(Math.floorMod(index, OTHERS.size()));
    }

    /** The colour lightened for the {@code variation}-th series of one policy (bars). */
    static Color shade(Color c, int variation) {
        double toWhite = new double[] {0, 0.45, 0.7, 0.25, 0.6}[variation % 5];
        return new Color(mix(c.getRed(), toWhite), mix(c.getGreen(), toWhite), mix(c.getBlue(), toWhite));
    }

    private static int mix(int channel, double toWhite) {
        return (int) Math.round(channel + (255 - channel) * toWhite);
    }

    /** The line stroke of a variation: solid, dashed, dotted, dash-dot, long dashes. */
    static Stroke line(int variation) {
        float[] dash = DASHES[variation % DASHES.length];
        return dash == null ? new BasicStroke(2.2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND)
                : new BasicStroke(2.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, dash, 0f);
    }

    /** Whether the markers of a variation are filled (even) or hollow (odd). */
    static boolean filled(int variation) {
        return variation % 2 == 0;
    }

    /** The marker of a policy (or of the {@code index}-th other series). */
    static Shape marker(String policy, int index) {
        int i = policy != null && MARKER_ORDER.contains(policy) ? MARKER_ORDER.indexOf(policy) : index;
        double s = 9;
        double h = s / 2;
        return switch (Math.floorMod(i, 6)) {
            case 0 -> new Ellipse2D.Double(-h, -h, s, s);
            case 1 -> new Rectangle2D.Double(-h + 0.5, -h + 0.5, s - 1, s - 1);
            case 2 -> polygon(0, -h - 1, h + 1, h, -h - 1, h);
            case 3 -> polygon(0, -h - 1.5, h + 1.5, 0, 0, h + 1.5, -h - 1.5, 0);
            case 4 -> polygon(-h - 1, -h, h + 1, -h, 0, h + 1);
            default -> polygon(-h, -1.5, -1.5, -1.5, -1.5, -h, 1.5, -h, 1.5, -1.5, h, -1.5, h, 1.5, 1.5, 1.5, 1.5, h,
                    -1.5, h, -1.5, 1.5, -h, 1.5);
        };
    }

    private static Shape polygon(double... xy) {
        Path2D.Double p = new Path2D.Double();
        p.moveTo(xy[0], xy[1]);
        for (int i = 2; i < xy.length; i += 2) {
            p.lineTo(xy[i], xy[i + 1]);
        }
        p.closePath();
        return p;
    }
}
