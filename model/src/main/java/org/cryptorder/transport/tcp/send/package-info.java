/**
 * The sending end of a TCP connection: {@link org.cryptorder.transport.tcp.send.TcpSender}, an
 * {@code iperf3 -c}. It sends what the application has written ({@code tp->write_seq}, optionally
 * up to a byte limit), and on its own, without a socket, as if the application always had data.
 * In {@code TcpMode.LINUX} mode it follows Linux 6.12 ({@code net/ipv4/tcp_input.c}, {@code
 * tcp_output.c}, {@code tcp_timer.c}, {@code tcp_recovery.c}):
 * <ul>
 *   <li>a SACK scoreboard with Linux's S/R/L tags ({@link
 *       org.cryptorder.transport.tcp.send.SackScoreboard}) and D-SACK processing;
 *   <li>RACK loss detection ({@link org.cryptorder.transport.tcp.send.RackLossDetector}):
 *       reordering window min_rtt/4 x steps, steps growing with D-SACK rounds up to SRTT and
 *       persisting 16 recoveries; before reordering is first seen ({@code tp->reord_seen == 0}) the
 *       window is 0 once 3 segments are SACKed (the DUPACK-threshold shortcut) and in Recovery;
 *   <li>adaptive {@code tp->reordering} (3 to {@code tcp_max_reordering} = 300) and the
 *       reordering events Linux counts ({@code tcp_check_sack_reordering});
 *   <li>PRR during recovery; undo by timestamps (Eifel: full and partial) and by D-SACKs
 *       ({@code undo_retrans}); F-RTO after a timeout;
 *   <li>RTO: Linux's estimator ({@link org.cryptorder.transport.tcp.send.RttEstimator}), at least
 *       SRTT + 200 ms, exponential back-off; tail loss probes; one retransmit timer shared by RTO,
 *       RACK reordering timer and TLP, in jiffies ({@link
 *       org.cryptorder.transport.tcp.send.RetransmitTimer});
 *   <li>a send buffer, and backpressure from the host in the manner of TCP small queues ({@link
 *       org.cryptorder.transport.tcp.send.TransmitGate}: asked before each send, retransmissions
 *       allowed twice the budget as in Linux; {@link
 *       org.cryptorder.transport.tcp.send.TcpSender#resume()} when the host has room).
 * </ul>
 *
 * <h2>The sender's parts</h2>
 * {@code TcpSender} is the socket other code talks to; the work is done by package-private parts,
 * each named after what Linux does and citing the kernel functions it follows. They reach one
 * another through the sender, as the kernel's functions all take the socket.
 * <ul>
 *   <li>{@code TcpAck}: ACK processing ({@code tcp_ack}, {@code tcp_sacktag_write_queue},
 *       {@code tcp_sacktag_one}, {@code tcp_check_dsack}, {@code tcp_dsack_seen}, {@code
 *       tcp_clean_rtx_queue}, {@code tcp_ack_update_rtt}, {@code tcp_check_sack_reordering}); what
 *       one ACK showed (the {@code FLAG_*} bits, {@code tcp_sacktag_state}, the part of {@code
 *       struct rate_sample} used, the {@code rexmit} decision) is its {@code AckSample};
 *   <li>{@code LossRecovery}: {@code tcp_fastretrans_alert}, {@code tcp_enter_recovery},
 *       {@code tcp_enter_loss}, {@code tcp_process_loss} (F-RTO), {@code tcp_process_tlp_ack},
 *       the {@code tcp_try_undo_*} procedures, {@code tcp_try_keep_open}, loss marking by RACK or
 *       {@code tcp_mark_head_lost}. It owns {@code icsk_ca_state} and changes it through checked
 *       {@code CaTransition}s ({@code tcp.congestion});
 *   <li>{@code CwndControl}: {@code tcp_cong_control}, PRR ({@code tcp_cwnd_reduction}),
 *       {@code tcp_cwnd_validate}, {@code tcp_update_pacing_rate}, and the context the congestion
 *       control algorithm reads; the {@code CongestionWindow} it owns ({@code tcp.congestion})
 *       changes only through methods named after the kernel step;
 *   <li>{@code Gso} ({@code tcp}): the skbs' size, {@code tcp_tso_autosize} (with {@code
 *       tcp_tso_rtt_log} from 5.18), {@code tcp_tso_segs}, {@code tcp_cwnd_test}'s half-cwnd
 *       quota, whether {@code tcp_tso_should_defer} runs and by which rule, and whether {@code
 *       tcp_grow_skb} tops up the head skb (6.10); {@code SendBuffer} holds the write queue's skbs
 *       as {@code tcp_sendmsg} built them and {@code tso_fragment} split them; {@code TcpOutput}
 *       sends each skb's segments to the {@code SegmentOutput} after {@code gsoSkb}, and the host
 *       cuts it at the MACsec device;
 *   <li>{@code TcpOutput}: {@code tcp_write_xmit}, {@code tcp_mss_split_point},
 *       {@code tcp_tso_should_defer}, {@code tcp_xmit_recovery},
 *       {@code tcp_xmit_retransmit_queue}, {@code tcp_retransmit_skb}, {@code tcp_transmit_skb},
 *       and the TSQ gate;
 *   <li>{@code TcpWriteTimer}: {@code tcp_write_timer_handler} on the one {@code RetransmitTimer}
 *       ({@code tcp_retransmit_timer}, {@code tcp_rack_reo_timeout}, {@code tcp_send_loss_probe}),
 *       how it is armed ({@code tcp_rearm_rto}, {@code tcp_set_xmit_timer},
 *       {@code tcp_schedule_loss_probe}), {@code icsk_rto} with back-off, {@code tlp_high_seq};
 *   <li>{@code TcpTracePoints}: where the sender tells its observers ({@code tcp.trace}).
 * </ul>
 *
 * <h2>Counters</h2>
 * {@link org.cryptorder.transport.tcp.send.TcpSenderCounters} names each with Linux's name:
 * {@code totalRetrans} is {@code tcpi_total_retrans}, iperf3's "Retr" (spurious retransmissions
 * and loss probes that resend a segment included); {@code spuriousRetransmits()} is
 * {@code tcpi_dsack_dups}, retransmissions the receiver reported twice; {@code reordSeen} is
 * {@code tcpi_reord_seen} ({@code TCPSACKReorder} + {@code TCPTSReorder}); {@code dsackRecv}
 * ({@code TCPDSACKRecv}); undo counts {@code TCPFullUndo}, {@code TCPPartialUndo}, {@code
 * TCPDSACKUndo}, {@code TCPLossUndo}; {@code timeouts} ({@code TCPTimeouts}); {@code lossProbes}
 * ({@code TCPLossProbes}); {@code sackRecoveries} ({@code TCPSackRecovery}, fast-recovery
 * episodes); cwnd and RTT as streamed summaries (last, min, max, mean; {@link
 * org.cryptorder.transport.tcp.send.SampleStats}). The columns of {@code runs.csv} these counters
 * give are declared beside them: {@code TcpSenderCounters.RETRANSMISSION_COLUMNS}, {@code
 * LOSS_PROBE_COLUMNS} and {@code RECOVERY_COLUMNS} (with {@code tcp_dsack_recv}, {@code
 * TCPDSACKRecv}); they are read when the traffic stops.
 *
 * <h2>How it was validated</h2>
 * <ul>
 *   <li>Parts against closed forms: RTO = SRTT + rttvar never below 200 ms and RFC 6298's plain
 *       form ({@code RttEstimatorTest}); RACK's window rules and step adaptation ({@code
 *       RackLossDetectorTest}); the scoreboard's tags ({@code SackScoreboardTest}); the send
 *       buffer's accounting ({@code SendBufferTest}, {@code TcpWriteQueueTest}); the timer in
 *       jiffies on a CPU ({@code TimerCpuTest}); TSO deferral ({@code TcpTsoDeferTest}).
 *   <li>Undo, by scripted ACKs into a sender ({@code TcpUndoTest}): the partial undo on
 *       timestamps raising {@code tp->reordering} to the metric, capped by {@code
 *       tcp_max_reordering}; the D-SACK undo when the retransmission fills the hole; {@code
 *       reo_wnd_steps} widened by a D-SACK and reset after 16 recoveries without undo.
 *   <li>State machine: the legal congestion-state changes pass and the ones Linux never makes
 *       throw ({@code CaTransitionTest}); the trace of the decisions ({@code TcpTraceTest}).
 * </ul>
 */
package org.cryptorder.transport.tcp.send;
