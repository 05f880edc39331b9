package org.cryptorder.transport.tcp.send;

/**
 * A sender's write queue as the socket's memory accounting sees it ({@code sk_wmem_queued},
 * {@code sk_sndbuf}), after {@code net/ipv4/tcp.c}, {@code tcp_input.c} and {@code
 * net/core/stream.c}.
 *
 * <p><b>What is counted.</b> {@code tcp_sendmsg_locked} copies the application's octets into skbs
 * of {@code size_goal} octets ({@code tcp_send_mss}, {@code tcp_xmit_size_goal}: the socket's GSO
 * limit, bounded to half the peer's largest window, in whole MSS; 46 segments of 1416 octets with
 * the 64 KiB GSO limit). A new skb ({@code tcp_stream_alloc_skb}, {@code tcp_skb_entail}) adds its
 * head's truesize to {@code sk_wmem_queued}; each octet copied into its page fragments adds one
 * ({@code sk_wmem_queued_add(sk, copy)}). An ACK gives memory back ({@code tcp_clean_rtx_queue}):
 * a fully acknowledged skb its whole truesize ({@code sk_wmem_free_skb}), a partly acknowledged
 * one the acknowledged octets ({@code tcp_trim_head}). So {@code sk_wmem_queued} is the truesize
 * of the skbs in the write and retransmit queues.
 *
 * <p><b>The write queue</b> ({@code sk_write_queue}: the skbs not yet sent; the sent ones are in
 * the retransmit queue). {@code tcp_sendmsg_locked} appends to the write queue's tail while it is
 * shorter than {@code size_goal} ({@code copy = size_goal - skb->len}); once the tail has been
 * sent, or is full, the next octet starts a new skb. {@code tcp_write_xmit} sends from the send
 * head ({@link #headLen}, {@link #headIsTail}); when it sends part of the head skb,
 * {@code tso_fragment} splits it: the sent part goes to the retransmit queue and the rest stays at
 * the head as a new skb, whose head ({@code tcp_stream_alloc_skb}) adds its truesize to {@code
 * sk_wmem_queued} ({@link #sent}); that rest, if it is the tail, takes octets again up to {@code
 * size_goal} of its own. From Linux 6.10 (commit 8ee602c63520, "tcp: try to send bigger TSO
 * packets") {@code tcp_grow_skb} first moves octets from the next skb into a head skb shorter than
 * what cwnd lets go ({@link #grow}); an skb so emptied is freed, and with it its head.
 *
 * <p><b>The head's truesize</b> is that of {@code tcp_stream_alloc_skb}'s skb on x86-64: {@code
 * MAX_TCP_HEADER} (320) and {@code skb_shared_info} (320) in a 1 KiB kmalloc block plus the {@code
 * sk_buff} (256 aligned), 1280 octets; from Linux 6.3 (commit bf9f1baa279f, a dedicated cache for
 * small skb heads of exactly 640 octets) 896.
 *
 * <p><b>The buffer's size</b> ({@code sk_sndbuf}) starts at {@code tcp_wmem[1]} = 16 KiB
 * ({@code tcp_init_sock}) and is set when the connection is established ({@code
 * tcp_init_buffer_space} calls {@code tcp_sndbuf_expand}, so an established connection starts with
 * room for twice the initial window). {@code tcp_sndbuf_expand} sets it to at least {@code 2 x
 * max(10, cwnd, reordering + 1)} times the per-MSS truesize: {@code roundup_pow_of_two(max(mss_clamp,
 * mss_cache) + MAX_TCP_HEADER + SKB_DATA_ALIGN(sizeof(skb_shared_info))) +
 * SKB_DATA_ALIGN(sizeof(sk_buff))} (4352 for MSS 1416), never above {@code tcp_wmem[2]} = 4 MiB
 * and never shrinking. {@code tcp_new_space} expands it when {@code tcp_should_expand_sndbuf}
 * holds (the writer is waiting for room, {@code SOCK_NOSPACE}, and fewer segments are in flight
 * than cwnd), then calls {@code sk_stream_write_space}. The writer may add an skb while {@code
 * sk_stream_memory_free} ({@code sk_wmem_queued < sk_sndbuf}) and, once asleep, is woken when
 * {@code sk_stream_is_writeable}: free space ({@code sk_stream_wspace}) at least half of what is
 * queued ({@code sk_stream_min_wspace}). Linux 5.x calls {@code tcp_new_space} only after an skb
 * was freed or trimmed since the last check ({@code SOCK_QUEUE_SHRUNK}, removed in 5.16); every ACK
 * that advances SND.UNA frees or trims one, so the model checks after every ACK, as 6.x does.
 */
