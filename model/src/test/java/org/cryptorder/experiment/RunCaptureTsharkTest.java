package org.cryptorder.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.experiment.file.ExperimentFile;
import org.cryptorder.experiment.file.JsonSource;
import org.cryptorder.experiment.output.Metrics;
import org.cryptorder.experiment.records.ResolvedRun;
import org.cryptorder.experiment.replication.DatapathRunModel;
import org.cryptorder.experiment.replication.RunCapture;
import org.cryptorder.testing.ProjectFiles;
import org.cryptorder.testing.RequiredTool;
import org.cryptorder.testing.Tshark;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * tshark's TCP analysis of a run's {@code b-macsec0.pcap} against the model's own marks on the same
 * frames: the receiving MACsec device's InPktsDelayed, and the sender's retransmissions. Tutorial 4's
 * async-unordered sender under 30% kernel FPU contention reorders many segments (cryptd) and
 * retransmits some spuriously.
 *
 * <p>Wireshark's rules ({@code tcp_analyze_sequence_number} in {@code epan/dissectors/packet-tcp.c})
 * judge a data segment that does not advance the highest sequence number seen: a <em>fast
 * retransmission</em> when it starts at the sequence number of two or more duplicate ACKs seen
 * within 20 ms, else <em>out of order</em> when it comes within 3 ms (no handshake, so no RTT) of
 * the highest segment, else a <em>retransmission</em>; fast and spurious retransmissions are also
 * flagged {@code tcp.analysis.retransmission}. From the capture alone it cannot tell a late
 * original that fills the duplicate ACKs' hole from its retransmission: both are "fast
 * retransmissions" to it. So the late originals are its out-of-order and fast-retransmission
 * frames together, and the model's retransmissions are its other retransmissions; where a
 * retransmission reaches b before its late original (a few times here since TCP's GSO skbs are
 * modelled), tshark takes the retransmission for the hole's filler and the original for the
 * retransmission, and the test expects the pair swapped so.
 */
@Tag("wireshark")
class RunCaptureTsharkTest {
    @TempDir Path dir;

