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
}
