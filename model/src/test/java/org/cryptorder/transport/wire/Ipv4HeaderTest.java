package org.cryptorder.transport.wire;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HexFormat;
import org.cryptorder.transport.wire.Ipv4Header.Check;
import org.junit.jupiter.api.Test;

/** {@link Ipv4Header}: a known header octet for octet, what the check finds wrong first, and the pseudo header. */
class Ipv4HeaderTest {
    /** 192.168.0.1 to 192.168.0.199, UDP, 115 octets, id 0, DF, TTL 64: its checksum is 0xb861. */
    private static final String KNOWN = "45000073000040004011b861c0a80001c0a800c7";
    private static final int FROM = 0xc0a80001;
    private static final int TO = 0xc0a800c7;

    private static byte[] known(int len) {
        byte[] b = new byte[len];
        Ipv4Header.write(b, 0, 0x73, 0, Ipv4Header.DEFAULT_TTL, Ipv4Header.PROTOCOL_UDP, FROM, TO);
        return b;
    }

    @Test
    void aHeaderIsWrittenOctetForOctetWithItsChecksum() {
        byte[] b = new byte[24];
        Ipv4Header.write(b, 2, 0x73, 0x1_0000, 64, Ipv4Header.PROTOCOL_UDP, FROM, TO);
        assertThat(HexFormat.of().formatHex(b, 2, 22)).isEqualTo(KNOWN);
        assertThat(b[0]).isZero();
        assertThat(b[22]).isZero();
        assertThat(InternetChecksum.of(b, 2, Ipv4Header.BYTES)).isZero();
    }

    @Test
    void theFieldsReadBack() {
        byte[] b = new byte[Ipv4Header.BYTES];
        Ipv4Header.write(b, 0, 1500, 0xbeef, 3, Ipv4Header.PROTOCOL_TCP, 0x0a000001, 0xfffffffe);
        assertThat(Ipv4Header.totalLength(b, 0)).isEqualTo(1500);
        assertThat(Ipv4Header.id(b, 0)).isEqualTo(0xbeef);
        assertThat(Ipv4Header.ttl(b, 0)).isEqualTo(3);
        assertThat(Ipv4Header.srcIp(b, 0)).isEqualTo(0x0a000001);
        assertThat(Ipv4Header.dstIp(b, 0)).isEqualTo(0xfffffffe);
    }

    @Test
    void theCheckNamesTheFirstThingWrong() {
        assertThat(Ipv4Header.check(known(0x73), 0, 0x73, Ipv4Header.PROTOCOL_UDP, 28)).isEqualTo(Check.OK);
        assertThat(Ipv4Header.check(known(0x73), 0, 27, Ipv4Header.PROTOCOL_UDP, 28)).isEqualTo(Check.TRUNCATED);
        assertThat(Ipv4Header.check(known(0x73), 0, 0x72, Ipv4Header.PROTOCOL_UDP, 28))
                .as("shorter than its total length").isEqualTo(Check.TRUNCATED);
        assertThat(Ipv4Header.check(known(0x73), 0, 0x73, Ipv4Header.PROTOCOL_UDP, 0x74))
                .as("total length below the least asked").isEqualTo(Check.TRUNCATED);
        byte[] options = known(0x73);
        options[0] = 0x46;
        assertThat(Ipv4Header.check(options, 0, 0x73, Ipv4Header.PROTOCOL_UDP, 28)).isEqualTo(Check.NOT_IPV4);
        byte[] damaged = known(0x73);
        damaged[15] ^= 1;
        assertThat(Ipv4Header.check(damaged, 0, 0x73, Ipv4Header.PROTOCOL_UDP, 28)).isEqualTo(Check.BAD_CHECKSUM);
        assertThat(Ipv4Header.check(known(0x73), 0, 0x73, Ipv4Header.PROTOCOL_TCP, 28)).isEqualTo(Check.OTHER_PROTOCOL);
    }

    @Test
    void thePseudoHeaderSumIsTheAddressesProtocolAndLengthAsWords() {
        byte[] pseudo = HexFormat.of().parseHex("c0a80001c0a800c70011005f");
        assertThat(InternetChecksum.finish(Ipv4Header.pseudoHeaderSum(FROM, TO, Ipv4Header.PROTOCOL_UDP, 0x5f)))
                .isEqualTo(InternetChecksum.of(pseudo, 0, pseudo.length));
    }
}
