package org.cryptorder.transport.tcp.congestion;

/**
 * A TCP sender's congestion-avoidance state, Linux's {@code enum tcp_ca_state}
 * ({@code include/net/tcp.h}), in Linux's order: a state compares greater than another as in the
 * kernel ({@code icsk_ca_state >= TCP_CA_Recovery}).
 */
public enum TcpCaState {
    /** Nothing dubious: the fast path. */
    OPEN,
    /** SACKs or duplicate ACKs seen, or retransmitted data still out; cwnd untouched. */
    DISORDER,
    /** cwnd reduced after a congestion notification (here: after a tail loss probe showed a loss). */
    CWR,
    /** Fast recovery: cwnd being reduced by PRR while lost segments are retransmitted. */
    RECOVERY,
    /** After a retransmission timeout: cwnd restarted from in-flight + 1. */
    LOSS;

    /** Whether this state is at least {@code other} in Linux's order. */
    public boolean atLeast(TcpCaState other) {
        return compareTo(other) >= 0;
    }
}
