package org.cryptorder.net;

/**
 * One TX queue's queueing discipline ({@code struct Qdisc} under {@code mq}): what
 * {@link TxQueue} asks of {@link PfifoFast} and {@link FqCodel}, as {@code qdisc_enqueue} and
 * {@code dequeue_skb} ask {@code Qdisc_ops.enqueue} and {@code .dequeue}.
 *
 * <p>Accounting, for every qdisc: the frames offered to {@link #enqueue} = {@link #dequeued} +
 * {@link #dropped} + {@link #backlog}. Dropped counts the frames refused at enqueue (pfifo_fast's
 * full band) and those taken in and dropped later (fq_codel's); a frame that bypasses the qdisc is
 * never offered to it ({@link TxQueue#bypassed}).
 */
public interface Qdisc {
    /** Where a qdisc reports the queued frames it drops itself (at enqueue or at dequeue). */
    interface Drops {
        void dropped(Packet p, TxDrop reason, double now);
    }

    /** {@code enqueue} at {@code now}: false when {@code p} itself is refused (the queue is full). */
    boolean enqueue(Packet p, double now);

    /** {@code dequeue} at {@code now}: the next frame for the driver, or null when none is left. */
    Packet dequeue(double now);

    /**
     * Whether a frame that finds the qdisc empty and its queue running may skip it and go to the
     * driver at once ({@code TCQ_F_CAN_BYPASS} in {@code __dev_xmit_skb}).
     */
    boolean canBypass();

    /** Frames queued now ({@code sch->q.qlen}). */
    int backlog();

    /** The most frames it holds ({@code sch->limit}). */
    int limit();

    /** Frames taken in (a refused one is not): offered minus refused. */
    long enqueued();

    /** Frames dropped: refused at enqueue, or taken in and dropped later. */
    long dropped();

    /** Frames handed to the driver. */
    long dequeued();

    /** Time the backlog spent at each length 0..limit over [0, now], ns (a fresh array). */
    double[] nsAtBacklog(double now);
}
