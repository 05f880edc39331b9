package org.cryptorder.scenario;

import org.cryptorder.host.Cpu;
import org.cryptorder.net.Host;
import org.cryptorder.transport.FlowAddress;
import org.cryptorder.transport.ReadPath;
import org.cryptorder.transport.SendPath;
import org.cryptorder.transport.TcpConfig;
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
        FlowAddress data = new FlowAddress(0x0a000001, 0x0a000002, 40000 + flow, 5201);
        Cpu[] a = cpus(net.a());
        Cpu[] b = cpus(net.b());
        TcpSocket sender = TcpSocket.sender(a, a[homeCpuA], net.a().macsec(), net.a().spec().stack(), flow,
                net.a().mac(), net.b().mac(), cfg, data, tsqLimitBytes, path);
        TcpSocket receiver = TcpSocket.receiver(b, b[homeCpuB], net.b().macsec(), net.b().spec().stack(), flow,
                net.b().mac(), net.a().mac(), cfg, data.reversed(), read);
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
