package org.cryptorder.transport.wire;

/**
 * An IPv4 header (20 octets, no options, real header checksum: {@link Ipv4Header}) followed by a
 * TCP header with the
 * options Linux puts on established-connection segments: the timestamp option aligned as {@code
 * NOP NOP TS} (12 octets) and, on ACKs, a SACK option aligned as {@code NOP NOP SACK} with up to 3
 * blocks next to timestamps (4 without), the first of which may be a D-SACK block (RFC 2883).
 * Linux writes them in that order ({@code tcp_options_write} in {@code net/ipv4/tcp_output.c}).
 *
 * <p>One object is a reusable codec: set the fields and {@link #write} into a caller's buffer, or
 * {@link #parse} a buffer and read the fields. Nothing is allocated per segment. Sequence, ACK and
 * timestamp fields hold the 32-bit wire values in an {@code int}; {@link #unwrap} turns a wire
 * sequence number back into a 64-bit stream position.
 *
 * <p>Not written: the SYN-only options (MSS, window scale, SACK-permitted), since connections here
 * start established (no handshake is modelled); IP options; ECN bits; urgent data. The parser skips
 * unknown options by their length, as Linux's {@code tcp_parse_options} does.
 */
public final class Ipv4TcpHeader extends Ipv4Addressing {

    /** IPv4 header without options, octets. */
    public static final int IPV4_HEADER_BYTES = Ipv4Header.BYTES;
    /** TCP header without options, octets. */
    public static final int TCP_HEADER_BYTES = 20;
    /** {@code NOP NOP TS(10)}: Linux's aligned timestamp option, octets. */
    public static final int TIMESTAMP_OPTION_BYTES = 12;
    /** MACsec SecTAG (16, with SCI) plus ICV (16), octets. */
    public static final int MACSEC_OVERHEAD_BYTES = 32;
    /** Most SACK blocks that fit beside the timestamp option in 40 octets of options. */
    public static final int MAX_SACK_BLOCKS_WITH_TIMESTAMPS = 3;
    /** Most SACK blocks that fit in 40 octets of options. */
    public static final int MAX_SACK_BLOCKS = 4;

    public static final int FIN = 0x01;
    public static final int SYN = 0x02;
    public static final int RST = 0x04;
    public static final int PSH = 0x08;
    public static final int ACK = 0x10;

    private static final int PROTO_TCP = Ipv4Header.PROTOCOL_TCP;
    private static final int OPT_EOL = 0;
    private static final int OPT_NOP = 1;
    private static final int OPT_SACK = 5;
    private static final int OPT_TIMESTAMP = 8;
    private static final int OPT_TIMESTAMP_LEN = 10;

    /** Why a buffer did not parse as an IPv4/TCP packet. */
    public enum ParseResult {
        OK, TRUNCATED, NOT_IPV4, BAD_IP_CHECKSUM, NOT_TCP, BAD_TCP_HEADER, BAD_TCP_CHECKSUM
    }

    private int ttl = Ipv4Header.DEFAULT_TTL;
    private int seq;
    private int ack;
    private int flags = ACK;
    private int window;
    private boolean timestamps = true;
    private int tsVal;
    private int tsEcr;
    private int sackCount;
    private final int[] sackStart = new int[MAX_SACK_BLOCKS];
    private final int[] sackEnd = new int[MAX_SACK_BLOCKS];
    private int payloadOffset;
    /** After {@link #parseHeaders}: the unfolded TCP checksum sum of the pseudo header and TCP header. */
    private long headerSum;
    private int payloadLength;

    /** The largest TCP payload per segment over MACsec on a link of this MTU: 1500 gives 1416. */
    public static int mssForLinkMtu(int linkMtu) {
        int mss = linkMtu - MACSEC_OVERHEAD_BYTES - IPV4_HEADER_BYTES - TCP_HEADER_BYTES
                - TIMESTAMP_OPTION_BYTES;
        if (mss <= 0) {
            throw new IllegalArgumentException("MTU too small for TCP over MACsec: " + linkMtu);
        }
        return mss;
    }

