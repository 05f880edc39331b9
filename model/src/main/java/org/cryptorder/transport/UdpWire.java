package org.cryptorder.transport;

/**
 * The bytes of one UDP datagram in an Ethernet frame, as the UDP source writes them and the sink
 * reads them: Ethernet header (EtherType IPv4), IPv4 header (20 octets, real header checksum), UDP
 * header (checksum 0, allowed over IPv4), then iperf3's payload start: a sequence number (8
 * octets) and the send time in ns (8 octets), then filler: every octet the low byte of the
 * sequence number, so a damaged payload octet shows.
 */
public final class UdpWire {
    public static final int ETH = 14;
    public static final int IP = 20;
    public static final int UDP = 8;
    /** Headers before the payload. */
    public static final int HEADERS = ETH + IP + UDP;
    /** Sequence number and send time at the start of the payload. */
    public static final int MIN_PAYLOAD = 16;

    private UdpWire() {
    }

    /**
     * Writes a frame of {@code HEADERS + payload} octets at {@code off}.
     *
     * @param srcMac,dstMac 6 octets each
     */
    public static void write(byte[] b, int off, byte[] dstMac, byte[] srcMac, int srcIp, int dstIp, int srcPort,
                             int dstPort, long seq, long sendNs, int payload) {
        System.arraycopy(dstMac, 0, b, off, 6);
        System.arraycopy(srcMac, 0, b, off + 6, 6);
        b[off + 12] = 0x08;
        b[off + 13] = 0x00;
        int ip = off + ETH;
        int totalLen = IP + UDP + payload;
        b[ip] = 0x45;
        b[ip + 1] = 0;
        put16(b, ip + 2, totalLen);
        put16(b, ip + 4, (int) seq);
        put16(b, ip + 6, 0x4000);  // don't fragment
        b[ip + 8] = 64;
        b[ip + 9] = 17;
        put16(b, ip + 10, 0);
        put32(b, ip + 12, srcIp);
        put32(b, ip + 16, dstIp);
        put16(b, ip + 10, ipChecksum(b, ip));
        int udp = ip + IP;
        put16(b, udp, srcPort);
        put16(b, udp + 2, dstPort);
        put16(b, udp + 4, UDP + payload);
        put16(b, udp + 6, 0);
        int p = udp + UDP;
        put64(b, p, seq);
        put64(b, p + 8, sendNs);
        java.util.Arrays.fill(b, p + MIN_PAYLOAD, p + payload, (byte) seq);
    }

    /** Whether the frame at {@code off} is a well-formed IPv4/UDP frame of exactly {@code len} octets. */
    public static boolean valid(byte[] b, int off, int len) {
        if (len < HEADERS + MIN_PAYLOAD || b[off + 12] != 0x08 || b[off + 13] != 0x00) {
            return false;
        }
        int ip = off + ETH;
        return (b[ip] & 0xff) == 0x45 && b[ip + 9] == 17 && get16(b, ip + 2) == len - ETH && ipChecksum(b, ip) == 0;
    }

    /** Whether the filler after the sequence number and time is intact. */
    public static boolean fillerIntact(byte[] b, int off, int len) {
        int end = off + len;
        byte fill = (byte) sequence(b, off);
        for (int i = off + HEADERS + MIN_PAYLOAD; i < end; i++) {
            if (b[i] != fill) {
                return false;
            }
        }
        return true;
    }

    public static long sequence(byte[] b, int off) {
        return get64(b, off + HEADERS);
    }

    public static long sendNs(byte[] b, int off) {
        return get64(b, off + HEADERS + 8);
    }

    public static int dstPort(byte[] b, int off) {
        return get16(b, off + ETH + IP + 2);
    }

    /** RFC 1071 checksum of the 20-octet IPv4 header (0 when the stored checksum is right). */
    static int ipChecksum(byte[] b, int ip) {
        int sum = 0;
        for (int i = 0; i < IP; i += 2) {
            sum += get16(b, ip + i);
        }
        while ((sum >>> 16) != 0) {
            sum = (sum & 0xffff) + (sum >>> 16);
        }
        return ~sum & 0xffff;
    }

    private static void put16(byte[] b, int o, int v) {
        b[o] = (byte) (v >>> 8);
        b[o + 1] = (byte) v;
    }

    private static void put32(byte[] b, int o, int v) {
        put16(b, o, v >>> 16);
        put16(b, o + 2, v);
    }

    private static void put64(byte[] b, int o, long v) {
        put32(b, o, (int) (v >>> 32));
        put32(b, o + 4, (int) v);
    }

    private static int get16(byte[] b, int o) {
        return ((b[o] & 0xff) << 8) | (b[o + 1] & 0xff);
    }

    private static long get64(byte[] b, int o) {
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v = (v << 8) | (b[o + i] & 0xff);
        }
        return v;
    }
}
