package org.cryptorder.transport;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The bytes a simulated TCP application sends: a deterministic function of the byte's position
 * in the stream, so the receiver can check that every byte it delivers is the one sent there
 * (misplaced, stale or corrupted data is caught, not only missing data).
 *
 * <p>The stream is cut into 8-octet words; word {@code j} (octets {@code 8j .. 8j+7}) is
 * {@code (j * 0x9E3779B97F4A7C15) ^ j}, big-endian. Consecutive words, and words a segment apart,
 * differ. Whole words are written and compared eight octets at a time.
 */
public final class TcpPayload {
    private static final long MULTIPLIER = 0x9E3779B97F4A7C15L;
    private static final VarHandle BE_LONG =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private TcpPayload() {
    }

    private static long word(long j) {
        return (j * MULTIPLIER) ^ j;
    }

    /** The byte at stream offset {@code x}. */
    public static byte at(long x) {
        return (byte) (word(x >>> 3) >>> (56 - 8 * (int) (x & 7)));
    }

    /** Writes the stream's bytes {@code [streamOffset, streamOffset+len)} to {@code buf[off..]}. */
    public static void fill(byte[] buf, int off, long streamOffset, int len) {
        int i = 0;
        while (i < len && ((streamOffset + i) & 7) != 0) {
            buf[off + i] = at(streamOffset + i);
            i++;
        }
        long j = (streamOffset + i) >>> 3;
        for (; i + 8 <= len; i += 8) {
            BE_LONG.set(buf, off + i, word(j++));
        }
        for (; i < len; i++) {
            buf[off + i] = at(streamOffset + i);
        }
    }

    /**
     * Checks {@code buf[off .. off+len)} against the stream's bytes from {@code streamOffset}.
     *
     * @return the index (0-based, within the range) of the first wrong byte, or -1 if all match
     */
    public static int firstMismatch(byte[] buf, int off, long streamOffset, int len) {
        int i = 0;
        while (i < len && ((streamOffset + i) & 7) != 0) {
            if (buf[off + i] != at(streamOffset + i)) {
                return i;
            }
            i++;
        }
        long j = (streamOffset + i) >>> 3;
        for (; i + 8 <= len; i += 8) {
            if ((long) BE_LONG.get(buf, off + i) != word(j++)) {
                break;
            }
        }
        for (; i < len; i++) {
            if (buf[off + i] != at(streamOffset + i)) {
                return i;
            }
        }
        return -1;
    }
}
