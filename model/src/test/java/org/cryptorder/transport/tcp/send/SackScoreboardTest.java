package org.cryptorder.transport.tcp.send;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The retransmission queue's tags, counters and transmission-time order. */
class SackScoreboardTest {

    @Test
    void countersFollowTags() {
        SackScoreboard b = new SackScoreboard(100, 0, 10_000);
        for (int i = 0; i < 6; i++) {
            b.sendNew(i, 1, 0);
        }
        assertThat(b.packetsOut()).isEqualTo(6);
        b.markSacked(2);
        b.markSacked(3);
        assertThat(b.highestSackSeq()).isEqualTo(400);
        b.markLost(0);
        b.markLost(2);
        assertThat(b.lostOut()).as("a SACKed segment is never lost").isEqualTo(1);
        assertThat(b.inFlight()).isEqualTo(6 - 2 - 1);
        b.setTags(0, SackScoreboard.SACKED_RETRANS);
        b.addRetransOut(1);
        assertThat(b.inFlight()).isEqualTo(4);
        b.markLost(0);
        assertThat(b.retransOut()).as("a lost retransmission leaves retrans_out").isZero();
        assertThat(b.lostRetransmits()).isEqualTo(1);
        b.removeHead();
        assertThat(b.una()).isEqualTo(1);
        assertThat(b.lostOut()).isZero();
        b.removeHead();
        b.removeHead();
        b.removeHead();
        assertThat(b.sackedOut()).isZero();
        assertThat(b.highestSackSeq()).isEqualTo(400);
    }

    @Test
    void retransmissionMovesToTheEndOfTheTimeOrder() {
        SackScoreboard b = new SackScoreboard(100, 0, 10_000);
        for (int i = 0; i < 4; i++) {
            b.sendNew(i, 1, 0);
        }
        b.stamp(1, 10, 1, 0);
        assertThat(order(b)).containsExactly(0L, 2L, 3L, 1L);
        b.markSacked(2);
        assertThat(order(b)).containsExactly(0L, 3L, 1L);
        b.removeHead();
        assertThat(order(b)).containsExactly(3L, 1L);
    }

    @Test
    void byteLimitShortensTheLastSegment() {
        SackScoreboard b = new SackScoreboard(100, 250, 10_000);
        assertThat(b.endOf(2)).isEqualTo(250);
        assertThat(b.lenOf(2)).isEqualTo(50);
        assertThat(b.segsEndingBy(250)).isEqualTo(3);
        assertThat(b.segsEndingBy(199)).isEqualTo(1);
        assertThat(b.firstSegAtOrAfter(101)).isEqualTo(2);
    }

    @Test
    void ringWrapsWithoutLosingOrder() {
        SackScoreboard b = new SackScoreboard(100, 0, 300);
        int cap = b.capacity();
        for (int round = 0; round < 5 * cap; round++) {
            b.sendNew(round, 1, 0);
            if (b.packetsOut() == cap) {
                b.removeHead();
            }
        }
        assertThat(order(b)).hasSize(cap - 1).isSorted();
    }

    private static java.util.List<Long> order(SackScoreboard b) {
        java.util.List<Long> l = new java.util.ArrayList<>();
        for (long n = b.tsFirst(); n >= 0; n = b.tsAfter(n)) {
            l.add(n);
        }
        return l;
    }
}