public final class SendBuffer {
    /** {@code tcp_wmem[1]}: {@code sk_sndbuf} of a new socket, octets. */
    static final long WMEM_DEFAULT = 16 << 10;
    /** {@code tcp_wmem[2]}: the most autotuning gives {@code sk_sndbuf}, octets. */
    static final long WMEM_MAX = 4L << 20;
    /** {@code MAX_TCP_HEADER} on x86-64 ({@code L1_CACHE_ALIGN(128 + MAX_HEADER)}). */
    static final int MAX_TCP_HEADER = 320;
    /** {@code SKB_DATA_ALIGN(sizeof(struct skb_shared_info))} on x86-64. */
    static final int SHINFO = 320;
    /** {@code SKB_DATA_ALIGN(sizeof(struct sk_buff))} on x86-64. */
    static final int SKB = 256;
    /** The head of an skb from {@code tcp_stream_alloc_skb} before Linux 6.3. */
    static final int HEAD_TRUESIZE = 1024 + SKB;
    /** The same from Linux 6.3 (small-head cache of {@code SKB_HEAD_ALIGN(MAX_TCP_HEADER)}). */
    static final int SMALL_HEAD_TRUESIZE = MAX_TCP_HEADER + SHINFO + SKB;

    private final int mss;
    private final int headTruesize;
    private final long perMssTruesize;
    private final int sizeGoal;
    private long sndbuf = WMEM_DEFAULT;
    private long wmemQueued;
    /** {@code tp->write_seq}: stream octets the application has written. */
    private long writeSeq;
    /** The retransmit queue ({@code tcp_rtx_queue}): skbs sent and not yet fully acknowledged, oldest first. */
    private final SkbQueue rtx = new SkbQueue();
    /** The write queue ({@code sk_write_queue}): skbs not yet sent, the send head first. */
    private final SkbQueue unsent = new SkbQueue();

    /** A queue of skbs as their stream ranges [start, end), a ring that grows. */
    private static final class SkbQueue {
        private long[] start = new long[64];
        private long[] end = new long[64];
        private int head;
        private int count;

        int size() {
            return count;
        }

        private int slot(int k) {
            return (head + k) & (end.length - 1);
        }

        long start(int k) {
            return start[slot(k)];
        }

        long end(int k) {
            return end[slot(k)];
        }

        long len(int k) {
            int i = slot(k);
            return end[i] - start[i];
        }

        void setStart(int k, long v) {
            start[slot(k)] = v;
        }

        void setEnd(int k, long v) {
            end[slot(k)] = v;
        }

        void addLast(long s, long e) {
            if (count == end.length) {
                long[] ns = new long[end.length * 2];
                long[] ne = new long[end.length * 2];
                for (int k = 0; k < count; k++) {
                    ns[k] = start(k);
                    ne[k] = end(k);
                }
                start = ns;
                end = ne;
                head = 0;
            }
            int i = slot(count++);
            start[i] = s;
            end[i] = e;
        }

        void removeFirst() {
            head = slot(1);
            count--;
        }

        /** Removes the second skb, keeping the first. */
        void removeSecond() {
            int first = slot(0);
            int second = slot(1);
            start[second] = start[first];
            end[second] = end[first];
            removeFirst();
        }
    }

    /**
     * @param mss the sender's MSS ({@code mss_cache})
     * @param mssClamp the MSS the peer announced ({@code rx_opt.mss_clamp}: without the timestamp option)
     * @param gsoMaxBytes the socket's GSO limit ({@code sk_gso_max_size})
     * @param smallHead whether skb heads come from Linux 6.3's small-head cache
     */
    public SendBuffer(int mss, int mssClamp, long gsoMaxBytes, boolean smallHead) {
        this.mss = mss;
        this.headTruesize = smallHead ? SMALL_HEAD_TRUESIZE : HEAD_TRUESIZE;
        this.perMssTruesize = Long.highestOneBit(Math.max(mssClamp, mss) + MAX_TCP_HEADER + SHINFO - 1) * 2 + SKB;
        this.sizeGoal = (int) Math.max(mss, gsoMaxBytes / mss * mss);
    }

    /** {@code size_goal}: octets of each skb {@code tcp_sendmsg} fills. */
    int sizeGoal() {
        return sizeGoal;
    }

    /** The truesize {@code tcp_sndbuf_expand} counts per MSS. */
    long perMssTruesize() {
        return perMssTruesize;
    }

    public long sndbuf() {
        return sndbuf;
    }

    public long wmemQueued() {
        return wmemQueued;
    }

    /** {@code tp->write_seq}. */
    public long writeSeq() {
        return writeSeq;
    }

    /** {@code sk_stream_memory_free}: room for another skb. */
    public boolean memoryFree() {
        return wmemQueued < sndbuf;
    }

    /** {@code __sk_stream_is_writeable}: free space at least half of what is queued. */
    public boolean writeable() {
        return sndbuf - wmemQueued >= wmemQueued >> 1;
    }

    /** Octets the tail skb still takes before it holds {@code size_goal} (0: a new skb is needed). */
    public int tailRoom() {
        int n = unsent.size();
        return n > 0 ? (int) (sizeGoal - unsent.len(n - 1)) : 0;
    }

