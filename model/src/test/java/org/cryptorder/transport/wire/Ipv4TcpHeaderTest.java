package org.cryptorder.transport.wire;

import static org.assertj.core.api.Assertions.assertThat;

import org.cryptorder.transport.wire.Ipv4TcpHeader.ParseResult;
import org.junit.jupiter.api.Test;

/** The IPv4/TCP codec: layout, options, checksums (checked independently), round trips. */
class Ipv4TcpHeaderTest {
    final FlowAddress addr = FlowAddress.example();

    @Test
    void mssOverMacsecOnA1500OctetLink() {
        assertThat(Ipv4TcpHeader.mssForLinkMtu(1500)).isEqualTo(1416);
        assertThat(Ipv4TcpHeader.mssForLinkMtu(9000)).isEqualTo(8916);
    }

    @Test
    void dataSegmentRoundTripWithTimestamps() {
        int mss = 1416;
        Ipv4TcpHeader h = new Ipv4TcpHeader().address(addr).seq(0xfffffff0).ack(0x7000_0000)
                .flags(Ipv4TcpHeader.ACK).window(0x5000).timestamp(123456, 654321).ipId(77);
        assertThat(h.headerLength()).isEqualTo(20 + 20 + 12);
        byte[] buf = new byte[2000];
        int off = 5;
        PayloadStream.fill(buf, off + h.headerLength(), 1_000_000L, mss);
        int total = h.write(buf, off, mss);
        assertThat(total).isEqualTo(1468);

        // Layout: IHL 5, total length, DF, TTL 64, TCP; data offset 8 words; NOP NOP TS 10.
        assertThat(buf[off] & 0xff).isEqualTo(0x45);
        assertThat(Ipv4TcpHeader.getShort(buf, off + 2)).isEqualTo(1468);
        assertThat(Ipv4TcpHeader.getShort(buf, off + 6)).isEqualTo(0x4000);
        assertThat(buf[off + 9]).isEqualTo((byte) 6);
        assertThat((buf[off + 32] & 0xff) >>> 4).isEqualTo(8);
        assertThat(new byte[] {buf[off + 40], buf[off + 41], buf[off + 42], buf[off + 43]})
                .containsExactly(1, 1, 8, 10);

        // Both checksums verify with an independent RFC 1071 sum.
        byte[] ip = Rfc1071.slice(buf, off, off + 20);
        assertThat(Rfc1071.checksum(ip)).isZero();
        byte[] tcp = Rfc1071.slice(buf, off + 20, off + total);
        byte[] pseudo = Rfc1071.pseudoHeader(addr.srcIp(), addr.dstIp(), 6, tcp.length);
        assertThat(Rfc1071.checksum(pseudo, tcp)).isZero();

        Ipv4TcpHeader p = new Ipv4TcpHeader();
        assertThat(p.parse(buf, off, total)).isEqualTo(ParseResult.OK);
        assertThat(p.srcIp()).isEqualTo(addr.srcIp());
        assertThat(p.dstIp()).isEqualTo(addr.dstIp());
        assertThat(p.srcPort()).isEqualTo(addr.srcPort());
        assertThat(p.dstPort()).isEqualTo(addr.dstPort());
        assertThat(p.seq()).isEqualTo(0xfffffff0);
        assertThat(p.ack()).isEqualTo(0x7000_0000);
        assertThat(p.window()).isEqualTo(0x5000);
        assertThat(p.hasTimestamps()).isTrue();
        assertThat(p.tsVal()).isEqualTo(123456);
        assertThat(p.tsEcr()).isEqualTo(654321);
        assertThat(p.ipId()).isEqualTo(77);
        assertThat(p.sackCount()).isZero();
        assertThat(p.payloadOffset()).isEqualTo(off + 52);
        assertThat(p.payloadLength()).isEqualTo(mss);
        assertThat(PayloadStream.firstMismatch(buf, p.payloadOffset(), 1_000_000L, mss)).isEqualTo(-1);
    }

