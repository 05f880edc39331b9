package org.cryptorder.scenario;

import org.cryptorder.host.Cpu;
import org.cryptorder.net.Host;
import org.cryptorder.transport.FlowAddress;
import org.cryptorder.transport.ReadPath;
import org.cryptorder.transport.SendPath;
import org.cryptorder.transport.TcpConfig;
import org.cryptorder.transport.TcpEndpoint;
import org.cryptorder.transport.TcpSocket;

/**
 * One TCP connection from host a to host b ({@code iperf3 -c} on a, {@code -s} on b), addressed
 * 10.0.0.1:(40000 + flow) to 10.0.0.2:5201, each socket's home on the given CPU of its host.
 */
public record TcpFlow(TcpSocket sender, TcpSocket receiver) {

    /** A connection whose sender has no application model ({@link SendPath#ALWAYS_FULL}). */
    public static TcpFlow connect(BackToBack net, int flow, TcpConfig cfg, long tsqLimitBytes, int homeCpuA,
                                  int homeCpuB) {
        return connect(net, flow, cfg, tsqLimitBytes, homeCpuA, homeCpuB, SendPath.ALWAYS_FULL);
    }

    /** A connection whose sender's application writes as {@code path} says; the receiver reads on arrival. */
    public static TcpFlow connect(BackToBack net, int flow, TcpConfig cfg, long tsqLimitBytes, int homeCpuA,
                                  int homeCpuB, SendPath path) {
        return connect(net, flow, cfg, tsqLimitBytes, homeCpuA, homeCpuB, path, ReadPath.INSTANT);
    }

    /** A connection whose sender writes as {@code path} says and whose receiver reads as {@code read} says. */
    public static TcpFlow connect(BackToBack net, int flow, TcpConfig cfg, long tsqLimitBytes, int homeCpuA,
                                  int homeCpuB, SendPath path, ReadPath read) {
        return connect(net.a(), net.b(), flow, cfg, tsqLimitBytes, homeCpuA, homeCpuB, path, read);
    }

    /**
     * A connection from host {@code from} to host {@code to} (b to a for iperf3 {@code -R}), its
     * sender's application on CPU {@code homeFrom}, its receiver's on {@code homeTo}.
     */
    public static TcpFlow connect(Host from, Host to, int flow, TcpConfig cfg, long tsqLimitBytes, int homeFrom,
                                  int homeTo, SendPath path, ReadPath read) {
        FlowAddress data = new FlowAddress(0x0a000001, 0x0a000002, 40000 + flow, 5201);
        Cpu[] a = cpus(from);
        Cpu[] b = cpus(to);
        TcpEndpoint senderAt = new TcpEndpoint(a, a[homeFrom], from.macsec(), from.spec().stack(), flow, from.mac(),
                to.mac());
        TcpEndpoint receiverAt = new TcpEndpoint(b, b[homeTo], to.macsec(), to.spec().stack(), flow, to.mac(),
                from.mac());
        TcpSocket sender = TcpSocket.sender(senderAt, cfg, data, tsqLimitBytes, path);
        TcpSocket receiver = TcpSocket.receiver(receiverAt, cfg, data.reversed(), read);
        return new TcpFlow(sender, receiver);
    }

    private static Cpu[] cpus(Host h) {
        Cpu[] c = new Cpu[h.cpuCount()];
        for (int i = 0; i < c.length; i++) {
            c[i] = h.cpu(i);
        }
        return c;
    }
}
