package org.cryptorder.charts;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.renderer.xy.XYLineAndShapeRenderer;
import org.jfree.data.xy.YIntervalSeriesCollection;

/**
 * The cryptd queue length over one run (replication 0), per CPU: a panel per configuration whose
 * queues held anything, over a shared time axis, one line per CPU whose queue was ever non-empty
 * (b, the receiver, first), in the colour of the configuration's policy. With more than four such
 * configurations the panels are those at the highest value of the swept horizontal-axis path that
 * had any (the title says which), else the first four. Drawn from {@code series/}; skipped when
 * the folder has no series files.
 */
final class QueueChart {
    static final String NAME = "cryptd-queue";
    static final String TITLE = "cryptd queue length over time";

    private QueueChart() {
    }

    static Drawn draw(ResultTables tables) throws MalformedResultsException {
        SeriesPanels.Found<SideFiles.Queue> found = SeriesPanels.read(tables, SideFiles::queues,
                queues -> queues.stream().filter(q -> q.max() > 0).toList());
        List<SeriesPanels.Shown<List<SideFiles.Queue>>> active = found.active();
        if (found.files() == 0) {
            return new Drawn.Skipped(NAME, TITLE, "the folder has no series/cryptd-queue-<i>.csv"
                    + " files; results written before runs sampled the cryptd queues");
        }
        if (active.isEmpty()) {
            return new Drawn.Skipped(NAME, TITLE, "no configuration queued anything in cryptd"
                    + " during replication 0 (every sampled queue length is 0)");
        }
        SeriesPanels.Selection<List<SideFiles.Queue>> selection =
                SeriesPanels.select(tables, active, "whose cryptd queued anything");
        List<SeriesPanels.Shown<List<SideFiles.Queue>>> shown = selection.shown();
        double endS = shown.stream().flatMap(s -> s.data().stream())
                .mapToDouble(q -> q.timeS()[q.timeS().length - 1]).max().orElse(1);
        CombinedDomainXYPlot plot = SeriesPanels.overTime(endS);
        Map<String, Integer> lineStyles = new LinkedHashMap<>();
        double warmupMs = tables.experiment().warmupS() * 1000;
        for (int p = 0; p < shown.size(); p++) {
            SeriesPanels.Shown<List<SideFiles.Queue>> s = shown.get(p);
            YIntervalSeriesCollection data = new YIntervalSeriesCollection();
            XYLineAndShapeRenderer r = SeriesPanels.lines();
            int highest = 0;
            for (int k = 0; k < s.data().size(); k++) {
                SideFiles.Queue q = s.data().get(k);
                data.addSeries(SeriesPanels.series(q.name(), q.timeS(), q.length(), SeriesPanels.bin(q.timeS().length)));
                SeriesPanels.style(r, k, s, lineStyles.computeIfAbsent(q.name(), n -> lineStyles.size()));
                highest = Math.max(highest, q.max());
            }
            plot.add(SeriesPanels.panel(data, r, p == shown.size() / 2 ? "requests waiting in cryptd" : null, highest,
                    warmupMs, p == 0, s.row().label()), 1);
        }
        LegendItemCollection items = new LegendItemCollection();
        lineStyles.forEach((name, style) -> items.add(SeriesPanels.legend(name
                + (name.startsWith("b ") ? " (receiver)" : " (sender)"), style)));
        plot.setFixedLegendItems(items);
        String sampled = "Replication 0; queue length " + SeriesPanels.sampling(shown.get(0).data().get(0).timeS())
                + "; one line per CPU whose queue was ever non-empty, in the colour of the policy" + selection.note();
        JFreeChart chart = ChartStyle.chart("cryptd queue length over one run, per CPU" + selection.at(), plot, true,
                "Held fixed: " + tables.experiment().heldFixed(), sampled);
        return new Drawn.Chart(NAME, TITLE, "Requests waiting in each CPU's cryptd queue during replication 0, sampled"
                + " on a fixed grid of simulated time (series/cryptd-queue-<i>.csv); the shaded start is the warm-up,"
                + " not counted in the tables.", chart);
    }
}
