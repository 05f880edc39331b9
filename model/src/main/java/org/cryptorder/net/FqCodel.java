package org.cryptorder.net;

import java.util.ArrayDeque;

/**
 * One TX queue's {@code fq_codel} qdisc, as {@code net/sched/sch_fq_codel.c} does it (the
 * {@code default_qdisc} sysctl set to {@code fq_codel} gives one to every TX queue under
 * {@code mq}).
 *
 * <p><b>Enqueue</b> ({@code fq_codel_enqueue}): the frame goes to the bucket of its flow hash
 * ({@code fq_codel_hash}: {@code reciprocal_scale(skb_get_hash(skb), flows)}), stamped with the
 * time ({@code codel_set_enqueue_time}); a bucket that was on neither list joins the tail of
 * {@code new_flows} with a deficit of one quantum. When the qdisc then holds more than
 * {@code limit} packets, or more than {@code memory_limit} bytes of {@code skb->truesize},
 * {@code fq_codel_drop} finds the bucket with the most bytes and drops from its head until half
 * its bytes are gone or {@code drop_batch_size} packets are ({@link TxDrop#FQ_OVERLIMIT}), and
 * raises that bucket's CoDel {@code count} by the packets dropped.
 *
 * <p><b>Dequeue</b> ({@code fq_codel_dequeue}, deficit round robin): the first bucket of
 * {@code new_flows}, else of {@code old_flows}; one whose deficit is used up gets another quantum
 * and moves to the tail of {@code old_flows}. Otherwise its CoDel ({@link Codel}) gives the packet,
 * after the head drops its control law asks for ({@link TxDrop#CODEL}), and the deficit loses the
 * packet's length. A bucket found empty leaves the lists, except that an empty new bucket moves to
 * {@code old_flows} when that list is not empty (so new buckets cannot starve old ones).
 *
 * <p><b>Flow hash.</b> {@code skb->hash} of a frame is its socket's {@code sk_txhash}
 * ({@code skb_set_hash_from_sk} in {@code __tcp_transmit_skb} and {@code skb_set_owner_w}), a random
 * 32-bit number per socket ({@code net_tx_rndhash}); MACsec's copy keeps it
 * ({@code __copy_skb_header}). The model stands for it with a fixed mix of the flow's number
 * ({@link #hash}), so two flows can share a bucket as two sockets can in Linux.
 *
 * <p>Parameters, with {@code tc qdisc add dev eth0 root fq_codel}'s defaults ({@code fq_codel_init})
 * in {@link Params#linux(int)}. Modelled beside them: the bypass of an empty qdisc
 * ({@code TCQ_F_CAN_BYPASS}) and the time at each backlog. Not modelled: classifiers
 * ({@code tc filter}) and {@code skb->priority} classes, ECN marking and {@code ce_threshold}
 * (no frame of the model is ECN-capable, {@link Codel}), the cap of 256 drops per CoDel dequeue of
 * the newest kernels, CPU time of enqueue, dequeue and the linear scan of {@code fq_codel_drop}.
 */
public final class FqCodel implements Qdisc {
    /** {@code ETH_HLEN}: what {@code psched_mtu} adds to the device MTU ({@code dev->hard_header_len}). */
    public static final int ETH_HLEN = 14;

    /**
     * {@code fq_codel}'s parameters.
     *
     * @param flows         hash buckets ({@code flows}, 1024)
     * @param limit         packets ({@code limit}, 10240)
     * @param quantum       bytes a bucket may send per round ({@code quantum}: {@code psched_mtu},
     *                      the device MTU plus its 14-octet Ethernet header, 1514)
     * @param memoryLimit   bytes of {@code skb->truesize} ({@code memory_limit}, 32 MB; none
     *                      before 4.7)
     * @param dropBatchSize most packets one overlimit drops ({@code drop_batch_size}, 64; one
     *                      before 4.7)
     * @param raiseCount    whether an overlimit drop raises the bucket's CoDel count by the packets
     *                      it dropped (4.7 on)
     * @param codel         CoDel's target, interval and floor ({@code codel_params_init}; the floor
     *                      is {@code psched_mtu})
     */
    public record Params(int flows, int limit, int quantum, long memoryLimit, int dropBatchSize, boolean raiseCount,
                         Codel.Params codel) {
        public Params {
            if (flows < 1 || flows > 65536 || limit < 1 || quantum < 256 || memoryLimit < 1 || dropBatchSize < 1) {
                throw new IllegalArgumentException("fq_codel wants 1-65536 flows, a limit, a quantum of at least"
                        + " 256 bytes, a memory limit and a drop batch of at least 1");
            }
        }

        /** {@code fq_codel_init}'s defaults on a device of {@code mtu} octets, as Linux has them from 4.7. */
        public static Params linux(int mtu) {
            return linux(mtu, OverlimitDrop.BATCH);
        }

        /**
         * {@code fq_codel_init}'s defaults on a device of {@code mtu} octets, with the kernel's
         * overlimit rule ({@link OverlimitDrop}, which {@code KernelRules} resolves from the
         * version); the other defaults are the same from 3.5 to 6.x.
         */
        public static Params linux(int mtu, OverlimitDrop overlimit) {
            int quantum = mtu + ETH_HLEN;
            Codel.Params codel = Codel.Params.linux(quantum);
            return switch (overlimit) {
                case ONE_PACKET -> new Params(1024, 10 * 1024, quantum, Long.MAX_VALUE, 1, false, codel);
                case BATCH -> new Params(1024, 10 * 1024, quantum, 32L << 20, 64, true, codel);
            };
        }
    }

