package org.cryptorder.transport.tcp.send;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.cryptorder.transport.tcp.TcpConfig;
import org.junit.jupiter.api.Test;

/**
 * {@code tcp_tso_should_defer} in congestion avoidance, one scripted ACK sequence each ({@link
 * ScriptedAcks}): Linux 6.x defaults (GSO on, CUBIC), a written backlog larger than any skb, cwnd
 * 10 after 10 segments left at t = 0 and HyStart's end of slow start at 100 us. Linux asks
 * whether to defer whenever the skb at the send head has more than one segment, however little
 * room cwnd leaves ({@code tcp_write_xmit}), and waits for the next ACK while less than a third of
 * cwnd may go, the last skb left within 1 ms and the head's ACK is due within min(SRTT / 2, 1 ms).
 */
class TcpTsoDeferTest {
    private static final long US = 1_000;

    /** 10 segments sent at t = 0, congestion avoidance from 100 us on. */
    private static ScriptedAcks tenSentAtZero() {
        ScriptedAcks s = new ScriptedAcks(TcpConfig.linux(ScriptedAcks.MSS)).start();
        s.at(100 * US, () -> s.sender.cwndControl.window().endSlowStart());
        return s;
    }

    @Test
    void anAckFreeingOneSegmentWaitsUntilAThirdOfCwndIsFree() {
        ScriptedAcks s = tenSentAtZero();
        for (int k = 1; k <= 4; k++) {
            s.ackThrough((190 + 10 * k) * US, k);
        }
        int[] cwnd = new int[1];
        s.at(225 * US, () -> cwnd[0] = s.sender.cwnd());
        s.runUntil(300 * US);
        assertThat(s.firstSentBetween(0, 1)).as("the initial window").hasSize(10);
        assertThat(s.sender.ssthresh()).as("congestion avoidance").isEqualTo(10);
        assertThat(cwnd[0]).as("CUBIC grows cwnd by one per 20 segments ACKed at first").isEqualTo(10);
        assertThat(s.firstSentBetween(1, 230 * US))
                .as("1, 2, 3 segments of cwnd free (< 10/3), the head ACK due now: deferred").isEmpty();
        assertThat(s.firstSentBetween(230 * US, 231 * US))
                .as("4 segments free (>= 10/3): one skb of 4").containsExactly(10L, 11L, 12L, 13L);
    }

    /**
     * Everything ACKed at 200 us (SRTT 200 us; segments 10 to 19 go at once), then an ACK of segment
     * 10 at {@code secondAckNs}: what is first sent from then up to 100 us later.
     */
    private static List<Long> afterAllAckedThenOne(long secondAckNs) {
        ScriptedAcks s = tenSentAtZero();
        s.ackThrough(200 * US, 10);
        s.ackThrough(secondAckNs, 11);
        s.runUntil(secondAckNs + 100 * US);
        assertThat(s.firstSentBetween(200 * US, 201 * US)).hasSize(10);
        return s.firstSentBetween(secondAckNs, secondAckNs + 100 * US);
    }

    @Test
    void anAckFreeingOneSegmentSendsAtOnceWhenTheHeadAckIsNotDueWithinHalfSrtt() {
        assertThat(afterAllAckedThenOne(210 * US))
                .as("segment 11's ACK due about 165 us ahead, more than SRTT / 2: sent now").containsExactly(20L);
        assertThat(afterAllAckedThenOne(350 * US))
                .as("segment 11's ACK due about 45 us ahead, within SRTT / 2: deferred").isEmpty();
    }

    @Test
    void anAckFreeingOneSegmentSendsAtOnceWhenTheLastSkbLeftOverAMillisecondAgo() {
        ScriptedAcks s = tenSentAtZero();
        s.ackThrough(2_000 * US, 1);
        s.runUntil(2_100 * US);
        assertThat(s.sender.ssthresh()).isEqualTo(10);
        assertThat(s.firstSentBetween(1, 2_100 * US)).as("idle 2 ms: tcp_wstamp_ns too old to defer")
                .containsExactly(10L);
    }
}
