package org.cryptorder.metrics;

import java.util.Arrays;

/**
 * Which sequence numbers of a stream have already arrived, remembered for a bounded window below
 * the highest one seen, so that a duplicate can be told from a late first copy.
 *
 * <p>RFC 4737 section 6 suggests keeping "the missing packet list and the largest sequence number
 * received thus far (NextExp - 1)". This class keeps the equivalent as one bit per sequence number
 * for the {@code window} numbers just below {@code NextExp}: bit set means the number has arrived.
 * A number further than {@code window} below {@code NextExp} is reported as
 * {@link Arrival#BEYOND_WINDOW}: whether it is a duplicate can no longer be decided.
 *
 * <p>Memory is {@code window / 8} bytes; {@link #arrive} costs O(1) amortised (a forward jump of
 * {@code k} numbers clears {@code k} bits, word by word) and allocates nothing.
 */
final class SeenSequences {

    /** What an arriving sequence number is, relative to those seen before it. */
    enum Arrival {
        /** The first arrival of the stream. */
        FIRST,
        /** Larger than every earlier arrival ({@code s >= NextExp}). */
        NEW_HIGHEST,
        /** Smaller than an earlier arrival and not seen before ({@code s < NextExp}). */
        LATE,
        /** Seen before: a duplicate copy. */
        DUPLICATE,
        /** Smaller than {@code NextExp - window}: too old to tell a duplicate from a late copy. */
        BEYOND_WINDOW
    }

    private final long[] bits;
    private final int window;
    private final long mask;
    private boolean started;
    private long nextExp;

    /**
     * @param window how many sequence numbers below {@code NextExp} are remembered; a power of two,
     *     at least 64
     */
    SeenSequences(int window) {
        if (window < 64 || Integer.bitCount(window) != 1) {
            throw new IllegalArgumentException("window must be a power of two >= 64: " + window);
        }
        this.window = window;
        this.mask = window - 1L;
        this.bits = new long[window >>> 6];
    }

    /** Classifies {@code s} and records it as seen. */
    Arrival arrive(long s) {
        if (!started) {
            started = true;
            nextExp = s + 1;
            set(s);
            return Arrival.FIRST;
        }
        if (s >= nextExp) {
            long jump = s + 1 - nextExp;
            if (jump >= window) {
                Arrays.fill(bits, 0L);
            } else {
                clearRange(nextExp, s);
            }
            set(s);
            nextExp = s + 1;
            return Arrival.NEW_HIGHEST;
        }
        if (s < nextExp - window) {
            return Arrival.BEYOND_WINDOW;
        }
        int index = (int) (s & mask);
        long bit = 1L << (index & 63);
        long word = bits[index >>> 6];
        if ((word & bit) != 0) {
            return Arrival.DUPLICATE;
        }
        bits[index >>> 6] = word | bit;
        return Arrival.LATE;
    }

    /** Whether any sequence number has arrived. */
    boolean started() {
        return started;
    }

    /** {@code NextExp}: one more than the highest sequence number seen; undefined before the first. */
    long nextExpected() {
        return nextExp;
    }

    /** The number of sequence numbers remembered below {@code NextExp}. */
    int window() {
        return window;
    }

    private void set(long s) {
        int index = (int) (s & mask);
        bits[index >>> 6] |= 1L << (index & 63);
    }

    /** Clears the bits of {@code from .. toExclusive-1}; fewer than {@code window} numbers. */
    private void clearRange(long from, long toExclusive) {
        long s = from;
        while (s < toExclusive) {
            int index = (int) (s & mask);
            int offset = index & 63;
            long remaining = toExclusive - s;
            if (offset == 0 && remaining >= 64) {
                bits[index >>> 6] = 0L;
                s += 64;
            } else {
                bits[index >>> 6] &= ~(1L << offset);
                s++;
            }
        }
    }
}