    /**
     * What one overlimit drops ({@code fq_codel_drop}), by kernel. Eric Dumazet's "fq_codel: add
     * memory limitation per queue" and "fq_codel: add batch ability to fq_codel_drop()" (May 2016)
     * came in together with Linux 4.7.
     */
    public enum OverlimitDrop {
        /** Before 4.7: one packet from the bucket with the most bytes; no memory limit; CoDel's count untouched. */
        ONE_PACKET,
        /**
         * From 4.7: up to {@code drop_batch_size} (64) packets, until half the bucket's bytes are gone,
         * also when {@code memory_limit} (32 MB of truesize) is passed; the bucket's CoDel count is
         * raised by the packets dropped.
         */
        BATCH
    }

    /** One bucket ({@code struct fq_codel_flow}): its FIFO with enqueue times, deficit and CoDel. */
    private final class Flow implements Codel.Queue {
        final int index;
        final Codel codel;
        Packet[] packets = new Packet[8];
        int[] times = new int[8];
        int head;
        int size;
        int deficit;
        long bytes;
        /** On {@code new_flows} or {@code old_flows} ({@code !list_empty(&flow->flowchain)}). */
        boolean listed;
        private int lastTime;

        Flow(int index) {
            this.index = index;
            this.codel = new Codel(params.codel());
        }

        void add(Packet p, int time) {
            if (size == packets.length) {
                grow();
            }
            int tail = (head + size) & (packets.length - 1);
            packets[tail] = p;
            times[tail] = time;
            size++;
            bytes += p.length();
        }

        private void grow() {
            Packet[] np = new Packet[packets.length * 2];
            int[] nt = new int[packets.length * 2];
            for (int i = 0; i < size; i++) {
                np[i] = packets[(head + i) & (packets.length - 1)];
                nt[i] = times[(head + i) & (packets.length - 1)];
            }
            packets = np;
            times = nt;
            head = 0;
        }

        /** {@code dequeue_head} with its accounting: the head packet out of the bucket and the qdisc's counts. */
        Packet removeHead() {
            if (size == 0) {
                return null;
            }
            Packet p = packets[head];
            packets[head] = null;
            lastTime = times[head];
            head = (head + 1) & (packets.length - 1);
            size--;
            bytes -= p.length();
            qlen--;
            backlogBytes -= p.length();
            memoryUsage -= truesize(p.length());
            return p;
        }

        @Override
        public Packet dequeue() {
            return removeHead();
        }

        @Override
        public int enqueueTime() {
            return lastTime;
        }

        @Override
        public void drop(Packet p) {
            codelDropped++;
            drops.dropped(p, TxDrop.CODEL, dropAt);
        }

        @Override
        public long backlog() {
            return backlogBytes;
        }
    }

    private final Params params;
    private final Flow[] flows;
    private final ArrayDeque<Flow> newFlows = new ArrayDeque<>();
    private final ArrayDeque<Flow> oldFlows = new ArrayDeque<>();
    private final Drops drops;
    private final BacklogTime time;
    private int qlen;
    private long backlogBytes;
    private long memoryUsage;
    private double dropAt;
    private long enqueued;
    private long dequeued;
    private long codelDropped;
    private long overlimitDropped;
    private long newFlowCount;

    /** A qdisc of {@code params} that tells {@code drops} each frame it drops. */
    public FqCodel(Params params, Drops drops) {
        this.params = params;
        this.drops = drops;
        this.flows = new Flow[params.flows()];
        this.time = new BacklogTime(params.limit());
    }

    /**
     * The flow hash standing for {@code sk_txhash}: a fixed 32-bit mix of the flow number (the
     * finaliser of MurmurHash3), one value per flow as one random value per socket in Linux.
     */
    static int hash(int flow) {
        int h = flow;
        h ^= h >>> 16;
        h *= 0x85EBCA6B;
        h ^= h >>> 13;
        h *= 0xC2B2AE35;
        h ^= h >>> 16;
        return h;
    }

    /** {@code fq_codel_hash}: the bucket of {@code p}, {@code reciprocal_scale(hash, flows)}. */
    public int bucketOf(Packet p) {
        return (int) (((hash(p.flow()) & 0xFFFF_FFFFL) * params.flows()) >>> 32);
    }

