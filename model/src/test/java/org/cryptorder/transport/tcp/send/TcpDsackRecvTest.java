package org.cryptorder.transport.tcp.send;

import static org.assertj.core.api.Assertions.assertThat;

import org.cryptorder.transport.tcp.TcpConfig;
import org.junit.jupiter.api.Test;

/**
 * The D-SACKs a sender receives, counted as {@code tcp_check_dsack} counts them: {@code TCPDSACKRecv}
 * for a first SACK block that starts below the ACK's cumulative ACK, {@code TCPDSACKOfoRecv} for a
 * first block inside the second one above it, both before {@code tcp_dsack_seen} judges the D-SACK,
 * so a dubious one counts too. The ACK scripts are {@link TcpUndoTest}'s: segment 0 held, 1 to 7
 * SACKed, 0 retransmitted once at 2.02 ms.
 */
class TcpDsackRecvTest {

    @Test
    void aDsackBelowTheCumulativeAckIsTcpDsackRecv() {
        ScriptedAcks s = TcpUndoTest.holdSegmentZero(TcpConfig.linux(ScriptedAcks.MSS));
        s.ack(2_500_000, 8, () -> s.retransmittedTsValOf(0));
        s.runUntil(2_600_000);
        assertThat(s.sender.counters().dsackRecv()).as("plain SACKs and ACKs are no D-SACK").isZero();
        // the original of segment 0 arrives after its retransmission: the receiver D-SACKs it
        s.ack(3 * TcpUndoTest.MS, 8, () -> s.retransmittedTsValOf(0), 0, 1);
        s.runUntil(3_100_000);
        TcpSenderCounters c = s.sender.counters();
        assertThat(c.dsackRecv()).isEqualTo(1);
        assertThat(c.dsackOfoRecv()).isZero();
        assertThat(c.spuriousRetransmits()).as("tcp_dsack_seen took it").isEqualTo(1);
    }

    @Test
    void aDubiousDsackIsCountedAllTheSame() {
        ScriptedAcks s = TcpUndoTest.holdSegmentZero(TcpConfig.linux(ScriptedAcks.MSS));
        s.ack(2_500_000, 8, () -> s.retransmittedTsValOf(0));
        s.ack(3 * TcpUndoTest.MS, 8, () -> s.retransmittedTsValOf(0), 0, 1);
        // a D-SACK of segment 2, never retransmitted: dsack_dups (2) above total_retrans (1), dubious
        s.ack(3_200_000, 8, () -> s.retransmittedTsValOf(0), 2, 3);
        s.runUntil(3_300_000);
        TcpSenderCounters c = s.sender.counters();
        assertThat(c.dsackRecv()).as("TCPDSACKRecv counts before tcp_dsack_seen").isEqualTo(2);
        assertThat(c.totalRetrans()).isEqualTo(1);
    }

    @Test
    void aDsackOfOutOfOrderDataIsTcpDsackOfoRecvNotTcpDsackRecv() {
        ScriptedAcks s = TcpUndoTest.holdSegmentZero(TcpConfig.linux(ScriptedAcks.MSS));
        // segment 3 arrives twice while 0 is still missing: first block [3, 4) inside the second [1, 8)
        s.ack(2_200_000, 0, () -> s.tsValOf(0), 3, 4, 1, 8);
        s.runUntil(2_300_000);
        TcpSenderCounters c = s.sender.counters();
        assertThat(c.dsackOfoRecv()).isEqualTo(1);
        assertThat(c.dsackRecv()).isZero();
    }
}
