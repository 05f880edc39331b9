package org.cryptorder.transport.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The payload stream and its one-pass helpers: the same octets from {@link PayloadStream#fill},
 * {@link PayloadStream#fillAndSum} and {@link PayloadStream#at}, across the period's end too; the same
 * TCP checksum as RFC 1071 computed octet by octet ({@link Rfc1071}) for every alignment and
 * length parity; any changed or misplaced octet caught.
 */
class PayloadStreamTest {
    /** A pseudo header's protocol number, 6, as the only other word: what a TCP checksum always adds. */
    private static final byte[] PROTOCOL_WORD = {0, 6};

    @Test
    void fillAndSumWritesTheStreamAndItsChecksumForEveryAlignmentAndLength() {
        SplittableRandom random = new SplittableRandom(11);
        for (int shift = 0; shift < 16; shift++) {
            for (int len : new int[] {0, 1, 2, 7, 8, 9, 15, 16, 17, 1416, 1417, 8948, 0xffff}) {
                long stream = random.nextLong(1L << 40) * 8 + shift;
                byte[] written = new byte[len + 4];
                byte[] filled = new byte[len + 4];
                long sum = PayloadStream.fillAndSum(written, 2, stream, len);
                PayloadStream.fill(filled, 2, stream, len);
                assertThat(written).isEqualTo(filled);
                for (int i = 0; i < len; i += 97) {
                    assertThat(written[2 + i]).isEqualTo(PayloadStream.at(stream + i));
                }
                assertThat(InternetChecksum.finish(sum + 6)).as("offset %d, %d octets", stream, len)
                        .isEqualTo(Rfc1071.checksum(PROTOCOL_WORD, Rfc1071.slice(written, 2, 2 + len)));
            }
        }
    }

    @Test
    void aRangeAcrossThePeriodsEndIsTheStreamOctetByOctet() {
        long from = 5L * PayloadStream.PERIOD - 700;
        byte[] buf = new byte[1416];
        long sum = PayloadStream.fillAndSum(buf, 0, from, 1416);
        for (int i = 0; i < 1416; i++) {
            assertThat(buf[i]).isEqualTo(PayloadStream.at(from + i)).isEqualTo(PayloadStream.at(from + i - PayloadStream.PERIOD));
        }
        assertThat(InternetChecksum.finish(sum + 6)).isEqualTo(Rfc1071.checksum(PROTOCOL_WORD, buf));
    }

    @Test
    void sumIfIntactSumsAnIntactPayloadAndRefusesAChangedOrMisplacedOne() {
        for (int shift = 0; shift < 8; shift++) {
            for (int len : new int[] {1, 5, 8, 13, 1416, 1421}) {
                long stream = 1_000_000_000_000L + shift;
                byte[] buf = new byte[len + 3];
                PayloadStream.fill(buf, 3, stream, len);
                long sum = PayloadStream.sumIfIntact(buf, 3, stream, len);
                assertThat(sum).isNotNegative();
                assertThat(InternetChecksum.finish(sum + 6))
                        .isEqualTo(Rfc1071.checksum(PROTOCOL_WORD, Rfc1071.slice(buf, 3, 3 + len)));
                for (long moved : new long[] {1, len, 1416, 8948, 1L << 32}) {
                    assertThat(PayloadStream.sumIfIntact(buf, 3, stream + moved, len)).as("moved by %d", moved)
                            .isEqualTo(-1);
                }
                for (int at : new int[] {0, len / 2, len - 1}) {
                    buf[3 + at] ^= 0x01;
                    assertThat(PayloadStream.sumIfIntact(buf, 3, stream, len)).as("octet %d of %d changed", at, len)
                            .isEqualTo(-1);
                    assertThat(PayloadStream.firstMismatch(buf, 3, stream, len)).isEqualTo(at);
                    buf[3 + at] ^= 0x01;
                }
            }
        }
        assertThat(PayloadStream.sumIfIntact(new byte[0], 0, 5, 0)).isZero();
    }

    @Test
    void aRangeBeforeTheStreamIsNotTheStreamAndDoesNotThrow() {
        byte[] buf = new byte[100];
        PayloadStream.fill(buf, 0, 0, 100);
        assertThat(PayloadStream.sumIfIntact(buf, 0, -8, 100)).isEqualTo(-1);
        assertThat(PayloadStream.firstMismatch(buf, 0, -8, 100)).isZero();
        assertThat(PayloadStream.sumIfIntact(buf, 0, -8, 0)).isZero();
    }

    @Test
    void aRangeLongerThanAnIpPacketOrBeforeTheStreamIsRefused() {
        assertThatThrownBy(() -> PayloadStream.fill(new byte[0x10000], 0, 0, 0x10000))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PayloadStream.at(-1)).isInstanceOf(IllegalArgumentException.class);
    }
}
