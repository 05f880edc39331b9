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
 * <h2>Observation</h2>
 * Rings keep Little's-law statistics; the netem stage counts what it did to frames and emits each
 * action on its {@code effects} signal; a {@link org.cryptorder.net.FrameTrace} narrates every step of
 * the first frames with time, host, CPU, context and the reason.
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
