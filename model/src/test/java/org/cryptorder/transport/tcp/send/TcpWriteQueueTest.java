package org.cryptorder.transport.tcp.send;

import static org.assertj.core.api.Assertions.assertThat;

import org.cryptorder.transport.tcp.Gso;
import org.cryptorder.transport.tcp.TcpConfig;
import org.junit.jupiter.api.Test;

/**
 * {@code tcp_write_xmit} over the write queue's skbs ({@link SendBuffer}) as {@code tcp_sendmsg}
 * built them, one scripted ACK sequence each ({@link ScriptedAcks}): three skbs of 12 segments
 * written, cwnd 10, CUBIC in congestion avoidance from 100 us. The initial window leaves as two
 * skbs of 5 ({@code tcp_cwnd_test}'s half-cwnd quota), {@code tso_fragment} leaving segments 10 and
 * 11 of the first skb at the send head, followed by two whole skbs.
 */
class TcpWriteQueueTest {
    private static final int MSS = ScriptedAcks.MSS;
    private static final long US = 1_000;

    /**
     * {@code skbs} skbs of 12 segments written, with the GSO rules {@code gso}; cwnd 10, congestion
     * avoidance from 100 us. With three, the head is [10, 12) once 10 segments left.
     */
    private static ScriptedAcks written(Gso gso, int skbs, SendBuffer[] queue) {
        ScriptedAcks s = new ScriptedAcks(TcpConfig.linux(MSS).withGso(gso));
        SendBuffer wq = new SendBuffer(MSS, MSS + 12, 12L * MSS, true);
        for (int k = 0; k < skbs; k++) {
            wq.entail();
            wq.append(12 * MSS);
        }
        s.sender.writeQueue(wq);
        s.sender.written(wq.writeSeq());
        s.start().at(100 * US, () -> s.sender.cwndControl.window().endSlowStart());
        queue[0] = wq;
        return s;
    }

    private static ScriptedAcks threeSkbsOfTwelve(Gso gso, SendBuffer[] queue) {
        return written(gso, 3, queue);
    }

    @Test
    void theInitialWindowLeavesAsTwoSkbsAndTsoFragmentLeavesTheRestAtTheHead() {
        SendBuffer[] wq = new SendBuffer[1];
        ScriptedAcks s = threeSkbsOfTwelve(Gso.LINUX, wq);
        s.runUntil(50 * US);
        assertThat(s.gsoSkbs).as("tcp_cwnd_test: at most half of cwnd a skb").containsExactly(5, 5);
        assertThat(wq[0].firstUnsent()).isEqualTo(10L * MSS);
        assertThat(wq[0].headLen()).as("the rest of the first skb").isEqualTo(2L * MSS);
        assertThat(wq[0].headIsTail()).isFalse();
    }

    @Test
    void theRestOfASplitSkbGoesAtOnceWhenItFitsWholeThoughLessThanAThirdOfCwndIsFree() {
        SendBuffer[] wq = new SendBuffer[1];
        ScriptedAcks s = threeSkbsOfTwelve(Gso.LINUX, wq);
        s.ackThrough(200 * US, 2);
        s.runUntil(300 * US);
        assertThat(s.firstSentBetween(200 * US, 201 * US))
                .as("2 segments free (< 10/3), but the head is not the tail and fits: "
                        + "\"middle in queue won't get any more data\"")
                .containsExactly(10L, 11L);
    }

    @Test
    void theTailIsDeferredWhereTheRestOfASplitSkbIsNot() {
        SendBuffer[] wq = new SendBuffer[1];
        ScriptedAcks s = written(Gso.LINUX, 1, wq);
        s.ackThrough(200 * US, 2);
        s.runUntil(300 * US);
        assertThat(wq[0].headIsTail()).isTrue();
        assertThat(s.firstSentBetween(200 * US, 300 * US))
                .as("the same 2 segments as the write queue's tail: more may be written into it, so it waits")
                .isEmpty();
    }

    /** Segments 10 and 11 at the head, an ACK frees 4 segments at 200 us: what goes, in which skbs. */
    private static ScriptedAcks fourFreed(Gso gso, SendBuffer[] wq) {
        ScriptedAcks s = threeSkbsOfTwelve(gso, wq);
        s.ackThrough(200 * US, 4);
        s.runUntil(300 * US);
        return s;
    }

    @Test
    void fromLinux610TcpGrowSkbTopsTheHeadUpToTheQuotaFromTheNextSkb() {
        SendBuffer[] wq = new SendBuffer[1];
        ScriptedAcks s = fourFreed(Gso.LINUX, wq);
        assertThat(s.firstSentBetween(200 * US, 201 * US)).as("4 segments free").containsExactly(10L, 11L, 12L, 13L);
        assertThat(s.gsoSkbs).as("one skb of 4: the head's 2 and 2 moved from the next skb").containsExactly(5, 5, 4);
        assertThat(wq[0].headLen()).isEqualTo(10L * MSS);

        ScriptedAcks before = fourFreed(Gso.PACING_SIZED.withTsoRttLog(true), wq);
        assertThat(before.firstSentBetween(200 * US, 201 * US))
                .as("before 6.10 the head's 2 segments fit and go; the next skb's 12 do not, 2 < 10/3 free, and "
                        + "the oldest unacknowledged skb left SRTT / 2 ago: deferred")
                .containsExactly(10L, 11L);
        assertThat(before.gsoSkbs).containsExactly(5, 5, 2);
        assertThat(wq[0].headLen()).isEqualTo(12L * MSS);
    }
}
