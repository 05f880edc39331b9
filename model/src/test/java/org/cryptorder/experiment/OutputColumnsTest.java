package org.cryptorder.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.cryptorder.engine.StreamRegistry;
import org.junit.jupiter.api.Test;

/** The column catalog: complete, well named, and what the model's tables are made of. */
class OutputColumnsTest {
    private final DatapathRunModel model = new DatapathRunModel(Experiments.PROFILES);

    @Test
    void everyColumnHasANameAUnitAHeadingAKindAndADescription() {
        Set<String> seen = new HashSet<>();
        for (OutputColumns.Column c : OutputColumns.all()) {
            assertThat(c.name()).matches("[a-z][a-z0-9]*(_[a-z0-9]+)*");
            assertThat(seen.add(c.name())).as("%s appears once", c.name()).isTrue();
            assertThat(c.unit()).as("unit of %s", c.name()).isNotBlank();
            assertThat(c.heading()).as("heading of %s", c.name()).isNotBlank();
            assertThat(c.kind()).as("kind of %s", c.name()).isIn("count", "window statistic", "whole run");
            assertThat(c.description()).as("description of %s", c.name()).isNotBlank().endsWith(".");
            assertThat(c.recorder().get()).as("a recorder of %s", c.name()).isNotNull();
        }
    }

    @Test
    void theModelsColumnsAreTheCatalogsInOrder() {
        assertThat(DatapathRunModel.METRICS).isEqualTo(OutputColumns.names());
        assertThat(model.metricNames()).isEqualTo(OutputColumns.names());
    }

    @Test
    void theMarkdownTableListsEveryColumnOnce() {
        String table = OutputColumns.markdownTable();
        for (String name : OutputColumns.names()) {
            assertThat(table).containsOnlyOnce("| `" + name + "` |");
        }
        assertThat(table).contains("| `wall_seconds` |");
    }

    @Test
    void lossProbesAreCountedForTcpAndZeroWithoutIt() throws Exception {
        String tcp = "{\"name\": \"t\", \"hosts\": {\"cpus\": 2}, \"crypto\": {\"policy\": \"sync-simd\"},"
                + " \"link\": {\"rateGbps\": 1, \"impairments\": {\"aToB\": {\"lossProbability\": 0.01}}},"
                + " \"traffic\": [{\"kind\": \"tcp\"}], \"run\": {\"durationS\": 0.05, \"warmupS\": %s}}";
        Metrics all = model.run(DatapathRunModelTest.only(String.format(tcp, "0")), new StreamRegistry(1), 0);
        Metrics late = model.run(DatapathRunModelTest.only(String.format(tcp, "0.04")), new StreamRegistry(1), 0);
        assertThat(all.get("tcp_loss_probes")).as("tail losses on a lossy link are probed").isPositive();
        assertThat(late.get("tcp_loss_probes")).as("only the probes after the warm-up")
                .isLessThan(all.get("tcp_loss_probes"));
        Metrics udp = model.run(DatapathRunModelTest.only(DatapathRunModelTest.udp("async", 0.1, 0.01, 0, "")),
                new StreamRegistry(1), 0);
        assertThat(udp.get("tcp_loss_probes")).isZero();
    }
}
