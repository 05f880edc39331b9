package org.cryptorder.transport.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.cryptorder.net.PcapWriter;
import org.cryptorder.testing.RequiredTool;
import org.cryptorder.testing.Tshark;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reads the transport's packets with an independent parser, Debian's tshark (4.0), checksum
 * validation on: a data segment with timestamps, an ACK with a D-SACK and two SACK blocks, and an
 * iperf3 UDP datagram, each behind an Ethernet header. Skipped where tshark is not installed.
 */
@Tag("wireshark")
class TransportTsharkTest {

    @Test
    void tsharkAgreesOnHeadersOptionsAndChecksums(@TempDir Path dir)
            throws IOException, InterruptedException {
        RequiredTool.need(Tshark.runs(), "tshark", "tshark is not installed", "tshark");
        FlowAddress a = FlowAddress.example();
        Path pcap = dir.resolve("transport.pcap");
        byte[] frame = new byte[1600];
        try (PcapWriter w = PcapWriter.create(pcap)) {
            Ipv4TcpHeader data = new Ipv4TcpHeader().address(a).seq(0xfffff000).ack(0x7000_0000)
                    .window(0x1234).timestamp(1_000_001, 2_000_002);
            PayloadStream.fill(frame, 14 + data.headerLength(), 42, 1416);
            int len = data.write(frame, 14, 1416);
            w.write(1_000, ethernet(frame), 0, 14 + len);

            Ipv4TcpHeader ack = new Ipv4TcpHeader().address(a.reversed()).seq(0x7000_0000)
                    .ack(0x1000_0000).window(0x5000).timestamp(7, 1_000_001)
                    .addSack(0x0fff_0000, 0x0fff_0588).addSack(0x1000_1000, 0x1000_2000)
                    .addSack(0x1000_3000, 0x1000_4000);
            len = ack.write(frame, 14, 0);
            w.write(2_000, ethernet(frame), 0, 14 + len);

            UdpDatagram udp = new UdpDatagram(false).address(a).content(4242, 3_000_000_500L);
            len = udp.write(frame, 14, 1400);
            w.write(3_000, ethernet(frame), 0, 14 + len);
        }
        List<String> lines = tshark(pcap, "ip.checksum.status", "tcp.checksum.status",
                "udp.checksum.status", "tcp.seq_raw", "tcp.ack_raw", "tcp.window_size_value",
                "tcp.len", "tcp.options.timestamp.tsval", "tcp.options.timestamp.tsecr",
                "tcp.options.sack_le", "tcp.options.sack_re", "udp.length");
        assertThat(lines).hasSize(3);
        String[] d = lines.get(0).split(";", -1);
        assertThat(d[0]).as("good IPv4 checksum (1: good, 0: bad, 2: unverified)").isEqualTo("1");
        assertThat(d[1]).as("good TCP checksum").isEqualTo("1");
        assertThat(d[3]).isEqualTo(Long.toString(0xfffff000L));
        assertThat(d[4]).isEqualTo(Long.toString(0x7000_0000L));
        assertThat(d[5]).isEqualTo(Integer.toString(0x1234));
        assertThat(d[6]).isEqualTo("1416");
        assertThat(d[7]).isEqualTo("1000001");
        assertThat(d[8]).isEqualTo("2000002");
        String[] k = lines.get(1).split(";", -1);
        assertThat(k[1]).isEqualTo("1");
        assertThat(k[6]).isEqualTo("0");
        assertThat(k[9]).as("SACK left edges").isEqualTo(
                (0x0fff_0000L) + "," + (0x1000_1000L) + "," + (0x1000_3000L));
        assertThat(k[10]).as("SACK right edges").isEqualTo(
                (0x0fff_0588L) + "," + (0x1000_2000L) + "," + (0x1000_4000L));
        String[] u = lines.get(2).split(";", -1);
        assertThat(u[0]).isEqualTo("1");
        assertThat(u[2]).as("good UDP checksum").isEqualTo("1");
        assertThat(u[11]).isEqualTo(Integer.toString(8 + 1400));
    }

    /** Puts an Ethernet header (IPv4 EtherType) in the first 14 octets. */
    private static byte[] ethernet(byte[] f) {
        byte[] mac = {2, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 2};
        System.arraycopy(mac, 0, f, 0, 12);
        f[12] = 0x08;
        f[13] = 0x00;
        return f;
    }

    private static List<String> tshark(Path pcap, String... fields)
            throws IOException, InterruptedException {
        List<String> cmd = new java.util.ArrayList<>(List.of("tshark", "-r", pcap.toString(),
                "-o", "ip.check_checksum:TRUE", "-o", "tcp.check_checksum:TRUE",
                "-o", "udp.check_checksum:TRUE", "-o", "tcp.relative_sequence_numbers:FALSE",
                "-T", "fields", "-E", "separator=;", "-E", "aggregator=,"));
        for (String f : fields) {
            cmd.add("-e");
            cmd.add(f);
        }
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        p.getOutputStream().close();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("tshark exit status").isZero();
        return out.lines().toList();
    }
}
