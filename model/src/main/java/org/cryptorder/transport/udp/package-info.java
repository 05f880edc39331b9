/**
 * UDP endpoints on a simulated host, as iperf3 runs them: {@link
 * org.cryptorder.transport.udp.UdpSource} ({@code iperf3 -u -c}: an application task writing
 * datagrams of a fixed size at a constant rate or with Poisson gaps, optionally from softirq or
 * migrating among CPUs) and {@link org.cryptorder.transport.udp.UdpSink} (iperf3
 * -s: lost and out-of-order counts, RFC 4737 reordering, latency). They frame their datagrams with
 * {@link org.cryptorder.transport.udp.UdpWire}: Ethernet included, UDP checksum 0, an 8-octet
 * counter and time, then a piece of the payload stream ({@code wire.PayloadStream}) as filler.
 *
 * <p>The columns of {@code runs.csv} they give are declared beside them ({@code UdpSink}'s
 * order-and-loss, received and decode columns, {@code UdpSource.COLUMNS}).
 *
 * <h2>How it was validated</h2>
 * {@code UdpWireTest}: an intact datagram checks out and carries its sequence and time; a damaged
 * header, another protocol, a length that disagrees, a changed octet or another datagram's payload
 * is caught. The UDP columns against the sources', sinks' and SecYs' own counts ({@code
 * UdpStreams}, scenario tests).
 */
package org.cryptorder.transport.udp;
