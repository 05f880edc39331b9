package org.cryptorder.transport.tcp.receive;

/**
 * The SACK blocks a receiver reports ({@code tp->selective_acks}, up to TCP_NUM_SACKS = 4), most
 * recently changed first, kept as {@code tcp_sack_new_ofo_skb}, {@code tcp_sack_maybe_coalesce}
 * and {@code tcp_sack_remove} keep them ({@code net/ipv4/tcp_input.c}).
 */
final class SackBlockList {
    /** TCP_NUM_SACKS. */
    static final int MAX = 4;
    /** TCP_SACK_BLOCKS_EXPECTED: a change beyond the first two flushes a compressed ACK. */
    static final int BLOCKS_EXPECTED = 2;

    private final long[] start = new long[MAX];
    private final long[] end = new long[MAX];
    private int count;

    int count() {
        return count;
    }

    long start(int i) {
        return start[i];
    }

    long end(int i) {
        return end[i];
    }

    void clear() {
        count = 0;
    }

    /**
     * A new out-of-order segment {@code [s, e)} arrived ({@code tcp_sack_new_ofo_skb}).
     *
     * @param flush called before the list changes when the change is beyond the first
     *     {@link #BLOCKS_EXPECTED} blocks ({@code tcp_sack_compress_send_ack})
     */
    void newOutOfOrder(long s, long e, Runnable flush) {
        int cur = count;
        if (cur == 0) {
            start[0] = s;
            end[0] = e;
            count = 1;
            return;
        }
        for (int k = 0; k < cur; k++) {
            if (s <= end[k] && start[k] <= e) {
                if (k >= BLOCKS_EXPECTED) {
                    flush.run();
                }
                start[k] = Math.min(start[k], s);
                end[k] = Math.max(end[k], e);
                for (; k > 0; k--) {
                    swap(k, k - 1);
                }
                if (cur > 1) {
                    coalesce();
                }
                return;
            }
        }
        if (cur >= BLOCKS_EXPECTED) {
            flush.run();
        }
        int k = cur;
        if (k >= MAX) {
            k--;
            count--;
        }
        for (; k > 0; k--) {
            start[k] = start[k - 1];
            end[k] = end[k - 1];
        }
        start[0] = s;
        end[0] = e;
        count++;
    }

    /** {@code tcp_sack_maybe_coalesce}: merges blocks the first one now touches. */
    private void coalesce() {
        int k = 1;
        while (k < count) {
            if (start[k] <= end[0] && start[0] <= end[k]) {
                start[0] = Math.min(start[0], start[k]);
                end[0] = Math.max(end[0], end[k]);
                removeAt(k);
                continue;
            }
            k++;
        }
    }

    /** {@code tcp_sack_remove}: RCV.NXT moved; drops blocks it covers, all if nothing is queued. */
    void remove(long rcvNxt, boolean queueEmpty) {
        if (queueEmpty) {
            count = 0;
            return;
        }
        int k = 0;
        while (k < count) {
            if (rcvNxt >= start[k]) {
                removeAt(k);
                continue;
            }
            k++;
        }
    }

    /** Drops block {@code k}; the blocks after it move up one place. */
    private void removeAt(int k) {
        for (int i = k; i < count - 1; i++) {
            start[i] = start[i + 1];
            end[i] = end[i + 1];
        }
        count--;
    }

    private void swap(int a, int b) {
        long s = start[a];
        long e = end[a];
        start[a] = start[b];
        end[a] = end[b];
        start[b] = s;
        end[b] = e;
    }
}
