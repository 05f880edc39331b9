/**
 * Machines, NICs, links and the MACsec device that joins them: the frame's path.
 *
 * <h2>The frame's path</h2>
 * A sender's work calls {@link org.cryptorder.net.MacsecDevice#startTransmit} (PN, SecTAG, AEAD
 * request: inline, cryptd, or refused) and, when its work ends, {@code finishTransmit}. MACsec's
 * copy consumes TCP's skb, so TCP small queues let go of the frame there, before the AEAD request.
 * The encrypted frame goes to the {@link org.cryptorder.net.TxQueue} of the CPU that sent it (XPS
 * by {@code skb->sender_cpu}, which survives the copy and an asynchronous completion on another
 * CPU): its qdisc ({@link org.cryptorder.net.PfifoFast}, {@link org.cryptorder.net.FqCodel}, or
 * none), byte queue limits
 * ({@link org.cryptorder.net.Dql}) and descriptor ring ({@link org.cryptorder.net.TxRing}), cleaned
 * on the queue's moderated TX interrupt. The {@link org.cryptorder.net.Nic} fetches its rings
 * round-robin into its packet buffer ({@link org.cryptorder.net.TxPacketBuffer}), which drains in
 * order onto the {@link org.cryptorder.net.Link} (serialisation at line rate with 24 octets of wire
 * overhead, propagation delay): a fetched frame is never overtaken. The NIC's values are a
 * {@link org.cryptorder.net.NicProfile} ({@code data/nics/}). TCP hands the MACsec device GSO skbs
 * of up to 46 MSS ({@link org.cryptorder.transport.tcp.Gso}); the device has no TSO and no checksum
 * offload ({@code MACSEC_FEATURES} in {@code drivers/net/macsec.c} is {@code NETIF_F_SG |
 * NETIF_F_HIGHDMA | NETIF_F_FRAGLIST}), so {@code validate_xmit_skb} cuts each in software
 * ({@code skb_gso_segment}) before {@code macsec_start_xmit}, and every segment is its own frame:
 * its own PN, SecTAG and AEAD request, in order, in the sending context. The first segment's work
 * carries the skb's TCP cost and the cutting of all its segments (the profile's
 * {@code gsoSegmentCycles} each); each segment's TCP small queues octets are let go of at MACsec's
 * copy of that segment ({@code tcp_gso_segment} gives every segment the socket and {@code
 * tcp_wfree}). Pure ACKs are linear and never cut. An optional
 * {@link org.cryptorder.net.Netem} stage at the far end of the wire impairs the frames the way
 * Linux {@code tc netem} does (delay and jitter, random and Gilbert-Elliott loss, duplication, real
 * bit corruption, netem reordering, a queue limit) or by an exact displacement rule, as its
 * {@link org.cryptorder.net.Impairment} says. The receiving NIC steers the frame to an RX queue (queue 0
 * for every MACsec frame, as the 82599 does; {@link org.cryptorder.net.RxSteering} names the
 * hypothetical spreadings), whose {@link org.cryptorder.net.InterruptVector} raises NET_RX on that
 * queue's CPU within its moderation interval ({@link org.cryptorder.net.InterruptModeration})
 * unless NAPI is already polling, and the poll handles one frame per piece of softirq work, 64 per
 * round ({@code NAPI_POLL_WEIGHT}). The MACsec device validates it and issues the AEAD request under
 * the same rules; at completion {@code macsec_post_decrypt} runs and a delivered frame joins the
 * completing CPU's GRO cell, a FIFO served by its own NAPI, where GRO merges a TCP flow's
 * consecutive segments before the packet goes up the stack to the endpoint. With a resequencing policy, decrypted frames first pass a per-SA PN reorder queue.
 *
 * <h2>Every hop of a data frame</h2>
 * From the application's write to the receiving socket, with the Linux function each hop stands
 * for and the method that does it.
 * <table>
 * <caption>The hops of one data frame</caption>
 * <tr><th>hop</th><th>Linux</th><th>done by</th></tr>
 * <tr><td>1. the application writes (UDP datagram; TCP segment, from the task or from softirq
 *     when an ACK clocks it out)</td><td>{@code udp_sendmsg}; {@code tcp_sendmsg},
 *     {@code tcp_write_xmit}</td><td>{@link org.cryptorder.transport.udp.UdpSource#start},
 *     {@link org.cryptorder.transport.tcp.socket.TcpSocket}</td></tr>
 * <tr><td>2. MACsec transmit in the sending context: {@code sender_cpu} set, the copy (TCP small
 *     queues released: {@code tcp_wfree}), PN, SecTAG, AEAD request</td>
 *     <td>{@code netdev_core_pick_tx} on the MACsec device, {@code macsec_start_xmit},
 *     {@code macsec_encrypt} ({@code skb_copy_expand}, {@code skb_unshare})</td>
 *     <td>{@link org.cryptorder.net.MacsecDevice#startTransmit}, {@link org.cryptorder.net.MacsecTx},
 *     {@link org.cryptorder.macsec.SecY#transmit}</td></tr>
 * <tr><td>3. the request's route: inline, this CPU's cryptd, padata, an offload engine</td>
 *     <td>{@code crypto_aead_encrypt} through {@code simd.c}'s wrapper</td>
 *     <td>{@link org.cryptorder.crypto.CryptoApi#submit}</td></tr>
 * <tr><td>4. queued: the per-CPU queue, then its kworker</td><td>{@code cryptd_enqueue_request},
 *     {@code cryptd_queue_worker}</td><td>{@link org.cryptorder.crypto.Cryptd#enqueue}</td></tr>
 * <tr><td>5. the submitting context's part ends; the request completes (inline now, queued
 *     later)</td><td>{@code macsec_encrypt_done}</td>
 *     <td>{@link org.cryptorder.net.MacsecDevice#finishTransmit},
 *     {@link org.cryptorder.net.MacsecRequest#submitterDone}</td></tr>
 * <tr><td>6. down to the lower device, from the completing CPU: the TX queue of the sending CPU;
 *     its qdisc, then the driver while the queue is not stopped (BQL, ring)</td>
 *     <td>{@code dev_queue_xmit}, {@code netdev_core_pick_tx}, {@code netdev_pick_tx},
 *     {@code get_xps_queue}; {@code __dev_xmit_skb}, {@code qdisc_restart}, {@code dequeue_skb},
 *     {@code sch_direct_xmit}; {@code ixgbe_xmit_frame_ring}, {@code ixgbe_tx_map},
 *     {@code netdev_tx_sent_queue}</td>
 *     <td>{@link org.cryptorder.net.Nic#transmit}, {@link org.cryptorder.net.Nic#txQueueOf},
 *     {@link org.cryptorder.net.TxQueue}, {@link org.cryptorder.net.PfifoFast} or
 *     {@link org.cryptorder.net.FqCodel} with {@link org.cryptorder.net.Codel},
 *     {@link org.cryptorder.net.Dql}, {@link org.cryptorder.net.TxRing}</td></tr>
 * <tr><td>7. the NIC fetches the rings round-robin into its packet buffer (descriptor done: the TX
 *     interrupt, then the clean on the queue's CPU); the buffer drains in order onto the wire, and
 *     optionally netem</td>
 *     <td>the NIC's DMA and serialisation; {@code ixgbe_clean_tx_irq},
 *     {@code netdev_tx_completed_queue}; {@code netem_enqueue}</td>
 *     <td>{@link org.cryptorder.net.TxPacketBuffer}, {@link org.cryptorder.net.Link#sendAt},
 *     {@link org.cryptorder.net.Netem}</td></tr>
 * <tr><td>8. RX queue 0, the moderated interrupt, NET_RX, the NAPI poll</td><td>{@code ixgbe_msix_clean_rings},
 *     {@code napi_schedule}, {@code net_rx_action}, {@code ixgbe_set_itr}</td><td>{@link org.cryptorder.net.Nic#arrive},
 *     {@link org.cryptorder.net.InterruptVector}, {@link org.cryptorder.host.NapiPoll}</td></tr>
 * <tr><td>9. MACsec receive: SecTAG, SA, replay pre-check, the decryption request</td>
 *     <td>{@code macsec_handle_frame}, {@code macsec_decrypt}</td>
 *     <td>{@link org.cryptorder.net.MacsecDevice#receiveStart}, {@link org.cryptorder.net.MacsecRx},
 *     {@link org.cryptorder.macsec.SecY#receive}</td></tr>
 * <tr><td>10. after decryption: replay re-check and counters (optionally a PN reorder queue first)</td>
 *     <td>{@code macsec_decrypt_done}, {@code macsec_post_decrypt}</td>
 *     <td>{@link org.cryptorder.macsec.SecY#completeReceive},
 *     {@link org.cryptorder.net.PnResequencer}</td></tr>
 * <tr><td>11. the completing CPU's GRO cell merges TCP segments and takes packets up the stack</td>
 *     <td>{@code gro_cells_receive}, {@code napi_gro_receive}, {@code tcp_gro_receive}</td>
 *     <td>{@link org.cryptorder.net.GroCell}, {@link org.cryptorder.net.GroPacket}</td></tr>
 * <tr><td>12. the receiving socket</td><td>{@code udp_rcv}; {@code tcp_v4_rcv}</td>
 *     <td>{@link org.cryptorder.net.ProtocolEndpoint#receive}: {@link org.cryptorder.transport.udp.UdpSink#receive},
 *     {@link org.cryptorder.transport.tcp.socket.TcpSocket#receive}</td></tr>
 * </table>
 *
 * <h2>fq_codel</h2>
 * {@code hosts.qdisc: "fq_codel"} gives every TX queue the qdisc {@code net.core.default_qdisc =
 * fq_codel} gives it under {@code mq} ({@link org.cryptorder.net.FqCodel}, as
 * {@code net/sched/sch_fq_codel.c} does it, with {@link org.cryptorder.net.Codel} as
 * {@code include/net/codel.h} and {@code codel_impl.h} do it).
 * <ul>
 * <li>Modelled: frames hashed by {@code skb->hash} (the socket's {@code sk_txhash}, which MACsec's
 *     copy keeps; a fixed mix of the flow number stands for its random value) into the buckets
 *     ({@code fq_codel_hash}); deficit round robin over {@code new_flows} then {@code old_flows}
 *     ({@code fq_codel_dequeue}); per-bucket CoDel in Linux's 1024-ns clock and fixed-point
 *     {@code 1/sqrt(count)} ({@code codel_dequeue}, {@code codel_should_drop},
 *     {@code codel_control_law}, {@code codel_Newton_step}), with the drop at dequeue, the floor of
 *     one MTU of backlog and the reuse of the last cycle's count; the enqueue time on the virtual
 *     clock ({@code codel_set_enqueue_time}); the limits and {@code fq_codel_drop}'s batch from the
 *     fattest bucket ({@code fq_codel_enqueue}); {@code skb->truesize} for the memory limit; the
 *     bypass of an empty qdisc ({@code TCQ_F_CAN_BYPASS}).</li>
 * <li>Parameters (defaults of {@code fq_codel_init} and {@code codel_params_init}, as
 *     {@code tc qdisc add dev eth0 root fq_codel} leaves them): {@code flows} 1024 buckets;
 *     {@code limit} 10240 packets; {@code quantum} {@code psched_mtu}, the MTU plus the 14-octet
 *     header (1514 bytes on {@code link.mtu} 1500); {@code target} 5 ms; {@code interval} 100 ms;
 *     {@code memory_limit} 32 MB and {@code drop_batch_size} 64 packets from Linux 4.7 on (before:
 *     no memory limit, one packet per overlimit, no raise of the count), after
 *     {@code crypto.kernel}.</li>
 * <li>Not modelled: ECN marking and {@code ce_threshold} (ECN is on by default, but
 *     {@code INET_ECN_set_ce} marks only ECN-capable IP packets, and the lower device sees MACsec
 *     frames, none ECN-capable, so every CoDel signal is a drop); classifiers; the requeue slot
 *     ({@code gso_skb}) of a frame that finds its queue stopped (it is enqueued instead); the CPU time
 *     of the qdisc; the floor by {@code maxpacket} of kernels before the generalised CoDel of 4.7.</li>
 * <li>Signals: every frame fq_codel drops is emitted on the NIC's {@code txDrops} with
 *     {@link org.cryptorder.net.TxDrop#FQ_OVERLIMIT} or {@link org.cryptorder.net.TxDrop#CODEL}
 *     (columns {@code tx_fq_overlimit_dropped}, {@code tx_codel_dropped}); the MACsec device counts
 *     them as sent, as {@code count_tx} does with {@code NET_XMIT_CN}. The backlog is the
 *     {@code <queue>.qdisc.length} signal, as for pfifo_fast.</li>
 * </ul>
 *
 * <h2>Observation</h2>
 * RX rings keep Little's-law statistics; each TX queue counts what its qdisc, BQL and ring did,
 * and emits every frame it drops on the NIC's {@code txDrops} signal with its reason
 * ({@link org.cryptorder.net.TxDrop}); the netem stage counts what it did to frames and emits each
 * action on its {@code effects} signal; the MACsec device reports each step of a frame to its
 * {@link org.cryptorder.net.MacsecObserver}, and {@link org.cryptorder.net.MacsecNarration} turns
 * those reports into a {@link org.cryptorder.net.FrameTrace}, which narrates every step of the first
 * frames (or of those from a given time) with time, host, CPU, context and the reason; asked to
 * ({@code recordCpus}), the trace also keeps what each CPU ran, piece by piece, as the CPU's
 * {@link org.cryptorder.host.CpuActivity} tells it, for a per-CPU timeline. Optional
 * {@link org.cryptorder.net.FrameTap}s on each host's lower device and MACsec device see every frame
 * where {@code tcpdump} on that interface would (the NIC's TX packet buffer and RX ring entry,
 * {@code macsec_start_xmit} and the GRO cell's delivery up the stack); an
 * {@link org.cryptorder.net.InterfaceCapture} writes what one saw as a pcap file.
 *
 * <h2>Not modelled</h2>
 * GRO on the real device (MACsec's EtherType has none); {@code gro_normal_list}'s batches of 8 on
 * the way up; RSC; a softirq between two segments of one GSO skb on the sending CPU (Linux
 * sends the whole list under {@code rcu_read_lock_bh}; the model's segments are separate pieces of
 * work, each with softirqs held off); pfifo_fast's other bands;
 * the CPU time of the qdisc, the driver and the TX clean; the NIC's DMA time; the global softirq
 * budget; Ethernet flow control.
 *
 * <h2>Validation</h2>
 * {@code LinkAndNicTest}: exact serialisation and arrival times, ring drops, Little's law on an RX
 * ring under Poisson load. {@code InterruptModerationTest}: one interrupt per fixed interval, no
 * interrupt while NAPI is scheduled, ixgbe's adaptive interval climbing to 126 us (and the
 * pre-4.17 one near 125 us) under a jumbo flood. {@code GroCellTest}: what merges, what flushes
 * (order, PSH, timestamps, 64 KB, a short segment), flows held apart, the cell's queue limit.
 * {@code DqlTest}: BQL against its closed form. {@code TxPathTest}: a
 * fetched frame is never overtaken, XPS by the sending CPU, qdisc overflows counted with their
 * reason and no frame lost to the accounting, the moderated TX interrupt. {@code CodelTest}: no drop
 * below target or at one MTU of backlog, the first drop after a full interval above it, the next at
 * {@code interval/sqrt(count)} as Linux's Newton step gives it, the count's reuse. {@code FqCodelTest}:
 * two backlogged flows within a quantum and a packet of each other, new flows first, the overlimit
 * batch from the fattest bucket's head, the memory limit by truesize, in = out + dropped + queued.
 * {@code FqCodelTxQueueTest}: the bypass of the empty qdisc, overlimit drops on the NIC's signal, each
 * dropped frame let go, no frame lost to the accounting. {@code FqCodelEndToEndTest}: TCP over a
 * 1 Gbit/s wire, where pfifo_fast refuses what does not fit and fq_codel's CoDel drops at dequeue.
 * {@code TxQueueSelectionTest}: CPU i's frames on TX queue i under inline, cryptd, padata and offload
 * completion; TCP small queues released at MACsec's copy. {@code GsoDatapathTest}: a 64 KB GSO skb
 * becomes 46 frames with consecutive PNs, each segment's octets released at its own copy, pure ACKs
 * never cut, one frame per skb without GSO. {@code NetemTest}: netem's semantics, exact where deterministic, rates
 * and burst lengths within their 95% intervals. {@code ImpairedUdpTest}: impairments through the
 * whole MACsec datapath. {@code UdpDatapathTest}: real bytes end to end; every corrupted frame is
 * refused by the receiving SecY. {@code RunCaptureTest}, {@code RunCaptureWiresharkTest},
 * {@code RunCaptureTsharkTest}: the taps' captures reconcile with the run's counters, verify in
 * Wireshark 4.4 with the SAs' keys, and give tshark's TCP analysis and iperf3's figures the model's.
 */
package org.cryptorder.net;
