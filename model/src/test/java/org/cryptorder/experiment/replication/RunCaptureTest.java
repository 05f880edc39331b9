package org.cryptorder.experiment.replication;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.experiment.CapturedPackets;
import org.cryptorder.experiment.file.ExperimentFile;
import org.cryptorder.experiment.Experiments;
import org.cryptorder.experiment.file.JsonSource;
import org.cryptorder.experiment.output.Metrics;
import org.cryptorder.experiment.records.ResolvedRun;
import org.cryptorder.net.FrameTrace;
import org.cryptorder.net.InterfaceCapture;
import org.cryptorder.net.PcapReader;
import org.cryptorder.net.PcapWriter;
import org.cryptorder.testing.ProjectFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The captures of a run ({@link RunCapture}): four classic pcap files whose frames reconcile with
 * the run's counters, a capture that changes nothing the run computes, and the bound on a file.
 * Quickstart's async-unordered configuration (it reorders), 20 ms without warm-up so that every
 * counter covers the whole capture, with 1% loss on the wire so that iperf3's lost count is not 0.
 */
class RunCaptureTest {
    private static final double DURATION_S = 0.02;

    @TempDir Path dir;

    private static ResolvedRun quickstart(String... sets) throws Exception {
        List<JsonSource.SetValue> values = new java.util.ArrayList<>(List.of(
                JsonSource.SetValue.parse("run.durationS=" + DURATION_S), JsonSource.SetValue.parse("run.warmupS=0"),
                JsonSource.SetValue.parse("link.impairments.aToB.lossProbability=0.01")));
        for (String s : sets) {
            values.add(JsonSource.SetValue.parse(s));
        }
        ExperimentFile f = ExperimentFile.load(ProjectFiles.resolve("experiments/quickstart.json"), Experiments.PROFILES,
                values);
        ResolvedRun run = f.configurations().get(2);
        assertThat(run.point().label()).isEqualTo("crypto.policy=async-unordered");
        return run;
    }

    private static Metrics capture(ResolvedRun run, RunCapture c) throws Exception {
        return new DatapathRunModel(Experiments.PROFILES).capture(run,
                new StreamRegistry(run.experiment().run().seed()), 0, c);
    }

    @Test
    void fourPcapFilesWhoseFramesReconcileWithTheCountersOfTheSameRun() throws Exception {
        ResolvedRun run = quickstart();
        RunCapture c = new RunCapture(InterfaceCapture.DEFAULT_MAX_FRAMES);
        Metrics m = capture(run, c);
        Metrics plain = new DatapathRunModel(Experiments.PROFILES).run(run,
                new StreamRegistry(run.experiment().run().seed()), 0);
        assertThat(m.toString()).as("capturing changes nothing the run computes").isEqualTo(plain.toString());
        assertThat(c.write(dir, "quickstart")).as("nothing cut").isEmpty();
        assertThat(c.cut()).isFalse();

        for (String name : RunCapture.INTERFACES) {
            Path file = dir.resolve(name + ".pcap");
            byte[] head = Files.readAllBytes(file);
            assertThat(ByteBuffer.wrap(head).order(ByteOrder.LITTLE_ENDIAN).getInt(0)).as(name)
                    .isEqualTo(PcapWriter.MAGIC_NANOSECONDS).isEqualTo(0xa1b23c4d);
            List<PcapReader.Record> records = PcapReader.readAll(file);
            assertThat(records).as(name).hasSize(c.capture(name).kept()).hasSizeGreaterThan(1000);
            for (int i = 1; i < records.size(); i++) {
                assertThat(records.get(i).timeNs()).as(name + " record " + i).isGreaterThanOrEqualTo(records.get(i - 1).timeNs());
            }
        }
        assertThat(Files.readString(dir.resolve(RunCapture.README))).contains("quickstart",
                "a-eth0.pcap", "b-macsec0.pcap").doesNotContain("cut at");

        InterfaceCapture aEth0 = c.capture("a-eth0");
        InterfaceCapture bEth0 = c.capture("b-eth0");
        InterfaceCapture aMacsec0 = c.capture("a-macsec0");
        InterfaceCapture bMacsec0 = c.capture("b-macsec0");
        assertThat(aEth0.keptSent()).as("a's frames on the wire").isEqualTo((long) m.get("frames_tx"))
                .isEqualTo(aEth0.kept());
        assertThat(bEth0.kept() - bEth0.keptSent()).as("b's NIC received what the wire did not lose")
                .isEqualTo((long) (m.get("frames_tx") - m.get("impairment_lost") - m.get("rx_missed")));
        assertThat(m.get("impairment_lost")).isPositive();
        assertThat(aMacsec0.keptSent()).as("datagrams passed down a's MACsec device").isEqualTo((long) m.get("udp_sent"));
        assertThat(bMacsec0.kept() - bMacsec0.keptSent()).as("datagrams passed up b's").isEqualTo((long) m.get("udp_received"));
        assertThat(bMacsec0.frames().stream().filter(InterfaceCapture.Frame::delayed).count())
                .as("b-macsec0 frames counted InPktsDelayed").isEqualTo((long) m.get("in_pkts_delayed")).isPositive();
    }

