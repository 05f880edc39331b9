package org.cryptorder.transport.wire;

/**
 * What an IPv4 UDP datagram and an IPv4 TCP segment both carry to say where they go: the IPv4
 * addresses, the ports and the IP ID.
 */
public abstract sealed class Ipv4Addressing permits UdpDatagram, Ipv4TcpHeader {
    int srcIp;
    int dstIp;
    int srcPort;
    int dstPort;
    int ipId;

    Ipv4Addressing() {
    }

    /** Sets addresses and ports from a flow direction. */
    final void setAddress(FlowAddress a) {
        srcIp = a.srcIp();
        dstIp = a.dstIp();
        srcPort = a.srcPort();
        dstPort = a.dstPort();
    }

    public int srcIp() {
        return srcIp;
    }

    public int dstIp() {
        return dstIp;
    }

    public int srcPort() {
        return srcPort;
    }

    public int dstPort() {
        return dstPort;
    }

    public int ipId() {
        return ipId;
    }
}
