package org.cryptorder.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.cryptorder.experiment.replication.RunCapture;
import org.cryptorder.net.PcapReader;
import org.cryptorder.net.PcapngReader;
import org.cryptorder.testing.RequiredTool;
import org.cryptorder.testing.Tshark;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --pcap-format pcapng}: the same frames at the same times as the classic captures, each
 * interface named, and a comment exactly on the received frames the narration marks as counted
 * InPktsDelayed; read back by the project's reader and, where it is installed, by tshark.
 */
class PcapngCaptureTest {
    @TempDir
    Path tmp;

    /** The shared {@link ReorderingExperiment}. */
    Path experiment() throws Exception {
        return ReorderingExperiment.in(tmp);
    }

    /** The PN in a MACsec frame's SecTAG (after the 12 octets of addresses and the EtherType 88E5, TCI/AN and SL). */
    static long pn(byte[] frame) {
        assertThat(frame[12] & 0xff).isEqualTo(0x88);
        assertThat(frame[13] & 0xff).isEqualTo(0xe5);
        return ((frame[16] & 0xffL) << 24) | ((frame[17] & 0xffL) << 16) | ((frame[18] & 0xffL) << 8) | (frame[19] & 0xffL);
    }

    /** Runs explain with captures in {@code format}; the narration. */
    CliRun explain(Path caps, String format) throws Exception {
        CliRun r = CliRun.of("explain", experiment().toString(), "--frames", "300", "--pcap", caps.toString(),
                "--pcap-format", format, "--chart", tmp.resolve("t.png").toString());
        assertThat(r.status()).as(r.err()).isZero();
        return r;
    }

    @Test
    void commentsAreExactlyOnTheFramesCountedInPktsDelayedAndTheFramesAreThePcapOnes() throws Exception {
        Path ng = tmp.resolve("ng");
        CliRun r = explain(ng, "pcapng");
        assertThat(r.out()).contains("/{a-eth0,a-macsec0,b-eth0,b-macsec0}.pcapng");
        Set<Long> marked = new TreeSet<>();
        Matcher m = Pattern.compile("(?m)^!.* PN (\\d+): ").matcher(r.out());
        while (m.find()) {
            marked.add(Long.parseLong(m.group(1)));
        }
        assertThat(marked).isNotEmpty();

        PcapngReader eth0 = PcapngReader.read(ng.resolve("0/b-eth0.pcapng"));
        assertThat(eth0.interfaces()).singleElement().satisfies(i -> {
            assertThat(i.name()).isEqualTo("b-eth0");
            assertThat(i.description()).startsWith("eth0 of host b");
            assertThat(i.tsresol()).isEqualTo(9);
        });
        TreeSet<Long> commented = new TreeSet<>();
        for (PcapngReader.Packet p : eth0.packets()) {
            if (p.comment() != null) {
                assertThat(p.comment()).startsWith("PN " + pn(p.data()) + ": decrypted by cryptd on cpu0, waited ")
                        .endsWith("; validated after a later PN: counted InPktsDelayed");
                commented.add(pn(p.data()));
            }
        }
        // the followed frames are the first 300 sent, PN 1 to 300: among them, commented exactly where narrated !
        assertThat(commented.headSet(301L)).isEqualTo(marked);
        List<String> delivered = PcapngReader.read(ng.resolve("0/b-macsec0.pcapng")).packets().stream()
                .map(PcapngReader.Packet::comment).filter(c -> c != null).toList();
        assertThat(delivered).hasSize(commented.size()).allSatisfy(c -> assertThat(c).contains(", overtaken by "));

        // the same frames at the same times as the classic pcap of the same run
        Path classic = tmp.resolve("classic");
        explain(classic, "pcap");
        for (String name : RunCapture.INTERFACES) {
            List<PcapReader.Record> records = PcapReader.readAll(classic.resolve("0/" + name + ".pcap"));
            List<PcapngReader.Packet> packets = PcapngReader.read(ng.resolve("0/" + name + ".pcapng")).packets();
            assertThat(packets).as(name).hasSameSizeAs(records).isNotEmpty();
            for (int i = 0; i < records.size(); i++) {
                assertThat(packets.get(i).timeNs()).isEqualTo(records.get(i).timeNs());
                assertThat(packets.get(i).data()).isEqualTo(records.get(i).data());
            }
        }
    }

    @Test
    void tsharkReadsTheCommentsOnTheSameFrames() throws Exception {
        RequiredTool.need(Tshark.runs(), "tshark", "tshark is not installed", "tshark");
        Path ng = tmp.resolve("ng");
        explain(ng, "pcapng");
        Set<Long> ours = new TreeSet<>();
        for (PcapngReader.Packet p : PcapngReader.read(ng.resolve("0/b-eth0.pcapng")).packets()) {
            if (p.comment() != null) {
                ours.add(pn(p.data()));
            }
        }
        Process p = new ProcessBuilder("tshark", "-r", ng.resolve("0/b-eth0.pcapng").toString(), "-Y", "frame.comment",
                "-T", "fields", "-e", "macsec.PN").redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();
        Set<Long> theirs = new TreeSet<>();
        out.lines().filter(l -> !l.isBlank()).forEach(l -> theirs.add(Long.parseLong(l.strip())));
        assertThat(theirs).isNotEmpty().isEqualTo(ours);
    }

    @Test
    void badFormatsExitTwo() throws Exception {
        CliRun bad = CliRun.of("explain", experiment().toString(), "--pcap", tmp.resolve("c").toString(),
                "--pcap-format", "pcapx");
        assertThat(bad.status()).isEqualTo(2);
        assertThat(bad.err()).contains("--pcap-format: pcap or pcapng, got pcapx");
        CliRun alone = CliRun.of("explain", experiment().toString(), "--pcap-format", "pcapng");
        assertThat(alone.status()).isEqualTo(2);
        assertThat(alone.err()).contains("--pcap-format needs --pcap DIR");
    }
}
