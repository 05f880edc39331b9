package org.cryptorder.net;

import org.cryptorder.host.Cpu;

/**
 * What a host does with a frame its NIC received, as two halves of one piece of softirq work:
 * {@link #start} when the NAPI poll takes the frame (returns the CPU time the host spends on it
 * besides the driver's), {@link #finish} when that time has passed.
 */
public interface FrameHandler {
    double start(Cpu cpu, Packet p);

    void finish(Cpu cpu, Packet p);
}
