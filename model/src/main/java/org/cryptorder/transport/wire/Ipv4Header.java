package org.cryptorder.transport.wire;

/**
 * The IPv4 header every packet here carries (RFC 791), as real bytes: 20 octets, no options,
 * version 4, type of service 0, Don't Fragment set, the header checksum computed (RFC 1071). The
 * TCP and UDP codecs ({@link Ipv4TcpHeader}, {@link UdpDatagram}, {@link org.cryptorder.transport.udp.UdpWire}) write and check
 * it through this class; it also gives them the IPv4 pseudo header that their checksums cover
 * (RFC 793, RFC 768), and the network byte order every header here is written in.
 *
 * <p>The callers hold the fields (addresses, identification, TTL); this class only lays them out
 * and reads them back, so nothing is allocated per packet. Not modelled: options, fragmentation
 * (the offset is always 0), ECN and DSCP bits.
 */
public final class Ipv4Header {
    /** The header without options, octets. */
    public static final int BYTES = 20;
    /** The protocol number of TCP. */
    public static final int PROTOCOL_TCP = 6;
    /** The protocol number of UDP. */
    public static final int PROTOCOL_UDP = 17;
    /** The time to live Linux gives a packet ({@code net.ipv4.ip_default_ttl}). */
    public static final int DEFAULT_TTL = 64;

    /** Version 4, header length 5 words: the first octet of a header without options. */
    private static final int VERSION_IHL = 0x45;
    /** The flags and fragment offset field: Don't Fragment, offset 0. */
    private static final int DONT_FRAGMENT = 0x4000;

    /** Whether a buffer holds an IPv4 header fit to read, and if not, why. */
    public enum Check {
        OK,
        /** Shorter than the least packet asked for, or than its own total length. */
        TRUNCATED,
        /** Not version 4 without options. */
        NOT_IPV4,
        /** The header checksum does not hold. */
        BAD_CHECKSUM,
        /** Another protocol than the one asked for. */
        OTHER_PROTOCOL
    }

    private Ipv4Header() {
    }

    /**
     * Writes the header at {@code b[off]}, its checksum computed.
     *
     * @param totalLength the packet's length, this header included, octets
     * @param id the identification field (its low 16 bits are written)
     */
    public static void write(byte[] b, int off, int totalLength, int id, int ttl, int protocol, int srcIp,
                             int dstIp) {
        b[off] = VERSION_IHL;
        b[off + 1] = 0;
        putShort(b, off + 2, totalLength);
        putShort(b, off + 4, id);
        putShort(b, off + 6, DONT_FRAGMENT);
        b[off + 8] = (byte) ttl;
        b[off + 9] = (byte) protocol;
        putShort(b, off + 10, 0);
        putInt(b, off + 12, srcIp);
        putInt(b, off + 16, dstIp);
        putShort(b, off + 10, InternetChecksum.of(b, off, BYTES));
    }

    /**
     * Sets the total length of the header at {@code b[off]} and its checksum again, as
     * {@code inet_gro_complete} does for a GRO packet ({@code csum_replace2}).
     */
    public static void setTotalLength(byte[] b, int off, int totalLength) {
        putShort(b, off + 2, totalLength);
        putShort(b, off + 10, 0);
        putShort(b, off + 10, InternetChecksum.of(b, off, BYTES));
    }

    /**
     * Checks the packet at {@code b[off .. off+len)}, in this order: at least {@code leastTotal}
     * octets, version 4 without options, a total length within {@code leastTotal} and {@code len},
     * the header checksum, and the protocol. On {@link Check#OK} the fields can be read.
     */
    public static Check check(byte[] b, int off, int len, int protocol, int leastTotal) {
        if (len < leastTotal) {
            return Check.TRUNCATED;
        }
        if ((b[off] & 0xff) != VERSION_IHL) {
            return Check.NOT_IPV4;
        }
        int total = totalLength(b, off);
        if (total > len || total < leastTotal) {
            return Check.TRUNCATED;
        }
        if (InternetChecksum.of(b, off, BYTES) != 0) {
            return Check.BAD_CHECKSUM;
        }
        if ((b[off + 9] & 0xff) != protocol) {
            return Check.OTHER_PROTOCOL;
        }
        return Check.OK;
    }

    /** The total length field, octets. */
    public static int totalLength(byte[] b, int off) {
        return getShort(b, off + 2);
    }

    /** The identification field. */
    public static int id(byte[] b, int off) {
        return getShort(b, off + 4);
    }

    /** The time to live field. */
    public static int ttl(byte[] b, int off) {
        return b[off + 8] & 0xff;
    }

    /** The source address. */
    public static int srcIp(byte[] b, int off) {
        return getInt(b, off + 12);
    }

    /** The destination address. */
    public static int dstIp(byte[] b, int off) {
        return getInt(b, off + 16);
    }

    /**
     * The unfolded {@link InternetChecksum} sum of the pseudo header a TCP or UDP checksum covers:
     * both addresses, the protocol and the transport length (header and payload, octets).
     */
    public static long pseudoHeaderSum(int srcIp, int dstIp, int protocol, int transportLength) {
        long sum = InternetChecksum.addInt(0, srcIp);
        sum = InternetChecksum.addInt(sum, dstIp);
        return sum + protocol + transportLength;
    }

    /** Writes the low 16 bits of {@code v} at {@code b[p]}, network byte order. */
    public static void putShort(byte[] b, int p, int v) {
        b[p] = (byte) (v >>> 8);
        b[p + 1] = (byte) v;
    }

    /** Writes {@code v} at {@code b[p]}, network byte order. */
    public static void putInt(byte[] b, int p, int v) {
        b[p] = (byte) (v >>> 24);
        b[p + 1] = (byte) (v >>> 16);
        b[p + 2] = (byte) (v >>> 8);
        b[p + 3] = (byte) v;
    }

    /** The unsigned 16-bit value at {@code b[p]}, network byte order. */
    public static int getShort(byte[] b, int p) {
        return ((b[p] & 0xff) << 8) | (b[p + 1] & 0xff);
    }

    /** The 32-bit value at {@code b[p]}, network byte order. */
    public static int getInt(byte[] b, int p) {
        return ((b[p] & 0xff) << 24) | ((b[p + 1] & 0xff) << 16) | ((b[p + 2] & 0xff) << 8)
                | (b[p + 3] & 0xff);
    }
}
