package org.cryptorder.net;

/**
 * Why a TX queue of the lower device dropped a frame that MACsec handed down: the reasons of the
 * NIC's {@code txDrops} signal ({@code <host>.eth0.tx.drop}). Linux counts both among the qdisc's
 * or the device's drops ({@code tc -s qdisc show}, {@code tx_dropped}); the MACsec device's own
 * counters skip them ({@code count_tx}).
 */
public enum TxDrop {
    /**
     * The qdisc was full: {@code pfifo_fast_enqueue} found {@code tx_queue_len} packets in the
     * band ({@code qdisc_drop}).
     */
    QDISC_FULL,
    /**
     * No qdisc ({@code noqueue}) and the driver had stopped the queue: its ring was short of
     * descriptors or BQL's limit was reached; {@code __dev_queue_xmit} drops the frame
     * ("Virtual device ... asks to queue packet!").
     */
    RING_FULL
}
