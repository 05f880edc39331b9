package org.cryptorder.transport;

import static org.assertj.core.api.Assertions.assertThat;

import org.cryptorder.transport.tcp.TcpConfig;
import org.cryptorder.transport.tcp.TcpMode;
import org.cryptorder.transport.tcp.congestion.TcpCaState;
import org.cryptorder.transport.tcp.send.TcpSenderCounters;
import org.cryptorder.transport.wire.Ipv4TcpHeader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Real losses: one segment, the last segment, and a blackout longer than the RTO. */
class TcpLossRecoveryTest {
    static final int MSS = Ipv4TcpHeader.mssForLinkMtu(1500);

    /** One frame dropped in steady state: one fast retransmission, one recovery, no timeout. */
    @ParameterizedTest
    @EnumSource(TcpMode.class)
    void singleLossCostsOneRetransmission(TcpMode mode) {
        TcpTestbed tb = new TcpTestbed(TcpConfig.of(mode, MSS));
        tb.forward.drop(12_000);
        tb.run(5_000_000, 22_000_000);
        TcpSenderCounters c = tb.sender.counters();
        assertThat(c.totalRetrans()).isEqualTo(1);
        assertThat(c.fastRetrans()).isEqualTo(1);
        assertThat(c.sackRecoveries()).isEqualTo(1);
        assertThat(c.timeouts()).isZero();
        assertThat(c.lossProbes()).isZero();
        assertThat(c.undos()).as("a real loss is not undone").isZero();
        assertThat(c.spuriousRetransmits()).isZero();
        assertThat(tb.receiver.counters().duplicateSegments()).isZero();
        assertThat(tb.receiver.counters().payloadErrors()).isZero();
        assertThat(c.state()).isEqualTo(TcpCaState.OPEN);
    }

    /**
     * The last segment of a 10 000-segment transfer is lost. Linux: no later segment can be
     * SACKed, so a tail loss probe (TCPLossProbes) resends it. With one segment out, the probe
     * timer is 2 SRTT + 200 ms capped by the RTO (both about 200 ms from the last send), so the
     * probe goes where the RTO would have, without collapsing cwnd. The textbook sender has no
     * TLP: it times out.
     */
    @Test
    void tailLossIsRepairedByALossProbe() {
        long bytes = 10_000L * MSS;
        TcpTestbed tb = new TcpTestbed(TcpConfig.linux(MSS).withByteLimit(bytes));
        tb.forward.drop(10_000);
        tb.run(0, 2_000_000_000L);
        TcpSenderCounters c = tb.sender.counters();
        assertThat(tb.sender.finished()).isTrue();
        assertThat(tb.receiver.bytesDelivered()).isEqualTo(bytes);
        assertThat(c.lossProbes()).isEqualTo(1);
        assertThat(c.totalRetrans()).isEqualTo(1);
        assertThat(c.timeouts()).isZero();
        assertThat(tb.sender.cwnd()).as("no cwnd collapse").isGreaterThan(10);

        TcpTestbed nb = new TcpTestbed(TcpConfig.textbook(MSS).withByteLimit(bytes));
        nb.forward.drop(10_000);
        nb.run(0, 2_000_000_000L);
        assertThat(nb.sender.finished()).isTrue();
        assertThat(nb.sender.counters().timeouts()).isEqualTo(1);
        assertThat(nb.sender.counters().lossProbes()).isZero();
    }

    /**
     * The data direction of a 1 Gbit/s, 20 us link goes dark from 20 ms to 320 ms. A loss probe
     * goes first (a few ms later) and is lost; the RTO (about 208 ms) fires into the dark, is
     * doubled, and the second one, 416 ms later, gets through; the Loss state then resends what
     * was lost, and the flow is back at line rate. The RTO is never below 200 ms.
     */
    @Test
    void blackoutLongerThanTheRto() {
        TcpTestbed tb = new TcpTestbed(TcpConfig.linux(MSS), 1e9, 20_000, 64 * 1024);
        tb.forward.blackout(20_000_000, 320_000_000);
        long[] rtoAt = new long[3];
        long[] minRto = {Long.MAX_VALUE};
        long[] bytesAt = new long[2];
        long[] probesInTheDark = new long[1];
        tb.at(100_000_000, () -> rtoAt[0] = tb.sender.rtoNs());
        tb.at(300_000_000, () -> {
            rtoAt[1] = tb.sender.rtoNs();
            probesInTheDark[0] = tb.sender.counters().lossProbes();
        });
        tb.at(700_000_000, () -> bytesAt[0] = tb.receiver.bytesDelivered());
        tb.every(1_000_000, () -> minRto[0] = Math.min(minRto[0], tb.sender.rtoNs()));
        tb.run(0, 900_000_000);
        bytesAt[1] = tb.receiver.bytesDelivered();
        rtoAt[2] = tb.sender.rtoNs();
        TcpSenderCounters c = tb.sender.counters();
        assertThat(c.timeouts()).isEqualTo(2);
        assertThat(probesInTheDark[0]).as("one probe, then only the RTO").isEqualTo(1);
        assertThat(rtoAt[0]).as("SRTT + 200 ms in whole 4 ms jiffies").isBetween(204_000_000L,
                212_000_000L);
        assertThat(rtoAt[1]).as("backed off").isEqualTo(2 * rtoAt[0]);
        assertThat(rtoAt[2]).as("back to SRTT + 200 ms after recovery").isBetween(204_000_000L,
                212_000_000L);
        assertThat(minRto[0]).isGreaterThanOrEqualTo(200_000_000L);
        assertThat(c.lossUndo() + c.spuriousRtos()).as("the losses were real").isZero();
        assertThat(c.state()).isEqualTo(TcpCaState.OPEN);
        double goodput = (bytesAt[1] - bytesAt[0]) * 8 / 0.2;
        assertThat(goodput).as("recovered: 0.95 x 1 Gbit/s x 1416/1538")
                .isGreaterThan(0.95 * 1e9 * 1416 / 1538);
        assertThat(tb.receiver.counters().payloadErrors()).isZero();
    }
}
