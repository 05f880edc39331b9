/**
 * Transport endpoints: TCP as Linux 6.x runs it where reordering matters (and a textbook TCP as
 * ns-3 models it, to compare), UDP as iperf3 sends and counts it, and the packets they exchange,
 * as real bytes. This chapter is the overview; each sub-package has its own chapter.
 *
 * <h2>Packages, lowest first</h2>
 * A package uses only the packages above it in this list (and engine, host, net, macsec,
 * metrics); none uses one below it.
 * <ul>
 *   <li>{@link org.cryptorder.transport.wire}: the IPv4, TCP and UDP headers and the payload
 *       stream, written and parsed as octets (RFC 791, RFC 793 / 7323 / 2018, RFC 768, RFC 1071);
 *   <li>{@link org.cryptorder.transport.udp}: iperf3's UDP source and sink on a host;
 *   <li>{@link org.cryptorder.transport.tcp}: what every TCP part shares: the connection's
 *       configuration ({@code TcpConfig} and its parts, the kernel-version rules among them), its
 *       clock and timer constants ({@code tcp_time_stamp}, jiffies), the output segments leave
 *       through, and the socket lock ({@code lock_sock}, the backlog);
 *   <li>{@link org.cryptorder.transport.tcp.congestion}: the congestion window, CUBIC
 *       ({@code tcp_cubic.c}) with HyStart and Reno, and the congestion state machine
 *       ({@code icsk_ca_state});
 *   <li>{@link org.cryptorder.transport.tcp.trace}: the observers that {@code explain --tcp} and
 *       the time-sequence graph attach to a connection;
 *   <li>{@link org.cryptorder.transport.tcp.send}: the sending end ({@code tcp_ack},
 *       {@code tcp_fastretrans_alert}, {@code tcp_write_xmit}, the retransmit timer, RACK);
 *   <li>{@link org.cryptorder.transport.tcp.receive}: the receiving end ({@code tcp_data_queue},
 *       {@code __tcp_ack_snd_check}, the out-of-order queue, receive memory);
 *   <li>{@link org.cryptorder.transport.tcp.socket}: a TCP endpoint on a simulated host: CPU time,
 *       send contexts, {@code tcp_sendmsg} and {@code tcp_recvmsg}, TSQ.
 * </ul>
 *
 * <h2>Plugging in</h2>
 *
 * Both TCP endpoints are protocol logic on a {@code Simulator}, timers being one reusable SSJ event
 * each. The sender's segments and the receiver's ACKs go out through a {@link
 * org.cryptorder.transport.tcp.SegmentOutput} (the bytes are valid only during the call); packets
 * come in through {@code receive(buf, off, len)}. {@code start()} begins a transfer on an
 * established connection; {@code counters()} and {@code resetCounters()} serve warm-up deletion.
 * On a simulated host an endpoint sits in a {@link org.cryptorder.transport.tcp.socket.TcpSocket}
 * ({@link org.cryptorder.transport.tcp.socket}).
 *
 * <h2>What is deliberately not modelled</h2>
 *
 * The handshake and close (connections start established; MSS, window scale, SACK and timestamps
 * as agreed), TSO (segments sent in one call share their send time, as a TSO burst does; GRO at
 * the receiving MACsec device is the net package's and hands the receiver merged skbs),
 * retransmitting a lost GSO skb whole (retransmissions go one MSS each), Nagle and PSH, ECN, SACK
 * reneging and out-of-order queue pruning, zero-window probes, MTU probing, cwnd decay while
 * application-limited, the {@code tcp_metrics} cache of the reordering degree, the check that a
 * segment's original still sits in a host queue ({@code skb_still_in_host_queue}), PAWS's 24-day
 * expiry and PAWS on ACKs. Linux keeps RTTs in microseconds; the model keeps nanoseconds with the
 * same arithmetic. CUBIC's cube root is exact where Linux approximates it to 0.2 %.
 *
 * <h2>What the model shows that TCP-AND-PEERS.md section 1.6 did not say</h2>
 *
 * <ul>
 *   <li>After the first displacement of 3 or more, the spurious retransmission is undone by the
 *       D-SACK, but a D-SACK undo does not make Linux count reordering as seen: only a hole filled
 *       by a never-retransmitted segment, or a timestamp echo older than the retransmission, does,
 *       and with 1 ms timestamps and a sub-millisecond RTT the echo is usually in the same tick. A
 *       later displacement of 3 or more is again retransmitted, until some reordering below 3 (or
 *       a tick boundary) is seen.
 *   <li>Once reordering is seen, SACK compression, not the RACK window alone, sets the tolerance at
 *       10 Gbit/s: the sender hears of only 3 later arrivals until 44 more have come, so a frame up
 *       to about 46 positions late passes where min_rtt/4 alone would allow 8.
 *   <li>Without compression, a displacement of 40 to 60 frames can cost a burst of spurious
 *       retransmissions: the delayed original's cumulative ACK is taken as the retransmission's
 *       ({@code tcp_rack_advance} accepts it once it is older than min_rtt), and RACK marks every
 *       segment sent before the retransmission lost.
 *   <li>From 6.6 (Linux commit 1c2709cfff1d), with HZ = 250, the loss probe timer (2 SRTT + 2 ms,
 *       rounded up to jiffies) is one jiffy away on a 10GbE path and fires at the next tick when the
 *       ACKs pause for one; a cwnd-limited flow then sends a probe of new data now and then, as Linux
 *       does. Before 6.6 the floor is 2 jiffies added after rounding, so the probe is at least 3
 *       jiffies away (12 ms at HZ = 250) and a steady ACK clock keeps pushing it on; RACK's reorder
 *       timer's floor changed the same way ({@code TcpTimerFloorTest} holds both formulas for every
 *       HZ). The rest of the TCP model follows 6.x for every kernel version (a simplification: mainline
 *       3.10, for one, predates RACK, which the model keeps on for every kernel).
 *   <li>Behind a bottleneck with every 100th frame held past 100 others (docs/tcp.md), PAWS decides
 *       whether a recovery from a genuine drop is undone: without it a held original, older than
 *       the retransmission, set the echo back and {@code tcp_try_undo_recovery} undid the loss.
 * </ul>
 *
 * <h2>How it was validated</h2>
 *
 * The tests drive the endpoints over {@code Pipe}, a test link with exact serialization (wire
 * octets: packet + MACsec 32 + Ethernet 14 + FCS 4 + preamble 8 + gap 12), a propagation delay,
 * a TSQ-style 64 KiB gate, and deterministic injectors (hold frame k past d successors, drop
 * frames, blackout). {@code Pipe}, {@code TcpTestbed} and the end-to-end tests (goodput,
 * reordering, loss, determinism) are in this package's tests; each sub-package's chapter names its
 * own.
 * <ul>
 *   <li>Goodput: one flow over 10 Gbit/s, 20 us, lossless, reaches 9.2066 Gbit/s against the
 *       framing limit 10 x 1416 / 1538 = 9.2068 Gbit/s, in both modes.
 *   <li>Reordering: retransmissions against the displacement of one frame, in four settings
 *       (table in {@code TcpReorderingTest}, of one MSS per skb); the window's growth over repeated
 *       D-SACK rounds.
 *   <li>Loss: one segment costs one fast retransmission and no timeout in both modes; a tail loss
 *       is repaired by a loss probe in Linux mode (by a timeout in textbook mode); a blackout
 *       longer than the RTO gives two timeouts, a doubled RTO, and a recovery to line rate.
 *   <li>Determinism: the same scenario twice gives identical counters; {@code FingerprintTest}
 *       (experiment package) guards every output column of the bundled experiments.
 * </ul>
 */
package org.cryptorder.transport;
