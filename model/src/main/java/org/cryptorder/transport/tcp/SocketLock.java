package org.cryptorder.transport.tcp;


/**
 * A socket's lock as its owner and softirq see it ({@code sk->sk_lock}, {@code net/core/sock.c},
 * {@code net/ipv4/tcp_ipv4.c}, {@code tcp_output.c}): whether the application owns it ({@code
 * sock_owned_by_user}), the backlog of packets that arrived meanwhile, and the work deferred to
 * {@code tcp_release_cb} (the {@code sk_tsq_flags} bits). A flag, not an event: taking and
 * releasing the lock costs nothing in the model.
 *
 * <p><b>The backlog</b> ({@code tcp_add_backlog}): a packet for an owned socket is queued unless
 * the backlog's truesize plus the receive memory ({@code sk_rmem_alloc}) is already over the
 * socket's limit ({@code sk_add_backlog}, {@code sk_rcvqueues_full}; then dropped, {@code
 * TCPBacklogDrop}). The length is reset only when {@code __release_sock} has emptied the backlog.
 * A received packet's truesize is taken as 2304 octets (ixgbe's half-page receive buffer and the
 * {@code sk_buff}).
 *
 * <p><b>Not modelled:</b> from Linux 5.0 {@code tcp_add_backlog} coalesces a pure ACK into the
 * backlog's tail when their headers and options agree (commit 4f693b55c3d2): ACKs within one
 * timestamp tick and without SACK blocks would merge into one, whose processing the application
 * pays once. The model queues and processes every ACK, so it overstates the application's cost of
 * a long backlog.
 */
public final class SocketLock {
    /** Truesize of one received packet (an ACK, a data segment of one MSS), octets. */
    public static final int RX_TRUESIZE = 2304;
    /** The deferred-timer slot of {@code TCP_WRITE_TIMER_DEFERRED} (the sender's timers). */
    public static final int WRITE_TIMER = 0;
    /** The deferred-timer slot of {@code TCP_DELACK_TIMER_DEFERRED} (the delayed-ACK and compressed-ACK timers). */
    public static final int DELACK_TIMER = 1;
    /** {@code tcp_rmem[1]}: the sender's {@code sk_rcvbuf}, octets. */
    public static final long RMEM_DEFAULT = 128 << 10;

    private boolean owned;
    private byte[][] packets = new byte[16][];
    private int[] lengths = new int[16];
    /** Each backlogged packet's {@code gso_size}: 0 for one segment, the first segment's payload for a GRO packet. */
    private int[] gsoSizes = new int[16];
    private int head;
    private int count;
    private long backlogLen;
    private long drops;
    private long backlogged;
    /** {@code TCP_TSQ_DEFERRED}. */
    public boolean tsqDeferred;
    /** {@code TCP_WRITE_TIMER_DEFERRED}, {@code TCP_DELACK_TIMER_DEFERRED}: the expiries to run, or null. */
    private Runnable[] deferredTimers = new Runnable[2];
    private int deferredCount;

    /** Packets softirq is taking through the stack of the unowned socket now, under {@code bh_lock_sock}. */
    private int softirqHolds;
    /** A {@code lock_sock} waiting for that spinlock, or null. */
    private Runnable lockWaiter;

    /** {@code sock_owned_by_user}. */
    public boolean owned() {
        return owned;
    }

    /**
     * {@code lock_sock}: the application owns the socket, unless softirq holds its spinlock ({@code
     * bh_lock_sock} in {@code tcp_v4_rcv}) while it takes a packet through the unowned socket; then
     * {@code lock_sock} spins until it is let go, takes the socket before softirq can take the next
     * packet (the queued spinlock is fair), and {@code retry} runs then (false). The spin is a wait:
     * its CPU time is not charged.
     */
    public boolean lock(Runnable retry) {
        if (softirqHolds > 0) {
            if (lockWaiter != null) {
                throw new IllegalStateException("two lock_sock calls wait for one socket");
            }
            lockWaiter = retry;
            return false;
        }
        owned = true;
        return true;
    }

    /** Softirq takes a packet through the unowned socket ({@code bh_lock_sock}). */
    public void softirqHold() {
        softirqHolds++;
    }

