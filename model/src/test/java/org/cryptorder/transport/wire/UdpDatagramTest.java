package org.cryptorder.transport.wire;

import static org.assertj.core.api.Assertions.assertThat;

import org.cryptorder.transport.wire.UdpDatagram.ParseResult;
import org.junit.jupiter.api.Test;

/** The iperf3 UDP datagram: iperf3's payload layout, checksums checked independently, round trips. */
class UdpDatagramTest {
    final FlowAddress addr = FlowAddress.example();

    @Test
    void iperf3LayoutAndChecksums() {
        UdpDatagram d = new UdpDatagram(false).address(addr).ipId(9)
                .content(70_000, 12_345_678_901L);
        byte[] buf = new byte[1600];
        int total = d.write(buf, 2, 1448);
        assertThat(total).isEqualTo(20 + 8 + 1448);
        int u = 2 + 20;
        assertThat(Ipv4TcpHeader.getShort(buf, u + 4)).isEqualTo(8 + 1448);
        int p = u + 8;
        // iperf_udp_send: seconds, microseconds, then the 32-bit packet count, big-endian.
        assertThat(Ipv4TcpHeader.getInt(buf, p)).isEqualTo(12);
        assertThat(Ipv4TcpHeader.getInt(buf, p + 4)).isEqualTo(345_678);
        assertThat(Ipv4TcpHeader.getInt(buf, p + 8)).isEqualTo(70_000);

        assertThat(Rfc1071.checksum(Rfc1071.slice(buf, 2, 22))).isZero();
        byte[] udp = Rfc1071.slice(buf, u, 2 + total);
        assertThat(Rfc1071.checksum(Rfc1071.pseudoHeader(addr.srcIp(), addr.dstIp(), 17,
                udp.length), udp)).isZero();

        UdpDatagram r = new UdpDatagram(false);
        assertThat(r.parse(buf, 2, total)).isEqualTo(ParseResult.OK);
        assertThat(r.sequence()).isEqualTo(70_000);
        assertThat(r.seconds()).isEqualTo(12);
        assertThat(r.microseconds()).isEqualTo(345_678);
        assertThat(r.sendTimeNs()).isEqualTo(12_345_678_000L);
        assertThat(r.payloadLength()).isEqualTo(1448);
        assertThat(r.srcPort()).isEqualTo(addr.srcPort());
        assertThat(r.dstIp()).isEqualTo(addr.dstIp());
        assertThat(r.ipId()).isEqualTo(9);
    }

    @Test
    void sixtyFourBitCounters() {
        UdpDatagram d = new UdpDatagram(true).address(addr).content(0x1_2345_6789L, 1_000);
        byte[] buf = new byte[200];
        int total = d.write(buf, 0, 100);
        assertThat(Ipv4TcpHeader.getInt(buf, 28 + 8)).isEqualTo(1);
        assertThat(Ipv4TcpHeader.getInt(buf, 28 + 12)).isEqualTo(0x2345_6789);
        UdpDatagram r = new UdpDatagram(true);
        assertThat(r.parse(buf, 0, total)).isEqualTo(ParseResult.OK);
        assertThat(r.sequence()).isEqualTo(0x1_2345_6789L);
        assertThat(r.microseconds()).isEqualTo(1);
    }

    @Test
    void corruptionIsCaught() {
        UdpDatagram d = new UdpDatagram(false).address(addr).content(5, 0);
        byte[] buf = new byte[200];
        int total = d.write(buf, 0, 120);
        UdpDatagram r = new UdpDatagram(false);
        buf[100] ^= 4;
        assertThat(r.parse(buf, 0, total)).isEqualTo(ParseResult.BAD_UDP_CHECKSUM);
        buf[100] ^= 4;
        buf[26] = 0;
        buf[27] = 0;
        buf[100] ^= 4;
        assertThat(r.parse(buf, 0, total)).as("checksum 0 means none: the filler check remains")
                .isEqualTo(ParseResult.BAD_FILLER);
        assertThat(r.parse(buf, 0, 20)).isEqualTo(ParseResult.TRUNCATED);
    }
}
