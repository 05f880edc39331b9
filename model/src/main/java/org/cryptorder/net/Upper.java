package org.cryptorder.net;

import org.cryptorder.host.Cpu;

/** The protocol layer above a MACsec device for one flow: its receive cost and its delivery. */
public interface Upper {
    /** CPU time to take the packet up the stack to the socket, ns. */
    double receiveNs(Packet p);

    /** The packet reaches the endpoint (its SecTAG and ICV already removed). */
    void deliver(Cpu cpu, Packet p);
}
