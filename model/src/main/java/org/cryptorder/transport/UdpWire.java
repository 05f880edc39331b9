package org.cryptorder.transport;

import static org.cryptorder.transport.Ipv4TcpHeader.getInt;
import static org.cryptorder.transport.Ipv4TcpHeader.getShort;
import static org.cryptorder.transport.Ipv4TcpHeader.putInt;
import static org.cryptorder.transport.Ipv4TcpHeader.putShort;

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
        putShort(b, ip + 2, totalLen);
        putShort(b, ip + 4, (int) seq);
        putShort(b, ip + 6, 0x4000);  // don't fragment
        b[ip + 8] = 64;
        b[ip + 9] = 17;
        putShort(b, ip + 10, 0);
        putInt(b, ip + 12, srcIp);
        putInt(b, ip + 16, dstIp);
        putShort(b, ip + 10, InternetChecksum.of(b, ip, IP));
        int udp = ip + IP;
        putShort(b, udp, srcPort);
        putShort(b, udp + 2, dstPort);
        putShort(b, udp + 4, UDP + payload);
        putShort(b, udp + 6, 0);
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
        return (b[ip] & 0xff) == 0x45 && b[ip + 9] == 17 && getShort(b, ip + 2) == len - ETH && InternetChecksum.of(b, ip, IP) == 0;
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
        return getShort(b, off + ETH + IP + 2);
    }

    private static void put64(byte[] b, int o, long v) {
        putInt(b, o, (int) (v >>> 32));
        putInt(b, o + 4, (int) v);
    }

    private static long get64(byte[] b, int o) {
        return (long) getInt(b, o) << 32 | Integer.toUnsignedLong(getInt(b, o + 4));
    }
}
