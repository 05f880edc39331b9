package org.cryptorder.net;

import java.util.Locale;

/**
 * The queueing discipline of each TX queue of the lower device ({@code mq} gives every TX queue
 * one; {@code tc qdisc show}). The MACsec device itself has none ({@code IFF_NO_QUEUE}).
 */
public enum QdiscKind {
    /**
     * {@code pfifo_fast}, Linux's default ({@code net/sched/sch_generic.c}): three bands by
     * {@code skb->priority}, each a FIFO of at most {@code tx_queue_len} packets. Every frame of the
     * model has priority 0, which {@code prio2band} puts in band 1, so one FIFO stands for it.
     */
    PFIFO_FAST,
    /**
     * {@code fq_codel} ({@code net/sched/sch_fq_codel.c}), what {@code net.core.default_qdisc =
     * fq_codel} (systemd's default since 217) puts under {@code mq}: per-flow buckets served by
     * deficit round robin, new flows first, each with CoDel's drops at dequeue ({@link FqCodel}).
     */
    FQ_CODEL,
    /**
     * No qdisc ({@code noqueue}): {@code __dev_queue_xmit} hands the frame to the driver, and drops
     * it when the driver has stopped the queue ({@link TxDrop#RING_FULL}).
     */
    NOQUEUE;

    /** The name in experiment files and in {@code tc}: {@code pfifo_fast}, {@code fq_codel}, {@code noqueue}. */
    public String key() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The discipline called {@code key}, or null. */
    public static QdiscKind of(String key) {
        for (QdiscKind k : values()) {
            if (k.key().equals(key)) {
                return k;
            }
        }
        return null;
    }
}
