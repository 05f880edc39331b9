package org.cryptorder.transport;

import java.util.Arrays;
import org.cryptorder.frame.PayloadSource;

/**
 * The buffers of one sending socket's data frames: each written from the {@link PayloadStream}
 * when the frame is first read ({@link org.cryptorder.macsec.MacsecFrame#deferred}), and taken
 * back when the receiving endpoint is done with the frame ({@code GroCell} recycles it after the
 * endpoint's receive). The last buffer given back is the next given out, so a frame is written
 * into octets the previous one left in the cache; a buffer of another length than the frame needs
 * is left to the garbage collector. At most {@value #KEPT} are kept.
 *
 * <p>Owned by the socket that sends, used on its replication's thread only.
 */
final class SegmentBuffers implements PayloadSource {
    /** Spare buffers kept at most: more than a run has frames written and not yet delivered at once. */
    static final int KEPT = 64;

    private final byte[][] spare = new byte[KEPT][];
    private int count;

    @Override
    public byte[] withRoom(long from, int len, int before, int after) {
        int total = before + len + after;
        if (count > 0 && spare[count - 1].length == total) {
            byte[] b = spare[--count];
            spare[count] = null;
            PayloadStream.fill(b, before, from, len);
            Arrays.fill(b, 0, before, (byte) 0);
            Arrays.fill(b, before + len, total, (byte) 0);
            return b;
        }
        return PayloadStream.withRoom(from, len, before, after);
    }

    @Override
    public void recycle(byte[] buf) {
        if (count < KEPT) {
            spare[count++] = buf;
        }
    }
}
