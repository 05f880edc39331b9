/**
 * What every part of the TCP model shares: the connection's configuration, its clock, the output
 * segments leave through, and the socket's lock. The sending end is {@link
 * org.cryptorder.transport.tcp.send}, the receiving end {@link
 * org.cryptorder.transport.tcp.receive}, both on a host {@link
 * org.cryptorder.transport.tcp.socket}.
 *
 * <p>In {@link org.cryptorder.transport.tcp.TcpMode#LINUX} mode TCP follows Linux 6.12 (6.12.117,
 * the version every versioned rule follows when an experiment names no kernel; {@code
 * net/ipv4/tcp_input.c}, {@code tcp_output.c}, {@code tcp_timer.c}, {@code tcp_recovery.c},
 * {@code tcp_cubic.c}), each class and method naming the kernel function it follows. The rules
 * that changed between kernel versions are fields of the parameter records here ({@link
 * org.cryptorder.transport.tcp.Gso}, {@link org.cryptorder.transport.tcp.SendPath}, {@link
 * org.cryptorder.transport.tcp.ReadPath}, {@link org.cryptorder.transport.tcp.HystartRound},
 * {@link org.cryptorder.transport.tcp.TcpTimers}' floor), set from {@code crypto.kernel} by the
 * experiment's kernel rules.
 *
 * <p><b>Textbook mode</b> ({@link org.cryptorder.transport.tcp.TcpMode#TEXTBOOK}) is ns-3's TCP
 * (TCP-AND-PEERS.md section 2.1): SACK-based recovery with a fixed DupThresh of 3 (RFC 6675's
 * IsLost, which is Linux's {@code tcp_mark_head_lost} with RACK off), PRR, CUBIC with HyStart,
 * no RACK, no TLP, no D-SACK, no undo, no F-RTO, no adaptive reordering, the plain RFC 6298 RTO;
 * a receiver that ACKs every second segment or after 200 ms and ACKs out-of-order data at once,
 * without quick ACKs, compression or D-SACK ({@link org.cryptorder.transport.tcp.RecoveryFeatures},
 * {@link org.cryptorder.transport.tcp.AckPolicy}). The minimum RTO is 200 ms in both modes (ns-3's
 * own default is 1 s; {@link org.cryptorder.transport.tcp.TcpTimers#withMinRtoNs} sets it).
 *
 * <p>{@link org.cryptorder.transport.tcp.TcpClock} gives the clocks an endpoint reads, derived
 * from the simulation clock: {@code tcp_clock_ns}, jiffies (1/HZ) and the timestamp clock
 * (TCP_TS_HZ = 1000); {@link org.cryptorder.transport.tcp.TcpPacing} says whether TCP paces the
 * connection itself ({@code sk->sk_pacing_status}).
 * {@link org.cryptorder.transport.tcp.SocketLock} is {@code lock_sock} ... {@code release_sock}
 * with the backlog ({@code tcp_add_backlog}), shared by the receiver and the socket.
 *
 * <h2>Parameters</h2>
 *
 * <table>
 *   <caption>{@link org.cryptorder.transport.tcp.TcpConfig} and its parts; Linux default, textbook
 *   default</caption>
 *   <tr><th>parameter</th><th>unit</th><th>Linux</th><th>textbook</th></tr>
 *   <tr><td>{@code mss}</td><td>octets</td><td colspan="2">given; 1416 for MTU 1500 over MACsec
 *       ({@code Ipv4TcpHeader.mssForLinkMtu}: 1500 - 32 - 20 - 20 - 12)</td></tr>
 *   <tr><td>{@code congestionControl}, {@code hystart}</td><td></td><td>CUBIC, on</td>
 *       <td>CUBIC, on (ns-3's default)</td></tr>
 *   <tr><td>{@code initialCwnd}</td><td>segments</td><td>10</td><td>10</td></tr>
 *   <tr><td>{@code sendBufferBytes}</td><td>octets</td><td>4 MiB</td><td>4 MiB</td></tr>
 *   <tr><td>{@code gso}: segments per skb ({@code tcp_tso_autosize}: pacing rate &gt;&gt; 10, from
 *       5.18 plus 65,215 &gt;&gt; (min_rtt_us &gt;&gt; 9); at least 2, at most 65,215 octets, 46 MSS;
 *       at most half of cwnd), {@code tcp_tso_should_defer}, {@code tcp_grow_skb}</td><td>segments</td><td>on, 6.18 rules
 *       (experiments: {@code hosts.gso}, the rule of {@code crypto.kernel})</td><td>off (one MSS
 *       per packet, as ns-3)</td></tr>
 *   <tr><td>{@code SendPath.writeBytes} (experiment key {@code writeBytes})</td><td>octets</td>
 *       <td colspan="2">128 KiB (iperf3's TCP block); 0: no application model</td></tr>
 *   <tr><td>{@code receiveWindowBytes}, {@code windowScale}</td><td>octets</td><td>3 MiB, 7</td>
 *       <td>3 MiB, 7</td></tr>
 *   <tr><td>{@code byteLimit}</td><td>octets</td><td>0 (none)</td><td>0 (none)</td></tr>
 *   <tr><td>{@code timers.jiffyNs} (1/HZ)</td><td>ns</td><td>4 ms (HZ = 250; experiments set it
 *       from {@code hosts.hz})</td><td>4 ms (the same)</td></tr>
 *   <tr><td>{@code timers.tsTickNs}</td><td>ns</td><td>1 ms</td><td>1 ms</td></tr>
 *   <tr><td>{@code timers.minRtoNs}, {@code initialRtoNs}, {@code maxRtoNs}</td><td>ns</td>
 *       <td>200 ms, 1 s, 120 s</td><td>200 ms, 1 s, 120 s</td></tr>
 *   <tr><td>{@code timers.rackSlackNs}</td><td>ns</td><td>2 ms</td><td>(no RACK)</td></tr>
 *   <tr><td>{@code timers.floor}: how the TLP and RACK reorder timers add that floor</td><td></td>
 *       <td>{@code TWO_MILLISECONDS} (6.6 on; experiments take it from {@code crypto.kernel}:
 *       {@code TWO_JIFFIES} before 6.6)</td><td>(no TLP)</td></tr>
 *   <tr><td>{@code recovery}: RACK, TLP, F-RTO, undo, D-SACK, adaptive reordering</td><td></td>
 *       <td>all on</td><td>all off</td></tr>
 *   <tr><td>{@code recovery.initialReordering}, {@code maxReordering}</td><td>segments</td>
 *       <td>3, 300</td><td>3 (fixed)</td></tr>
 *   <tr><td>{@code acks.maxQuickAcks}</td><td>ACKs</td><td>16</td><td>0</td></tr>
 *   <tr><td>{@code acks.delackMinNs}, {@code delackMaxNs}</td><td>ns</td><td>40 ms, 200 ms</td>
 *       <td>200 ms fixed</td></tr>
 *   <tr><td>{@code acks.compSackNr}, {@code compSackDelayMaxNs}, {@code compSackSlackNs}</td>
 *       <td>ACKs, ns, ns</td><td>44, 1 ms, 100 us</td><td>0 (every ACK at once)</td></tr>
 * </table>
 *
 * <h2>How it was validated</h2>
 * GSO ({@code GsoTest}): {@code tcp_tso_autosize} against its closed form at several rates and
 * minimum RTTs with and without the 5.18 term, the 2-segment floor, the 46-segment cap, {@code
 * tcp_cwnd_test}'s quota. The timer floors ({@code TcpTimerFloorTest}): both formulas, for every
 * HZ.
 */
package org.cryptorder.transport.tcp;