    /**
     * The 64-bit stream position of a 32-bit wire sequence number: the position congruent to
     * {@code wire - isn} modulo 2^32 nearest to {@code reference} (a position known to be within
     * 2^31 of the answer, such as SND.UNA or RCV.NXT).
     */
    public static long unwrap(int wire, int isn, long reference) {
        int diff = (wire - isn) - (int) reference;
        return reference + diff;
    }

    /** The 32-bit wire sequence number of stream position {@code position}. */
    public static int wire(long position, int isn) {
        return (int) (isn + position);
    }

    /** Sets addresses and ports from a flow direction. */
    public Ipv4TcpHeader address(FlowAddress a) {
        setAddress(a);
        return this;
    }

    /** Header length in octets for the current options: 40 + options. */
    public int headerLength() {
        return IPV4_HEADER_BYTES + TCP_HEADER_BYTES + optionsLength();
    }

    private int optionsLength() {
        int n = timestamps ? TIMESTAMP_OPTION_BYTES : 0;
        if (sackCount > 0) {
            n += 4 + 8 * sackCount;
        }
        return n;
    }

    /**
     * Writes the IPv4 and TCP headers at {@code buf[off]}; the payload must already be in place at
     * {@code buf[off + headerLength()]}, {@code payloadLen} octets. Both checksums are computed.
     *
     * @return the IPv4 total length, octets
     */
    public int write(byte[] buf, int off, int payloadLen) {
        int payloadAt = off + IPV4_HEADER_BYTES + TCP_HEADER_BYTES + optionsLength();
        return write(buf, off, payloadLen, InternetChecksum.add(0, buf, payloadAt, payloadLen));
    }

    /**
     * As {@link #write(byte[], int, int)}, with the payload's unfolded checksum sum already known
     * ({@link PayloadStream#fillAndSum}), so the payload is not read again.
     */
    public int write(byte[] buf, int off, int payloadLen, long payloadSum) {
        int opt = optionsLength();
        int tcpLen = TCP_HEADER_BYTES + opt + payloadLen;
        int total = IPV4_HEADER_BYTES + tcpLen;
        if (total > 0xffff) {
            throw new IllegalArgumentException("packet too long: " + total);
        }
        Ipv4Header.write(buf, off, total, ipId, ttl, PROTO_TCP, srcIp, dstIp);

        int t = off + IPV4_HEADER_BYTES;
        putShort(buf, t, srcPort);
        putShort(buf, t + 2, dstPort);
        putInt(buf, t + 4, seq);
        putInt(buf, t + 8, ack);
        buf[t + 12] = (byte) (((TCP_HEADER_BYTES + opt) / 4) << 4);
        buf[t + 13] = (byte) flags;
        putShort(buf, t + 14, window);
        putShort(buf, t + 16, 0);
        putShort(buf, t + 18, 0);
        int o = t + TCP_HEADER_BYTES;
        if (timestamps) {
            buf[o] = OPT_NOP;
            buf[o + 1] = OPT_NOP;
            buf[o + 2] = OPT_TIMESTAMP;
            buf[o + 3] = OPT_TIMESTAMP_LEN;
            putInt(buf, o + 4, tsVal);
            putInt(buf, o + 8, tsEcr);
            o += TIMESTAMP_OPTION_BYTES;
        }
        if (sackCount > 0) {
            buf[o] = OPT_NOP;
            buf[o + 1] = OPT_NOP;
            buf[o + 2] = OPT_SACK;
            buf[o + 3] = (byte) (2 + 8 * sackCount);
            o += 4;
            for (int i = 0; i < sackCount; i++) {
                putInt(buf, o, sackStart[i]);
                putInt(buf, o + 4, sackEnd[i]);
                o += 8;
            }
        }
        long sum = Ipv4Header.pseudoHeaderSum(srcIp, dstIp, PROTO_TCP, tcpLen);
        sum = InternetChecksum.add(sum, buf, t, TCP_HEADER_BYTES + opt) + payloadSum;
        putShort(buf, t + 16, InternetChecksum.finish(sum));
        return total;
    }