    /** {@code tcp_stream_alloc_skb} and {@code tcp_skb_entail}: a new, empty tail skb. */
    public void entail() {
        unsent.addLast(writeSeq, writeSeq);
        wmemQueued += headTruesize;
    }

    /** {@code skb_copy_to_page_nocache}: {@code n} octets copied into the tail skb. */
    public void append(int n) {
        if (n <= 0 || n > tailRoom()) {
            throw new IllegalStateException("no room for " + n + " octets in the tail skb");
        }
        int last = unsent.size() - 1;
        unsent.setEnd(last, unsent.end(last) + n);
        wmemQueued += n;
        writeSeq += n;
    }

    /** Whether the tail skb holds {@code size_goal} octets ({@code skb->len == size_goal}): time to push it. */
    public boolean tailFull() {
        int n = unsent.size();
        return n > 0 && unsent.len(n - 1) == sizeGoal;
    }

    /** Whether an skb waits in the write queue ({@code tcp_send_head}). */
    boolean hasSendHead() {
        return unsent.size() > 0;
    }

    /** The send head skb's octets ({@code skb->len}); it starts at the first octet not yet sent. */
    long headLen() {
        requireSendHead();
        return unsent.len(0);
    }

    /** Where the send head skb starts: the first octet not yet sent. */
    long firstUnsent() {
        requireSendHead();
        return unsent.start(0);
    }

    /** Whether the send head is the write queue's tail ({@code tcp_skb_is_last}): more may be written into it. */
    boolean headIsTail() {
        requireSendHead();
        return unsent.size() == 1;
    }

    /**
     * {@code tcp_grow_skb}: moves up to {@code amount} octets from the skb after the send head into
     * it ({@code skb_shift}: their truesize moves with them); the next skb, emptied, is freed
     * ({@code tcp_eat_one_skb}, {@code tcp_wmem_free_skb}: its head goes). Nothing when the head is
     * the tail or the next skb is empty.
     */
    void grow(long amount) {
        requireSendHead();
        if (unsent.size() < 2 || amount <= 0) {
            return;
        }
        long n = Math.min(amount, unsent.len(1));
        if (n == 0) {
            return;
        }
        unsent.setEnd(0, unsent.end(0) + n);
        unsent.setStart(1, unsent.start(1) + n);
        if (unsent.len(1) == 0) {
            unsent.removeSecond();
            wmemQueued -= headTruesize;
        }
    }

    /**
     * {@code tcp_event_new_data_sent}: the send head's octets up to stream offset {@code seqEnd}
     * have left. All of it moves to the retransmit queue; or, if only a part went ({@code
     * tso_fragment}), that part does, and the rest stays at the send head as a new skb with a head
     * of its own ({@code sk_wmem_queued_add(sk, buff->truesize)}).
     */
    void sent(long seqEnd) {
        requireSendHead();
        long s = unsent.start(0);
        long e = unsent.end(0);
        if (seqEnd <= s || seqEnd > e) {
            throw new IllegalStateException("sent to " + seqEnd + ", outside the send head [" + s + ", " + e + ")");
        }
        rtx.addLast(s, seqEnd);
        if (seqEnd < e) {
            unsent.setStart(0, seqEnd);
            wmemQueued += headTruesize;
        } else {
            unsent.removeFirst();
        }
    }

    private void requireSendHead() {
        if (unsent.size() == 0) {
            throw new IllegalStateException("the write queue is empty");
        }
    }

    /**
     * SND.UNA is now {@code una} ({@code tcp_clean_rtx_queue}): fully acknowledged skbs are freed
     * ({@code sk_wmem_free_skb}: their whole truesize), the oldest remaining one loses its
     * acknowledged octets ({@code tcp_tso_acked}, {@code tcp_trim_head}; SND.UNA moves by whole MSS,
     * so the trim is the kernel's). Only sent skbs can be acknowledged; the write queue is left as
     * it is.
     */
    public void acked(long una) {
        while (rtx.size() > 0 && rtx.end(0) <= una) {
            wmemQueued -= headTruesize + rtx.len(0);
            rtx.removeFirst();
        }
        if (rtx.size() > 0 && una > rtx.start(0)) {
            long cut = Math.min(una, rtx.end(0)) - rtx.start(0);
            rtx.setStart(0, rtx.start(0) + cut);
            wmemQueued -= cut;
        }
        if (wmemQueued < 0) {
            throw new IllegalStateException("sk_wmem_queued went negative: " + wmemQueued);
        }
    }

    /**
     * {@code tcp_sndbuf_expand}: at least {@code 2 x max(10, cwnd, reordering + 1)} per-MSS
     * truesizes, at most {@code tcp_wmem[2]}; never smaller.
     */
    public void expand(int cwnd, int reordering) {
        long segs = Math.max(Math.max(10, cwnd), reordering + 1L);
        long sndmem = 2 * segs * perMssTruesize;
        if (sndbuf < sndmem) {
            sndbuf = Math.min(sndmem, WMEM_MAX);
        }
    }
}
