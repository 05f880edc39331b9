package org.cryptorder.transport;

import org.cryptorder.host.Cpu;
import org.cryptorder.macsec.MacsecFrame;
import org.cryptorder.net.MacsecDevice;
import org.cryptorder.net.Packet;
import org.cryptorder.net.StackCosts;

/**
 * The receiving side of a {@link TcpSocket}: a {@link TcpReceiver} on the host (an iperf3 server
 * reading as fast as data arrives). For each data segment it records, before the receiver sees
 * it, the RFC 4737 reordering of segment numbers (sequence offset / MSS) in arrival order and the
 * frame latency from the sender's MACsec transmit to delivery. Its ACKs are not held against a TSQ
 * budget.
 */
final class TcpReceiverSocket extends TcpSocket {
    private final int mss;
    private final int dataIsn;
    private final TcpReceiver receiver;

    TcpReceiverSocket(Cpu[] cpus, Cpu home, MacsecDevice device, StackCosts costs, int flow,
                      byte[] srcMac, byte[] dstMac, TcpConfig cfg, FlowAddress address) {
        super(cpus, home, device, costs, flow, false, srcMac, dstMac);
        this.mss = cfg.mss();
        this.dataIsn = cfg.senderIsn();
        this.receiver = new TcpReceiver(home.simulator(), cfg, address, output);
    }

    /** A receiver does not start: it answers what arrives. */
    @Override
    public void start() {
        throw new IllegalStateException("flow " + flow() + ": a receiving socket does not start");
    }

    /** {@code tcp_delack_timer}, {@code tcp_compressed_ack_kick}: {@code TCP_DELACK_TIMER_DEFERRED}. */
    @Override
    void deferTimer(Runnable expiry) {
        lock.deferTimer(expiry, SocketLock.DELACK_TIMER);
    }

    /** Nothing owns a receiving socket yet, so nothing is backlogged. */
    @Override
    long backlogLimit() {
        return Long.MAX_VALUE;
    }

    @Override
    void holding(Packet p, MacsecFrame f, Cpu cpu, SendContext c) {
        // ACKs are not counted against TCP small queues.
    }

    @Override
    void arriving(byte[] b, int off, int len, double now, Packet p) {
        if (len < 40) {
            return;
        }
        int ipHeader = (b[off] & 0x0f) * 4;
        int total = Ipv4TcpHeader.getShort(b, off + 2);
        int tcp = off + ipHeader;
        int tcpHeader = ((b[tcp + 12] & 0xf0) >>> 4) * 4;
        if (total - ipHeader - tcpHeader <= 0) {
            return;
        }
        int seq = Ipv4TcpHeader.getInt(b, tcp + 4);
        long segment = Integer.toUnsignedLong(seq - dataIsn) / mss;
        reordering.arrive(segment, (long) now);
        latency.add(now - p.createdAt());
    }

    @Override
    void endpointReceive(byte[] b, int off, int len) {
        receiver.receive(b, off, len);
    }

    @Override
    public TcpSender sender() {
        return null;
    }

    @Override
    public TcpReceiver receiver() {
        return receiver;
    }

    @Override
    void endpointResetCounters() {
        receiver.resetCounters();
    }
}