    @Test
    void ackWithDsackAndTwoSackBlocksFillsTheOptionSpace() {
        Ipv4TcpHeader h = new Ipv4TcpHeader().address(addr.reversed()).seq(1).ack(1000)
                .window(100).timestamp(5, 6)
                .addSack(500, 1000).addSack(2000, 3000).addSack(4000, 5000);
        assertThat(h.headerLength()).isEqualTo(20 + 20 + 40);
        byte[] buf = new byte[100];
        int total = h.write(buf, 0, 0);
        assertThat(total).isEqualTo(80);
        assertThat(new byte[] {buf[52], buf[53], buf[54], buf[55]}).containsExactly(1, 1, 5, 26);
        byte[] tcp = Rfc1071.slice(buf, 20, 80);
        assertThat(Rfc1071.checksum(Rfc1071.pseudoHeader(addr.dstIp(), addr.srcIp(), 6, 60), tcp))
                .isZero();

        Ipv4TcpHeader p = new Ipv4TcpHeader();
        assertThat(p.parse(buf, 0, total)).isEqualTo(ParseResult.OK);
        assertThat(p.payloadLength()).isZero();
        assertThat(p.sackCount()).isEqualTo(3);
        assertThat(new int[] {p.sackStart(0), p.sackEnd(0), p.sackStart(1), p.sackEnd(1),
            p.sackStart(2), p.sackEnd(2)}).containsExactly(500, 1000, 2000, 3000, 4000, 5000);
    }

    @Test
    void fourSackBlocksOnlyWithoutTimestamps() {
        Ipv4TcpHeader h = new Ipv4TcpHeader().address(addr).timestamps(false)
                .addSack(1, 2).addSack(3, 4).addSack(5, 6).addSack(7, 8);
        byte[] buf = new byte[100];
        int total = h.write(buf, 0, 0);
        assertThat(total).isEqualTo(40 + 36);
        Ipv4TcpHeader p = new Ipv4TcpHeader();
        assertThat(p.parse(buf, 0, total)).isEqualTo(ParseResult.OK);
        assertThat(p.hasTimestamps()).isFalse();
        assertThat(p.sackCount()).isEqualTo(4);
        assertThat(p.sackEnd(3)).isEqualTo(8);
        org.assertj.core.api.Assertions.assertThatThrownBy(() ->
                new Ipv4TcpHeader().addSack(1, 2).addSack(3, 4).addSack(5, 6).addSack(7, 8))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void corruptionAndTruncationAreCaught() {
        Ipv4TcpHeader h = new Ipv4TcpHeader().address(addr).seq(42).timestamp(1, 2);
        byte[] buf = new byte[200];
        PayloadStream.fill(buf, h.headerLength(), 42, 100);
        int total = h.write(buf, 0, 100);
        Ipv4TcpHeader p = new Ipv4TcpHeader();
        assertThat(p.parse(buf, 0, total - 1)).isEqualTo(ParseResult.TRUNCATED);
        buf[total - 1] ^= 1;
        assertThat(p.parse(buf, 0, total)).isEqualTo(ParseResult.BAD_TCP_CHECKSUM);
        buf[total - 1] ^= 1;
        buf[8] ^= 1;
        assertThat(p.parse(buf, 0, total)).isEqualTo(ParseResult.BAD_IP_CHECKSUM);
        buf[8] ^= 1;
        assertThat(p.parse(buf, 0, total)).isEqualTo(ParseResult.OK);
    }

    @Test
    void sequenceNumbersUnwrapAcross2To32() {
        int isn = 0xffff_ff00;
        long pos = 0x1_0000_0000L + 300;
        int w = Ipv4TcpHeader.wire(pos, isn);
        assertThat(Ipv4TcpHeader.unwrap(w, isn, pos - 100_000)).isEqualTo(pos);
        assertThat(Ipv4TcpHeader.unwrap(w, isn, pos + 100_000)).isEqualTo(pos);
        assertThat(Ipv4TcpHeader.unwrap(Ipv4TcpHeader.wire(5, isn), isn, 0)).isEqualTo(5);
    }

    @Test
    void payloadIsAFunctionOfThePosition() {
        byte[] a = new byte[3000];
        byte[] b = new byte[3000];
        PayloadStream.fill(a, 0, 7, 3000);
        PayloadStream.fill(b, 3, 10, 2997);
        for (int i = 0; i < 2997; i++) {
            assertThat(b[3 + i]).isEqualTo(a[3 + i]).isEqualTo(PayloadStream.at(10 + i));
        }
        assertThat(PayloadStream.firstMismatch(a, 0, 7, 3000)).isEqualTo(-1);
        assertThat(PayloadStream.firstMismatch(a, 0, 8, 3000)).isZero();
        a[1234] ^= 0x40;
        assertThat(PayloadStream.firstMismatch(a, 0, 7, 3000)).isEqualTo(1234);
        byte[] seg1 = new byte[1416];
        byte[] seg2 = new byte[1416];
        PayloadStream.fill(seg1, 0, 0, 1416);
        PayloadStream.fill(seg2, 0, 1416, 1416);
        assertThat(seg1).isNotEqualTo(seg2);
    }
}
