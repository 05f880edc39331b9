package org.cryptorder.transport;

import static org.assertj.core.api.Assertions.assertThat;

import org.cryptorder.transport.tcp.TcpConfig;
import org.cryptorder.transport.tcp.TcpMode;
import org.cryptorder.transport.tcp.congestion.TcpCaState;
import org.cryptorder.transport.tcp.send.TcpSenderCounters;
import org.cryptorder.transport.wire.Ipv4TcpHeader;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Validation against the closed form: one flow over a lossless, reorder-free 10 Gbit/s link with
 * 20 us one-way delay runs at the link's goodput limit once slow start is over.
 *
 * <p>The limit is payload per frame over wire octets per frame, times the line rate: each MSS of
 * 1416 octets travels in 1416 + TCP 20 + timestamps 12 + IPv4 20 + MACsec 32 (SecTAG 16, ICV 16)
 * + Ethernet 14 + FCS 4 + preamble 8 + inter-frame gap 12 = 1538 octets, so the limit is
 * 10 Gbit/s x 1416 / 1538 = 9.2068 Gbit/s. ACKs travel the other way on a full-duplex link.
 */
class TcpGoodputTest {
    static final double LIMIT_BPS = 10e9 * 1416 / 1538;

    @ParameterizedTest
    @EnumSource(TcpMode.class)
    void saturatesTheLinkAfterSlowStart(TcpMode mode) {
        int mss = Ipv4TcpHeader.mssForLinkMtu(1500);
        assertThat(mss).isEqualTo(1416);
        TcpTestbed tb = new TcpTestbed(TcpConfig.of(mode, mss)).run(10_000_000, 40_000_000);
        double goodput = tb.goodputBps();
        assertThat(goodput).as("goodput, bit/s, against 0.97 x %.0f", LIMIT_BPS)
                .isGreaterThanOrEqualTo(0.97 * LIMIT_BPS)
                .isLessThanOrEqualTo(LIMIT_BPS * 1.0001);
        TcpSenderCounters s = tb.sender.counters();
        assertThat(s.totalRetrans()).isZero();
        assertThat(s.timeouts()).isZero();
        assertThat(s.lossProbes()).isZero();
        assertThat(s.state()).isEqualTo(TcpCaState.OPEN);
        assertThat(tb.receiver.counters().payloadErrors()).isZero();
        assertThat(tb.receiver.counters().outOfOrderSegments()).isZero();
    }
}
