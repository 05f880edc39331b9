package org.cryptorder.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.testing.ProjectFiles;
import org.cryptorder.testing.RequiredTool;
import org.cryptorder.testing.Tshark;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

@Tag("wireshark")
class RunCaptureTsharkTest {
    @TempDir Path dir;

    @Test
    void explore() throws Exception {
        RequiredTool.need(Tshark.runs(), "tshark", "tshark is not installed", "tshark");
        ExperimentFile f = ExperimentFile.load(ProjectFiles.resolve("experiments/tutorial/4-what-it-costs-tcp.json"),
                Experiments.PROFILES, List.of(JsonSource.SetValue.parse("run.durationS=0.02"),
                        JsonSource.SetValue.parse("run.warmupS=0")));
        ResolvedRun run = f.configurations().get(8);
        RunCapture c = new RunCapture(1_000_000);
        Metrics m = new DatapathRunModel(Experiments.PROFILES).capture(run, new StreamRegistry(f.experiment().run().seed()), 0, c);
        c.write(dir, "t");
        // the model's retransmissions: segments a sent below the highest sequence it had sent
        Set<Integer> retransIds = new HashSet<>();
        long maxEnd = -1;
        List<CapturedPackets.Packet> sent = CapturedPackets.of(c.capture("a-macsec0")).packets().stream()
                .filter(p -> p.frame().sent() && p.tcpData()).sorted(java.util.Comparator.comparingInt(CapturedPackets.Packet::ipId)).toList();
        for (CapturedPackets.Packet p : sent) {
            long end = p.tcpSeq() + p.payloadLength();
            if (maxEnd >= 0 && p.tcpSeq() < maxEnd) retransIds.add(p.ipId());
            maxEnd = Math.max(maxEnd, end);
        }
        System.out.println("model retrans " + m.get("tcp_retransmits") + " from a-macsec0 " + retransIds.size());
        Set<Integer> ooo = numbers(dir.resolve("b-macsec0.pcap"), "tcp.analysis.out_of_order");
        Set<Integer> rtx = numbers(dir.resolve("b-macsec0.pcap"), "tcp.analysis.retransmission");
        int[][] table = new int[4][3];
        for (CapturedPackets.Packet p : CapturedPackets.of(c.capture("b-macsec0")).packets()) {
            if (p.frame().sent() || !p.tcpData()) continue;
            int row = (p.frame().delayed() ? 1 : 0) + (retransIds.contains(p.ipId()) ? 2 : 0);
            int col = ooo.contains(p.number()) ? 1 : rtx.contains(p.number()) ? 2 : 0;
            table[row][col]++;
        }
        System.out.println("rows: plain, delayed, retrans, delayed retrans; cols: none, ooo, retrans");
        for (int[] r : table) System.out.println(java.util.Arrays.toString(r));
    }

    static Set<Integer> numbers(Path pcap, String filter) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("tshark", "-r", pcap.toString(), "-Y", filter, "-T", "fields", "-e", "frame.number")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();
        Set<Integer> s = new TreeSet<>();
        for (String l : out.split("\n")) if (!l.isBlank()) s.add(Integer.parseInt(l.trim()));
        return s;
    }
}
