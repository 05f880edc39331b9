package org.cryptorder.transport.tcp.socket;

import org.cryptorder.host.Cpu;
import org.cryptorder.net.MacsecDevice;
import org.cryptorder.net.StackCosts;

/**
 * Where one end of a TCP connection lives on its host: the CPUs its segments may be sent and
 * received on, the CPU its application task runs on, the MACsec device under it with the stack's
 * costs, the flow's number, and the MAC addresses its frames carry.
 *
 * @param cpus   the host's CPUs
 * @param home   the CPU of the application (iperf3's client or server), one of {@code cpus}
 * @param device the host's MACsec device, to which the socket binds the flow
 * @param costs  the stack's costs
 * @param flow   the flow's number
 * @param srcMac this host's MAC address
 * @param dstMac the peer's MAC address
 */
public record TcpEndpoint(Cpu[] cpus, Cpu home, MacsecDevice device, StackCosts costs, int flow, byte[] srcMac,
                          byte[] dstMac) {
}
