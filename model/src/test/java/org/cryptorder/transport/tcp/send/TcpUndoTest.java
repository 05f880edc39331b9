package org.cryptorder.transport.tcp.send;

import static org.assertj.core.api.Assertions.assertThat;

import org.cryptorder.transport.tcp.RecoveryFeatures;
import org.cryptorder.transport.tcp.TcpConfig;
import org.cryptorder.transport.tcp.congestion.CongestionWindow;
import org.cryptorder.transport.tcp.congestion.TcpCaState;
import org.junit.jupiter.api.Test;

/**
 * Undo and the reordering degree, one scripted ACK sequence each ({@link ScriptedAcks}), as
 * {@code net/ipv4/tcp_input.c} decides them. The sender starts with segments 0 to 9 at t = 0
 * (TSval tick 1); segment 0 is held: segments 1 to 7 are SACKed at 2.00 to 2.06 ms, and at the
 * third SACK RACK (no reordering seen yet, so {@code reo_wnd} is 0 once 3 segments are SACKed)
 * marks segment 0 lost and Recovery retransmits it at 2.02 ms (tick 3). SND.NXT is then segment 11
 * ({@code high_seq}; the second SACK's room is deferred, {@code tcp_tso_should_defer}), so an ACK
 * of segments 0 to 7 is partial.
 */
class TcpUndoTest {
    static final long MS = 1_000_000;

    /** The held segment 0 and SACKs for 1 to 7: Recovery, segment 0 retransmitted. */
    static ScriptedAcks holdSegmentZero(TcpConfig cfg) {
        ScriptedAcks s = new ScriptedAcks(cfg).start();
        for (int k = 1; k <= 7; k++) {
            s.ack(2 * MS + (k - 1) * 10_000L, 0, () -> s.tsValOf(0), 1, k + 1);
        }
        return s;
    }

    @Test
    void holeFilledByTheDelayedOriginalIsAPartialUndoOnTimestamps() {
        ScriptedAcks s = holdSegmentZero(TcpConfig.linux(ScriptedAcks.MSS));
        int[] cwndOnEntry = new int[1];
        s.at(2_015_000, () -> cwndOnEntry[0] = s.sender.cwnd());
        s.runUntil(2_200_000);
        TcpSender tp = s.sender;
        assertThat(tp.caState()).isEqualTo(TcpCaState.RECOVERY);
        assertThat(s.retransmissionsOf(0)).isEqualTo(1);
        assertThat(s.retransmittedTsValOf(0)).as("retrans_stamp is a later tick than the original's")
                .isGreaterThan(s.tsValOf(0));
        int cwndBefore = cwndOnEntry[0];
        assertThat(tp.ssthresh()).as("CUBIC's ssthresh on entry").isLessThan(cwndBefore);

        // The original arrives: segments 0 to 7 acknowledged, its TSval echoed (tcp_replace_ts_recent:
        // it is the segment at the left edge), below retrans_stamp: tcp_packet_delayed.
        s.ack(2_500_000, 8, () -> s.tsValOf(0));
        s.runUntil(2_600_000);
        TcpSenderCounters c = tp.counters();
        assertThat(c.partialUndo()).as("tcp_try_undo_partial, retrans_out 0").isEqualTo(1);
        assertThat(c.tsReorder()).as("tcp_check_sack_reordering(prior_snd_una, ts=1)").isEqualTo(1);
        assertThat(c.reordSeen()).isEqualTo(1);
        assertThat(c.reordering()).as("fack (8) - prior snd_una (0), in segments").isEqualTo(8);
        assertThat(tp.cwnd()).as("tcp_undo_cwnd_reduction: max(cwnd, prior_cwnd)")
                .isGreaterThanOrEqualTo(cwndBefore);
        assertThat(tp.ssthresh()).as("prior_ssthresh restored: slow start again")
                .isEqualTo(CongestionWindow.INFINITE_SSTHRESH);
        assertThat(tp.caState()).as("tcp_try_keep_open").isEqualTo(TcpCaState.OPEN);
        assertThat(c.fullUndo() + c.dsackUndo()).isZero();
    }

