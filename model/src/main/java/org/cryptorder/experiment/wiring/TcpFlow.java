package org.cryptorder.experiment.wiring;

import org.cryptorder.host.Cpu;
import org.cryptorder.net.Host;
import org.cryptorder.transport.tcp.ReadPath;
import org.cryptorder.transport.tcp.SendPath;
import org.cryptorder.transport.tcp.TcpConfig;
import org.cryptorder.transport.tcp.socket.TcpEndpoint;
import org.cryptorder.transport.tcp.socket.TcpSocket;
import org.cryptorder.transport.wire.FlowAddress;

/**
 * One TCP connection from host a to host b ({@code iperf3 -c} on a, {@code -s} on b), addressed
 * 10.0.0.1:(40000 + flow) to 10.0.0.2:5201, each socket's application on the CPU its
 * {@link Applications} give.
 */
public record TcpFlow(TcpSocket sender, TcpSocket receiver) {

    /**
     * The applications at the two ends: the CPU each runs on, how the sender's writes and the
     * receiver's reads go.
     *
     * @param senderCpu   the sending application's CPU on its host
     * @param receiverCpu the receiving application's CPU on its host
     * @param writes      the sender's writes and its socket layer's kernel rules
     * @param reads       the receiver's reads and its receive buffer's kernel rules
     */
    public record Applications(int senderCpu, int receiverCpu, SendPath writes, ReadPath reads) {
        /**
         * Applications on these CPUs with no model of their writes or reads ({@link
         * SendPath#ALWAYS_FULL}, {@link ReadPath#INSTANT}).
         */
        public static Applications onCpus(int senderCpu, int receiverCpu) {
            return new Applications(senderCpu, receiverCpu, SendPath.ALWAYS_FULL, ReadPath.INSTANT);
        }

        public Applications withWrites(SendPath path) {
            return new Applications(senderCpu, receiverCpu, path, reads);
        }

        public Applications withReads(ReadPath path) {
            return new Applications(senderCpu, receiverCpu, writes, path);
        }
    }

    /** A connection from a to b of {@code net}. */
    public static TcpFlow connect(BackToBack net, int flow, TcpConfig cfg, long tsqLimitBytes, Applications apps) {
        return connect(net.a(), net.b(), flow, cfg, tsqLimitBytes, apps);
    }

    /** A connection from host {@code from} to host {@code to} (b to a for iperf3 {@code -R}). */
    public static TcpFlow connect(Host from, Host to, int flow, TcpConfig cfg, long tsqLimitBytes, Applications apps) {
        FlowAddress data = new FlowAddress(0x0a000001, 0x0a000002, 40000 + flow, 5201);
        Cpu[] a = cpus(from);
        Cpu[] b = cpus(to);
        TcpEndpoint senderAt = new TcpEndpoint(a, a[apps.senderCpu()], from.macsec(), from.spec().stack(), flow,
                from.mac(), to.mac());
        TcpEndpoint receiverAt = new TcpEndpoint(b, b[apps.receiverCpu()], to.macsec(), to.spec().stack(), flow,
                to.mac(), from.mac());
        TcpSocket sender = TcpSocket.sender(senderAt, cfg, data, tsqLimitBytes, apps.writes());
        TcpSocket receiver = TcpSocket.receiver(receiverAt, cfg, data.reversed(), apps.reads());
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
