package org.cryptorder.net;

/**
 * The IPv4 and TCP header fields GRO compares ({@code inet_gro_receive}, {@code tcp_gro_receive}),
 * read from a decrypted frame in place (Ethernet header, then IPv4, then TCP).
 */
final class TcpSegmentView {
    static final int FIN = 0x01;
    static final int SYN = 0x02;
    static final int RST = 0x04;
    static final int PSH = 0x08;
    static final int URG = 0x20;
    static final int CWR = 0x80;
    /** IPv4's don't-fragment bit in the flags and fragment offset field. */
    private static final int DF = 0x4000;

    final byte[] b;
    final int ip;
    final int tcp;
    final int doff;
    final int payload;
    final long seq;
    final int flags;

    private TcpSegmentView(byte[] b, int ip, int tcp, int doff, int payload) {
        this.b = b;
        this.ip = ip;
        this.tcp = tcp;
        this.doff = doff;
        this.payload = payload;
        this.seq = u32(b, tcp + 4);
        this.flags = b[tcp + 13] & 0xff;
    }

    /**
     * Whether GRO can hold {@code p}: TCP over IPv4 without IP options or fragmentation, with payload
     * ({@code inet_gro_receive} takes only {@code 0x45} headers that are no fragment; a pure ACK is
     * shorter than any {@code gso_size} and goes up at once).
     */
    static boolean isTcpData(Packet p) {
        byte[] b = p.frame().bytes();
        int eth = p.frame().offset();
        int len = p.frame().length();
        if (len < 14 + 40 || (b[eth + 12] & 0xff) != 0x08 || b[eth + 13] != 0x00) {
            return false;
        }
        int ip = eth + 14;
        if ((b[ip] & 0xff) != 0x45 || b[ip + 9] != 6 || (u16(b, ip + 6) & 0x3fff) != 0) {
            return false;
        }
        int total = u16(b, ip + 2);
        int doff = ((b[ip + 20 + 12] & 0xf0) >>> 4) * 4;
        return doff >= 20 && total - 20 - doff > 0 && total <= len - 14;
    }

    /** The view of a frame {@link #isTcpData} accepted. */
    static TcpSegmentView of(Packet p) {
        byte[] b = p.frame().bytes();
        int ip = p.frame().offset() + 14;
        int tcp = ip + 20;
        int doff = ((b[tcp + 12] & 0xf0) >>> 4) * 4;
        return new TcpSegmentView(b, ip, tcp, doff, u16(b, ip + 2) - 20 - doff);
    }

    int ipId() {
        return u16(b, ip + 4);
    }

    boolean dontFragment() {
        return (u16(b, ip + 6) & DF) != 0;
    }

    /** The IPv4 packet's length, octets. */
    int ipLength() {
        return u16(b, ip + 2);
    }

    /** Whether {@code o} is of the same flow: addresses and ports ({@code inet_gro_receive}, {@code tcp_gro_receive}). */
    boolean sameFlow(TcpSegmentView o) {
        return equal(b, ip + 12, o.b, o.ip + 12, 8) && equal(b, tcp, o.b, o.tcp, 4);
    }

    /**
     * Why {@code s} cannot be merged after this first segment of a packet holding {@code count}
     * segments ending at {@code nextSeq} and {@code ipLength} octets long, or null when it can.
     */
    String refuses(TcpSegmentView s, int count, long nextSeq, int ipLength) {
        if (b[ip + 1] != s.b[s.ip + 1] || b[ip + 8] != s.b[s.ip + 8]) {
            return "a changed IPv4 TOS or TTL";
        }
        int id = s.ipId();
        boolean incrementing = ((ipId() + count) & 0xffff) == id;
        boolean atomic = dontFragment() && s.dontFragment() && id == ipId();
        if (!incrementing && !atomic) {
            return "an IPv4 ID out of step";
        }
        if ((s.flags & CWR) != 0) {
            return "CWR";
        }
        if (!equal(b, tcp + 8, s.b, s.tcp + 8, 4)) {
            return "a changed acknowledgment";
        }
        int mask = ~((CWR | FIN | PSH) << 16);
        if ((u32i(b, tcp + 12) & mask) != (u32i(s.b, s.tcp + 12) & mask)) {
            return "a changed flags or window word";
        }
        if (doff != s.doff || !equal(b, tcp + 20, s.b, s.tcp + 20, doff - 20)) {
            return "changed TCP options (timestamps)";
        }
        if (s.payload - 1 >= payload) {
            return "a segment longer than the packet's gso_size";
        }
        if (s.seq != (nextSeq & 0xffffffffL)) {
            return "a segment out of order";
        }
        if (ipLength + s.payload >= GroCell.MAX_SIZE) {
            return "a full packet (64 KB)";
        }
        return null;
    }

    /** Why this segment, merged into a packet of {@code gsoSize}, ends it; null when it does not. */
    String endsPacket(int gsoSize) {
        if (payload < gsoSize) {
            return "a short segment";
        }
        return flagsEndPacket();
    }

    /** Why this segment's flags end its packet ({@code tcp_gro_receive}'s final check); null when they do not. */
    String flagsEndPacket() {
        if ((flags & PSH) != 0) {
            return "PSH";
        }
        if ((flags & (URG | RST | SYN | FIN)) != 0) {
            return "URG, RST, SYN or FIN";
        }
        return null;
    }

    private static boolean equal(byte[] a, int ai, byte[] c, int ci, int n) {
        for (int i = 0; i < n; i++) {
            if (a[ai + i] != c[ci + i]) {
                return false;
            }
        }
        return true;
    }

    static int u16(byte[] b, int i) {
        return ((b[i] & 0xff) << 8) | (b[i + 1] & 0xff);
    }

    private static int u32i(byte[] b, int i) {
        return ((b[i] & 0xff) << 24) | ((b[i + 1] & 0xff) << 16) | ((b[i + 2] & 0xff) << 8) | (b[i + 3] & 0xff);
    }

    static long u32(byte[] b, int i) {
        return u32i(b, i) & 0xffffffffL;
    }
}
