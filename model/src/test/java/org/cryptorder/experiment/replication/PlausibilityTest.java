package org.cryptorder.experiment.replication;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.cryptorder.experiment.file.ExperimentFile;
import org.cryptorder.experiment.Experiments;
import org.junit.jupiter.api.Test;

/** Inputs the model runs but a file is unlikely to mean: each warned of with its reason, none in a bundled file. */
class PlausibilityTest {
    private static List<Plausibility.Notice> notices(String extra) throws Exception {
        return Plausibility.of(Experiments.parse("t.json", Experiments.minimal(extra)));
    }

    private static List<Plausibility.Notice> notices(String traffic, String extra) throws Exception {
        return Plausibility.of(Experiments.parse("t.json", "{\"name\": \"t\", \"traffic\": [" + traffic + "]"
                + (extra.isEmpty() ? "" : ", " + extra) + "}"));
    }

    @Test
    void udpOfferedAboveWhatTheLinkCarriesIsWarnedOfWithTheLinksShare() throws Exception {
        // 1400-octet datagrams take 1400 + 8 + 20 + 14 + 32 + 24 = 1498 octets of the wire: 934.6 of 1000 Mbit/s
        List<Plausibility.Notice> over = notices("{\"kind\": \"udp\", \"rateMbps\": 5000}", "\"link\": {\"rateGbps\": 1}");
        assertThat(over).singleElement().satisfies(n -> {
            assertThat(n.path()).isEqualTo("traffic.0.rateMbps");
            assertThat(n.message()).contains("offered at 5000 Mbit/s", "link carries at most 935 Mbit/s",
                    "dropped at a's TX queue, before the wire");
        });
        assertThat(notices("{\"kind\": \"udp\", \"rateMbps\": 934}", "\"link\": {\"rateGbps\": 1}"))
                .as("just under the link's share").isEmpty();
        assertThat(notices("{\"kind\": \"udp\", \"rateMbps\": 500}, {\"kind\": \"udp\", \"rateMbps\": 500}",
                "\"link\": {\"rateGbps\": 1}")).as("entries add up").hasSize(1);
    }

    @Test
    void aSectionOfNanosecondsIsWarnedOfInItsUnit() throws Exception {
        assertThat(notices("\"contention\": {\"kernelFpuBusy\": 0.2, \"meanSectionUs\": 0.04}")).singleElement()
                .satisfies(n -> assertThat(n.message()).contains("0.04 us (40 ns)", "in microseconds"));
        assertThat(notices("\"contention\": {\"kernelFpuBusy\": 0, \"meanSectionUs\": 0.04}"))
                .as("no contention: the length is never drawn").isEmpty();
        assertThat(notices("\"contention\": {\"kernelFpuBusy\": 0.2, \"meanSectionUs\": 1}")).isEmpty();
    }

    @Test
    void aKernelNewerThanTheModelsRulesAndAPolicyNoKernelShippedAreWarnedOf() throws Exception {
        assertThat(notices("\"crypto\": {\"kernel\": \"7.2\"}")).singleElement()
                .satisfies(n -> assertThat(n.message()).startsWith("Linux 7.2 is newer than 6.18"));
        assertThat(notices("\"crypto\": {\"kernel\": \"6.18\"}")).isEmpty();
        assertThat(notices("\"crypto\": {\"kernel\": \"3.10-rhel7\", \"policy\": \"sync-simd\"}")).singleElement()
                .satisfies(n -> assertThat(n.message()).contains("sync-simd is the crypto path of Linux 6.16 on",
                        "no kernel shipped the pair"));
        assertThat(notices("\"crypto\": {\"kernel\": \"6.6\", \"policy\": \"defer-softirq\"}")).hasSize(1);
        assertThat(notices("\"crypto\": {\"kernel\": \"6.16\", \"policy\": \"sync-simd\"}")).isEmpty();
        assertThat(notices("\"crypto\": {\"kernel\": \"6.6\", \"policy\": \"async-unordered\"}"))
                .as("a what-if of one path over a kernel's, as quickstart's").isEmpty();
    }

    @Test
    void perFrameSteeringWithOneRxQueueInEveryConfigurationIsWarnedOf() throws Exception {
        assertThat(notices("\"hosts\": {\"rxSteering\": \"per-frame\"}")).singleElement()
                .satisfies(n -> assertThat(n.message()).startsWith("per-frame steering with one RX queue changes nothing"));
        assertThat(notices("\"hosts\": {\"rxSteering\": \"per-frame\"}, \"sweep\": {\"hosts.rxQueues\": [1, 2]}"))
                .as("a sweep from one queue up: only that it is a what-if").singleElement()
                .satisfies(n -> assertThat(n.message()).startsWith("flow and per-frame steering spread one SA's frames"));
    }

    @Test
    void severalRxQueuesWithTheNicsSteeringAreSaidToCarryNothing() throws Exception {
        assertThat(notices("\"hosts\": {\"rxQueues\": 4}")).singleElement()
                .satisfies(n -> assertThat(n.message()).contains("reaches RX queue 0").contains("carry nothing"));
        assertThat(notices("\"hosts\": {\"rxQueues\": 1}")).isEmpty();
    }

    @Test
    void noBundledExperimentDrawsANotice() throws Exception {
        for (Path p : Experiments.bundled()) {
            ExperimentFile f = Experiments.parse(p.getFileName().toString(), Files.readString(p));
            assertThat(Plausibility.of(f)).as(p.toString()).isEmpty();
        }
    }
}
