package org.cryptorder.transport.tcp.trace;

/**
 * Told of each loss-recovery decision a {@link org.cryptorder.transport.tcp.send.TcpSender} makes ({@link TcpTraceEvent}), in the
 * order it makes them, after each decision took effect. A sender has none unless one is attached
 * ({@link org.cryptorder.transport.tcp.send.TcpSender#trace}); without one, each decision point costs one null check and no event is
 * built. An observer only reads: it cannot change what the sender does.
 */
@FunctionalInterface
public interface TcpTraceObserver {
    /** One decision. */
    void decided(TcpTraceEvent e);

    /**
     * The sender's state just after it processed an ACK ({@code tcp_ack}), whether or not it decided
     * anything: where its cwnd and packets in flight stand between decisions. Ignored unless overridden.
     */
    default void acked(TcpTraceEvent.At at) {
    }
}
