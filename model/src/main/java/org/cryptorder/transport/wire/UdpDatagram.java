package org.cryptorder.transport.wire;

/**
 * An iperf3-style UDP datagram in an IPv4 packet, as real bytes: IPv4 header (20 octets, real
 * checksum: {@link Ipv4Header}), UDP header (8 octets, real checksum over the IPv4 pseudo header),
 * then iperf3's payload: the send time as seconds and microseconds, then the datagram's sequence
 * number, all big-endian, then filler.
 *
 * <p>Layout of the payload, as iperf3's {@code iperf_udp_send} writes it ({@code
 * src/iperf_udp.c}): octets 0-3 seconds, 4-7 microseconds, then the packet count (1 for the first
 * datagram), 4 octets, or 8 with {@code --udp-counters-64bit}. The filler after it is a
 * deterministic function of the sequence number and position ({@link #fillerAt}), so the sink can
 * check integrity; iperf3 itself sends whatever its buffer holds.
 *
 * <p>One object is a reusable codec: nothing is allocated per datagram. Send times are simulation
 * nanoseconds since an arbitrary epoch; {@link #write} truncates them to microseconds, as iperf3's
 * {@code gettimeofday} stamps are.
 */
public final class UdpDatagram extends Ipv4Addressing {

    /** IPv4 header, octets. */
    public static final int IPV4_HEADER_BYTES = Ipv4Header.BYTES;
    /** UDP header, octets. */
    public static final int UDP_HEADER_BYTES = 8;
    /** iperf3's own header with a 32-bit counter, octets. */
    public static final int IPERF_HEADER_BYTES = 12;
    /** iperf3's own header with a 64-bit counter, octets. */
    public static final int IPERF_HEADER_BYTES_64 = 16;

    private static final int PROTO_UDP = Ipv4Header.PROTOCOL_UDP;

    /** Why a buffer did not parse as an iperf3 UDP datagram. */
    public enum ParseResult {
        OK, TRUNCATED, NOT_IPV4, BAD_IP_CHECKSUM, NOT_UDP, BAD_UDP_LENGTH, BAD_UDP_CHECKSUM,
        BAD_FILLER
    }

    private final boolean counters64;
    private long sequence;
    private long sendTimeNs;
    private long seconds;
    private long microseconds;
    private int payloadLength;

    /**
     * @param counters64 iperf3's {@code --udp-counters-64bit}: an 8-octet sequence number
     */
    public UdpDatagram(boolean counters64) {
        this.counters64 = counters64;
    }

    /** Octets of iperf3 header at the start of the payload: 12, or 16 with 64-bit counters. */
    public int iperfHeaderLength() {
        return counters64 ? IPERF_HEADER_BYTES_64 : IPERF_HEADER_BYTES;
    }

    /** The filler byte at payload position {@code i} of datagram {@code seq}. */
    public static byte fillerAt(long seq, int i) {
        long x = seq * 0x9E3779B97F4A7C15L + i;
        return (byte) ((x ^ (x >>> 29)) * 0xBF58476D1CE4E5B9L >>> 56);
    }

    /** Sets addresses and ports from a flow direction. */
    public UdpDatagram address(FlowAddress a) {
        setAddress(a);
        return this;
    }

    /** Sets the sequence number (iperf3 numbers from 1) and the send time, ns. */
    public UdpDatagram content(long seq, long sendTimeNs) {
        if (seq < 0 || (!counters64 && seq > 0xffffffffL)) {
            throw new IllegalArgumentException("sequence number out of range: " + seq);
        }
        this.sequence = seq;
        this.sendTimeNs = sendTimeNs;
        this.seconds = sendTimeNs / 1_000_000_000L;
        this.microseconds = (sendTimeNs % 1_000_000_000L) / 1_000L;
        return this;
    }

    public UdpDatagram ipId(int id) {
        this.ipId = id & 0xffff;
        return this;
    }

    /** The IPv4 packet length for a UDP payload of {@code payloadLen} octets. */
    public static int packetLength(int payloadLen) {
        return IPV4_HEADER_BYTES + UDP_HEADER_BYTES + payloadLen;
    }

