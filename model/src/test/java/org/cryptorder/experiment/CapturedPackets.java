package org.cryptorder.experiment;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.cryptorder.net.InterfaceCapture;
import org.cryptorder.transport.udp.UdpWire;

/** Test helper: the IPv4, TCP and UDP fields of frames in the clear, as a macsec0 capture holds them. */
public record CapturedPackets(List<Packet> packets) {
    /**
     * One frame: its number in the pcap file (from 1), the capture's record, and the fields read
     * from its octets (-1 where the frame has none).
     */
    public record Packet(int number, InterfaceCapture.Frame frame, int srcHost, int ipId, int protocol, long tcpSeq,
                  int payloadLength, long udpSeq) {
        boolean tcpData() {
            return protocol == 6 && payloadLength > 0;
        }
    }

    /** The frames of {@code c} in file order. */
    public static CapturedPackets of(InterfaceCapture c) {
        List<Packet> out = new ArrayList<>();
        int n = 0;
        for (InterfaceCapture.Frame f : c.frames()) {
            out.add(parse(++n, f));
        }
        return new CapturedPackets(out);
    }

    private static Packet parse(int number, InterfaceCapture.Frame f) {
        ByteBuffer b = ByteBuffer.wrap(f.octets());
        if (b.getShort(12) != 0x0800) {
            return new Packet(number, f, -1, -1, -1, -1, -1, -1);
        }
        int ip = 14;
        int ihl = (b.get(ip) & 0x0f) * 4;
        int total = b.getShort(ip + 2) & 0xffff;
        int ipId = b.getShort(ip + 4) & 0xffff;
        int protocol = b.get(ip + 9) & 0xff;
        int src = b.get(ip + 15) & 0xff;
        int l4 = ip + ihl;
        if (protocol == 6) {
            int dataOffset = ((b.get(l4 + 12) & 0xf0) >> 4) * 4;
            long seq = b.getInt(l4 + 4) & 0xffff_ffffL;
            return new Packet(number, f, src, ipId, protocol, seq, total - ihl - dataOffset, -1);
        }
        if (protocol == 17) {
            return new Packet(number, f, src, ipId, protocol, -1, total - ihl - 8, UdpWire.sequence(f.octets(), 0));
        }
        return new Packet(number, f, src, ipId, protocol, -1, -1, -1);
    }
}