    @Test
    void iperf3sLostAndOutOfOrderFromTheCaptureAreTheModels() throws Exception {
        ResolvedRun run = quickstart();
        RunCapture c = new RunCapture(InterfaceCapture.DEFAULT_MAX_FRAMES);
        Metrics m = capture(run, c);
        // iperf_udp_recv: P the highest sequence number so far; a jump adds the gap to lost, a late one is out of
        // order and cancels one lost
        long highest = 0;
        long lost = 0;
        long outOfOrder = 0;
        for (CapturedPackets.Packet p : CapturedPackets.of(c.capture("b-macsec0")).packets()) {
            long s = p.udpSeq();
            if (s >= highest + 1) {
                lost += s - 1 - highest;
                highest = s;
            } else {
                outOfOrder++;
                if (lost > 0) {
                    lost--;
                }
            }
        }
        assertThat(outOfOrder).isPositive().isEqualTo((long) m.get("udp_out_of_order"));
        assertThat(lost).isPositive().isEqualTo((long) m.get("udp_lost"));
    }

    @Test
    void aCaptureKeepsItsFirstFramesAndSaysWhereItWasCut() throws Exception {
        RunCapture c = new RunCapture(50);
        capture(quickstart(), c);
        List<String> notes = c.write(dir, "cut");
        assertThat(c.cut()).isTrue();
        for (String name : RunCapture.INTERFACES) {
            assertThat(PcapReader.readAll(dir.resolve(name + ".pcap"))).as(name).hasSize(50);
        }
        assertThat(notes).hasSize(4).allMatch(n -> n.contains("cut at 50 frames: it holds the first 50 of the"));
        assertThat(Files.readString(dir.resolve(RunCapture.README))).contains(notes.get(0));
    }

    @Test
    void keysAreOneLinePerSecureAssociationAThenB() throws Exception {
        RunCapture c = new RunCapture(10);
        capture(quickstart(), c);
        RunCapture.writeKeys(dir, c.keys());
        RunCapture.writeKeys(dir.resolve("twice"), List.of(c.keys().get(0), c.keys().get(1), c.keys().get(0)));
        List<String> lines = Files.readAllLines(dir.resolve(RunCapture.KEYS));
        assertThat(lines).hasSize(2);
        assertThat(lines.get(0)).matches("a 02000000000a0001 0 [0-9a-f]{32}");
        assertThat(lines.get(1)).matches("b 02000000000b0001 0 [0-9a-f]{32}");
        assertThat(Files.readAllLines(dir.resolve("twice").resolve(RunCapture.KEYS))).isEqualTo(lines);
    }

    @Test
    void aTraceCanStartLaterAndAroundTheFirstDelayedFrame() throws Exception {
        ResolvedRun run = quickstart();
        DatapathRunModel model = new DatapathRunModel(Experiments.PROFILES);
        StreamRegistry streams = new StreamRegistry(run.experiment().run().seed());
        FrameTrace later = model.trace(run, streams, 0, new FrameTrace(20, 5e6), null);
        assertThat(later.followed()).isEqualTo(20);
        assertThat(later.steps().get(0).timeNs()).isGreaterThanOrEqualTo(5e6);

        FrameTrace fromStart = model.trace(run, streams, 0, new FrameTrace(40, 0), null);
        long first = fromStart.delayedFrames().first();
        assertThat(first).as("the first delayed frame").isGreaterThan(5);
        double start = model.firstDelayedNs(run, streams, 0, 5);
        FrameTrace around = model.trace(run, streams, 0, new FrameTrace(20, start), null);
        assertThat(around.steps().get(0).timeNs()).isEqualTo(start);
        assertThat(around.delayedFrames().first()).as("5 frames lead up to the first delayed one").isEqualTo(5L);
        assertThat(fromStart.steps().stream().filter(s -> s.frame() == first - 5).findFirst().orElseThrow().timeNs())
                .as("the one 5 before it entered MACsec TX at the start").isEqualTo(start);
    }
}
