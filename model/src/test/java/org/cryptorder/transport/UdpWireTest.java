package org.cryptorder.transport;

import static org.assertj.core.api.Assertions.assertThat;

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
