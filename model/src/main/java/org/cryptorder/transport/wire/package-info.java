/**
 * The packets the transport endpoints exchange, as real bytes: IPv4, TCP and UDP headers written
 * and parsed in place, and the payload octets. Nothing here knows about time, hosts or sockets.
 *
 * <p>{@link org.cryptorder.transport.wire.Ipv4TcpHeader} writes and parses an IPv4 header (20
 * octets, real checksum) and a TCP header with the options Linux puts on established-connection
 * segments: {@code NOP NOP TS} (12 octets) on every segment, and on ACKs {@code NOP NOP SACK} with
 * up to 3 blocks (4 without timestamps), a D-SACK block first. Payload octets are a function of
 * their stream position, repeating every 65,528 octets as iperf3's buffer repeats ({@link
 * org.cryptorder.transport.wire.PayloadStream}), and the receiver checks every one. {@link
 * org.cryptorder.transport.wire.UdpDatagram} is an IPv4 + UDP (real checksum) datagram with
 * iperf3's payload: seconds, microseconds, the 32-bit (or 64-bit) packet count, then filler.
 * Both extend {@link org.cryptorder.transport.wire.Ipv4Addressing} (addresses, ports, IP ID; a
 * connection's four are a {@link org.cryptorder.transport.wire.FlowAddress}). Checksums follow
 * RFC 1071 ({@link org.cryptorder.transport.wire.InternetChecksum}); {@link
 * org.cryptorder.transport.wire.Ipv4Header} holds the IPv4 header's fields and the octet access
 * the other codecs share. Nothing is allocated per packet. The endpoints exchange IPv4 packets; the
 * host adds Ethernet and MACsec around them.
 *
 * <h2>How it was validated</h2>
 * Checksums against an independent RFC 1071 sum ({@code Rfc1071}) and a published IPv4 example;
 * round trips; option layout; corruption caught; sequence numbers across 2^32; the packets as
 * tshark dissects them ({@code TransportTsharkTest}).
 */
package org.cryptorder.transport.wire;
