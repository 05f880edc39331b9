/**
 * Observers a TCP connection tells what it does, and the records they keep: nothing here changes
 * what a connection does, and a connection with no observer attached builds nothing.
 *
 * <ul>
 *   <li>{@link org.cryptorder.transport.tcp.trace.TcpTraceObserver}, attached to a sender
 *       ({@code explain --tcp}), is told each loss-recovery decision as a {@link
 *       org.cryptorder.transport.tcp.trace.TcpTraceEvent}, in the kernel's function names (RACK's
 *       mark, {@code tcp_enter_recovery}, the retransmission, {@code tcp_check_sack_reordering},
 *       the undo with {@code tcp_packet_delayed}'s verdict, ...); {@link
 *       org.cryptorder.transport.tcp.trace.TcpTrace} keeps a bounded record of them for a run's
 *       senders;
 *   <li>{@link org.cryptorder.transport.tcp.trace.TcpSequenceObserver}, attached to the sender and
 *       the receiver of one connection, is told each segment sent ({@code tcp_transmit_skb}), each
 *       ACK processed, each D-SACK taken as proof of a spurious retransmission and each segment
 *       queued out of order; {@link org.cryptorder.transport.tcp.trace.TcpSequenceTrace} keeps them
 *       within a window of simulated time for the time-sequence graph (Wireshark's tcptrace graph).
 * </ul>
 * The points where a sender reports are its {@code TcpTracePoints} ({@code tcp.send}).
 *
 * <h2>How it was validated</h2>
 * {@code TcpTraceTest} checks, on scripted ACKs, RACK's mark, {@code tcp_enter_recovery}, the
 * retransmission, {@code tcp_check_sack_reordering} raising {@code tp->reordering} and the partial
 * undo with {@code tcp_packet_delayed}'s verdict, in that order, and that a traced sender sends
 * what an untraced one does; {@code TcpSequenceTraceTest} (experiment tests) checks the
 * time-sequence records of a run.
 */
package org.cryptorder.transport.tcp.trace;
