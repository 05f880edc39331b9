package org.cryptorder.transport;

import static org.assertj.core.api.Assertions.assertThat;

import org.cryptorder.transport.tcp.Gso;
import org.cryptorder.transport.tcp.TcpConfig;
import org.cryptorder.transport.tcp.TcpMode;
import org.cryptorder.transport.tcp.send.TcpSenderCounters;
import org.cryptorder.transport.wire.Ipv4TcpHeader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * One data frame held back past d of its successors (TCP-AND-PEERS.md section 1.6), over the
 * 10 Gbit/s, 20 us link of {@link TcpTestbed}: min_rtt 41.3 us, so RACK's window min_rtt/4 is
 * 10.3 us, 8.4 frame times of 1.23 us.
 *
 * <p>What each connection retransmits (Retr), and how many of those the receiver's D-SACKs prove
 * spurious, for one displacement of frame 12000 (in steady state, where HyStart ended slow start
 * at cwnd 119 in both modes), with one MSS per skb ({@link Gso#OFF}: the table is of TCP's answer to
 * one displaced segment; with GSO, {@code tcp_tso_should_defer} holds small skbs back for the next
 * ACK and moves the send times, and so the counts, by a few segments):
 *
 * <pre>
 *   d    Linux, first   Linux, reordering   same, every ACK at once   textbook
 *        reordering     seen before         (tcp_comp_sack_nr = 0)    (ns-3)
 *   1    0              0                   0                         0
 *   2    0              0                   0                         0
 *   3    1 (undone)     0                   0                         1 (kept)
 *   5    1 (undone)     0                   0                         1 (kept)
 *   10   1 (undone)     0                   1 (undone)                1 (kept)
 *   30   1 (undone)     0                   1 (undone)                1 (kept)
 *   100  1 (undone)     1 (undone)          1 (undone)                1 (kept)
 * </pre>
 *
 * <ul>
 *   <li>First reordering: the third SACK arrives with {@code sacked_out = tp->reordering = 3} and
 *       reordering never seen, so RACK's window is 0 (the DUPACK-threshold shortcut): one
 *       spurious fast retransmit, then the D-SACK for it undoes the cwnd cut (counted as
 *       TCPFullUndo or TCPDSACKUndo depending on whether the D-SACK came before the end of
 *       recovery). A D-SACK undo does not count as reordering seen in Linux: only a hole filled
 *       by a never-retransmitted segment, or a timestamp proving the original got through, does;
 *       with 1 ms timestamps and a 41 us RTT the echo rarely does. So here a d = 1 event at frame
 *       8000 makes reordering seen.
 *   <li>Reordering seen: the window is min_rtt/4 = 10.3 us; d up to 8 passes (the 8th successor
 *       was sent 9.8 us after), d = 9 does not. But after the first three out-of-order ACKs Linux
 *       compresses SACKs (up to 44 of them, 5 % of its RTT estimate plus 100 us of timer slack), so
 *       the sender learns of the later successors only after 44 more arrivals: d up to 46 passes.
 *   <li>Textbook: DupThresh 3 and no undo: every d &gt;= 3 costs a retransmission and a cwnd cut
 *       to 0.7 cwnd (119 to 83) that stays.
 *   <li>Without compression, d from 40 to 60 frames costs Linux a burst of spurious
 *       retransmissions (see {@link #ambiguousRetransmissionMisleadsRack}).
 * </ul>
 */
class TcpReorderingTest {
    static final int MSS = Ipv4TcpHeader.mssForLinkMtu(1500);
    static final long FRAME = 12_000;
    static final long WARMUP_NS = 5_000_000;
    static final long END_NS = 22_000_000;

    /** A run's outcome. */
    record Outcome(long retrans, long spurious, long undos, long reordSeen, long recoveries,
            int cwndBefore, int cwndAfter, int cwndMax, int ssthresh, long duplicatesAtReceiver) {
    }

    static Outcome run(TcpConfig cfg, boolean seenBefore, int d) {
        TcpTestbed tb = new TcpTestbed(cfg);
        if (seenBefore) {
            tb.forward.reorder(8_000, 1);
        }
        tb.forward.reorder(FRAME, d);
        int[] before = new int[1];
        tb.forward.onFrame(FRAME, () -> before[0] = tb.sender.cwnd());
        tb.run(WARMUP_NS, END_NS);
        TcpSenderCounters c = tb.sender.counters();
        assertThat(tb.receiver.counters().payloadErrors()).isZero();
        assertThat(c.timeouts()).isZero();
        assertThat(c.lossProbes()).isZero();
        return new Outcome(c.totalRetrans(), c.spuriousRetransmits(), c.undos(), c.reordSeen(),
                c.sackRecoveries(), before[0], tb.sender.cwnd(), (int) c.cwnd().max(), c.ssthresh(),
                tb.receiver.counters().duplicateSegments());
    }

    static TcpConfig linuxImmediateAcks() {
        TcpConfig c = TcpConfig.linux(MSS).withGso(Gso.OFF);
        return c.withAcks(c.acks().withCompSackNr(0));
    }

    @ParameterizedTest(name = "d = {0}")
    @CsvSource({"1, 0, 0, 0, 0", "2, 0, 0, 0, 0", "3, 1, 0, 0, 1", "5, 1, 0, 0, 1",
        "10, 1, 0, 1, 1", "30, 1, 0, 1, 1", "100, 1, 1, 1, 1"})
    void retransmitsAgainstDisplacement(int d, int linuxFirst, int linuxSeen, int linuxSeenNow,
            int textbook) {
        Outcome first = run(TcpConfig.linux(MSS).withGso(Gso.OFF), false, d);
        assertThat(first.retrans()).as("Linux, first reordering").isEqualTo(linuxFirst);
        assertThat(first.spurious()).isEqualTo(linuxFirst);
        assertThat(first.undos()).as("every spurious cut undone").isEqualTo(linuxFirst);
        assertThat(first.cwndAfter()).as("cwnd restored").isEqualTo(first.cwndBefore());
        assertThat(first.reordSeen()).as("a D-SACK undo is not reordering seen")
                .isEqualTo(linuxFirst == 0 ? 1 : 0);

        Outcome seen = run(TcpConfig.linux(MSS).withGso(Gso.OFF), true, d);
        assertThat(seen.retrans()).as("Linux, reordering seen").isEqualTo(linuxSeen);
        assertThat(seen.spurious()).isEqualTo(linuxSeen);
        assertThat(seen.undos()).isEqualTo(linuxSeen);
        assertThat(seen.cwndAfter()).isEqualTo(seen.cwndBefore());

        Outcome now = run(linuxImmediateAcks(), true, d);
        assertThat(now.retrans()).as("Linux, reordering seen, every ACK at once")
                .isEqualTo(linuxSeenNow);
        assertThat(now.spurious()).isEqualTo(linuxSeenNow);
        assertThat(now.undos()).isEqualTo(linuxSeenNow);

        Outcome tb = run(TcpConfig.textbook(MSS), false, d);
        assertThat(tb.retrans()).as("textbook").isEqualTo(textbook);
        assertThat(tb.spurious()).as("the textbook sender takes no D-SACK").isZero();
        assertThat(tb.duplicatesAtReceiver()).as("but the receiver got it twice").isEqualTo(textbook);
        assertThat(tb.undos()).isZero();
        assertThat(tb.recoveries()).isEqualTo(textbook);
        if (textbook > 0) {
            assertThat(tb.cwndAfter()).as("0.7 x cwnd at the cut, kept")
                    .isEqualTo(tb.ssthresh()).isEqualTo(tb.cwndMax() * 717 / 1024);
        } else {
            assertThat(tb.cwndAfter()).isGreaterThanOrEqualTo(tb.cwndBefore());
        }
    }

    /**
     * The window adapts: each round trip with a D-SACK after reordering was seen adds min_rtt/4
     * ({@code reo_wnd_steps}), capped by SRTT (97 us here). Twelve displacements of 60 frames
     * (74 us), every 3000 frames: the first five are retransmitted (and undone) while the window
     * grows to 6 steps (62 us, beyond what SACK compression already hides); the other seven pass.
     * {@code tp->reordering} follows the largest displacement seen.
     */
    @Test
    void reorderingWindowGrowsWithDsackRounds() {
        TcpTestbed tb = new TcpTestbed(TcpConfig.linux(MSS).withGso(Gso.OFF));
        tb.forward.reorder(8_000, 1);
        for (int k = 0; k < 12; k++) {
            tb.forward.reorder(FRAME + 3_000L * k, 60);
        }
        tb.run(WARMUP_NS, 62_000_000);
        TcpSenderCounters c = tb.sender.counters();
        assertThat(c.totalRetrans()).isEqualTo(5);
        assertThat(c.spuriousRetransmits()).isEqualTo(5);
        assertThat(c.undos()).isEqualTo(5);
        assertThat(c.reoWndSteps()).isEqualTo(6);
        assertThat(c.reordering()).isEqualTo(61);
        assertThat(tb.sender.reoWndNs()).isEqualTo(6 * (c.minRttNs() / 4));
    }

    /**
     * A RACK ambiguity Linux has too. Without SACK compression, d = 50: the 9th successor's SACK
     * marks the frame lost and it is retransmitted behind 64 KiB of queue; the original arrives 50
     * frames late, and its cumulative ACK reaches the sender 50.5 us after the retransmission left,
     * longer than min_rtt (41.3 us), so {@code tcp_rack_advance} takes the retransmission as
     * delivered (the timestamp echo, in the same millisecond, cannot tell) and RACK's reference
     * jumps to the retransmission's send time: the 28 segments sent more than RTT + reo_wnd
     * before it and not yet ACKed are marked lost and resent, all spurious.
     */
    @Test
    void ambiguousRetransmissionMisleadsRack() {
        Outcome o = run(linuxImmediateAcks(), true, 50);
        assertThat(o.retrans()).isEqualTo(29);
        assertThat(o.spurious()).isEqualTo(29);
        assertThat(o.undos()).as("one recovery, undone when all 29 are D-SACKed").isEqualTo(1);
        assertThat(o.cwndAfter()).isEqualTo(o.cwndBefore());
    }

    /** The textbook sender pays for every displacement of 3 or more; Linux once reordering is seen, never. */
    @Test
    void textbookRetransmitsEveryTimeLinuxLearns() {
        long[] retrans = new long[2];
        int i = 0;
        for (TcpMode mode : TcpMode.values()) {
            TcpTestbed tb = new TcpTestbed(TcpConfig.of(mode, MSS).withGso(Gso.OFF));
            tb.forward.reorder(8_000, 1);
            for (int k = 0; k < 8; k++) {
                tb.forward.reorder(FRAME + 500L * k, 3 + k);
            }
            tb.run(WARMUP_NS, END_NS);
            retrans[i++] = tb.sender.counters().totalRetrans();
        }
        assertThat(retrans).containsExactly(0, 8);
    }
}
