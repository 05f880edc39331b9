package org.cryptorder.charts;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.YIntervalSeriesCollection;

/**
 * The occupancy of the sending host's TX queues over one run (replication 0), drawn as {@code
 * QueueChart} draws the cryptd queues: for each configuration whose TX queues held anything, a
 * panel of the packets in each queue's qdisc above a panel of the descriptors in use on its ring
 * (posted to the NIC, not yet cleaned), over a shared time axis, one line per TX queue that sent
 * anything, named with the CPU that feeds it (XPS) and cleans it, in the colour of the
 * configuration's policy. The qdisc panels are left out when no drawn configuration's qdisc held a
 * packet (noqueue, or a sender the wire keeps up with). The same configurations as {@code
 * QueueChart} are drawn when there are more than four. Drawn from {@code series/tx-queue-<i>.csv};
 * skipped when the folder has none (results written before the runs sampled the TX queues).
 */
final class TxQueueChart {
    static final String NAME = "tx-queue";
    static final String TITLE = "TX queue occupancy over time";
    private static final int PANEL_HEIGHT = 100;

    private TxQueueChart() {
    }

    /** One quantity of a TX queue, a panel per configuration. */
    private record Quantity(String axisLabel, Function<SideFiles.TxQueue, int[]> values) {
    }

    private static final Quantity QDISC = new Quantity("qdisc", SideFiles.TxQueue::qdisc);
    private static final Quantity RING = new Quantity("ring", SideFiles.TxQueue::ring);

    static Drawn draw(ResultTables tables) throws MalformedResultsException {
        SeriesPanels.Found<SideFiles.TxQueue> found = SeriesPanels.read(tables, SideFiles::txQueues, queues ->
                queues.stream().anyMatch(q -> max(QDISC, q) > 0 || max(RING, q) > 0) ? queues : List.of());
        List<SeriesPanels.Shown<List<SideFiles.TxQueue>>> active = found.active();
        if (found.files() == 0) {
            return new Drawn.Skipped(NAME, TITLE, "the folder has no series/tx-queue-<i>.csv files; results written"
                    + " before runs sampled the TX queues");
        }
        if (active.isEmpty()) {
            return new Drawn.Skipped(NAME, TITLE, "no TX queue of a held a packet or a descriptor during replication 0");
        }
        SeriesPanels.Selection<List<SideFiles.TxQueue>> selection =
                SeriesPanels.select(tables, active, "whose TX queues held anything");
        List<SeriesPanels.Shown<List<SideFiles.TxQueue>>> shown = selection.shown();
        boolean qdiscs = shown.stream().flatMap(s -> s.data().stream()).anyMatch(q -> max(QDISC, q) > 0);
        List<Quantity> quantities = qdiscs ? List.of(QDISC, RING) : List.of(RING);
        double endS = shown.stream().flatMap(s -> s.data().stream())
                .mapToDouble(q -> q.timeS()[q.timeS().length - 1]).max().orElse(1);
        CombinedDomainXYPlot plot = SeriesPanels.overTime(endS);
        Map<String, Integer> lineStyles = new LinkedHashMap<>();
        double warmupMs = tables.experiment().warmupS() * 1000;
        for (SeriesPanels.Shown<List<SideFiles.TxQueue>> s : shown) {
            for (Quantity quantity : quantities) {
                YIntervalSeriesCollection data = new YIntervalSeriesCollection();
                XYLineAndShapeRenderer r = SeriesPanels.lines();
                int highest = 0;
                for (int k = 0; k < s.data().size(); k++) {
                    SideFiles.TxQueue q = s.data().get(k);
                    data.addSeries(SeriesPanels.series(q.name(), q.timeS(), quantity.values().apply(q), SeriesPanels.bin(q.timeS().length)));
                    SeriesPanels.style(r, k, s, lineStyles.computeIfAbsent(q.name(), n -> lineStyles.size()));
                    highest = Math.max(highest, max(quantity, q));
                }
                boolean first = s == shown.get(0) && quantity == quantities.get(0);
                plot.add(SeriesPanels.panel(data, r, quantity.axisLabel(), highest, warmupMs, first,
                        quantity == quantities.get(0) ? s.row().label() : ""), 1);
            }
        }
        LegendItemCollection items = new LegendItemCollection();
        lineStyles.forEach((name, style) -> items.add(SeriesPanels.legend("TX " + name, style)));
        plot.setFixedLegendItems(items);
        String sampled = "Replication 0, " + SeriesPanels.sampling(shown.get(0).data().get(0).timeS())
                + "; per configuration " + (qdiscs ? "the packets in the qdisc above the descriptors in use on"
                + " the ring" : "the descriptors in use on the ring (no qdisc held a packet)")
                + "; a line per TX queue, named with the CPU that feeds it, in the colour of the policy" + selection.note();
        JFreeChart chart = ChartStyle.chart("TX queues of host a over one run" + selection.at(), plot, true,
                "Held fixed: " + tables.experiment().heldFixed(), sampled);
        int panels = shown.size() * quantities.size();
        return new Drawn.Chart(NAME, TITLE, "Packets in each TX queue's qdisc and descriptors in use on its ring"
                + " (posted to the NIC and not yet cleaned by the TX interrupt) on the sending host a during"
                + " replication 0, sampled on a fixed grid of simulated time (series/tx-queue-<i>.csv); each queue"
                + " is named with the CPU that sends on it by XPS; the shaded start is the warm-up, not counted in"
                + " the tables.", chart, Math.max(ChartStyle.HEIGHT, 200 + PANEL_HEIGHT * panels));
    }

    private static int max(Quantity quantity, SideFiles.TxQueue q) {
        int m = 0;
        for (int v : quantity.values().apply(q)) {
            m = Math.max(m, v);
        }
        return m;
    }
}
