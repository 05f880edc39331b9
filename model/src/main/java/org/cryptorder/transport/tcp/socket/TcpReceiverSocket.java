package org.cryptorder.transport.tcp.socket;

import org.cryptorder.host.Cpu;
import org.cryptorder.macsec.MacsecFrame;
import org.cryptorder.net.Packet;
import org.cryptorder.transport.tcp.ReadPath;
import org.cryptorder.transport.tcp.SocketLock;
import org.cryptorder.transport.tcp.TcpConfig;
import org.cryptorder.transport.tcp.receive.ReceiveBuffer;
import org.cryptorder.transport.tcp.receive.ReceiverOwner;
import org.cryptorder.transport.tcp.receive.TcpReceiver;
import org.cryptorder.transport.tcp.send.TcpSender;
import org.cryptorder.transport.wire.FlowAddress;
import org.cryptorder.transport.wire.Ipv4TcpHeader;

/**
 * The receiving side of a {@link TcpSocket}: a {@link TcpReceiver} on the host, and iperf3 -s's
 * reads ({@link TcpRecvmsg}) when the read path models them; without them the application reads
 * in-order data as it arrives and nothing owns the socket. For each data segment it records, as it
 * arrives and before the receiver or the backlog takes it, the RFC 4737 reordering of segment
 * numbers (sequence offset / MSS) in arrival order and the frame latency from the sender's MACsec
 * transmit to delivery. Its ACKs are not held against a TSQ budget.
 *
 * <p>The backlog's limit is {@code tcp_add_backlog}'s from Linux 6.10 (commit ec00ed472bdb, also in
 * the 6.6 and 6.1 stable trees): twice {@code sk_rcvbuf}, half of {@code sk_sndbuf} ({@code
 * tcp_wmem[1]}, 16 KiB: the receiver sends no data) and 64 KiB. Not modelled: {@code
 * tcp_add_backlog} coalescing a segment into the backlog's tail when their headers and options
 * agree.
 */
final class TcpReceiverSocket extends TcpSocket implements ReceiverOwner {
    private static final long SNDBUF = 16 << 10;
    private final int mss;
    private final int dataIsn;
    private final TcpReceiver receiver;
    private final TcpRecvmsg reader;

    TcpReceiverSocket(TcpEndpoint at, TcpConfig cfg, FlowAddress address, ReadPath read) {
        super(at, false);
        Cpu home = at.home();
        this.mss = cfg.mss();
        this.dataIsn = cfg.senderIsn();
        this.receiver = new TcpReceiver(home.simulator(), cfg, address, output, read);
        this.reader = read.modelled() ? new TcpRecvmsg(this, receiver, lock, read) : null;
        if (reader != null) {
            receiver.owner(this);
        }
    }

    // ---- ReceiverOwner ----

    @Override
    public long backlogLen() {
        return lock.backlogLen();
    }

    @Override
    public boolean owned() {
        return lock.owned();
    }

    @Override
    public void dataReady() {
        reader.dataReady();
    }

    /**
     * {@code tcp_release_cb} on {@code cpu}, in the reader's task: a deferred delayed-ACK or
     * compressed-ACK timer ({@code tcp_delack_timer_handler}), then a deferred ACK.
     */
    void releaseCallback(Cpu cpu) {
        boolean delack = lock.takeTimer(SocketLock.DELACK_TIMER) != null;
        if (delack || receiver.ackDeferred()) {
            inContext(SendContext.BACKLOG_DATA, cpu, () -> receiver.releaseCallback(delack));
        }
    }

    @Override
    long rmemAlloc() {
        ReceiveBuffer b = receiver.buffer();
        return b == null ? 0 : b.rmemAlloc();
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

    /** {@code 2 sk_rcvbuf + sk_sndbuf / 2 + 64 KiB} ({@code tcp_add_backlog}). */
    @Override
    long backlogLimit() {
        ReceiveBuffer b = receiver.buffer();
        return b == null ? Long.MAX_VALUE : 2 * b.rcvbuf() + SNDBUF / 2 + (64 << 10);
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
    void endpointReceive(byte[] b, int off, int len, int gsoSize) {
        receiver.receive(b, off, len, gsoSize);
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
        lock.resetCounters();
        if (reader != null) {
            reader.resetCounters();
        }
    }

    /** The reader's {@code read()} calls and wake-ups (zeros without an application model). */
    long[] readerCounts() {
        return reader == null ? new long[2] : new long[] {reader.reads(), reader.wakeups()};
    }
}
