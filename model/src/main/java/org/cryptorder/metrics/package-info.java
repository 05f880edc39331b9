/**
 * Reordering and UDP stream metrics, computed online from what a receiver sees, in bounded memory
 * and without allocating per packet; and the type with which components declare their output
 * columns.
 *
 * <h2>What is measured</h2>
 *
 * Each class is fed one stream's arrivals in arrival order: the sender's sequence number (one per
 * packet, consecutive, not wrapping: a caller with a wrapping counter such as a 32-bit MACsec PN
 * unwraps it first) and, where the metric needs them, times in ns.
 *
 * <table>
 *   <caption>Metrics, their source and their memory</caption>
 *   <tr><th>Class</th><th>Metric</th><th>Definition</th><th>Memory</th></tr>
 *   <tr><td>{@link org.cryptorder.metrics.Rfc4737Reordering}</td>
 *       <td>reordered count and ratio; reordering extent (mean, max, unit-bin histogram,
 *       quantiles); late time; reordering discontinuities and gaps; reordering-free runs;
 *       n-reordering for n = 1..5; sequence discontinuities; duplicates</td>
 *       <td>RFC 4737 sections 3.3, 3.4, 3.6, 4.1-4.3, 4.5, 4.6 and 5.3</td>
 *       <td>the last 1024 sequence discontinuities (extents older than that are counted as
 *       beyond capacity), a 16384-bit duplicate window, the last 5 sequence numbers</td></tr>
 *   <tr><td>{@link org.cryptorder.metrics.Rfc5236Density}</td>
 *       <td>Reorder Density RD over displacements -DT..DT; Reorder Buffer-occupancy Density RBD
 *       over occupancies 0..BT, and the largest occupancy</td>
 *       <td>RFC 5236 sections 3 and 7 (Stay-back algorithm), DT = BT = 3 by default</td>
 *       <td>O(DT + BT)</td></tr>
 *   <tr><td>{@link org.cryptorder.metrics.UdpStreamStats}</td>
 *       <td>iperf3's lost, total, lost percent, out-of-order and jitter; exact duplicates,
 *       late arrivals and missing numbers; decode errors and resyncs of a stream without a
 *       reorder buffer</td>
 *       <td>iperf3 {@code src/iperf_udp.c} {@code iperf_udp_recv} and {@code iperf_reset_stats};
 *       jitter RFC 3550 section 6.4.1 and A.8</td>
 *       <td>a 16384-bit duplicate window</td></tr>
 * </table>
 *
 * Each class names the exact definition it implements in its own documentation, and where it
 * departs from the text it follows, why. In short:
 *
 * <ul>
 *   <li>A packet is <b>reordered</b> (RFC 4737) if its sequence number is below {@code NextExp},
 *       one more than the highest seen before it. A single early packet therefore makes every
 *       lower-numbered packet after it reordered (arrivals 1, 10, 2..9: ratio 0.8). The
 *       <b>extent</b> is how many arrivals back the earliest larger-numbered packet came, the
 *       buffer a receiver needs in the simple case; <b>n-reordering</b> asks whether the n
 *       arrivals just before were all larger, which is what fires a dupthresh-n fast
 *       retransmit.
 *   <li><b>RD</b> (RFC 5236) is the distribution of displacement = receive index - sequence
 *       number, negative for early and positive for late packets; <b>RBD</b> the distribution of
 *       the occupancy of a buffer holding early packets until the gap below them fills.
 *   <li><b>iperf3's figures</b> are reproduced with their quirks: a duplicate counts as out of
 *       order and cancels a loss; a straggler cancels a loss counted when its gap was seen; after
 *       a warm-up reset the lost count can be negative. The exact counts beside them show the
 *       difference. <b>Decode errors</b> count, once per sequence number, every packet a decoder
 *       without a reorder buffer could not use: delivered after a higher-numbered one, or never.
 * </ul>
 *
 * <h2>Columns of runs.csv</h2>
 *
 * {@link org.cryptorder.metrics.Column} is how a component declares its columns of {@code runs.csv}
 * beside its counters: name, unit, heading, warm-up rule ({@link org.cryptorder.metrics.ColumnKind}),
 * description, and a {@link org.cryptorder.metrics.ColumnRecorder} over the component's instances.
 * Its factories give the usual kinds: a growing count with the warm-up's part subtracted, a drop
 * signal's emissions for one reason, growth over the measured window, and figures a component keeps
 * over its window (summed, as a ratio of sums, a mean of positive values or a pooled histogram).
 * This package knows no component: the experiment binds each group to the instances it covers.
 *
 * <h2>What is deliberately not modelled</h2>
 *
 * <ul>
 *   <li>RFC 4737's byte offset (section 4.4) needs the payload size of every held packet; the
 *       simulator's packets per flow are of one size, so it is extent times payload size.
 *   <li>RFC 4737 fragment order (Appendix B): MACsec frames are not fragmented here.
 *   <li>Sequence-number wrap-around: callers unwrap.
 *   <li>iperf3's 32-bit counter overflow without {@code --udp-counters-64bit}.
 * </ul>
 *
 * <h2>Warm-up</h2>
 *
 * Every class has {@code reset()}: it discards the statistics collected so far but keeps the
 * ordering state, so packets after a warm-up are judged against everything that arrived before
 * it, as iperf3's {@code -O} does. A property test checks that counts after a reset equal the
 * counts of an uninterrupted run less those at the reset.
 *
 * <h2>How it was validated</h2>
 *
 * <ul>
 *   <li>Every worked example in RFC 4737 section 7 (extents, n-reordering, late times from the
 *       tables' DstTime columns, gaps, free runs), section 4.6.4's run statistics, and RFC 5236
 *       sections 3.3, 4 and 8 (RD, RBD, with loss and with duplicates), reproduce exactly.
 *   <li>The worked examples of TCP-AND-PEERS.md section 4.3, once checked against the RFC text.
 *       Three corrections came out of that check: RFC 4737's degree of n-reordering is
 *       {@code m/l} (section 5.3, Definition 2: "The degree of n-reordering of a sample is m/l"),
 *       while {@code m/(l-n)} is what the RFC's Appendix A code prints, so both are offered;
 *       reordering gaps and free runs are RFC 4737 sections 4.5 and 4.6 (4.3 and 4.4 are late
 *       time and byte offset), and a gap is measured between reordering discontinuities, which
 *       are "the in-order packet s[j]" (section 4.5.3), not between reordered packets; the RD of
 *       arrivals 1, 10, 2..9 given in the table (-8: 0.1) needs DT of at least 8: with DT = 3
 *       packet 10 is discarded as beyond the threshold (RFC 5236 section 6) and RD is 1.0 at 0
 *       over 9 packets.
 *   <li>Seeded random arrival orders (per-packet delays, near swaps, far moves, shuffles, with
 *       loss and duplicates): RFC 4737 figures against a brute-force O(n^2) evaluation of the
 *       definitions, including small history capacities; RD against receive position minus
 *       sequence number, and RBD against arrivals above the first missing number, on loss-free
 *       streams; RD and RBD against a literal transcription of RFC 5236's pseudo-code; iperf3's
 *       counts against the exact ones and against RFC 4737 (without duplicates, iperf3's
 *       out-of-order count equals RFC 4737's reordered count and its lost count the missing
 *       numbers).
 *   <li>Jitter: exactly 0 for a constant delay whatever the spacing, the RFC 3550 recursion
 *       step by step, and {@code delta * (1 - (15/16)^(k-1))} after k packets whose transit
 *       alternates between two values {@code delta} apart.
 *   <li>No allocation per packet: this thread's allocated heap across 200 000 arrivals into all
 *       three classes stays under 1 KiB.
 * </ul>
 */
package org.cryptorder.metrics;
