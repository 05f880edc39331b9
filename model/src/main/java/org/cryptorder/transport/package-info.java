/**
 * Transport endpoints: TCP as Linux 6.x runs it where reordering matters (and a textbook TCP as
 * ns-3 models it, to compare), and the packets TCP and UDP endpoints exchange, as real bytes.
 *
 * <h2>What is modelled</h2>
 *
 * <p><b>Packets.</b> {@link org.cryptorder.transport.Ipv4TcpHeader} writes and parses an IPv4
 * header (20 octets, real checksum) and a TCP header with the options Linux puts on
 * established-connection segments: {@code NOP NOP TS} (12 octets) on every segment, and on ACKs
 * {@code NOP NOP SACK} with up to 3 blocks (4 without timestamps), a D-SACK block first. Payload
 * octets are a function of their stream position, repeating every 65,528 octets as iperf3's
 * buffer repeats ({@link org.cryptorder.transport.PayloadStream}), and the receiver checks every one. {@link org.cryptorder.transport.UdpDatagram} is an IPv4 +
 * UDP (real checksum) datagram with iperf3's payload: seconds, microseconds, the 32-bit (or
 * 64-bit) packet count, then filler. Checksums follow RFC 1071 ({@link
 * org.cryptorder.transport.InternetChecksum}). Nothing is allocated per packet. The endpoints
 * exchange IPv4 packets; the host adds Ethernet and MACsec around them. ({@code UdpSource} and
 * {@code UdpSink} in this package, written with the datapath, frame their datagrams with their own
 * {@code UdpWire}: Ethernet included, UDP checksum 0, an 8-octet counter and time, then a piece
 * of the payload stream as filler.)
 *
 * <p><b>TCP sender</b> ({@link org.cryptorder.transport.TcpSender}), an {@code iperf3 -c}: it
 * sends what the application has written ({@code tp->write_seq}, optionally up to a byte limit),
 * and on its own, without a socket, as if the application always had data. In {@link
 * org.cryptorder.transport.TcpMode#LINUX} mode, after Linux 6.12 (6.12.117, the version every
 * versioned rule follows when an experiment names no kernel; {@code net/ipv4/tcp_input.c},
 * {@code tcp_output.c}, {@code tcp_timer.c}, {@code tcp_recovery.c}, {@code tcp_cubic.c}), each
 * class and method naming the kernel function it follows:
 * <ul>
 *   <li>initial window 10, slow start, CUBIC (default; HyStart on, as Linux's default) or Reno;
 *   <li>a SACK scoreboard with Linux's S/R/L tags ({@link org.cryptorder.transport.SackScoreboard})
 *       and D-SACK processing;
 *   <li>RACK loss detection ({@link org.cryptorder.transport.RackLossDetector}): reordering window
 *       min_rtt/4 x steps, steps growing with D-SACK rounds up to SRTT and persisting 16
 *       recoveries; before reordering is first seen ({@code tp->reord_seen == 0}) the window is 0
 *       once 3 segments are SACKed (the DUPACK-threshold shortcut) and in Recovery;
 *   <li>adaptive {@code tp->reordering} (3 to {@code tcp_max_reordering} = 300) and the
 *       reordering events Linux counts ({@code tcp_check_sack_reordering});
 *   <li>PRR during recovery; undo by timestamps (Eifel: full and partial) and by D-SACKs
 *       ({@code undo_retrans}); F-RTO after a timeout;
 *   <li>RTO: Linux's estimator, at least SRTT + 200 ms, exponential back-off; tail loss probes;
 *       one retransmit timer shared by RTO, RACK reordering timer and TLP, in jiffies;
 *   <li>a send buffer, and backpressure from the host in the manner of TCP small queues ({@link
 *       org.cryptorder.transport.TransmitGate}: asked before each send, retransmissions allowed
 *       twice the budget as in Linux; {@link org.cryptorder.transport.TcpSender#resume()} when
 *       the host has room).
 * </ul>
 *
 * <p><b>The sender's parts.</b> {@code TcpSender} is the socket other code talks to; the work is
 * done by package-private parts, each named after what Linux does and citing the kernel functions
 * it follows. They reach one another through the sender, as the kernel's functions all take the
 * socket.
 * <ul>
 *   <li>{@code TcpAck}: ACK processing ({@code tcp_ack}, {@code tcp_sacktag_write_queue},
 *       {@code tcp_sacktag_one}, {@code tcp_check_dsack}, {@code tcp_dsack_seen}, {@code
 *       tcp_clean_rtx_queue}, {@code tcp_ack_update_rtt}, {@code tcp_check_sack_reordering}); what
 *       one ACK showed (the {@code FLAG_*} bits, {@code tcp_sacktag_state}, the part of {@code
 *       struct rate_sample} used, the {@code rexmit} decision) is its {@code AckSample};
 *   <li>{@code LossRecovery}: {@code tcp_fastretrans_alert}, {@code tcp_enter_recovery},
 *       {@code tcp_enter_loss}, {@code tcp_process_loss} (F-RTO), {@code tcp_process_tlp_ack},
 *       the {@code tcp_try_undo_*} procedures, {@code tcp_try_keep_open}, loss marking by RACK or
 *       {@code tcp_mark_head_lost}. It owns {@code icsk_ca_state} and changes it in one method that
 *       checks a {@code CaTransition} (each named after the kernel function making the change, with
 *       the states it may start from and end in, e.g. Recovery is entered from any state but
 *       Recovery): a change Linux never makes throws {@link java.lang.IllegalStateException};
 *   <li>{@code CwndControl}: {@code tcp_cong_control}, PRR ({@code tcp_cwnd_reduction}),
 *       {@code tcp_cwnd_validate}, {@code tcp_update_pacing_rate}, and the context the congestion
 *       control algorithm reads; the {@code CongestionWindow} it owns changes only through methods
 *       named after the kernel step ({@code startReduction}, {@code proportionalRateReduction},
 *       {@code lowerSsthreshForLoss}, {@code undo}, ...);
 *   <li>{@code Gso}: the skbs' size, {@code tcp_tso_autosize} (with {@code tcp_tso_rtt_log} from
 *       5.18), {@code tcp_tso_segs}, {@code tcp_cwnd_test}'s half-cwnd quota, whether
 *       {@code tcp_tso_should_defer} runs and by which rule, and whether {@code tcp_grow_skb}
 *       tops up the head skb (6.10); {@code SendBuffer} holds the write queue's skbs as
 *       {@code tcp_sendmsg} built them and {@code tso_fragment} split them; {@code TcpOutput} sends each skb's segments to the
 *       {@code SegmentOutput} after {@code gsoSkb}, and the host cuts it at the MACsec device;
 *   <li>{@code TcpOutput}: {@code tcp_write_xmit}, {@code tcp_mss_split_point},
 *       {@code tcp_tso_should_defer}, {@code tcp_xmit_recovery},
 *       {@code tcp_xmit_retransmit_queue}, {@code tcp_retransmit_skb}, {@code tcp_transmit_skb},
 *       and the TSQ gate;
 *   <li>{@code TcpWriteTimer}: {@code tcp_write_timer_handler} on the one {@code RetransmitTimer}
 *       ({@code tcp_retransmit_timer}, {@code tcp_rack_reo_timeout}, {@code tcp_send_loss_probe}),
 *       how it is armed ({@code tcp_rearm_rto}, {@code tcp_set_xmit_timer},
 *       {@code tcp_schedule_loss_probe}), {@code icsk_rto} with back-off, {@code tlp_high_seq}.
 * </ul>
 *
 * <p><b>TCP receiver</b> ({@link org.cryptorder.transport.TcpReceiver}), an iperf3 server reading
 * as fast as data arrives: in-order delivery counted as goodput, an out-of-order queue, SACK blocks
 * most recent first, D-SACK for duplicates, RFC 7323 timestamp echo (never moving back), PAWS
 * (data more than a tick older than the echo is dropped with a duplicate ACK; not in textbook
 * mode), an advertised window that never shrinks. When ACKs go is {@link org.cryptorder.transport.DelayedAck}'s business: quick ACKs
 * at the start (16) and after a duplicate, one ACK per two full segments, the delayed-ACK timer
 * (40 ms, adaptive {@code ato}), and with data out of order, three ACKs at once and then SACK
 * compression (up to 44 ACKs held back for 5 % of the receiver's RTT, at most 1 ms, plus 100 us of
 * timer slack).
 *
 * <p><b>Textbook mode</b> ({@link org.cryptorder.transport.TcpMode#TEXTBOOK}) is ns-3's TCP
 * (TCP-AND-PEERS.md section 2.1): SACK-based recovery with a fixed DupThresh of 3 (RFC 6675's
 * IsLost, which is Linux's {@code tcp_mark_head_lost} with RACK off), PRR, CUBIC with HyStart,
 * no RACK, no TLP, no D-SACK, no undo, no F-RTO, no adaptive reordering, the plain RFC 6298 RTO;
 * a receiver that ACKs every second segment or after 200 ms and ACKs out-of-order data at once,
 * without quick ACKs, compression or D-SACK. The minimum RTO is 200 ms in both modes (ns-3's own
 * default is 1 s; {@link org.cryptorder.transport.TcpTimers#withMinRtoNs} sets it).
 *
 * <h2>Plugging in</h2>
 *
 * Both endpoints are protocol logic on a {@code Simulator}, timers being one reusable SSJ event
 * each. The sender's segments and the receiver's ACKs go out through a {@link
 * org.cryptorder.transport.SegmentOutput} (the bytes are valid only during the call); packets come
 * in through {@code receive(buf, off, len)}. {@code start()} begins a transfer on an established
 * connection; {@code counters()} and {@code resetCounters()} serve warm-up deletion.
 *
 * <p>On a simulated host an endpoint sits in a {@link org.cryptorder.transport.TcpSocket}, which
 * charges the CPU time and sends each segment from softirq, the application's task or a timer as
 * Linux would ({@link org.cryptorder.transport.SendContext}); its two sides are {@code
 * TcpSenderSocket} and {@code TcpReceiverSocket} (records the RFC 4737 reordering and the latency
 * of data frames). The sending side is Linux's socket layer:
 * <ul>
 *   <li>iperf3's writes ({@code TcpSendmsg}, {@link org.cryptorder.transport.SendPath}: 128 KiB
 *       each by default) own the socket ({@code lock_sock} ... {@code release_sock}), copy into
 *       skbs of {@code size_goal} octets and push from the application's task;
 *   <li>an ACK arriving while the socket is owned goes to the backlog ({@code SocketLock}, {@code
 *       tcp_add_backlog}) and is processed on the application's CPU by {@code __release_sock}
 *       (every 16 skbs of a write, before the writer sleeps, at the end of the write); an ACK to
 *       an unowned socket is processed in softirq on the CPU that received it;
 *   <li>TSQ's deferred write and the timers that fire while the socket is owned run in {@code
 *       tcp_release_cb}; otherwise the TSQ handler runs in the tasklet of the CPU that freed the
 *       skb (the one that sent it, where MACsec's copy frees it);
 *   <li>the send buffer ({@code SendBuffer}): {@code sk_wmem_queued} as the truesize of the write
 *       and retransmit queues, {@code sk_sndbuf} from 2 x 10 per-MSS truesizes autotuned with cwnd
 *       ({@code tcp_sndbuf_expand}) up to {@code tcp_wmem[2]} = 4 MiB; the writer sleeps without
 *       room and wakes with half of what is queued free ({@code sk_stream_write_space}).
 * </ul>
 * With {@code writeBytes} 0 none of this is modelled: the first window goes from the task, every
 * later segment from softirq, and the send buffer of {@code sendBufferBytes} is always full.
 *
 * <h2>Parameters</h2>
 *
 * <table>
 *   <caption>{@link org.cryptorder.transport.TcpConfig} and its parts; Linux default, textbook
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
 * <h2>Counters</h2>
 *
 * {@link org.cryptorder.transport.TcpSenderCounters} names each with Linux's name:
 * {@code totalRetrans} is {@code tcpi_total_retrans}, iperf3's "Retr" (spurious retransmissions
 * and loss probes that resend a segment included); {@code spuriousRetransmits()} is
 * {@code tcpi_dsack_dups}, retransmissions the receiver reported twice; {@code reordSeen} is
 * {@code tcpi_reord_seen} ({@code TCPSACKReorder} + {@code TCPTSReorder}); {@code dsackRecv}
 * ({@code TCPDSACKRecv}); undo counts {@code TCPFullUndo}, {@code TCPPartialUndo}, {@code
 * TCPDSACKUndo}, {@code TCPLossUndo}; {@code timeouts} ({@code TCPTimeouts}); {@code lossProbes}
 * ({@code TCPLossProbes}); {@code sackRecoveries} ({@code TCPSackRecovery}, fast-recovery
 * episodes); cwnd and RTT as streamed summaries (last, min, max, mean). {@link
 * org.cryptorder.transport.TcpReceiverCounters}: goodput octets, out-of-order segments
 * ({@code TCPOFOQueue}), duplicates, D-SACKs sent ({@code TCPDSACKOldSent}, {@code
 * TCPDSACKOfoSent}), delayed and compressed ACKs ({@code DelayedACKs}, {@code TCPAckCompressed}),
 * payload errors.
 *
 * <p>The columns of {@code runs.csv} these counters give are declared beside them:
 * {@code TcpSenderCounters.RETRANSMISSION_COLUMNS}, {@code LOSS_PROBE_COLUMNS} and
 * {@code RECOVERY_COLUMNS} (with {@code tcp_dsack_recv}, {@code TCPDSACKRecv}),
 * {@code SocketCounters.COLUMNS}, {@link org.cryptorder.transport.TcpReceiverColumns} for the
 * receivers, and {@code UdpSink}'s and {@code UdpSource}'s; TCP's are read when the traffic stops.
 *
 * <h2>What is deliberately not modelled</h2>
 *
 * The handshake and close (connections start established; MSS, window scale, SACK and timestamps
 * as agreed), TSO (segments sent in one call share their send time, as a TSO burst does; GRO at
 * the receiving MACsec device is the net package's and hands the receiver merged skbs),
 * retransmitting a lost GSO skb whole (retransmissions go one MSS each), Nagle and PSH, ECN, SACK
 * reneging and out-of-order queue pruning, zero-window probes, MTU probing, cwnd decay while application-limited, the {@code tcp_metrics}
 * cache of the reordering degree, the check that a segment's original still sits in a host queue
 * ({@code skb_still_in_host_queue}), PAWS's 24-day expiry and PAWS on ACKs. Linux keeps RTTs in
 * microseconds; the model keeps nanoseconds with the same arithmetic. CUBIC's cube root is exact where Linux approximates it to
 * 0.2 %.
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
 * frames, blackout).
 * <ul>
 *   <li>GSO ({@code GsoTest}): {@code tcp_tso_autosize} against its closed form at several rates
 *       and minimum RTTs with and without the 5.18 term, the 2-segment floor, the 46-segment cap,
 *       {@code tcp_cwnd_test}'s quota; the reordering table below is of one MSS per skb.
 *   <li>Codec: checksums against an independent RFC 1071 sum and a published IPv4 example; round
 *       trips; option layout; corruption caught; sequence numbers across 2^32.
 *   <li>Parts against closed forms: CUBIC's beta and fast convergence, its window against
 *       C (t - K)^3 + W_max; Reno; RTO = SRTT + rttvar never below 200 ms and RFC 6298's plain
 *       form; RACK's window rules and step adaptation; the receiver's ACK timing, SACK blocks,
 *       D-SACKs and window, arrival by arrival.
 *   <li>Goodput: one flow over 10 Gbit/s, 20 us, lossless, reaches 9.2066 Gbit/s against the
 *       framing limit 10 x 1416 / 1538 = 9.2068 Gbit/s, in both modes.
 *   <li>Reordering: retransmissions against the displacement of one frame, in four settings
 *       (table in {@code TcpReorderingTest}); the window's growth over repeated D-SACK rounds.
 *   <li>Loss: one segment costs one fast retransmission and no timeout in both modes; a tail loss
 *       is repaired by a loss probe in Linux mode (by a timeout in textbook mode); a blackout
 *       longer than the RTO gives two timeouts, a doubled RTO, and a recovery to line rate.
 *   <li>Undo, by scripted ACKs into a sender ({@code TcpUndoTest}): the partial undo on
 *       timestamps raising {@code tp->reordering} to the metric, capped by {@code
 *       tcp_max_reordering}; the D-SACK undo when the retransmission fills the hole; {@code
 *       reo_wnd_steps} widened by a D-SACK and reset after 16 recoveries without undo; the receiver's
 *       echo and PAWS ({@code TcpReceiverTest}).
 *   <li>State machine: the legal congestion-state changes pass and the ones Linux never makes
 *       throw ({@code CaTransitionTest}).
 *   <li>Trace: a {@link org.cryptorder.transport.TcpTraceObserver} attached to a sender ({@code
 *       explain --tcp}) is told each loss-recovery decision ({@code TcpTraceEvent}, in the kernel's
 *       function names); {@code TcpTraceTest} checks, on the scripted ACKs, RACK's mark, {@code
 *       tcp_enter_recovery}, the retransmission, {@code tcp_check_sack_reordering} raising {@code
 *       tp->reordering} and the partial undo with {@code tcp_packet_delayed}'s verdict, in that
 *       order, and that a traced sender sends what an untraced one does.
 *   <li>Determinism: the same scenario twice gives identical counters; {@code FingerprintTest}
 *       (experiment package) guards every output column of the bundled experiments.
 * </ul>
 */
package org.cryptorder.transport;