    /**
     * Parses an IPv4/TCP packet from {@code buf[off .. off+len)}, checking both checksums. On
     * {@link ParseResult#OK} every field, {@link #payloadOffset()} and {@link #payloadLength()}
     * describe the packet; otherwise the fields are unspecified.
     */
    public ParseResult parse(byte[] buf, int off, int len) {
        ParseResult r = parseHeaders(buf, off, len);
        if (r != ParseResult.OK) {
            return r;
        }
        return payloadSumChecks(InternetChecksum.add(0, buf, payloadOffset, payloadLength))
                ? ParseResult.OK : ParseResult.BAD_TCP_CHECKSUM;
    }

    /**
     * Parses as {@link #parse} does but leaves the payload's part of the TCP checksum to {@link
     * #payloadSumChecks}, so that a receiver that reads the payload anyway adds it up in the same
     * pass ({@link PayloadStream#sumIfIntact}). On {@link ParseResult#OK} every field is set; the
     * packet is valid only if {@code payloadSumChecks} then says so.
     */
    public ParseResult parseHeaders(byte[] buf, int off, int len) {
        int least = IPV4_HEADER_BYTES + TCP_HEADER_BYTES;
        ParseResult ip = switch (Ipv4Header.check(buf, off, len, PROTO_TCP, least)) {
            case OK -> ParseResult.OK;
            case TRUNCATED -> ParseResult.TRUNCATED;
            case NOT_IPV4 -> ParseResult.NOT_IPV4;
            case BAD_CHECKSUM -> ParseResult.BAD_IP_CHECKSUM;
            case OTHER_PROTOCOL -> ParseResult.NOT_TCP;
        };
        if (ip != ParseResult.OK) {
            return ip;
        }
        int total = Ipv4Header.totalLength(buf, off);
        ipId = Ipv4Header.id(buf, off);
        ttl = Ipv4Header.ttl(buf, off);
        srcIp = Ipv4Header.srcIp(buf, off);
        dstIp = Ipv4Header.dstIp(buf, off);
        int t = off + IPV4_HEADER_BYTES;
        int tcpLen = total - IPV4_HEADER_BYTES;
        int doff = ((buf[t + 12] & 0xff) >>> 4) * 4;
        if (doff < TCP_HEADER_BYTES || doff > tcpLen) {
            return ParseResult.BAD_TCP_HEADER;
        }
        long pseudoHeader = Ipv4Header.pseudoHeaderSum(srcIp, dstIp, PROTO_TCP, tcpLen);
        headerSum = InternetChecksum.add(pseudoHeader, buf, t, doff);
        srcPort = getShort(buf, t);
        dstPort = getShort(buf, t + 2);
        seq = getInt(buf, t + 4);
        ack = getInt(buf, t + 8);
        flags = buf[t + 13] & 0x3f;
        window = getShort(buf, t + 14);
        timestamps = false;
        sackCount = 0;
        if (!parseOptions(buf, t + TCP_HEADER_BYTES, doff - TCP_HEADER_BYTES)) {
            return ParseResult.BAD_TCP_HEADER;
        }
        payloadOffset = t + doff;
        payloadLength = tcpLen - doff;
        return ParseResult.OK;
    }

    /**
     * After {@link #parseHeaders}: whether the TCP checksum holds, given the unfolded sum of the
     * payload octets ({@link InternetChecksum#add} over {@link #payloadOffset()} and {@link
     * #payloadLength()}).
     */
    public boolean payloadSumChecks(long payloadSum) {
        return InternetChecksum.finish(headerSum + payloadSum) == 0;
    }

