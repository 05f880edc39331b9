package org.cryptorder.transport.tcp;

/**
 * The growth of the rings the TCP model keeps as parallel arrays, a {@code head} index and a count
 * (the socket backlog, the receive queue's skbs, the arrival log): a full ring's entries, oldest
 * first, at the start of an array twice as long, so that the ring's head is 0 again.
 */
public final class RingArrays {
    private RingArrays() {
    }

    /** The entries of the full ring {@code ring} from {@code head}, in a new array twice as long. */
    public static long[] doubled(long[] ring, int head) {
        long[] r = new long[2 * ring.length];
        System.arraycopy(ring, head, r, 0, ring.length - head);
        System.arraycopy(ring, 0, r, ring.length - head, head);
        return r;
    }

    /** The entries of the full ring {@code ring} from {@code head}, in a new array twice as long. */
    public static int[] doubled(int[] ring, int head) {
        int[] r = new int[2 * ring.length];
        System.arraycopy(ring, head, r, 0, ring.length - head);
        System.arraycopy(ring, 0, r, ring.length - head, head);
        return r;
    }

    /** The entries of the full ring {@code ring} from {@code head}, in a new array twice as long. */
    public static byte[][] doubled(byte[][] ring, int head) {
        byte[][] r = new byte[2 * ring.length][];
        System.arraycopy(ring, head, r, 0, ring.length - head);
        System.arraycopy(ring, 0, r, ring.length - head, head);
        return r;
    }
}
