package org.cryptorder.net;

import org.cryptorder.host.Cpu;

/**
 * The receiving end of one flow above a MACsec device (a UDP socket, a TCP socket: {@code udp_rcv},
 * {@code tcp_v4_rcv} and the socket): its receive cost and the packet's arrival.
 */
public interface ProtocolEndpoint {
    /** CPU time to take the packet up the stack to the socket, ns. */
    double receiveNs(Packet p);

    /** The packet reaches the endpoint (its SecTAG and ICV already removed). */
    void receive(Cpu cpu, Packet p);

    /**
     * CPU time to take a GRO packet of {@code segments} frames, {@code first} the first, up the stack
     * as one skb, ns; an endpoint that GRO never merges for costs each frame.
     */
    default double receiveNs(Packet first, int segments) {
        return segments * receiveNs(first);
    }

    /**
     * A GRO packet reaches the endpoint: {@code segments[0 .. count)}, consecutive in-order segments of
     * its flow merged into one skb; by default each frame as if alone.
     */
    default void receive(Cpu cpu, Packet[] segments, int count) {
        for (int i = 0; i < count; i++) {
            receive(cpu, segments[i]);
        }
    }
}
