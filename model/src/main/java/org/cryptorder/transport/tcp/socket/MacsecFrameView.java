package org.cryptorder.transport.tcp.socket;

import org.cryptorder.net.Packet;
import org.cryptorder.transport.wire.Ipv4TcpHeader;

/** A segment's IPv4 header as it sits in its decrypted frame (what {@link TcpSocket} reads of a GRO packet). */
final class MacsecFrameView {
    final byte[] bytes;
    final int ip;

    MacsecFrameView(Packet p) {
        this.bytes = p.frame().bytes();
        this.ip = p.frame().offset() + 14;
    }

    int ipLength() {
        return Ipv4TcpHeader.getShort(bytes, ip + 2);
    }
}
