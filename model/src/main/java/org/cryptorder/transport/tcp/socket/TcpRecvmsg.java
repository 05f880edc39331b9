package org.cryptorder.transport.tcp.socket;

import org.cryptorder.host.Cpu;
import org.cryptorder.transport.tcp.ReadPath;
import org.cryptorder.transport.tcp.SocketLock;
import org.cryptorder.transport.tcp.receive.TcpReceiver;

/**
 * iperf3 -s's reads ({@code iperf_server_api.c}, {@code iperf_tcp_recv}, {@code Nread} of iperf3
 * 3.12) as Linux 6.x runs them ({@code tcp_recvmsg}, {@code net/ipv4/tcp.c}). The data socket is
 * non-blocking; iperf3 sleeps in {@code select()} until the socket is readable ({@code
 * sk_data_ready} for in-order data: {@link #dataReady}), then {@code Nread} calls {@code read()}
 * until it has its block ({@link ReadPath#readBytes}) or a read returns EAGAIN, and goes back to
 * {@code select()}, which returns at once if data is readable. Each {@code read()}:
 * <ol>
 *   <li>{@code lock_sock}: the application owns the socket, and segments arriving meanwhile go to
 *       its backlog ({@link SocketLock});
 *   <li>{@code tcp_recvmsg_locked}: copies what the receive queue holds, up to what is left of the
 *       block ({@link ReadPath#copyCyclesPerByte} per octet), freeing each skb copied whole and
 *       running {@code tcp_rcv_space_adjust}; a non-blocking read that copied something returns
 *       when the queue is empty, one that found nothing returns EAGAIN; then {@code
 *       tcp_cleanup_rbuf} (an ACK the input path held back, {@link TcpReceiver#cleanupRbuf});
 *   <li>{@code release_sock}: {@code __release_sock} takes the backlog's segments up the stack in
 *       the task, one after another (their ACKs deferred to {@code tcp_release_cb} from Linux 6.7),
 *       then {@code tcp_release_cb}: a deferred delayed-ACK or compressed-ACK timer, a deferred ACK.
 * </ol>
 * What the backlog brought is read by the next {@code read()}. The system calls' entry and exit
 * and {@code select()} cost nothing here, and the task wakes as the model's scheduler runs it.
 */
final class TcpRecvmsg extends TaskSteps<TcpRecvmsg.Step> {
    enum Step {
        /** A {@code read()}: {@code lock_sock}, then copy or EAGAIN. */
        READ,
        /** Copying octets to user space. */
        COPY,
        /** {@code __release_sock}: the backlog's next segment, or what follows once it is empty. */
        RELEASE,
        /** One backlogged segment through {@code sk_backlog_rcv}. */
        BACKLOG_SEGMENT
    }

    private final TcpReceiverSocket sk;
    private final TcpReceiver receiver;
    private final SocketLock lock;
    private final ReadPath path;
    private boolean sleeping = true;
    /** Octets {@code Nread} still wants of its block. */
    private long left;
    private long copying;
    /** Whether the read being released copied nothing (EAGAIN). */
    private boolean eagain;
    private long reads;
    private long wakeups;

    TcpRecvmsg(TcpReceiverSocket sk, TcpReceiver receiver, SocketLock lock, ReadPath path) {
        super(sk.app, "the reader");
        this.sk = sk;
        this.receiver = receiver;
        this.lock = lock;
        this.path = path;
    }

    /** {@code sk_data_ready}: wakes iperf3 if it sleeps in {@code select()}. */
    void dataReady() {
        if (sleeping) {
            sleeping = false;
            wakeups++;
            left = path.readBytes();
            submit(Step.READ);
        }
    }

    @Override
    double costNs(Step s) {
        return switch (s) {
            case COPY -> path.copyNs(copying);
            case BACKLOG_SEGMENT -> sk.receiveCostNs();
            default -> 0;
        };
    }

    @Override
    void run(Step s, Cpu cpu) {
        switch (s) {
            case READ -> read(cpu);
            case COPY -> copied(cpu);
            case RELEASE -> release(cpu);
            case BACKLOG_SEGMENT -> {
                sk.processBacklogged(cpu);
                submit(Step.RELEASE);
            }
        }
    }

    private void read(Cpu cpu) {
        if (!lock.lock(() -> submit(Step.READ))) {
            return;
        }
        reads++;
        long n = Math.min(left, receiver.unread());
        if (n == 0) {
            eagain = true;
            sk.inContext(SendContext.RECVMSG, cpu, () -> receiver.cleanupRbuf(-1));
            submit(Step.RELEASE);
            return;
        }
        eagain = false;
        copying = n;
        submit(Step.COPY);
    }

    private void copied(Cpu cpu) {
        long c = receiver.read(copying);
        left -= c;
        sk.inContext(SendContext.RECVMSG, cpu, () -> receiver.cleanupRbuf(c));
        submit(Step.RELEASE);
    }

    /** {@code release_sock}: the backlog, then {@code tcp_release_cb}, then the next read or {@code select()}. */
    private void release(Cpu cpu) {
        if (lock.hasBacklog()) {
            submit(Step.BACKLOG_SEGMENT);
            return;
        }
        sk.releaseCallback(cpu);
        lock.unlock();
        if (!eagain && left > 0) {
            submit(Step.READ);
            return;
        }
        if (receiver.unread() > 0) {
            left = path.readBytes();
            submit(Step.READ);
        } else {
            sleeping = true;
        }
    }

    /** {@code read()} calls, EAGAIN ones included. */
    long reads() {
        return reads;
    }

    /** Times iperf3 was woken in {@code select()}. */
    long wakeups() {
        return wakeups;
    }

    void resetCounters() {
        reads = 0;
        wakeups = 0;
    }
}