    /**
     * {@code skb->truesize} of a frame of {@code len} octets as MACsec's {@code skb_copy_expand}
     * allocates it ({@code __alloc_skb}): the data with {@code NET_SKB_PAD} (64) of headroom and the
     * shared info (320 octets on x86-64), rounded to the kmalloc size class, plus the
     * {@code struct sk_buff} (256 with its alignment): 2304 for a frame of 1514 octets, so 32 MB hold
     * 14563 such frames and the packet limit binds first.
     */
    static int truesize(int len) {
        int data = ((len + 64 + 63) & ~63) + 320;
        int slab = data <= 96 ? 96 : data <= 128 ? 128 : data <= 192 ? 192 : Integer.highestOneBit(data - 1) << 1;
        return slab + 256;
    }

    private Flow flow(int i) {
        Flow f = flows[i];
        if (f == null) {
            f = new Flow(i);
            flows[i] = f;
        }
        return f;
    }

    /** {@code fq_codel_enqueue}: always taken in; the qdisc over its limits drops from its fattest bucket. */
    @Override
    public boolean enqueue(Packet p, double now) {
        time.account(qlen, now);
        Flow f = flow(bucketOf(p));
        f.add(p, Codel.time(now));
        qlen++;
        backlogBytes += p.length();
        enqueued++;
        if (!f.listed) {
            f.listed = true;
            newFlows.addLast(f);
            newFlowCount++;
            f.deficit = params.quantum();
        }
        memoryUsage += truesize(p.length());
        if (qlen > params.limit() || memoryUsage > params.memoryLimit()) {
            dropFattest(now);
        }
        return true;
    }

    /** {@code fq_codel_drop}: from the head of the bucket with the most bytes, up to half of them or a batch. */
    private void dropFattest(double now) {
        Flow fat = null;
        for (Flow f : flows) {
            if (f != null && f.bytes > (fat == null ? 0 : fat.bytes)) {
                fat = f;
            }
        }
        long threshold = fat.bytes >> 1;
        long len = 0;
        int i = 0;
        do {
            Packet p = fat.removeHead();
            len += p.length();
            overlimitDropped++;
            drops.dropped(p, TxDrop.FQ_OVERLIMIT, now);
        } while (++i < params.dropBatchSize() && len < threshold);
        if (params.raiseCount()) {
            fat.codel.count += i;
        }
    }

    /** {@code fq_codel_dequeue}: deficit round robin over the buckets, new ones first, through each one's CoDel. */
    @Override
    public Packet dequeue(double now) {
        time.account(qlen, now);
        dropAt = now;
        int codelNow = Codel.time(now);
        while (true) {
            ArrayDeque<Flow> head = newFlows.isEmpty() ? oldFlows : newFlows;
            Flow f = head.peekFirst();
            if (f == null) {
                return null;
            }
            if (f.deficit <= 0) {
                f.deficit += params.quantum();
                head.pollFirst();
                oldFlows.addLast(f);
                continue;
            }
            Packet p = f.codel.dequeue(f, codelNow);
            if (p == null) {
                head.pollFirst();
                if (head == newFlows && !oldFlows.isEmpty()) {
                    oldFlows.addLast(f);
                } else {
                    f.listed = false;
                }
                continue;
            }
            f.deficit -= p.length();
            dequeued++;
            return p;
        }
    }

    /** {@code TCQ_F_CAN_BYPASS}: {@code fq_codel_init} sets it for any limit of at least one packet. */
    @Override
    public boolean canBypass() {
        return true;
    }

    @Override
    public int backlog() {
        return qlen;
    }

    @Override
    public int limit() {
        return params.limit();
    }

    @Override
    public long enqueued() {
        return enqueued;
    }

    @Override
    public long dropped() {
        return codelDropped + overlimitDropped;
    }

    @Override
    public long dequeued() {
        return dequeued;
    }

    /** Frames CoDel dropped at dequeue. */
    public long codelDropped() {
        return codelDropped;
    }

    /** Frames {@code fq_codel_drop} dropped over the limits ({@code drop_overlimit}). */
    public long overlimitDropped() {
        return overlimitDropped;
    }

    /** Buckets that joined {@code new_flows} ({@code new_flow_count}). */
    public long newFlowCount() {
        return newFlowCount;
    }

    /** Bytes queued now ({@code sch->qstats.backlog}). */
    public long backlogBytes() {
        return backlogBytes;
    }

    /** {@code skb->truesize} bytes queued now ({@code memory_usage}). */
    public long memoryUsage() {
        return memoryUsage;
    }

    /** The packets queued in bucket {@code i} now. */
    public int bucketLength(int i) {
        return flows[i] == null ? 0 : flows[i].size;
    }

    public Params params() {
        return params;
    }

    @Override
    public double[] nsAtBacklog(double now) {
        return time.until(qlen, now);
    }
}