    @Test
    void tsharkFindsTheDelayedSegmentsAndTheRetransmissionsTheModelMarked() throws Exception {
        RequiredTool.need(Tshark.runs(), "tshark", "tshark is not installed", "tshark");
        ExperimentFile f = ExperimentFile.load(ProjectFiles.resolve("experiments/tutorial/4-what-it-costs-tcp.json"),
                Experiments.PROFILES, List.of(JsonSource.SetValue.parse("run.durationS=0.02"),
                        JsonSource.SetValue.parse("run.warmupS=0"),
                        // an interrupt per frame: every frame arriving while cryptd holds earlier
                        // ones overtakes them, so 20 ms give well over a hundred late originals
                        JsonSource.SetValue.parse("hosts.rxUsecs=0")));
        ResolvedRun run = f.configurations().get(8);
        assertThat(run.point().label()).isEqualTo("crypto.policy=async-unordered contention.kernelFpuBusy=0.3");
        RunCapture c = new RunCapture(100_000);
        Metrics m = new DatapathRunModel(Experiments.PROFILES).capture(run,
                new StreamRegistry(f.experiment().run().seed()), 0, c);
        c.write(dir, "tutorial 4, async-unordered");
        assertThat(c.cut()).isFalse();

        Set<Integer> retransmitted = retransmissions(CapturedPackets.of(c.capture("a-macsec0")), 0.02e9,
                (long) m.get("tcp_retransmits"));
        Set<Integer> late = new TreeSet<>();
        Set<Integer> resent = new TreeSet<>();
        // as tshark sees them: where a retransmission reached b before its late original, tshark takes the
        // first to arrive for the hole's filler and the original for the retransmission
        Set<Integer> lateAsTsharkSees = new TreeSet<>();
        Set<Integer> resentAsTsharkSees = new TreeSet<>();
        java.util.Map<Long, Integer> resentFirst = new java.util.HashMap<>();
        long highestEnd = -1;
        for (CapturedPackets.Packet p : CapturedPackets.of(c.capture("b-macsec0")).packets()) {
            if (p.frame().sent() || !p.tcpData()) {
                continue;
            }
            if (retransmitted.contains(p.ipId())) {
                resent.add(p.number());
                resentAsTsharkSees.add(p.number());
                resentFirst.putIfAbsent(p.tcpSeq(), p.number());
            } else if (p.tcpSeq() < highestEnd) {
                assertThat(p.frame().delayed()).as("an original behind a later segment was validated after it: frame "
                        + p.number()).isTrue();
                late.add(p.number());
                Integer first = resentFirst.get(p.tcpSeq());
                if (first != null && resentAsTsharkSees.remove(first)) {
                    lateAsTsharkSees.add(first);
                    resentAsTsharkSees.add(p.number());
                } else {
                    lateAsTsharkSees.add(p.number());
                }
            }
            highestEnd = Math.max(highestEnd, p.tcpSeq() + p.payloadLength());
        }
        assertThat(late).as("late originals").hasSizeGreaterThan(100);
        assertThat(resent).as("retransmissions reaching b").hasSizeGreaterThan(10);

        Path pcap = dir.resolve("b-macsec0.pcap");
        Set<Integer> outOfOrder = frames(pcap, "tcp.analysis.out_of_order");
        Set<Integer> fast = frames(pcap, "tcp.analysis.fast_retransmission");
        Set<Integer> retransmissions = frames(pcap, "tcp.analysis.retransmission");
        Set<Integer> tsharkLate = new TreeSet<>(outOfOrder);
        tsharkLate.addAll(fast);
        assertThat(tsharkLate).as("tshark's out-of-order and fast retransmissions: the late originals")
                .isEqualTo(lateAsTsharkSees);
        Set<Integer> tsharkResent = new TreeSet<>(retransmissions);
        tsharkResent.removeAll(fast);
        assertThat(tsharkResent).as("tshark's other retransmissions: the model's").isEqualTo(resentAsTsharkSees);
    }

    /**
     * The IP IDs of the segments the sender retransmitted, from its macsec0 capture: TCP numbers its
     * transmissions with the IP ID, so in that order a segment starting below the highest sequence
     * number sent before it is a retransmission. Those built before the traffic's end (when the
     * model reads {@code tcp_retransmits}) must be as many as the model counted.
     */
    private static Set<Integer> retransmissions(CapturedPackets sender, double trafficEndNs, long counted) {
        List<CapturedPackets.Packet> data = sender.packets().stream().filter(p -> p.frame().sent() && p.tcpData())
                .sorted(Comparator.comparingInt(CapturedPackets.Packet::ipId)).toList();
        assertThat(data.get(data.size() - 1).ipId()).as("no IP ID wrapped in this short run").isLessThan(65_000);
        Set<Integer> ids = new HashSet<>();
        long before = 0;
        long highestEnd = -1;
        for (CapturedPackets.Packet p : data) {
            if (p.tcpSeq() < highestEnd) {
                ids.add(p.ipId());
                if (p.frame().timeNs() < trafficEndNs) {
                    before++;
                }
            }
            highestEnd = Math.max(highestEnd, p.tcpSeq() + p.payloadLength());
        }
        assertThat(before).as("retransmissions sent before the traffic ended: tcp_retransmits").isEqualTo(counted);
        return ids;
    }

    /** The numbers of the frames of {@code pcap} that tshark's display filter {@code filter} keeps. */
    static Set<Integer> frames(Path pcap, String filter) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("tshark", "-n", "-r", pcap.toString(), "-Y", filter, "-T", "fields", "-e",
                "frame.number").redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
        assertThat(p.exitValue()).as("tshark -Y " + filter).isZero();
        Set<Integer> s = new TreeSet<>();
        for (String line : out.split("\n")) {
            if (!line.isBlank()) {
                s.add(Integer.parseInt(line.strip()));
            }
        }
        return s;
    }
}
