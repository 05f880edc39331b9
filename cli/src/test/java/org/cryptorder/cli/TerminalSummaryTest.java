package org.cryptorder.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.util.LinkedHashMap;
import java.util.Map;
import org.cryptorder.experiment.records.SweepPoint;
import org.junit.jupiter.api.Test;

/** The paired lines of the summary in the words and units of its other lines. */
class TerminalSummaryTest {
    @Test
    void pairedDifferencesPrintTheirHeadingAndUnitToThreeSignificantDigits() {
        // quickstart's async against sync-fallback: +1.34e9 +/- 9.5e6 bit/s, -2.95e4 +/- 740 us, +170 +/- 64 frames
        assertThat(TerminalSummary.difference("goodput_bps", 1.3372e9, 9.5e6)).isEqualTo("goodput +1.34 +/- 0.01 Gbit/s");
        assertThat(TerminalSummary.difference("goodput_bps", -4.2e7, 1.1e6)).isEqualTo("goodput -42.0 +/- 1.1 Mbit/s");
        assertThat(TerminalSummary.difference("latency_p50_us", -29500, 740)).isEqualTo("latency p50 -29.5 +/- 0.7 ms");
        assertThat(TerminalSummary.difference("latency_p99_us", 12.34, 3.3)).isEqualTo("latency p99 +12.3 +/- 3.3 us");
        assertThat(TerminalSummary.difference("in_pkts_delayed", 170, 64)).isEqualTo("InPktsDelayed +170 +/- 64");
        assertThat(TerminalSummary.difference("in_pkts_delayed", 2.4, 2.04)).isEqualTo("InPktsDelayed +2.4 +/- 2.0");
        assertThat(TerminalSummary.difference("cpu_kernel_worker_seconds", 0.0217, 0.0044))
                .isEqualTo("kernel worker CPU +0.0217 +/- 0.0044 s");
    }

    @Test
    void aPairThatChangesTwoFactorsIsToldFromAOneFactorChange() {
        SweepPoint base = point("async", "0");
        assertThat(TerminalSummary.changed(base, point("async", "0.3"))).containsExactly("contention.kernelFpuBusy");
        assertThat(TerminalSummary.changed(base, point("sync-fallback", "0.3")))
                .containsExactly("crypto.policy", "contention.kernelFpuBusy");
    }

    private static SweepPoint point(String policy, String busy) {
        Map<String, com.fasterxml.jackson.databind.JsonNode> v = new LinkedHashMap<>();
        v.put("crypto.policy", JsonNodeFactory.instance.textNode(policy));
        v.put("contention.kernelFpuBusy", JsonNodeFactory.instance.numberNode(Double.parseDouble(busy)));
        return new SweepPoint(v);
    }
}
