package org.cryptorder.net;

/**
 * Why a TX queue of the lower device dropped a frame that MACsec handed down: the reasons of the
 * NIC's {@code txDrops} signal ({@code <host>.eth0.tx.drop}). Linux counts each among the qdisc's
 * or the device's drops ({@code tc -s qdisc show}, {@code tx_dropped}); the MACsec device's own
 * counters skip them ({@code count_tx}). A frame refused at the handoff ({@link #QDISC_FULL},
 * {@link #RING_FULL}) is also the MACsec device's {@link MacsecDrop#LOWER_QUEUE_FULL}; one fq_codel
 * took in and dropped later ({@link #FQ_OVERLIMIT}, {@link #CODEL}) is not.
 */
public enum TxDrop {
    /**
     * The qdisc was full: {@code pfifo_fast_enqueue} found {@code tx_queue_len} packets in the
     * band ({@code qdisc_drop}).
     */
    QDISC_FULL,
    /**
     * fq_codel took the frame in, then {@code fq_codel_drop} dropped it from the head of the bucket
     * with the most bytes, because the qdisc held more than {@code limit} packets or
     * {@code memory_limit} bytes ({@code drop_overlimit}, {@code drop_overmemory}).
     */
    FQ_OVERLIMIT,
    /**
     * fq_codel's CoDel dropped the frame at dequeue: its bucket's sojourn had stayed above
     * {@code target} for an {@code interval}, and the control law asked for a drop
     * ({@code codel_dequeue}'s {@code drop_func}).
     */
    CODEL,
    /**
     * No qdisc ({@code noqueue}) and the driver had stopped the queue: its ring was short of
     * descriptors or BQL's limit was reached; {@code __dev_queue_xmit} drops the frame
     * ("Virtual device ... asks to queue packet!").
     */
    RING_FULL
}
