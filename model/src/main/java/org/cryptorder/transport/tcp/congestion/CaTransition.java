package org.cryptorder.transport.tcp.congestion;

import static org.cryptorder.transport.tcp.congestion.TcpCaState.CWR;
import static org.cryptorder.transport.tcp.congestion.TcpCaState.DISORDER;
import static org.cryptorder.transport.tcp.congestion.TcpCaState.LOSS;
import static org.cryptorder.transport.tcp.congestion.TcpCaState.OPEN;
import static org.cryptorder.transport.tcp.congestion.TcpCaState.RECOVERY;

import java.util.EnumSet;
import java.util.Set;

/**
 * The changes of {@code icsk_ca_state} a sender makes, each named after the kernel function that
 * makes it ({@code net/ipv4/tcp_input.c}), with the states it may start from and end in. {@link
 * LossRecovery} changes the state only through {@link #check}, so a change Linux never makes (say,
 * entering Recovery while in Recovery) fails loudly instead of going on in a state the kernel
 * could not be in.
 *
 * <p>The sets are what the kernel's code paths allow, not narrower: a timeout may strike in any
 * state, a tail loss probe may have gone out in any state and its ACK then moves the sender to
 * CWR ({@code tcp_process_tlp_ack}), and {@code tcp_try_keep_open} may run from any state.
 */
public enum CaTransition {
    /** {@code tcp_enter_recovery}: from any state but Recovery itself (Loss too, on a lost retransmission). */
    ENTER_RECOVERY("tcp_enter_recovery", EnumSet.of(OPEN, DISORDER, CWR, LOSS), EnumSet.of(RECOVERY)),
    /** {@code tcp_enter_loss}: a retransmission timeout, in any state. */
    ENTER_LOSS("tcp_enter_loss", EnumSet.allOf(TcpCaState.class), EnumSet.of(LOSS)),
    /** {@code tcp_process_tlp_ack}: a loss probe repaired a loss; cwnd is reduced once. */
    ENTER_CWR("tcp_process_tlp_ack", EnumSet.allOf(TcpCaState.class), EnumSet.of(CWR)),
    /** {@code tcp_fastretrans_alert}: SND.UNA passed {@code high_seq}, the CWR reduction is over. */
    END_CWR("tcp_fastretrans_alert", EnumSet.of(CWR), EnumSet.of(OPEN)),
    /** {@code tcp_try_undo_recovery}: Recovery or Loss ends with SND.UNA at {@code high_seq}. */
    END_RECOVERY("tcp_try_undo_recovery", EnumSet.of(RECOVERY, LOSS), EnumSet.of(OPEN)),
    /** {@code tcp_try_undo_loss}: the timeout proved spurious. */
    UNDO_LOSS("tcp_try_undo_loss", EnumSet.of(LOSS), EnumSet.of(OPEN)),
    /** {@code tcp_try_keep_open}: Open, or Disorder while SACKed or retransmitted data is out. */
    KEEP_OPEN("tcp_try_keep_open", EnumSet.allOf(TcpCaState.class), EnumSet.of(OPEN, DISORDER));

    private final String kernelFunction;
    private final Set<TcpCaState> from;
    private final Set<TcpCaState> to;

    CaTransition(String kernelFunction, Set<TcpCaState> from, Set<TcpCaState> to) {
        this.kernelFunction = kernelFunction;
        this.from = from;
        this.to = to;
    }

    /** The kernel function that makes this change. */
    public String kernelFunction() {
        return kernelFunction;
    }

    /** Whether this change may take a sender from {@code current} to {@code next}. */
    boolean allows(TcpCaState current, TcpCaState next) {
        return from.contains(current) && to.contains(next);
    }

    /**
     * Returns {@code next} if this change may take a sender from {@code current} to it.
     *
     * @throws IllegalStateException if it may not
     */
    public TcpCaState check(TcpCaState current, TcpCaState next) {
        if (!allows(current, next)) {
            throw new IllegalStateException(kernelFunction + " cannot move a sender from "
                    + current + " to " + next + ": it starts only from " + from
                    + " and ends only in " + to);
        }
        return next;
    }
}
