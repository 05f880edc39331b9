/**
 * The receiving end of a TCP connection: {@link org.cryptorder.transport.tcp.receive.TcpReceiver},
 * an iperf3 server, after Linux's {@code tcp_rcv_established}, {@code tcp_data_queue} and {@code
 * tcp_data_queue_ofo} ({@code net/ipv4/tcp_input.c}). In-order data goes to the receive queue
 * and counts as goodput when the application reads it (on a host, {@code TcpRecvmsg} in {@code
 * tcp.socket}); an out-of-order queue ({@link
 * org.cryptorder.transport.tcp.receive.OutOfOrderQueue},
 * {@code tp->out_of_order_queue}); SACK blocks most recent first ({@link
 * org.cryptorder.transport.tcp.receive.SackBlockList}, {@code tcp_sack_new_ofo_skb}), D-SACK for
 * duplicates; RFC 7323 timestamp echo (never moving back); PAWS (data more than a tick older than
 * the echo is dropped with a duplicate ACK; not in textbook mode); an advertised window that never
 * shrinks.
 *
 * <p>When ACKs go is {@link org.cryptorder.transport.tcp.receive.DelayedAck}'s business ({@code
 * __tcp_ack_snd_check}, {@code tcp_send_delayed_ack}): quick ACKs at the start (16) and after a
 * duplicate, one ACK per two full segments, the delayed-ACK timer (40 ms, adaptive {@code ato}),
 * and with data out of order, three ACKs at once and then SACK compression (up to 44 ACKs held
 * back for 5 % of the receiver's RTT, at most 1 ms, plus 100 us of timer slack). The receiver's
 * RTT ({@code tp->rcv_rtt_est}, {@link org.cryptorder.transport.tcp.receive.ReceiverRtt}) times
 * SACK compression and receive-buffer autotuning; {@link
 * org.cryptorder.transport.tcp.receive.ReceiveBuffer} is the socket's memory and the window it
 * makes ({@code sk_rcvbuf}, {@code sk_rmem_alloc}, {@code rcv_ssthresh}, {@code window_clamp},
 * {@code scaling_ratio}, {@code rcvq_space}); {@link
 * org.cryptorder.transport.tcp.receive.ArrivalLog} times arrival to read ({@code
 * tcp_read_delay_p50_us}). What the receiver needs from its socket (the lock's state, the reader to
 * wake) is a {@link org.cryptorder.transport.tcp.receive.ReceiverOwner}.
 *
 * <h2>Counters</h2>
 * {@link org.cryptorder.transport.tcp.receive.TcpReceiverCounters}: goodput octets, out-of-order
 * segments ({@code TCPOFOQueue}), duplicates, D-SACKs sent ({@code TCPDSACKOldSent}, {@code
 * TCPDSACKOfoSent}), delayed and compressed ACKs ({@code DelayedACKs}, {@code TCPAckCompressed}),
 * payload errors. Their columns of {@code runs.csv} are {@link
 * org.cryptorder.transport.tcp.receive.TcpReceiverColumns}, read when the traffic stops.
 *
 * <h2>How it was validated</h2>
 * The receiver's ACK timing, SACK blocks, D-SACKs and window, arrival by arrival, and the echo and
 * PAWS ({@code TcpReceiverTest}); receive memory and autotuning ({@code ReceiveBufferTest}).
 */
package org.cryptorder.transport.tcp.receive;
