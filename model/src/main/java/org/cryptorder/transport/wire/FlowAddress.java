package org.cryptorder.transport.wire;

/**
 * The IPv4 addresses and ports of one direction of a flow, as written in the headers of the
 * packets that direction carries.
 *
 * @param srcIp source IPv4 address, big-endian in an int (10.0.0.1 is {@code 0x0a000001})
 * @param dstIp destination IPv4 address
 * @param srcPort source port, 0..65535
 * @param dstPort destination port, 0..65535
 */
public record FlowAddress(int srcIp, int dstIp, int srcPort, int dstPort) {

    public FlowAddress {
        if ((srcPort & ~0xffff) != 0 || (dstPort & ~0xffff) != 0) {
            throw new IllegalArgumentException("ports must be 0..65535: " + srcPort + ", " + dstPort);
        }
    }

    /** The other direction of the same flow. */
    public FlowAddress reversed() {
        return new FlowAddress(dstIp, srcIp, dstPort, srcPort);
    }

    /** 10.0.0.1:5201 towards 10.0.0.2:45678, the iperf3 client's data direction used in tests. */
    public static FlowAddress example() {
        return new FlowAddress(0x0a000001, 0x0a000002, 45678, 5201);
    }
}
