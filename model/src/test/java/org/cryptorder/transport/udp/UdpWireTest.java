package org.cryptorder.transport.udp;

import static org.assertj.core.api.Assertions.assertThat;

import org.cryptorder.transport.wire.InternetChecksum;
import org.cryptorder.transport.wire.Ipv4Header;
import org.junit.jupiter.api.Test;

/** The UDP frames of the datapath sources: well formed, and their filler tells a damaged or misplaced payload. */
class UdpWireTest {
    static final byte[] A = {2, 0, 0, 0, 0, 1};
    static final byte[] B = {2, 0, 0, 0, 0, 2};

    static byte[] frame(long seq, int payload) {
        byte[] b = new byte[UdpWire.HEADERS + payload];
        UdpWire.write(b, 0, B, A, 0x0a000001, 0x0a000002, 5201, 5201, seq, 1_000, payload);
        return b;
    }

    @Test
    void anIntactDatagramChecksOutAndCarriesItsSequenceAndTime() {
        byte[] f = frame(1234, 1400);
        assertThat(UdpWire.valid(f, 0, f.length)).isTrue();
        assertThat(UdpWire.fillerIntact(f, 0, f.length)).isTrue();
        assertThat(UdpWire.sequence(f, 0)).isEqualTo(1234);
        assertThat(UdpWire.sendNs(f, 0)).isEqualTo(1_000);
    }

    @Test
    void aDamagedIpv4HeaderAnotherProtocolOrALengthThatDisagreesIsNotAValidFrame() {
        byte[] f = frame(1234, 1400);
        assertThat(UdpWire.valid(f, 0, f.length - 1)).as("a frame shorter than its IPv4 length").isFalse();
        byte[] longer = new byte[f.length + 2];
        System.arraycopy(f, 0, longer, 0, f.length);
        assertThat(UdpWire.valid(longer, 0, longer.length)).as("a frame longer than its IPv4 length").isFalse();
        byte[] damaged = frame(1234, 1400);
        damaged[UdpWire.ETH + 12] ^= 1;
        assertThat(UdpWire.valid(damaged, 0, damaged.length)).as("a changed source address").isFalse();
        byte[] tcp = frame(1234, 1400);
        tcp[UdpWire.ETH + 9] = 6;
        Ipv4Header.putShort(tcp, UdpWire.ETH + 10, 0);
        Ipv4Header.putShort(tcp, UdpWire.ETH + 10, InternetChecksum.of(tcp, UdpWire.ETH, UdpWire.IP));
        assertThat(InternetChecksum.of(tcp, UdpWire.ETH, UdpWire.IP)).isZero();
        assertThat(UdpWire.valid(tcp, 0, tcp.length)).as("TCP").isFalse();
        byte[] vlan = frame(1234, 1400);
        vlan[12] = (byte) 0x81;
        assertThat(UdpWire.valid(vlan, 0, vlan.length)).as("another EtherType").isFalse();
    }

    @Test
    void aChangedOctetOrAnotherDatagramsPayloadIsCaught() {
        byte[] f = frame(1234, 1400);
        f[f.length - 1] ^= 0x20;
        assertThat(UdpWire.fillerIntact(f, 0, f.length)).isFalse();
        for (long other : new long[] {1235, 1234 + 256, 1234 + 8190}) {
            byte[] g = frame(1234, 1400);
            System.arraycopy(frame(other, 1400), UdpWire.HEADERS + UdpWire.MIN_PAYLOAD, g,
                    UdpWire.HEADERS + UdpWire.MIN_PAYLOAD, 1400 - UdpWire.MIN_PAYLOAD);
            assertThat(UdpWire.fillerIntact(g, 0, g.length)).as("filler of datagram %d", other).isFalse();
        }
    }
}
