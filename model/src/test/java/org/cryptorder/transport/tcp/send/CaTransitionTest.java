package org.cryptorder.transport.tcp.send;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.cryptorder.transport.tcp.congestion.TcpCaState.CWR;
import static org.cryptorder.transport.tcp.congestion.TcpCaState.DISORDER;
import static org.cryptorder.transport.tcp.congestion.TcpCaState.LOSS;
import static org.cryptorder.transport.tcp.congestion.TcpCaState.OPEN;
import static org.cryptorder.transport.tcp.congestion.TcpCaState.RECOVERY;

import org.cryptorder.transport.ManualClock;
import org.cryptorder.transport.tcp.TcpConfig;
import org.cryptorder.transport.tcp.congestion.CaTransition;
import org.cryptorder.transport.tcp.congestion.TcpCaState;
import org.cryptorder.transport.wire.FlowAddress;
import org.cryptorder.transport.wire.Ipv4TcpHeader;
import org.junit.jupiter.api.Test;

/** The congestion state changes only as Linux changes it; anything else fails loudly. */
class CaTransitionTest {
    static final int MSS = Ipv4TcpHeader.mssForLinkMtu(1500);

    @Test
    void legalTransitionsPass() {
        for (TcpCaState s : new TcpCaState[] {OPEN, DISORDER, CWR, LOSS}) {
            assertThat(CaTransition.ENTER_RECOVERY.check(s, RECOVERY)).isEqualTo(RECOVERY);
        }
        for (TcpCaState s : TcpCaState.values()) {
            assertThat(CaTransition.ENTER_LOSS.check(s, LOSS)).as("a timeout in %s", s).isEqualTo(LOSS);
            assertThat(CaTransition.ENTER_CWR.check(s, CWR)).as("a probe's ACK in %s", s).isEqualTo(CWR);
            assertThat(CaTransition.KEEP_OPEN.check(s, OPEN)).isEqualTo(OPEN);
            assertThat(CaTransition.KEEP_OPEN.check(s, DISORDER)).isEqualTo(DISORDER);
        }
        assertThat(CaTransition.END_CWR.check(CWR, OPEN)).isEqualTo(OPEN);
        assertThat(CaTransition.END_RECOVERY.check(RECOVERY, OPEN)).isEqualTo(OPEN);
        assertThat(CaTransition.END_RECOVERY.check(LOSS, OPEN)).isEqualTo(OPEN);
        assertThat(CaTransition.UNDO_LOSS.check(LOSS, OPEN)).isEqualTo(OPEN);
    }

    @Test
    void illegalTransitionsFail() {
        assertThatThrownBy(() -> CaTransition.ENTER_RECOVERY.check(RECOVERY, RECOVERY))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("tcp_enter_recovery")
                .hasMessageContaining("from RECOVERY to RECOVERY");
        assertThatThrownBy(() -> CaTransition.END_CWR.check(RECOVERY, OPEN))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("tcp_fastretrans_alert");
        assertThatThrownBy(() -> CaTransition.UNDO_LOSS.check(RECOVERY, OPEN))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("tcp_try_undo_loss");
        for (TcpCaState s : new TcpCaState[] {OPEN, DISORDER, CWR}) {
            assertThatThrownBy(() -> CaTransition.END_RECOVERY.check(s, OPEN))
                    .as("recovery cannot end in %s", s).isInstanceOf(IllegalStateException.class);
        }
        assertThatThrownBy(() -> CaTransition.KEEP_OPEN.check(OPEN, LOSS))
                .as("tcp_try_keep_open ends in Open or Disorder only")
                .isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> CaTransition.ENTER_RECOVERY.check(OPEN, LOSS))
                .as("a transition ends in its own state").isInstanceOf(IllegalStateException.class);
    }

    /** Through the sender's loss recovery: Recovery once, not twice; Loss from Recovery; Recovery from Loss. */
    @Test
    void lossRecoveryChecksTheStateItLeaves() {
        TcpSender s = new TcpSender(new ManualClock(), TcpConfig.linux(MSS), FlowAddress.example(),
                (buf, off, len) -> { });
        s.recovery.enterRecovery();
        assertThat(s.caState()).isEqualTo(RECOVERY);
        assertThatThrownBy(s.recovery::enterRecovery)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("tcp_enter_recovery cannot move a sender from RECOVERY");
        assertThat(s.caState()).as("the state is not changed by a refused transition").isEqualTo(RECOVERY);
        s.recovery.enterLoss();
        assertThat(s.caState()).isEqualTo(LOSS);
        s.recovery.enterLoss();
        assertThat(s.caState()).as("a second timeout").isEqualTo(LOSS);
        s.recovery.enterRecovery();
        assertThat(s.caState()).as("a lost retransmission in Loss").isEqualTo(RECOVERY);
    }
}
