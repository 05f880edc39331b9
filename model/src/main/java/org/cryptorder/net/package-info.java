/**
 * Machines, NICs, links and the MACsec device that joins them: the frame's path.
 *
 * <h2>The frame's path</h2>
 * A sender's work calls {@link org.cryptorder.net.MacsecDevice#startTransmit} (PN, SecTAG, AEAD
 * request: inline, cryptd, or refused) and, when its work ends, {@code finishTransmit}; the
 * encrypted frame goes to the TX ring of the CPU that completed it (XPS). The {@link
 * org.cryptorder.net.Nic} drains its TX rings in turn onto the {@link org.cryptorder.net.Link}
 * (serialisation at line rate with 24 octets of wire overhead, propagation delay). An optional
 * {@link org.cryptorder.net.Netem} stage at the far end of the wire impairs the frames the way
 * Linux {@code tc netem} does (delay and jitter, random and Gilbert-Elliott loss, duplication, real
 * bit corruption, netem reordering, a queue limit) or by an exact displacement rule, as its
 * {@link org.cryptorder.net.Impairment} says. The receiving NIC steers the frame to an RX queue (by flow, or frame by frame
 * with {@link org.cryptorder.net.RxSteering#PER_FRAME}), raises NET_RX on that queue's CPU unless
 * NAPI is already polling, and the poll handles one frame per piece of softirq work, 64 per round
 * ({@code NAPI_POLL_WEIGHT}). The MACsec device validates it and issues the AEAD request under the
 * same rules; at completion {@code macsec_post_decrypt} runs and a delivered frame joins the
 * completing CPU's GRO cell, a FIFO served by its own NAPI, which takes it up the stack to the
 * endpoint. With a resequencing policy, decrypted frames first pass a per-SA PN reorder queue.
 *
 * <h2>Every hop of a data frame</h2>
 * From the application's write to the receiving socket, with the Linux function each hop stands
 * for and the method that does it.
 * <table>
 * <caption>The hops of one data frame</caption>
 * <tr><th>hop</th><th>Linux</th><th>done by</th></tr>
 * <tr><td>1. the application writes (UDP datagram; TCP segment, from the task or from softirq
 *     when an ACK clocks it out)</td><td>{@code udp_sendmsg}; {@code tcp_sendmsg},
 *     {@code tcp_write_xmit}</td><td>{@link org.cryptorder.transport.UdpSource#start},
 *     {@link org.cryptorder.transport.TcpSocket}</td></tr>
 * <tr><td>2. MACsec transmit in the sending context: PN, SecTAG, AEAD request</td>
 *     <td>{@code macsec_start_xmit}, {@code macsec_encrypt}</td>
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
 * <tr><td>6. down to the lower device: the TX ring of the completing CPU</td>
 *     <td>{@code dev_queue_xmit}, XPS</td><td>{@link org.cryptorder.net.Nic#transmit}</td></tr>
 * <tr><td>7. the wire, and optionally netem</td><td>the NIC's serialisation; {@code netem_enqueue}</td>
 *     <td>{@link org.cryptorder.net.Link#send}, {@link org.cryptorder.net.Netem}</td></tr>
 * <tr><td>8. an RX queue by RSS, NET_RX, the NAPI poll</td><td>{@code napi_schedule},
 *     {@code net_rx_action}</td><td>{@link org.cryptorder.net.Nic#arrive},
 *     {@link org.cryptorder.host.NapiPoll}</td></tr>
 * <tr><td>9. MACsec receive: SecTAG, SA, replay pre-check, the decryption request</td>
 *     <td>{@code macsec_handle_frame}, {@code macsec_decrypt}</td>
 *     <td>{@link org.cryptorder.net.MacsecDevice#receiveStart}, {@link org.cryptorder.net.MacsecRx},
 *     {@link org.cryptorder.macsec.SecY#receive}</td></tr>
 * <tr><td>10. after decryption: replay re-check and counters (optionally a PN reorder queue first)</td>
 *     <td>{@code macsec_decrypt_done}, {@code macsec_post_decrypt}</td>
 *     <td>{@link org.cryptorder.macsec.SecY#completeReceive},
 *     {@link org.cryptorder.net.PnResequencer}</td></tr>
 * <tr><td>11. the completing CPU's GRO cell takes it up the stack</td><td>{@code gro_cells_receive}</td>
 *     <td>{@link org.cryptorder.net.GroCell}</td></tr>
 * <tr><td>12. the receiving socket</td><td>{@code udp_rcv}; {@code tcp_v4_rcv}</td>
 *     <td>{@link org.cryptorder.net.ProtocolEndpoint#receive}: {@link org.cryptorder.transport.UdpSink#receive},
 *     {@link org.cryptorder.transport.TcpSocket#receive}</td></tr>
 * </table>
 *
 * <h2>Observation</h2>
 * Rings keep Little's-law statistics; the netem stage counts what it did to frames and emits each
 * action on its {@code effects} signal; the MACsec device reports each step of a frame to its
 * {@link org.cryptorder.net.MacsecObserver}, and {@link org.cryptorder.net.MacsecNarration} turns
 * those reports into a {@link org.cryptorder.net.FrameTrace}, which narrates every step of the first
 * frames with time, host, CPU, context and the reason.
 *
 * <h2>Not modelled</h2>
 * Interrupt moderation, the TX completion interrupt, GRO on the real device, the global softirq
 * budget, qdisc disciplines (a TX ring stands for ring and qdisc together), Ethernet flow control.
 *
 * <h2>Validation</h2>
 * {@code LinkAndNicTest}: exact serialisation and arrival times, ring drops, Little's law on an RX
 * ring under Poisson load. {@code NetemTest}: netem's semantics, exact where deterministic, rates
 * and burst lengths within their 95% intervals. {@code ImpairedUdpTest}: impairments through the
 * whole MACsec datapath. {@code UdpDatapathTest}: real bytes end to end; every corrupted frame is
 * refused by the receiving SecY.
 */
package org.cryptorder.net;
