package org.cryptorder.transport.udp;

import static org.cryptorder.transport.wire.Ipv4Header.getInt;
import static org.cryptorder.transport.wire.Ipv4Header.getShort;
import static org.cryptorder.transport.wire.Ipv4Header.putInt;
import static org.cryptorder.transport.wire.Ipv4Header.putShort;

import org.cryptorder.transport.wire.Ipv4Header;
import org.cryptorder.transport.wire.PayloadStream;

/**
 * The bytes of one UDP datagram in an Ethernet frame, as the UDP source writes them and the sink
 * reads them: Ethernet header (EtherType IPv4), IPv4 header (20 octets, real header checksum:
 * {@link Ipv4Header}, the identification the low 16 bits of the sequence number), UDP header
 * (checksum 0, allowed over IPv4), then iperf3's payload start: a sequence number (8 octets) and
 * the send time in ns (8 octets), then filler: the {@link PayloadStream} from octet
 * {@code sequence * 8192}, so a damaged payload octet shows, and so does the payload of another
 * datagram unless it is a multiple of 8191 datagrams away.
 */
public final class UdpWire {
    public static final int ETH = 14;
    public static final int IP = Ipv4Header.BYTES;
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
        Ipv4Header.write(b, ip, totalLen, (int) seq, Ipv4Header.DEFAULT_TTL, Ipv4Header.PROTOCOL_UDP, srcIp,
                dstIp);
        int udp = ip + IP;
        putShort(b, udp, srcPort);
        putShort(b, udp + 2, dstPort);
        putShort(b, udp + 4, UDP + payload);
        putShort(b, udp + 6, 0);
        int p = udp + UDP;
        put64(b, p, seq);
        put64(b, p + 8, sendNs);
        PayloadStream.fill(b, p + MIN_PAYLOAD, fillerOffset(seq), payload - MIN_PAYLOAD);
    }

    /** Whether the frame at {@code off} is a well-formed IPv4/UDP frame of exactly {@code len} octets. */
    public static boolean valid(byte[] b, int off, int len) {
        if (len < HEADERS + MIN_PAYLOAD || b[off + 12] != 0x08 || b[off + 13] != 0x00) {
            return false;
        }
        int ip = off + ETH;
        return Ipv4Header.check(b, ip, len - ETH, Ipv4Header.PROTOCOL_UDP, IP + UDP) == Ipv4Header.Check.OK
                && Ipv4Header.totalLength(b, ip) == len - ETH;
    }

    /** Whether the filler after the sequence number and time is intact. */
    public static boolean fillerIntact(byte[] b, int off, int len) {
        long seq = sequence(b, off);
        if (seq < 0 || seq > MAX_SEQUENCE) {
            return false;
        }
        int from = off + HEADERS + MIN_PAYLOAD;
        return PayloadStream.firstMismatch(b, from, fillerOffset(seq), off + len - from) < 0;
    }

    /** Where in the payload stream datagram {@code seq}'s filler starts: 8192 octets per datagram. */
    private static long fillerOffset(long seq) {
        return seq * FILLER_STRIDE;
    }

    /**
     * Octets of the payload stream between two datagrams' fillers. Longer fillers overlap the
     * next datagram's, which is harmless: each starts at its own place, and the same filler comes
     * back only 8191 datagrams later (the stream's period over 8 octets).
     */
    private static final long FILLER_STRIDE = 8192;
    /** The largest sequence number whose filler offset a long holds. */
    private static final long MAX_SEQUENCE = Long.MAX_VALUE / FILLER_STRIDE;

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
