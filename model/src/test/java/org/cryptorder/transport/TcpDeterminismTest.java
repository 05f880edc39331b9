package org.cryptorder.transport;

import static org.assertj.core.api.Assertions.assertThat;

import org.cryptorder.transport.tcp.TcpConfig;
import org.cryptorder.transport.tcp.TcpMode;
import org.cryptorder.transport.tcp.receive.TcpReceiverCounters;
import org.cryptorder.transport.tcp.send.TcpSenderCounters;
import org.cryptorder.transport.wire.Ipv4TcpHeader;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The same scenario twice gives the same counters, to the last sample. */
class TcpDeterminismTest {

    record Snapshot(TcpSenderCounters sender, TcpReceiverCounters receiver, long framesIn) {
    }

    static Snapshot run(TcpMode mode) {
        TcpTestbed tb = new TcpTestbed(TcpConfig.of(mode, Ipv4TcpHeader.mssForLinkMtu(1500)));
        tb.forward.reorder(8_000, 1);
        tb.forward.reorder(9_000, 60);
        tb.forward.drop(10_000);
        tb.forward.drop(10_001);
        tb.reverse.drop(5_500);
        tb.run(2_000_000, 16_000_000);
        return new Snapshot(tb.sender.counters(), tb.receiver.counters(), tb.forward.framesIn());
    }

    @ParameterizedTest
    @EnumSource(TcpMode.class)
    void identicalRunsGiveIdenticalCounters(TcpMode mode) {
        Snapshot a = run(mode);
        Snapshot b = run(mode);
        assertThat(a).isEqualTo(b);
        assertThat(a.sender().totalRetrans()).isGreaterThanOrEqualTo(2);
    }
}
