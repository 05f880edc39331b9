package org.cryptorder.charts;

import java.util.ArrayList;
import java.util.List;

/**
 * Reordering against the swept path: the RFC 4737 reordered ratio of the UDP datagrams and TCP
 * segments b received, on a log scale (zeros on a floor line), and the frames b's SecY counted
 * InPktsDelayed.
 */
final class ReorderingChart {
    static final String NAME = "reordering";
    static final String RATIO = "reordered_ratio";
    static final String DELAYED = "in_pkts_delayed";

    private static final String RATIO_TEXT = "the share of the %s b received that arrived after a later one"
            + " (RFC 4737 reordered ratio), log scale; configurations with none are drawn on the dashed line at 0.";
    private static final String DELAYED_TEXT = "frames b's MACsec device counted InPktsDelayed (a packet number"
            + " below one already received; delivered all the same, as replay protection is off).";

    private ReorderingChart() {
    }

    static Drawn draw(ResultTables tables) {
        boolean ratio = tables.has(RATIO);
        String packets = tables.experiment().packets();
        String ratioText = RATIO_TEXT.formatted(packets);
        boolean delayed = tables.has(DELAYED);
        List<SweepChart.Panel> panels = new ArrayList<>();
        if (ratio) {
            panels.add(SweepChart.Panel.log(RATIO, "reordered " + packets + " (%, log scale)", 100, 3));
        }
        if (delayed) {
            panels.add(SweepChart.Panel.counts(DELAYED, "InPktsDelayed (frames)", 2));
        }
        String caption;
        if (ratio && delayed) {
            caption = "Top: " + ratioText + " Bottom: " + DELAYED_TEXT;
        } else if (ratio) {
            caption = capitalised(ratioText);
        } else if (delayed) {
            caption = capitalised(DELAYED_TEXT);
        } else {
            return new Drawn.Skipped(NAME, "Reordering", ResultTables.SUMMARY + " has neither " + RATIO + " nor " + DELAYED);
        }
        return new Drawn.Chart(NAME, "Reordering", caption, new SweepChart(tables).build("Reordering", panels));
    }

    private static String capitalised(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }
}
