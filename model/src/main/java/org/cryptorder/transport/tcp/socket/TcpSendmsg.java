package org.cryptorder.transport.tcp.socket;

import org.cryptorder.host.Cpu;
import org.cryptorder.transport.tcp.SendPath;
import org.cryptorder.transport.tcp.SocketLock;
import org.cryptorder.transport.tcp.send.SendBuffer;
import org.cryptorder.transport.tcp.send.TcpSender;

/**
 * iperf3's writes, one {@code write()} of {@link SendPath#writeBytes} octets after another, as
 * {@code tcp_sendmsg} runs them (Linux {@code net/ipv4/tcp.c}, {@code net/core/sock.c}, {@code
 * net/core/stream.c}; the same in 5.x and 6.x except where said). Each step is a piece of the
 * application task's work on its CPU; the segments a step sends are the task's next pieces ({@code
 * dev_queue_xmit} with softirqs disabled), so the next step waits for them, as the kernel's code
 * runs in sequence.
 * <ol>
 *   <li>{@code lock_sock}: the application owns the socket ({@link SocketLock}).
 *   <li>The loop of {@code tcp_sendmsg_locked}: while octets are left, fill the tail skb up to
 *       {@code size_goal}; when it is full a new skb is needed ({@code new_segment}): if {@code
 *       !sk_stream_memory_free}, wait for space; every 16 new skbs of the call ({@code
 *       process_backlog}) first {@code sk_flush_backlog}; then {@code tcp_stream_alloc_skb} and
 *       {@code tcp_skb_entail}. The copy ({@code skb_copy_to_page_nocache}) costs {@link
 *       SendPath#copyCyclesPerByte} per octet. An skb that is full is pushed ({@code forced_push}
 *       -> {@code __tcp_push_pending_frames}, or {@code tcp_push_one} when it is the send head:
 *       both {@code tcp_write_xmit} here, as segments are MSS-sized in the model); sending stops
 *       where cwnd, the peer's window or TCP small queues say. The GSO skb is cut into MSS frames
 *       later, at the MACsec device, which has no TSO (KERNEL-FACTS.md 10.2): each segment is its
 *       own frame and piece of work here, and the 16-skb rule counts skbs of {@code size_goal}.
 *   <li>Waiting for space ({@code wait_for_space}): {@code SOCK_NOSPACE}, {@code tcp_push} of what
 *       was copied, then {@code sk_stream_wait_memory}: {@code sk_wait_event} releases the socket
 *       ({@code release_sock}: the backlog, {@code tcp_release_cb}), and sleeps only if memory is
 *       still not free; {@code sk_stream_write_space} wakes it once free space is at least half of
 *       what is queued, from the context that freed it (an ACK's); the task then runs when its
 *       CPU's scheduler picks it, takes the lock again and goes on. (iperf3 may instead poll a
 *       non-blocking socket: {@code tcp_poll} uses the same threshold and the lock is released the
 *       same way before it waits, so the model's sleep is that wait too.)
 *   <li>{@code release_sock} at the end of the write: {@code __release_sock} processes the backlog
 *       in process context on the application's CPU ({@code sk_backlog_rcv}), one ACK after
 *       another, including ACKs queued meanwhile; then {@code tcp_release_cb} runs deferred work,
 *       and the socket is no longer owned. {@code release_sock} holds the socket's spinlock, softirqs
 *       off, through {@code tcp_release_cb} and the transmissions it makes (before Linux 6.7
 *       {@code tcp_release_cb} gave up ownership itself; from 6.7, commit b49d252216e4, {@code
 *       release_sock} does right after; either way the spinlock is held): an ACK arriving meanwhile
 *       waits for it and is processed in softirq after. The model keeps the socket owned until the
 *       frames {@code tcp_release_cb} sent have gone, so such an ACK goes to the backlog and is
 *       processed on the way out, in the task: Linux's order, not Linux's context.
 * </ol>
 * The syscall's entry and exit cost nothing here; octets are written in whole writes (iperf3 with
 * a byte limit writes the rest last).
 */
final class TcpSendmsg extends TaskSteps<TcpSendmsg.Step> {
    enum Step {
        /** The next {@code write()}: {@code lock_sock}, then the loop. */
        WRITE,
        /** Copying octets into the tail skb. */
        COPY,
        /** {@code __release_sock}: the backlog's next ACK, or what follows once it is empty. */
        RELEASE,
        /** One backlogged ACK through {@code sk_backlog_rcv}. */
        BACKLOG_ACK,
        /** Woken (or not needing to sleep) in {@code sk_stream_wait_memory}: {@code lock_sock} again. */
        RELOCK
    }

    /** What {@code __release_sock} was called for. */
    private enum Release { FLUSH, WAIT, END }

    private final TcpSenderSocket sk;
    private final TcpSender sender;
    private final SendBuffer buffer;
    private final SocketLock lock;
    private final SendPath path;
    private final long byteLimit;
    private Release release;
    private long left;
    private int processBacklog;
    private boolean copied;
    private int copying;
    /** {@code SOCK_NOSPACE}: the writer found no room. */
    private boolean noSpace;
    private boolean sleeping;
    private long sleeps;

    TcpSendmsg(TcpSenderSocket sk, TcpSender sender, SendBuffer buffer, SocketLock lock, SendPath path,
               long byteLimit) {
        super(sk.app, "the writer");
        this.sk = sk;
        this.sender = sender;
        this.buffer = buffer;
        this.lock = lock;
        this.path = path;
        this.byteLimit = byteLimit;
    }

