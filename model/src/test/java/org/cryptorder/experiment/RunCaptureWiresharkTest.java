package org.cryptorder.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.experiment.file.ExperimentFile;
import org.cryptorder.experiment.file.JsonSource;
import org.cryptorder.experiment.replication.DatapathRunModel;
import org.cryptorder.experiment.replication.RunCapture;
import org.cryptorder.net.InterfaceCapture;
import org.cryptorder.net.WiresharkOracle.Detail;
import org.cryptorder.net.WiresharkOracle.FrameVerdict;
import org.cryptorder.net.WiresharkOracle.Report;
import org.cryptorder.net.WiresharkOracle;
import org.cryptorder.testing.ProjectFiles;
import org.cryptorder.testing.RequiredTool;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Wireshark 4.4's MACsec dissector ({@link WiresharkOracle}) verifies every frame of both hosts'
 * {@code eth0} captures with the keys the run writes: a TCP run, so that both directions carry
 * frames, each under its sender's SAK. Wireshark takes one key at a time, so each file is judged
 * twice, once with each host's key: the frames that do not verify with one key must be exactly the
 * other host's, and verify with its key.
 */
@Tag("wireshark")
class RunCaptureWiresharkTest {
    @TempDir Path dir;

    private final WiresharkOracle oracle = WiresharkOracle.atDefaultHome();

    @BeforeEach
    void theOracleIsHere() throws IOException {
        RequiredTool.need(oracle.toolsPresent(), "wireshark", "node 18 or later and npm are not on the PATH", "nodejs npm");
        RequiredTool.need(oracle.packageInstalled() || RequiredTool.installAllowed(), "wireshark",
                "the npm package " + WiresharkOracle.PACKAGE + " is not installed in " + oracle.home()
                        + " and -Dcryptorder.installTools=true (which installs it, 39 MB) is not set", "nodejs npm");
    }

    @Test
    void everyFrameOfBothEth0CapturesVerifiesWithItsSendersKey() throws Exception {
        ExperimentFile f = ExperimentFile.load(ProjectFiles.resolve("experiments/tcp-vs-reordering.json"),
                Experiments.PROFILES, List.of(JsonSource.SetValue.parse("run.durationS=0.003"),
                        JsonSource.SetValue.parse("run.warmupS=0")));
        RunCapture c = new RunCapture(1500);
        new DatapathRunModel(Experiments.PROFILES).capture(f.configurations().get(0),
                new StreamRegistry(f.experiment().run().seed()), 0, c);
        c.write(dir, "tcp-vs-reordering");
        byte[] keyA = c.keys().get(0).sak();
        byte[] keyB = c.keys().get(1).sak();
        assertThat(c.keys().get(0).host()).isEqualTo("a");
        for (String name : List.of("a-eth0", "b-eth0")) {
            InterfaceCapture capture = c.capture(name);
            Set<Integer> fromA = new TreeSet<>();
            Set<Integer> fromB = new TreeSet<>();
            int n = 0;
            for (InterfaceCapture.Frame frame : capture.frames()) {
                n++;
                // the source MAC address's last octet: 0x0a for host a, 0x0b for host b
                (frame.octets()[11] == 0x0a ? fromA : fromB).add(n);
            }
            assertThat(fromA).as(name).hasSizeGreaterThan(100);
            assertThat(fromB).as(name).hasSizeGreaterThan(100);
            Path pcap = dir.resolve(name + ".pcap");
            Report withA = oracle.verify(pcap, keyA, Detail.FRAMES_NOT_GOOD);
            Report withB = oracle.verify(pcap, keyB, Detail.FRAMES_NOT_GOOD);
            assertThat(withA.frames()).as(name).isEqualTo(capture.kept());
            assertThat(withA.macsec()).as(name + ": every frame is a MACsec frame").isEqualTo(capture.kept());
            assertThat(withA.good()).as(name + " with a's key").isEqualTo(fromA.size());
            assertThat(withB.good()).as(name + " with b's key").isEqualTo(fromB.size());
            assertThat(notGood(withA)).as(name + ": with a's key, only b's frames fail").isEqualTo(fromB);
            assertThat(notGood(withB)).as(name + ": with b's key, only a's frames fail").isEqualTo(fromA);
        }
    }

    @Test
    void aPcapngCaptureWithItsCommentsVerifiesFrameForFrame() throws Exception {
        ExperimentFile f = ExperimentFile.load(ProjectFiles.resolve("experiments/quickstart.json"), Experiments.PROFILES,
                List.of(JsonSource.SetValue.parse("run.durationS=0.01"), JsonSource.SetValue.parse("run.warmupS=0")));
        RunCapture c = new RunCapture(1500);
        new DatapathRunModel(Experiments.PROFILES).capture(f.configurations().get(2),  // async-unordered: comments
                new StreamRegistry(f.experiment().run().seed()), 0, c);
        c.write(dir, "quickstart", RunCapture.Format.PCAPNG);
        Path pcapng = dir.resolve("b-eth0.pcapng");
        assertThat(java.nio.file.Files.readString(pcapng, java.nio.charset.StandardCharsets.ISO_8859_1))
                .as("frames with comments").contains("counted InPktsDelayed");
        Report r = oracle.verify(pcapng, c.keys().get(0).sak(), Detail.FRAMES_NOT_GOOD);
        int kept = c.capture("b-eth0").kept();
        assertThat(r.frames()).isEqualTo(kept);
        assertThat(r.good()).as("every frame of a's SA, ICV verified and decrypted").isEqualTo(kept);
        assertThat(r.verdicts()).isEmpty();
    }

    private static Set<Integer> notGood(Report r) {
        Set<Integer> s = new TreeSet<>();
        for (FrameVerdict v : r.verdicts()) {
            s.add(v.number());
        }
        return s;
    }
}
