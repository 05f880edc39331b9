package org.cryptorder.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code explain --tcp}: the TCP sender's loss-recovery decisions on short runs of {@code
 * experiments/tcp-heavy-reordering.json} (every 100th data frame held until 100 later ones have
 * passed), and its bad input.
 */
class ExplainTcpTest {
    @TempDir
    Path tmp;

    private static String heavyReordering() {
        return ProjectPaths.home().resolve("experiments/tcp-heavy-reordering.json").toString();
    }

    private static List<String> decisions(CliRun r) {
        return r.out().lines().filter(l -> l.contains(" a TCP flow 0 ")).toList();
    }

    @Test
    void printsEachKindOfDecisionInTheKernelsNames() {
        // 5,000 us unpaced (configuration 5): slow start's first holds are undone on timestamps and widen RACK's window
        CliRun r = CliRun.of("explain", heavyReordering(), "--configuration", "5", "--tcp", "--tcp-events", "5000",
                "--set", "run.durationS=0.1");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).startsWith("# tcp-heavy-reordering: TCP decisions, replication 0 of link.delayUs=5000")
                .contains("tcp_set_ca_state TCP_CA_Disorder -> TCP_CA_Recovery (tcp_enter_recovery), high_seq ",
                        "tcp_rack_detect_loss: segment 99 lost, sent ",
                        "tcp_retransmit_skb: segment 99 again, TSval ",
                        "tcp_check_sack_reordering (timestamps, TCPTSReorder): fack - low_seq 102 segments,"
                                + " tp->reordering 3 -> 102",
                        "tcp_try_undo_partial: undone (TCPPartialUndo); undo_retrans 1, tcp_packet_delayed true (TSecr ",
                        "tcp_check_dsack: D-SACK of segment ",
                        "tcp_rack_update_reo_wnd: reo_wnd_steps 1 -> 2 (a D-SACK in the last round trip)",
                        "tcp_set_ca_state TCP_CA_Recovery -> TCP_CA_Disorder (tcp_try_keep_open)",
                        "bictcp_hystart: ")
                .doesNotContain(" frame ", "timeline chart");
        List<String> lines = decisions(r);
        assertThat(lines).allMatch(l -> l.matches(" +\\d+\\.\\d{3} us  a TCP flow 0 +cwnd \\d+ ssthresh (\\d+|inf)"
                + " flight \\d+ una \\d+ wnd \\d+: (tcp|bictcp)_\\w+.*"));
        assertThat(lines.stream().mapToDouble(l -> Double.parseDouble(l.strip().split(" ")[0]))).isSorted();
        assertThat(r.out()).contains("# " + lines.size() + " TCP decisions, ");
    }

    @Test
    void aroundOneSegmentFollowsItFromItsLossToItsDsackUndo() {
        CliRun r = CliRun.of("explain", heavyReordering(), "--tcp", "--tcp-around-seq", "99",
                "--set", "run.durationS=0.03");
        assertThat(r.status()).as(r.err()).isZero();
        List<String> lines = decisions(r);
        assertThat(lines.get(0)).contains("tcp_rack_detect_loss: segment 99 lost");
        assertThat(lines.get(lines.size() - 1)).contains("tcp_try_undo_dsack: undone (TCPDSACKUndo");
        assertThat(r.out()).contains("tcp_check_dsack: D-SACK of segment 99 (1 spurious), undo_retrans 0",
                "tcp_try_undo_recovery: not undone (tcp_may_undo false); undo_retrans 1, tcp_packet_delayed false",
                "TCP decisions around segment 99, 1 of them entering Recovery")
                .doesNotContain("segment 198");
    }

    @Test
    void withFramesTheDecisionsAreInterleavedWithTheFramesByTime() {
        CliRun r = CliRun.of("explain", heavyReordering(), "--tcp", "--frames", "40", "--from-us", "7780",
                "--tcp-events", "3", "--chart", tmp.resolve("t.png").toString(), "--set", "run.durationS=0.03");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("TCP decisions and 40 frames from 7780.000 us", " frame ",
                "tcp_rack_detect_loss: segment 99 lost", "# timeline chart: ");
        List<String> timed = r.out().lines().filter(l -> !l.startsWith("#")).toList();
        int decision = timed.indexOf(timed.stream().filter(l -> l.contains("tcp_rack_detect_loss")).findFirst()
                .orElseThrow());
        assertThat(decision).as("frames before the decision").isPositive().isLessThan(timed.size() - 1);
        assertThat(decisions(r)).hasSize(3);
        assertThat(r.out()).contains("the bound was reached (--tcp-events 3)");
    }

    @Test
    void badTcpOptionsExitTwo() throws Exception {
        Path udp = tmp.resolve("udp.json");
        Files.writeString(udp, "{\"name\": \"u\", \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 100}],"
                + " \"run\": {\"durationS\": 0.001}}");
        String e = heavyReordering();
        for (List<String> args : List.of(
                List.of(e, "--tcp", "--tcp-events", "0"),
                List.of(e, "--tcp", "--tcp-events", "1000001"),
                List.of(e, "--tcp", "--tcp-events", "many"),
                List.of(e, "--tcp-events", "10"),
                List.of(e, "--tcp-around-seq", "99"),
                List.of(e, "--tcp", "--tcp-around-seq", "-1"),
                List.of(e, "--tcp", "--chart", tmp.resolve("t.png").toString()),
                List.of(udp.toString(), "--tcp"))) {
            CliRun r = CliRun.of(java.util.stream.Stream.concat(java.util.stream.Stream.of("explain"), args.stream())
                    .toArray(String[]::new));
            assertThat(r.status()).as(args.toString()).isEqualTo(2);
            assertThat(r.err()).as(args.toString()).containsPattern("--tcp|--chart").doesNotContain("Exception");
        }
        assertThat(CliRun.of("explain", udp.toString(), "--tcp").err()).contains("has no TCP traffic");
        assertThat(CliRun.of("explain", e, "--tcp-events", "10").err()).contains("--tcp-events needs --tcp");
    }
}
