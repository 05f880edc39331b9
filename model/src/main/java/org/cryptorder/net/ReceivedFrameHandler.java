package org.cryptorder.net;

import org.cryptorder.host.Cpu;

/**
 * What a host does with a frame its NIC received ({@code netif_receive_skb} onwards, here the MACsec
 * device's {@code macsec_handle_frame}), as two halves of one piece of softirq work in the NAPI poll.
 */
public interface ReceivedFrameHandler {
    /** The NAPI poll takes the frame; returns the CPU time the host spends on it besides the driver's, ns. */
    double receiveStart(Cpu cpu, Packet p);

    /** That time has passed: the frame goes on (or is dropped). */
    void receiveFinish(Cpu cpu, Packet p);
}
