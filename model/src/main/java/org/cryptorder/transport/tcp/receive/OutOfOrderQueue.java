package org.cryptorder.transport.tcp.receive;

import java.util.Arrays;

/**
 * A receiver's out-of-order queue ({@code tp->out_of_order_queue}) reduced to what it holds:
 * disjoint, sorted ranges of stream positions received above RCV.NXT. Contiguous segments merge
 * into one range, as Linux coalesces them. Inserting reports the part already held, which Linux
 * answers with a D-SACK ({@code tcp_data_queue_ofo}).
 *
 * <p>Memory grows only when more disjoint ranges are held than ever before.
 */
final class OutOfOrderQueue {
    private long[] start = new long[16];
    private long[] end = new long[16];
    private int count;
    private long bytes;

    /** After {@link #insert}: whether part of the segment was held already, and which part. */
    private boolean overlap;
    private long overlapStart;
    private long overlapEnd;

    boolean isEmpty() {
        return count == 0;
    }

    /** Octets held. */
    long bytes() {
        return bytes;
    }

    /** Number of disjoint ranges held. */
    int ranges() {
        return count;
    }

    long firstStart() {
        return start[0];
    }

    /** The end of the highest range held (the queue must not be empty). */
    long lastEnd() {
        return end[count - 1];
    }

    boolean overlap() {
        return overlap;
    }

    long overlapStart() {
        return overlapStart;
    }

    long overlapEnd() {
        return overlapEnd;
    }

    /**
     * Adds {@code [s, e)}. Sets {@link #overlap()} and the first overlapping part (the D-SACK
     * Linux would send, extended over later overlaps).
     *
     * @return true if every octet was held already (a duplicate)
     */
    boolean insert(long s, long e) {
        overlap = false;
        int i = 0;
        while (i < count && end[i] < s) {
            i++;
        }
        int j = i;
        long ns = s;
        long ne = e;
        while (j < count && start[j] <= e) {
            long os = Math.max(s, start[j]);
            long oe = Math.min(e, end[j]);
            if (os < oe) {
                if (!overlap) {
                    overlap = true;
                    overlapStart = os;
                    overlapEnd = oe;
                } else {
                    overlapStart = Math.min(overlapStart, os);
                    overlapEnd = Math.max(overlapEnd, oe);
                }
            }
            ns = Math.min(ns, start[j]);
            ne = Math.max(ne, end[j]);
            j++;
        }
        if (j - i == 1 && start[i] <= s && e <= end[i]) {
            return true;
        }
        long held = 0;
        for (int k = i; k < j; k++) {
            held += end[k] - start[k];
        }
        replace(i, j, ns, ne);
        bytes += (ne - ns) - held;
        return false;
    }

    private void replace(int i, int j, long s, long e) {
        int removed = j - i;
        if (removed == 0) {
            if (count == start.length) {
                start = Arrays.copyOf(start, count * 2);
                end = Arrays.copyOf(end, count * 2);
            }
            System.arraycopy(start, i, start, i + 1, count - i);
            System.arraycopy(end, i, end, i + 1, count - i);
            count++;
        } else if (removed > 1) {
            System.arraycopy(start, j, start, i + 1, count - j);
            System.arraycopy(end, j, end, i + 1, count - j);
            count -= removed - 1;
        }
        start[i] = s;
        end[i] = e;
    }

    /**
     * Removes the first range if it starts at or below {@code rcvNxt} ({@code tcp_ofo_queue}).
     *
     * @return the new RCV.NXT: the range's end if above {@code rcvNxt}; {@code rcvNxt} otherwise,
     *     or -1 if no range could be taken
     */
    long takeFirstIfReachable(long rcvNxt) {
        if (count == 0 || start[0] > rcvNxt) {
            return -1;
        }
        long s = start[0];
        long e = end[0];
        bytes -= e - s;
        System.arraycopy(start, 1, start, 0, count - 1);
        System.arraycopy(end, 1, end, 0, count - 1);
        count--;
        return Math.max(e, rcvNxt);
    }
}