    /**
     * Writes the whole packet, headers, iperf3 header and filler, at {@code buf[off]}.
     *
     * @param payloadLen the UDP payload (iperf3's {@code -l}), at least the iperf3 header
     * @return the IPv4 total length, octets
     */
    public int write(byte[] buf, int off, int payloadLen) {
        int hdr = iperfHeaderLength();
        if (payloadLen < hdr) {
            throw new IllegalArgumentException("payload shorter than iperf3's header: " + payloadLen);
        }
        int udpLen = UDP_HEADER_BYTES + payloadLen;
        int total = IPV4_HEADER_BYTES + udpLen;
        if (total > 0xffff) {
            throw new IllegalArgumentException("datagram too long: " + total);
        }
        Ipv4Header.write(buf, off, total, ipId, Ipv4Header.DEFAULT_TTL, PROTO_UDP, srcIp, dstIp);

        int u = off + IPV4_HEADER_BYTES;
        Ipv4Header.putShort(buf, u, srcPort);
        Ipv4Header.putShort(buf, u + 2, dstPort);
        Ipv4Header.putShort(buf, u + 4, udpLen);
        Ipv4Header.putShort(buf, u + 6, 0);
        int d = u + UDP_HEADER_BYTES;
        Ipv4Header.putInt(buf, d, (int) seconds);
        Ipv4Header.putInt(buf, d + 4, (int) microseconds);
        if (counters64) {
            Ipv4Header.putInt(buf, d + 8, (int) (sequence >>> 32));
            Ipv4Header.putInt(buf, d + 12, (int) sequence);
        } else {
            Ipv4Header.putInt(buf, d + 8, (int) sequence);
        }
        for (int i = hdr; i < payloadLen; i++) {
            buf[d + i] = fillerAt(sequence, i);
        }
        int sum = checksum(buf, u, udpLen);
        Ipv4Header.putShort(buf, u + 6, sum == 0 ? 0xffff : sum);
        payloadLength = payloadLen;
        return total;
    }

    private int checksum(byte[] buf, int u, int udpLen) {
        long pseudoHeader = Ipv4Header.pseudoHeaderSum(srcIp, dstIp, PROTO_UDP, udpLen);
        return InternetChecksum.finish(InternetChecksum.add(pseudoHeader, buf, u, udpLen));
    }

    /**
     * Parses a datagram from {@code buf[off .. off+len)}, checking both checksums and the filler.
     * A zero UDP checksum means "not computed" (RFC 768) and is accepted.
     */
    public ParseResult parse(byte[] buf, int off, int len) {
        int least = IPV4_HEADER_BYTES + UDP_HEADER_BYTES;
        ParseResult ip = switch (Ipv4Header.check(buf, off, len, PROTO_UDP, least)) {
            case OK -> ParseResult.OK;
            case TRUNCATED -> ParseResult.TRUNCATED;
            case NOT_IPV4 -> ParseResult.NOT_IPV4;
            case BAD_CHECKSUM -> ParseResult.BAD_IP_CHECKSUM;
            case OTHER_PROTOCOL -> ParseResult.NOT_UDP;
        };
        if (ip != ParseResult.OK) {
            return ip;
        }
        int total = Ipv4Header.totalLength(buf, off);
        ipId = Ipv4Header.id(buf, off);
        srcIp = Ipv4Header.srcIp(buf, off);
        dstIp = Ipv4Header.dstIp(buf, off);
        int u = off + IPV4_HEADER_BYTES;
        int udpLen = Ipv4Header.getShort(buf, u + 4);
        int hdr = iperfHeaderLength();
        if (udpLen != total - IPV4_HEADER_BYTES || udpLen < UDP_HEADER_BYTES + hdr) {
            return ParseResult.BAD_UDP_LENGTH;
        }
        if (Ipv4Header.getShort(buf, u + 6) != 0 && checksum(buf, u, udpLen) != 0) {
            return ParseResult.BAD_UDP_CHECKSUM;
        }
        srcPort = Ipv4Header.getShort(buf, u);
        dstPort = Ipv4Header.getShort(buf, u + 2);
        int d = u + UDP_HEADER_BYTES;
        seconds = Ipv4Header.getInt(buf, d) & 0xffffffffL;
        microseconds = Ipv4Header.getInt(buf, d + 4) & 0xffffffffL;
        if (counters64) {
            sequence = ((long) Ipv4Header.getInt(buf, d + 8) << 32)
                    | (Ipv4Header.getInt(buf, d + 12) & 0xffffffffL);
        } else {
            sequence = Ipv4Header.getInt(buf, d + 8) & 0xffffffffL;
        }
        sendTimeNs = seconds * 1_000_000_000L + microseconds * 1_000L;
        payloadLength = udpLen - UDP_HEADER_BYTES;
        for (int i = hdr; i < payloadLength; i++) {
            if (buf[d + i] != fillerAt(sequence, i)) {
                return ParseResult.BAD_FILLER;
            }
        }
        return ParseResult.OK;
    }

    public long sequence() {
        return sequence;
    }

    /**
     * The send time in ns: as set by {@link #content} before {@link #write}; after {@link #parse},
     * as carried (whole microseconds).
     */
    public long sendTimeNs() {
        return sendTimeNs;
    }

    public long seconds() {
        return seconds;
    }

    public long microseconds() {
        return microseconds;
    }

    /** UDP payload length, octets (iperf3 header and filler). */
    public int payloadLength() {
        return payloadLength;
    }
}
