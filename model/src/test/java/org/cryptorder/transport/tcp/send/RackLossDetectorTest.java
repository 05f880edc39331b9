package org.cryptorder.transport.tcp.send;

import static org.assertj.core.api.Assertions.assertThat;

import org.cryptorder.transport.tcp.RecoveryFeatures;
import org.cryptorder.transport.tcp.congestion.TcpCaState;
import org.junit.jupiter.api.Test;

/** RACK's reordering window, its adaptation, and the time-based loss rule, by hand. */
class RackLossDetectorTest {
    final SackScoreboard board = new SackScoreboard(1000, 0, 1 << 20);
    final RackLossDetector rack = new RackLossDetector(board, RecoveryFeatures.linux());
    static final long MIN_RTT = 40_000;
    static final long SRTT8 = 8 * 100_000;

    @Test
    void dupThreshShortcutOnlyBeforeReorderingIsSeen() {
        for (int i = 0; i < 5; i++) {
            board.sendNew(i * 1000L, 1, 0);
        }
        assertThat(rack.reoWnd(0, TcpCaState.OPEN, 3, MIN_RTT, SRTT8)).isEqualTo(10_000);
        board.markSacked(1);
        board.markSacked(2);
        assertThat(rack.reoWnd(0, TcpCaState.DISORDER, 3, MIN_RTT, SRTT8)).isEqualTo(10_000);
        board.markSacked(3);
        assertThat(rack.reoWnd(0, TcpCaState.DISORDER, 3, MIN_RTT, SRTT8))
                .as("sacked_out >= reordering").isZero();
        assertThat(rack.reoWnd(1, TcpCaState.DISORDER, 3, MIN_RTT, SRTT8))
                .as("once reordering was seen: min_rtt / 4").isEqualTo(10_000);
        assertThat(rack.reoWnd(0, TcpCaState.RECOVERY, 3, MIN_RTT, SRTT8)).isZero();
        assertThat(rack.reoWnd(1, TcpCaState.RECOVERY, 3, MIN_RTT, SRTT8)).isEqualTo(10_000);
    }

    @Test
    void stepsGrowOncePerRoundWithDsacksUpToSrttAndPersist() {
        rack.noteDsack();
        rack.updateReoWnd(10, 20);
        assertThat(rack.reoWndSteps()).isEqualTo(2);
        assertThat(rack.reoWndPersist()).isEqualTo(RackLossDetector.RECOVERY_THRESH);
        rack.noteDsack();
        rack.updateReoWnd(15, 25);
        assertThat(rack.reoWndSteps()).as("within the same round trip: ignored").isEqualTo(2);
        rack.noteDsack();
        rack.updateReoWnd(21, 40);
        assertThat(rack.reoWndSteps()).isEqualTo(3);
        for (int i = 0; i < 20; i++) {
            rack.noteDsack();
            rack.updateReoWnd(41 + 100L * i, 100 + 100L * i);
        }
        assertThat(rack.reoWnd(1, TcpCaState.OPEN, 3, MIN_RTT, SRTT8))
                .as("capped by SRTT").isEqualTo(100_000);
        rack.reoWndPersist(0);
        rack.updateReoWnd(5000, 5001);
        assertThat(rack.reoWndSteps()).as("back to 1 after the persistence ran out").isEqualTo(1);
    }

    @Test
    void segmentIsLostOnceSomethingSentReoWndLaterIsDelivered() {
        // Segments 0..9 sent 1 us apart; segment 0 is missing; reo_wnd 3.5 us; RTT 40 us.
        for (int i = 0; i < 10; i++) {
            board.sendNew(i * 1000L, 1, 0);
        }
        long reo = 3500;
        rack.advance(0, board.endOf(3), board.xmitNs(3), 43_000, MIN_RTT);
        board.markSacked(3);
        assertThat(rack.markLost(reo, 43_000)).as("segment 2, sent 1 us before 3, waits longest: "
                + "40 + 3.5 - (43 - 2) us").isEqualTo(2500);
        assertThat(board.lostOut()).isZero();
        rack.advance(0, board.endOf(4), board.xmitNs(4), 44_000, MIN_RTT);
        board.markSacked(4);
        assertThat(rack.markLost(reo, 44_000)).as("0 lost (sent 4 us before 4); 2 waits 1.5 us")
                .isEqualTo(1500);
        assertThat(board.has(0, SackScoreboard.LOST)).isTrue();
        assertThat(board.has(1, SackScoreboard.LOST)).isFalse();
        assertThat(board.lostOut()).isEqualTo(1);
        assertThat(rack.markLost(reo, 45_000)).as("nothing advanced since").isZero();
    }

    @Test
    void ambiguousRetransmissionDoesNotAdvance() {
        board.sendNew(0, 1, 0);
        rack.advance(SackScoreboard.RETRANS, board.endOf(0), 0, 30_000, MIN_RTT);
        assertThat(rack.markLost(0, 30_000)).isZero();
        assertThat(rack.rttNs()).isZero();
        rack.advance(SackScoreboard.RETRANS, board.endOf(0), 0, 50_000, MIN_RTT);
        assertThat(rack.rttNs()).isEqualTo(50_000);
    }
}