    private boolean parseOptions(byte[] buf, int p, int length) {
        int end = p + length;
        while (p < end) {
            int kind = buf[p] & 0xff;
            if (kind == OPT_EOL) {
                return true;
            }
            if (kind == OPT_NOP) {
                p++;
                continue;
            }
            if (p + 1 >= end) {
                return false;
            }
            int size = buf[p + 1] & 0xff;
            if (size < 2 || p + size > end) {
                return false;
            }
            if (kind == OPT_TIMESTAMP && size == OPT_TIMESTAMP_LEN) {
                timestamps = true;
                tsVal = getInt(buf, p + 2);
                tsEcr = getInt(buf, p + 6);
            } else if (kind == OPT_SACK && size >= 10 && (size - 2) % 8 == 0) {
                int n = Math.min((size - 2) / 8, MAX_SACK_BLOCKS);
                for (int i = 0; i < n; i++) {
                    sackStart[i] = getInt(buf, p + 2 + 8 * i);
                    sackEnd[i] = getInt(buf, p + 6 + 8 * i);
                }
                sackCount = n;
            }
            p += size;
        }
        return true;
    }

    /** Removes all SACK blocks. */
    public Ipv4TcpHeader clearSack() {
        sackCount = 0;
        return this;
    }

    /** Appends a SACK block {@code [start, end)} (wire sequence numbers). */
    public Ipv4TcpHeader addSack(int start, int end) {
        int max = timestamps ? MAX_SACK_BLOCKS_WITH_TIMESTAMPS : MAX_SACK_BLOCKS;
        if (sackCount >= max) {
            throw new IllegalStateException("no room for another SACK block: " + sackCount);
        }
        sackStart[sackCount] = start;
        sackEnd[sackCount] = end;
        sackCount++;
        return this;
    }

    public Ipv4TcpHeader ipId(int id) {
        this.ipId = id & 0xffff;
        return this;
    }

    public int ttl() {
        return ttl;
    }

    public int seq() {
        return seq;
    }

    public Ipv4TcpHeader seq(int s) {
        this.seq = s;
        return this;
    }

    public int ack() {
        return ack;
    }

    public Ipv4TcpHeader ack(int a) {
        this.ack = a;
        return this;
    }

    public int flags() {
        return flags;
    }

    public Ipv4TcpHeader flags(int f) {
        this.flags = f & 0x3f;
        return this;
    }

    /** The 16-bit window field as on the wire (not scaled). */
    public int window() {
        return window;
    }

    public Ipv4TcpHeader window(int w) {
        if ((w & ~0xffff) != 0) {
            throw new IllegalArgumentException("window field is 16 bits: " + w);
        }
        this.window = w;
        return this;
    }

    public boolean hasTimestamps() {
        return timestamps;
    }

    /** Whether {@link #write} includes the timestamp option. */
    public Ipv4TcpHeader timestamps(boolean on) {
        this.timestamps = on;
        if (on && sackCount > MAX_SACK_BLOCKS_WITH_TIMESTAMPS) {
            throw new IllegalStateException("too many SACK blocks for timestamps: " + sackCount);
        }
        return this;
    }

    public int tsVal() {
        return tsVal;
    }

    public int tsEcr() {
        return tsEcr;
    }

    public Ipv4TcpHeader timestamp(int val, int ecr) {
        this.tsVal = val;
        this.tsEcr = ecr;
        return this;
    }

    public int sackCount() {
        return sackCount;
    }

    public int sackStart(int i) {
        return sackStart[i];
    }

    public int sackEnd(int i) {
        return sackEnd[i];
    }

    /** After {@link #parse}: where the payload starts in the buffer. */
    public int payloadOffset() {
        return payloadOffset;
    }

    /** After {@link #parse}: the payload length, octets. */
    public int payloadLength() {
        return payloadLength;
    }

    /** As {@link Ipv4Header#putShort}: network byte order, for the TCP fields. */
    static void putShort(byte[] b, int p, int v) {
        Ipv4Header.putShort(b, p, v);
    }

    /** As {@link Ipv4Header#putInt}. */
    static void putInt(byte[] b, int p, int v) {
        Ipv4Header.putInt(b, p, v);
    }

    /** As {@link Ipv4Header#getShort}. */
    public static int getShort(byte[] b, int p) {
        return Ipv4Header.getShort(b, p);
    }

    /** As {@link Ipv4Header#getInt}. */
    public static int getInt(byte[] b, int p) {
        return Ipv4Header.getInt(b, p);
    }
}
