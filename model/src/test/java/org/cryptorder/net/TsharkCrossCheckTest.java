package org.cryptorder.net;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.cryptorder.macsec.Sci;
import org.cryptorder.macsec.Vectors;
import org.junit.jupiter.api.Tag;
import org.cryptorder.testing.Tshark;
import org.cryptorder.testing.RequiredTool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reads a capture written by {@link PcapWriter} with an independent reader, Debian's tshark 4.0
 * ({@code apt-get install tshark}), which parses the SecTAG but cannot verify or decrypt: every
 * vector frame must come out with its timestamp to the nanosecond, its PN, SCI, AN and E bit.
 * Skipped (reported as such) where tshark is not installed.
 */
@Tag("wireshark")
class TsharkCrossCheckTest {

    @Test
    void tsharkReadsTimesAndSecTagsOfEveryVectorFrame(@TempDir Path dir) throws IOException, InterruptedException {
        RequiredTool.need(Tshark.runs(), "tshark", "tshark is not installed", "tshark");
        List<Vectors.Vector> vectors = Vectors.all();
        Path pcap = dir.resolve("vectors.pcap");
        List<Long> times = new ArrayList<>();
        try (PcapWriter writer = PcapWriter.create(pcap)) {
            for (int i = 0; i < vectors.size(); i++) {
                long timeNs = 1_700_000_000_000_000_000L + i * 1_000_000_007L; // 2023, odd nanoseconds
                times.add(timeNs);
                writer.write(timeNs, vectors.get(i).protectedFrame());
            }
        }

        Process p = new ProcessBuilder("tshark", "-r", pcap.toString(), "-T", "fields", "-E", "separator=,",
                "-e", "frame.number", "-e", "frame.time_epoch", "-e", "frame.len", "-e", "eth.type",
                "-e", "macsec.PN", "-e", "macsec.SCI.system_identifier", "-e", "macsec.SCI.port_identifier",
                "-e", "macsec.AN", "-e", "macsec.TCI.E", "-e", "macsec.TCI.SC")
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("tshark exit status").isZero();

        List<String> lines = out.lines().toList();
        assertThat(lines).hasSize(vectors.size());
        for (int i = 0; i < vectors.size(); i++) {
            Vectors.Vector v = vectors.get(i);
            String[] f = lines.get(i).split(",", -1);
            long t = times.get(i);
            String sci = Sci.toHex(v.sci());
            String systemId = String.join(":", sci.substring(0, 12).split("(?<=\\G..)"));
            assertThat(f[0]).as(v.name()).isEqualTo(Integer.toString(i + 1));
            assertThat(f[1]).as(v.name())
                    .isEqualTo(String.format(Locale.ROOT, "%d.%09d", t / 1_000_000_000L, t % 1_000_000_000L));
            assertThat(f[2]).as(v.name()).isEqualTo(Integer.toString(v.protectedFrame().length));
            assertThat(f[3]).as(v.name()).isEqualTo("0x88e5");
            assertThat(Long.parseLong(f[4])).as(v.name()).isEqualTo(v.pn() & 0xffffffffL);
            assertThat(f[5]).as(v.name()).isEqualTo(v.includeSci() ? systemId : "");
            assertThat(f[6]).as(v.name())
                    .isEqualTo(v.includeSci() ? Integer.toString(Integer.parseInt(sci.substring(12), 16)) : "");
            assertThat(Integer.decode(f[7])).as(v.name()).isEqualTo(v.an());
            assertThat(f[8]).as(v.name()).isEqualTo(v.encrypt() ? "1" : "0");
            assertThat(f[9]).as(v.name()).isEqualTo(v.includeSci() ? "1" : "0");
        }
    }
}
