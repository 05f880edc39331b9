package org.cryptorder.transport.tcp.send;

/**
 * Backpressure from the host to a sender, in the manner of Linux's TCP small queues (TSQ).
 *
 * <p>Linux lets a socket have only so many octets in the qdisc and device queues at once
 * ({@code tcp_small_queue_check} in {@code net/ipv4/tcp_output.c}: about 1 ms worth at the
 * pacing rate, at least two packets, at most {@code net.ipv4.tcp_limit_output_bytes}); beyond
 * that the socket is throttled ({@code TSQ_THROTTLED}) and waits until a transmit completion
 * frees an skb ({@code tcp_wfree}, then {@code tcp_tsq_handler} sends more). Here the host
 * decides: the sender asks {@link #canTransmit} before each new segment and {@link
 * #canRetransmit} before each fast retransmission (Linux allows retransmissions twice the budget,
 * {@code tcp_small_queue_check(sk, skb, 1)}); a timeout retransmission or a loss probe goes
 * regardless, as in Linux. The sender stops when told no, and the host calls {@link
 * TcpSender#resume()} when there is room again.
 */
@FunctionalInterface
public interface TransmitGate {

    /** A gate that never holds the sender back. */
    TransmitGate OPEN = () -> true;

    /** Whether the host takes another new-data packet from this sender now. */
    boolean canTransmit();

    /** Whether the host takes a retransmission now; by default as {@link #canTransmit}. */
    default boolean canRetransmit() {
        return canTransmit();
    }
}
