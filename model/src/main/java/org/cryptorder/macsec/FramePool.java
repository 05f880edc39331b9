package org.cryptorder.macsec;

/**
 * Frame buffers given back once their frame is done with, for the next frame of the same size: last
 * in, first out, so the next frame is written into octets still in the cache, and at most {@value
 * #MAX} kept. One pool per sending socket, on its replication's thread.
 *
 * <p>What it saves is the allocation of a frame's buffer and the writing of fresh memory: with a new
 * 1.5 KB buffer per data frame the TCP benchmark run took about 9% more CPU time per data frame
 * (docs/validation/2026-12-08-tcp-hot-path.md). The octets of a frame are the same either way
 * ({@link MacsecFrame#allocate(int, FramePool)}).
 */
public final class FramePool {
    static final int MAX = 64;
    private final byte[][] free = new byte[MAX][];
    private int count;

    /** A buffer of exactly {@code size} octets given back earlier, or null when the last one given back is not one. */
    byte[] take(int size) {
        if (count == 0 || free[count - 1].length != size) {
            return null;
        }
        byte[] b = free[--count];
        free[count] = null;
        return b;
    }

    /** Keeps {@code b} for a later frame, unless {@value #MAX} are kept already. */
    void give(byte[] b) {
        if (count < MAX) {
            free[count++] = b;
        }
    }

    /** Buffers kept now (tests). */
    int size() {
        return count;
    }
}
