package org.cryptorder.net;

import java.util.ArrayDeque;

/**
 * One TX queue's {@code pfifo_fast} qdisc ({@code net/sched/sch_generic.c}): a FIFO of at most
 * {@code limit} packets ({@code tx_queue_len}, 1000 for Ethernet from {@code ether_setup}), of
 * which {@code pfifo_fast_enqueue} drops what does not fit ({@code qdisc_drop}), and
 * {@code pfifo_fast_dequeue} takes the oldest.
 *
 * <p>Modelled: one band (every frame of the model has priority 0, band 1 of {@code prio2band}),
 * the limit, and the time the backlog spent at each length, for its percentiles. Not modelled: the
 * other two bands, the per-CPU statistics of the lockless variant (4.16 on), the CPU time of
 * enqueue and dequeue.
 */
public final class PfifoFast implements Qdisc {
    /** Ethernet's {@code tx_queue_len} ({@code DEFAULT_TX_QUEUE_LEN} in {@code ether_setup}). */
    public static final int TX_QUEUE_LEN = 1000;

    private final int limit;
    private final ArrayDeque<Packet> packets = new ArrayDeque<>();
    private final BacklogTime time;
    private long enqueued;
    private long dropped;
    private long dequeued;

    public PfifoFast(int limit) {
        if (limit < 1) {
            throw new IllegalArgumentException("a qdisc limit is at least one packet, got " + limit);
        }
        this.limit = limit;
        this.time = new BacklogTime(limit);
    }

    /** {@code pfifo_fast_enqueue} at {@code now}: false (a drop, counted) when the band is full. */
    @Override
    public boolean enqueue(Packet p, double now) {
        if (packets.size() >= limit) {
            dropped++;
            return false;
        }
        account(now);
        packets.add(p);
        enqueued++;
        return true;
    }

    /** {@code pfifo_fast_dequeue} at {@code now}: the oldest packet, or null. */
    @Override
    public Packet dequeue(double now) {
        if (packets.isEmpty()) {
            return null;
        }
        account(now);
        dequeued++;
        return packets.poll();
    }

    private void account(double now) {
        time.account(packets.size(), now);
    }

    /**
     * No bypass: pfifo_fast keeps no per-frame state, so an empty qdisc and a running queue send the
     * frame at once whether {@code __dev_xmit_skb} bypasses it or enqueues and dequeues it; the model
     * enqueues and dequeues, which keeps the counts of every frame.
     */
    @Override
    public boolean canBypass() {
        return false;
    }

    /** Packets queued now. */
    @Override
    public int backlog() {
        return packets.size();
    }

    @Override
    public int limit() {
        return limit;
    }

    @Override
    public long enqueued() {
        return enqueued;
    }

    @Override
    public long dropped() {
        return dropped;
    }

    @Override
    public long dequeued() {
        return dequeued;
    }

    @Override
    public double[] nsAtBacklog(double now) {
        return time.until(packets.size(), now);
    }

    /**
     * The {@code q}-quantile of a time-at-length distribution such as {@link #nsAtBacklog}: the
     * least length at or below which the backlog spent at least that share of the time; NaN for no
     * time at all.
     */
    public static double quantile(double[] nsAtLength, double q) {
        double total = 0;
        for (double t : nsAtLength) {
            total += t;
        }
        if (!(total > 0)) {
            return Double.NaN;
        }
        double sum = 0;
        for (int i = 0; i < nsAtLength.length; i++) {
            sum += nsAtLength[i];
            if (sum >= q * total) {
                return i;
            }
        }
        return nsAtLength.length - 1;
    }
}