    @Test
    void reorderingDegreeIsCappedByTcpMaxReordering() {
        RecoveryFeatures capped = new RecoveryFeatures(true, false, false, true, true, true, true,
                true, 3, 5);
        ScriptedAcks s = holdSegmentZero(TcpConfig.linux(ScriptedAcks.MSS).withRecovery(capped));
        s.ack(2_500_000, 8, () -> s.tsValOf(0));
        s.runUntil(2_600_000);
        assertThat(s.sender.counters().partialUndo()).isEqualTo(1);
        assertThat(s.sender.reordering()).as("min(8, tcp_max_reordering 5)").isEqualTo(5);
    }

    @Test
    void holeFilledByTheRetransmissionIsUndoneOnlyByTheLaterDsack() {
        ScriptedAcks s = holdSegmentZero(TcpConfig.linux(ScriptedAcks.MSS));
        // The retransmission fills the hole first; its TSval is echoed: nothing proves the original got through.
        s.ack(2_500_000, 8, () -> s.retransmittedTsValOf(0));
        s.runUntil(2_600_000);
        TcpSenderCounters c = s.sender.counters();
        assertThat(c.partialUndo() + c.tsReorder() + c.reordSeen()).isZero();
        assertThat(c.reordering()).isEqualTo(3);
        int reduced = s.sender.cwnd();
        // Then the original, a duplicate: a D-SACK for segment 0, the only retransmission.
        s.ack(3 * MS, 8, () -> s.retransmittedTsValOf(0), 0, 1);
        s.runUntil(3_100_000);
        c = s.sender.counters();
        assertThat(c.dsackUndo()).as("tcp_try_undo_dsack: undo_retrans 0").isEqualTo(1);
        assertThat(c.spuriousRetransmits()).isEqualTo(1);
        assertThat(c.reordSeen()).as("a D-SACK is not reordering seen").isZero();
        assertThat(s.sender.cwnd()).isGreaterThan(reduced);
    }

    @Test
    void dsackAfterReorderingWasSeenWidensTheWindowAndSixteenRecoveriesWithoutUndoNarrowIt() {
        ScriptedAcks s = holdSegmentZero(TcpConfig.linux(ScriptedAcks.MSS));
        s.ack(2_500_000, 8, () -> s.tsValOf(0));
        // The retransmission arrives too: D-SACK, after reordering was seen (tcp_dsack_seen); the
        // next ACK that delivers data is a round trip on (tcp_rack_update_reo_wnd): steps 2.
        s.ack(3 * MS, 8, () -> s.retransmittedTsValOf(0), 0, 1);
        s.at(3_500_000, () -> s.ackNow(s.highestSent() + 1, s.sent.get(s.sent.size() - 1).tsVal()));
        s.runUntil(3_600_000);
        assertThat(s.sender.counters().reoWndSteps()).isEqualTo(2);
        long reoWnd = s.sender.reoWndNs();
        assertThat(reoWnd).as("min_rtt / 4 x 2").isEqualTo(2 * (s.sender.counters().minRttNs() / 4));

        // 16 genuine losses, each repaired by its retransmission with no undo (tcp_try_undo_recovery
        // decrements reo_wnd_persist): then reo_wnd_steps is 1 again.
        long t = 4 * MS;
        for (int i = 0; i < 16; i++) {
            long start = t;
            s.at(start, () -> {
                long una = s.sender.sndUna() / ScriptedAcks.MSS;
                s.ackNow(una, s.tsValOf(una), una + 1, s.highestSent() + 1);
            });
            s.at(start + 20 * MS, () -> {
                long una = s.sender.sndUna() / ScriptedAcks.MSS;
                s.ackNow(s.highestSent() + 1, s.retransmittedTsValOf(una));
            });
            t += 40 * MS;
        }
        s.at(t, () -> s.ackNow(s.highestSent() + 1, s.sent.get(s.sent.size() - 1).tsVal()));
        s.runUntil(t + MS);
        TcpSenderCounters c = s.sender.counters();
        assertThat(c.sackRecoveries()).isEqualTo(17);
        assertThat(c.undos()).as("only the first, partial").isEqualTo(1);
        assertThat(c.reoWndSteps()).isEqualTo(1);
    }
}
