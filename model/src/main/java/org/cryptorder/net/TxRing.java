package org.cryptorder.net;

import java.util.ArrayDeque;

/**
 * One TX descriptor ring of the driver (ixgbe's {@code ixgbe_ring}): the frames the driver posted
 * ({@code ixgbe_tx_map}) that the NIC has not fetched yet, then those it has fetched (their
 * descriptors written back done) that the clean has not yet freed ({@code ixgbe_clean_tx_irq}).
 * Every frame takes one descriptor: MACsec's copy is linear and its checksum already computed, so
 * {@code ixgbe_tx_csum} writes no context descriptor.
 *
 * <p>The driver stops the queue when fewer than {@code descNeeded} descriptors are unused after a
 * frame ({@code ixgbe_maybe_stop_tx} in {@code ixgbe_tx_map}), and the clean wakes it once
 * {@code wakeThreshold} are ({@code TX_WAKE_THRESHOLD}); unused is {@code ixgbe_desc_unused}: the
 * size less the descriptors in use less one. Not modelled: the descriptor cache of the NIC, the
 * RS bit's batching of write-backs, {@code xmit_more}.
 */
public final class TxRing {
    private final int size;
    private final ArrayDeque<Packet> posted = new ArrayDeque<>();
    private final ArrayDeque<Packet> done = new ArrayDeque<>();
    private double areaNs;
    private double lastChange;

    public TxRing(int size) {
        if (size < 2) {
            throw new IllegalArgumentException("a TX ring has at least 2 descriptors, got " + size);
        }
        this.size = size;
    }

    /** {@code ixgbe_tx_map}: the frame's descriptor is handed to the NIC. */
    void post(Packet p, double now) {
        if (unused() < 1) {
            throw new IllegalStateException("TX ring of " + size + " descriptors overfilled");
        }
        account(now);
        posted.add(p);
    }

    /** The oldest frame the NIC has not fetched, or null. */
    Packet nextToFetch() {
        return posted.peek();
    }

    /** The NIC fetched the oldest posted frame; its descriptor is written back done. */
    Packet fetch() {
        Packet p = posted.poll();
        done.add(p);
        return p;
    }

    /** {@code ixgbe_clean_tx_irq} frees one done descriptor: its frame, or null when none is done. */
    Packet clean(double now) {
        if (done.isEmpty()) {
            return null;
        }
        account(now);
        return done.poll();
    }

    private void account(double now) {
        areaNs += inUse() * (now - lastChange);
        lastChange = now;
    }

    /** Descriptors in use: posted and not yet cleaned. */
    public int inUse() {
        return posted.size() + done.size();
    }

    /** Descriptors done (fetched) and not yet cleaned. */
    public int doneCount() {
        return done.size();
    }

    /** {@code ixgbe_desc_unused}: the ring's size less the descriptors in use less one. */
    public int unused() {
        return size - inUse() - 1;
    }

    public int size() {
        return size;
    }

    /** Time-average of the descriptors in use over [0, now]. */
    public double meanInUse(double now) {
        return now <= 0 ? 0 : (areaNs + inUse() * (now - lastChange)) / now;
    }
}
