package org.cryptorder.transport.tcp.trace;

/**
 * Told what one TCP connection puts on the wire and gets back, in the order it happens, for a
 * time-sequence graph (Wireshark's tcptrace graph): each data segment the sender sends, each ACK
 * it processes, each D-SACK it takes as proof of a spurious retransmission, and each segment the
 * receiver queues out of order. Sequence numbers are stream octets from the initial sequence
 * number (relative, as Wireshark shows them); times are simulated nanoseconds.
 *
 * <p>A sender or receiver has none unless one is attached ({@link org.cryptorder.transport.tcp.send.TcpSender#sequence}, {@link
 * TcpReceiver#sequence}); without one each point costs one null check and builds nothing. An
 * observer only reads: it cannot change what the connection does.
 */
public interface TcpSequenceObserver {
    /**
     * {@code tcp_transmit_skb}: octets {@code [seq, seq + len)} left the sender, sent before if
     * {@code retransmission} (a loss probe that resends the last segment included).
     */
    default void sent(long timeNs, long seq, int len, boolean retransmission) {
    }

    /**
     * {@code tcp_ack} has processed an ACK: SND.UNA and the peer's window ({@code snd_wnd}, octets)
     * just after, and the SACK blocks it carried, as on the wire: {@code [starts[i], ends[i])} for
     * {@code i < blocks} (a D-SACK first, below SND.UNA or inside another block). The arrays are
     * reused: copy what is kept.
     */
    default void acked(long timeNs, long una, long window, long[] starts, long[] ends, int blocks) {
    }

    /**
     * {@code tcp_check_dsack}: a D-SACK for octets {@code [start, end)} that {@code
     * tcp_dsack_seen} counted ({@code tcpi_dsack_dups} rose by {@code dupSegs}): the copies it
     * reports were retransmitted in vain.
     */
    default void dsacked(long timeNs, long start, long end, int dupSegs) {
    }

    /**
     * {@code tcp_data_queue_ofo}: the receiver queued octets {@code [seq, end)} out of order (they
     * arrived past a hole, RCV.NXT below {@code seq}), one skb (a GRO packet of several segments
     * counts once, as {@code TCPOFOQueue} does).
     */
    default void arrivedOutOfOrder(long timeNs, long seq, long end) {
    }
}
