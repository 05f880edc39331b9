package org.cryptorder.experiment.wiring;

import java.util.List;
import org.cryptorder.host.KernelFpuLoad;
import org.cryptorder.net.Host;
import org.cryptorder.transport.tcp.socket.TcpSocket;
import org.cryptorder.transport.udp.UdpSink;
import org.cryptorder.transport.udp.UdpSource;
import umontreal.ssj.simevents.Simulator;

/**
 * The wired model of one replication, as {@link DatapathBuilder} made it: two hosts back to back
 * over MACsec on one simulator, host a's UDP sources and TCP senders, host b's UDP sinks and TCP
 * receivers (in flow order), the kernel FPU users of b's CPUs, and the senders of TCP entries that go
 * from b to a ({@code reverse}: a load, not measured). What {@link org.cryptorder.experiment.replication.Replication} runs and what the recorders of
 * {@link org.cryptorder.experiment.replication.OutputColumns} read.
 */
public record Datapath(Simulator sim, BackToBack net, List<UdpSource> sources, List<UdpSink> sinks,
                       List<TcpSocket> tcpSenders, List<TcpSocket> tcpReceivers,
                       List<KernelFpuLoad> receiverFpuLoads, List<TcpSocket> reverseSenders) {
    public Datapath {
        reverseSenders = List.copyOf(reverseSenders);
        receiverFpuLoads = List.copyOf(receiverFpuLoads);
        sources = List.copyOf(sources);
        sinks = List.copyOf(sinks);
        tcpSenders = List.copyOf(tcpSenders);
        tcpReceivers = List.copyOf(tcpReceivers);
    }

    /** The sending host. */
    public Host a() {
        return net.a();
    }

    /** The receiving host. */
    public Host b() {
        return net.b();
    }

    /** Both hosts, a first. */
    public List<Host> hosts() {
        return List.of(net.a(), net.b());
    }
}
