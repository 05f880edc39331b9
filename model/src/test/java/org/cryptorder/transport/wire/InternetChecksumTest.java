package org.cryptorder.transport.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The fast checksum against the straightforward one and against a published example. */
class InternetChecksumTest {

    @Test
    void knownIpv4HeaderChecksum() {
        // The example IPv4 header of the Wikipedia article "Internet checksum":
        // 4500 0073 0000 4000 4011 [b861] c0a8 0001 c0a8 00c7, checksum field zeroed.
        byte[] h = {0x45, 0x00, 0x00, 0x73, 0x00, 0x00, 0x40, 0x00, 0x40, 0x11, 0x00, 0x00,
            (byte) 0xc0, (byte) 0xa8, 0x00, 0x01, (byte) 0xc0, (byte) 0xa8, 0x00, (byte) 0xc7};
        assertThat(InternetChecksum.of(h, 0, h.length)).isEqualTo(0xb861);
        assertThat(Rfc1071.checksum(h)).isEqualTo(0xb861);
    }

    @Test
    void agreesWithStraightforwardSumOnRandomBuffers() {
        SplittableRandom r = new SplittableRandom(1071);
        for (int t = 0; t < 2000; t++) {
            int len = r.nextInt(0, 1600);
            byte[] b = new byte[len + 7];
            for (int i = 0; i < b.length; i++) {
                b[i] = (byte) r.nextInt(256);
            }
            int off = r.nextInt(0, 8);
            off = Math.min(off, b.length - len);
            byte[] piece = Rfc1071.slice(b, off, off + len);
            assertThat(InternetChecksum.of(b, off, len)).as("len %d off %d", len, off)
                    .isEqualTo(Rfc1071.checksum(piece));
        }
    }

    @Test
    void allOnesAndZeros() {
        byte[] ff = new byte[64];
        java.util.Arrays.fill(ff, (byte) 0xff);
        assertThat(InternetChecksum.of(ff, 0, 64)).isEqualTo(Rfc1071.checksum(ff)).isZero();
        assertThat(InternetChecksum.of(new byte[10], 0, 10)).isEqualTo(0xffff);
    }
}