    /** ... and lets the spinlock go ({@code bh_unlock_sock}): a waiting {@code lock_sock} goes on. */
    public void softirqRelease() {
        if (softirqHolds <= 0) {
            throw new IllegalStateException("bh_unlock_sock without bh_lock_sock");
        }
        if (--softirqHolds == 0 && lockWaiter != null) {
            // the spinning lock_sock is next in the spinlock's queue: it owns the socket before
            // softirq can take the next packet through it (which then goes to the backlog)
            Runnable r = lockWaiter;
            lockWaiter = null;
            owned = true;
            r.run();
        }
    }

    /** {@code sock_release_ownership} at the end of {@code release_sock}. */
    public void unlock() {
        if (count > 0) {
            throw new IllegalStateException("socket released with " + count + " packets in its backlog");
        }
        owned = false;
    }

    /**
     * {@code tcp_add_backlog}: queues a copy of {@code b[off .. off+len)}; false when the backlog is
     * full and the packet is dropped.
     *
     * @param gsoSize  0 for one segment; a GRO packet's {@code gso_size}
     * @param truesize the packet's truesize
     * @param rmemAlloc the socket's {@code sk_rmem_alloc} now
     * @param limit the socket's backlog limit now
     */
    public boolean add(byte[] b, int off, int len, int gsoSize, int truesize, long rmemAlloc, long limit) {
        if (backlogLen + rmemAlloc > limit) {
            drops++;
            return false;
        }
        if (count == packets.length) {
            packets = RingArrays.doubled(packets, head);
            gsoSizes = RingArrays.doubled(gsoSizes, head);
            lengths = RingArrays.doubled(lengths, head);
            head = 0;
        }
        int i = (head + count) % packets.length;
        if (packets[i] == null || packets[i].length < len) {
            packets[i] = new byte[Math.max(len, 128)];
        }
        System.arraycopy(b, off, packets[i], 0, len);
        lengths[i] = len;
        gsoSizes[i] = gsoSize;
        count++;
        backlogLen += truesize;
        backlogged++;
        return true;
    }

    /** {@code sk_backlog.len}: truesize of the backlogged packets, octets (reset once the backlog is emptied). */
    public long backlogLen() {
        return backlogLen;
    }

    /** Whether the backlog holds a packet. */
    public boolean hasBacklog() {
        return count > 0;
    }

    /** The oldest backlogged packet's bytes (valid until the next {@link #add}), from offset 0. */
    public byte[] peek() {
        return packets[head];
    }

    /** The oldest backlogged packet's length. */
    public int peekLength() {
        return lengths[head];
    }

    /** The oldest backlogged packet's {@code gso_size} (0: one segment). */
    public int peekGsoSize() {
        return gsoSizes[head];
    }

    /** Takes the oldest packet off the backlog; the length is reset once it is empty ({@code __release_sock}). */
    public void poll() {
        head = (head + 1) % packets.length;
        count--;
        if (count == 0) {
            backlogLen = 0;
        }
    }

    /** Defers a timer's expiry to {@code tcp_release_cb}; a timer already deferred is not added twice. */
    public void deferTimer(Runnable expiry, int slot) {
        if (deferredTimers[slot] == null) {
            deferredCount++;
        }
        deferredTimers[slot] = expiry;
    }

    /** Whether {@code tcp_release_cb} has work. */
    public boolean hasDeferred() {
        return tsqDeferred || deferredCount > 0;
    }

    /** Takes the deferred timer expiry of {@code slot}, or null. */
    public Runnable takeTimer(int slot) {
        Runnable r = deferredTimers[slot];
        if (r != null) {
            deferredTimers[slot] = null;
            deferredCount--;
        }
        return r;
    }

    /** Packets dropped because the backlog was full ({@code TCPBacklogDrop}). */
    /** Packets in the backlog now. */
    public int queued() {
        return count;
    }

    public long drops() {
        return drops;
    }

    /** Packets queued to the backlog. */
    public long backlogged() {
        return backlogged;
    }

    public void resetCounters() {
        drops = 0;
        backlogged = 0;
    }
}