    /** The application's first write. */
    void start() {
        submit(Step.WRITE);
    }

    @Override
    double costNs(Step s) {
        return switch (s) {
            case COPY -> path.copyNs(copying);
            case BACKLOG_ACK -> sk.backlogCostNs();
            default -> 0;
        };
    }

    @Override
    void run(Step s, Cpu cpu) {
        switch (s) {
            case WRITE -> write(cpu);
            case COPY -> copied(cpu);
            case RELEASE -> releaseStep(cpu);
            case BACKLOG_ACK -> {
                sk.processBacklogged(cpu);
                submit(Step.RELEASE);
            }
            case RELOCK -> {
                if (lock.lock(() -> submit(Step.RELOCK))) {
                    waitMemory(cpu);
                }
            }
        }
    }

    /** {@code tcp_sendmsg}: {@code lock_sock}, then the loop; nothing once a byte limit is written. */
    private void write(Cpu cpu) {
        long n = path.writeBytes();
        if (byteLimit > 0) {
            n = Math.min(n, byteLimit - buffer.writeSeq());
            if (n <= 0) {
                return;
            }
        }
        if (!lock.lock(() -> submit(Step.WRITE))) {
            return;
        }
        left = n;
        processBacklog = 0;
        copied = false;
        if (!sender.started()) {
            sender.written(0);
            sk.sendmsgContext(cpu, sender::start);
        }
        loop(cpu);
    }

    /** One turn of {@code tcp_sendmsg_locked}'s loop, up to the next copy, wait or release. */
    private void loop(Cpu cpu) {
        if (left == 0) {
            push(cpu);
            release(Release.END);
            return;
        }
        int room = buffer.tailRoom();
        if (room == 0) {
            if (!buffer.memoryFree()) {
                noSpace = true;
                if (copied) {
                    push(cpu);
                }
                release(Release.WAIT);
                return;
            }
            if (processBacklog >= 16) {
                processBacklog = 0;
                release(Release.FLUSH);
                return;
            }
            buffer.entail();
            processBacklog++;
            room = buffer.tailRoom();
        }
        copying = (int) Math.min(room, left);
        submit(Step.COPY);
    }

    private void copied(Cpu cpu) {
        buffer.append(copying);
        left -= copying;
        copied = true;
        sender.written(buffer.writeSeq());
        if (buffer.tailFull()) {
            push(cpu);
        }
        loop(cpu);
    }

    private void push(Cpu cpu) {
        sk.sendmsgContext(cpu, sender::push);
    }

    /**
     * {@code release_sock} (or {@code sk_flush_backlog}), after the segments already queued on the
     * task have gone: a step of its own.
     */
    private void release(Release why) {
        release = why;
        submit(Step.RELEASE);
    }

    private void releaseStep(Cpu cpu) {
        if (lock.hasBacklog()) {
            submit(Step.BACKLOG_ACK);
            return;
        }
        switch (release) {
            case FLUSH -> {
                if (path.flushRunsReleaseCb()) {
                    sk.releaseCallback(cpu);
                }
                loop(cpu);
            }
            case END -> {
                if (released(cpu)) {
                    submit(Step.WRITE);
                }
            }
            case WAIT -> {
                if (!released(cpu)) {
                    return;
                }
                if (buffer.memoryFree()) {
                    submit(Step.RELOCK);
                } else {
                    noSpace = true;
                    sleeping = true;
                    sleeps++;
                }
            }
        }
    }

    /**
     * {@code tcp_release_cb} in {@code release_sock}, which holds the socket's spinlock with
     * softirqs off until it returns: if work was deferred, it runs now and this step comes again
     * after the frames it sent, so the socket is released only once they have gone (an ACK
     * arriving meanwhile waits in the backlog and is processed on the way out, where Linux's ACK
     * waits for the spinlock and is processed in softirq right after: the same order). With
     * nothing deferred, the socket is released.
     *
     * @return whether the socket was released (false: the release waits for that work's frames)
     */
    private boolean released(Cpu cpu) {
        if (lock.hasDeferred()) {
            sk.releaseCallback(cpu);
            submit(Step.RELEASE);
            return false;
        }
        lock.unlock();
        return true;
    }

    /** {@code sk_stream_wait_memory}'s loop with the lock held: go on if there is room, else release and wait. */
    private void waitMemory(Cpu cpu) {
        if (buffer.memoryFree()) {
            loop(cpu);
            return;
        }
        noSpace = true;
        release(Release.WAIT);
    }

    /**
     * {@code tcp_check_space} after an ACK: if the writer found no room ({@code SOCK_NOSPACE}),
     * {@code tcp_new_space}: the buffer grows if fewer segments are in flight than cwnd ({@code
     * tcp_should_expand_sndbuf}; iperf3 does not lock the buffer's size unless given {@code -w}),
     * then {@code sk_stream_write_space} wakes the writer if free space is at least half of what is
     * queued.
     */
    void checkSpace() {
        if (!noSpace) {
            return;
        }
        if (sender.inFlight() < sender.cwnd()) {
            buffer.expand(sender.cwnd(), sender.reordering());
        }
        if (buffer.writeable()) {
            noSpace = false;
            if (sleeping) {
                sleeping = false;
                if (sk.listener() != null) {
                    sk.listener().writerWoken(buffer.sndbuf(), buffer.wmemQueued());
                }
                submit(Step.RELOCK);
            }
        }
    }

    /** Times the writer went to sleep for room in the send buffer. */
    long sleeps() {
        return sleeps;
    }

    void resetCounters() {
        sleeps = 0;
    }
}
