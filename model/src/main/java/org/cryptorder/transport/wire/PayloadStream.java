package org.cryptorder.transport.wire;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * The bytes a simulated application sends: a deterministic function of the byte's position in
 * the stream, so the receiver can check that every byte it delivers is the one sent there
 * (misplaced, stale or corrupted data is caught, not only missing data). TCP sends the stream in
 * order; each UDP datagram carries the piece of it that its sequence number selects ({@link
 * UdpWire}).
 *
 * <p>The stream repeats with a period of {@link #PERIOD} octets, as iperf3's does (it sends the
 * same buffer of {@code -l} octets, 128 KiB for TCP, again and again). Within a period it is cut
 * into 8-octet words; word {@code j} is {@code (j * 0x9E3779B97F4A7C15) ^ j}, big-endian, so
 * consecutive words, and words a segment apart, differ. The period is 8 times a prime number of
 * words (8191): data misplaced by a whole number of segments goes unnoticed only if it moved by a
 * multiple of 8191 segments (11.6 MB with 1416-octet segments), and a sequence-number wrap (2^32)
 * is not a multiple of it.
 *
 * <p>Why a period: the stream is kept once, with running sums of its 16-bit words, so that
 * writing a segment is one array copy, checking it one vectorised comparison, and its TCP
 * checksum two table look-ups (an aperiodic stream cost about 13% of a TCP run's time in
 * computing, comparing and adding up every word). The tables take 384 KiB, shared by all runs.
 */
public final class PayloadStream {
    /** The stream's period, octets: 8 x 8191. */
    public static final int PERIOD = 8 * 8191;
    /** The longest range written or checked at once (an IPv4 packet's limit). */
    private static final int MAX_LEN = 0xffff;
    private static final long MULTIPLIER = 0x9E3779B97F4A7C15L;
    private static final VarHandle BE_LONG =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final int MOD = 0xffff;

    /** One period and then {@link #MAX_LEN} more of the stream: any range is contiguous in it. */
    private static final byte[] STREAM = new byte[PERIOD + MAX_LEN + 1];
    /** {@code EVEN[k]}: the sum of the 16-bit words at octets 2i, 2i+1 for i < k, modulo 0xffff. */
    private static final char[] EVEN;
    /** {@code ODD[k]}: the sum of the 16-bit words at octets 2i+1, 2i+2 for i < k, modulo 0xffff. */
    private static final char[] ODD;

    static {
        for (int i = 0; i + 8 <= STREAM.length; i += 8) {
            long j = (i % PERIOD) >>> 3;
            BE_LONG.set(STREAM, i, (j * MULTIPLIER) ^ j);
        }
        EVEN = runningSums(0);
        ODD = runningSums(1);
    }

    private PayloadStream() {
    }

    private static char[] runningSums(int from) {
        int words = (STREAM.length - from) / 2;
        char[] sums = new char[words + 1];
        int s = 0;
        for (int k = 0; k < words; k++) {
            int p = from + 2 * k;
            s = (s + (((STREAM[p] & 0xff) << 8) | (STREAM[p + 1] & 0xff))) % MOD;
            sums[k + 1] = (char) s;
        }
        return sums;
    }

    private static int start(long streamOffset, int len) {
        if (streamOffset < 0 || len < 0 || len > MAX_LEN) {
            throw new IllegalArgumentException("stream range out of bounds: " + len + " octets from " + streamOffset);
        }
        return (int) (streamOffset % PERIOD);
    }

    /** The byte at stream offset {@code x}. */
    public static byte at(long x) {
        return STREAM[start(x, 0)];
    }

    /** Writes the stream's bytes {@code [streamOffset, streamOffset+len)} to {@code buf[off..]}. */
    public static void fill(byte[] buf, int off, long streamOffset, int len) {
        System.arraycopy(STREAM, start(streamOffset, len), buf, off, len);
    }

    /**
     * Writes as {@link #fill} does and returns the Internet checksum sum of the octets written,
     * taken as 16-bit words from {@code buf[off]}: a number congruent modulo 0xffff to the
     * unfolded sum {@link InternetChecksum#add} gives, which is what {@link
     * InternetChecksum#finish} needs of it once added to a sum that is not zero (a TCP checksum
     * always includes the pseudo header's protocol number).
     */
    public static long fillAndSum(byte[] buf, int off, long streamOffset, int len) {
        int s = start(streamOffset, len);
        System.arraycopy(STREAM, s, buf, off, len);
        return sum(s, len);
    }

    /**
     * Checks {@code buf[off .. off+len)} against the stream's bytes from {@code streamOffset} and,
     * if all match, returns their checksum sum as {@link #fillAndSum} does.
     *
     * @return the sum (at least 0), or -1 if any octet differs from the stream's (or the range
     *     starts before the stream)
     */
    public static long sumIfIntact(byte[] buf, int off, long streamOffset, int len) {
        if (streamOffset < 0 && len > 0) {
            return -1;  // a segment placed before the stream (a damaged sequence number) holds none of it
        }
        int s = start(Math.max(0, streamOffset), len);
        return Arrays.mismatch(buf, off, off + len, STREAM, s, s + len) < 0 ? sum(s, len) : -1;
    }

    /**
     * Checks {@code buf[off .. off+len)} against the stream's bytes from {@code streamOffset}.
     *
     * @return the index (0-based, within the range) of the first wrong byte, or -1 if all match
     */
    public static int firstMismatch(byte[] buf, int off, long streamOffset, int len) {
        if (streamOffset < 0) {
            return len > 0 ? 0 : -1;  // before the stream: no octet there is the stream's
        }
        int s = start(streamOffset, len);
        return Arrays.mismatch(buf, off, off + len, STREAM, s, s + len);
    }

    /** The checksum sum, modulo 0xffff, of {@code STREAM[s .. s+len)} taken as 16-bit words from {@code s}. */
    private static long sum(int s, int len) {
        char[] sums = (s & 1) == 0 ? EVEN : ODD;
        int k = s >>> 1;
        int words = len >>> 1;
        int r = sums[k + words] - sums[k];
        if (r < 0) {
            r += MOD;
        }
        if ((len & 1) != 0) {
            r += (STREAM[s + len - 1] & 0xff) << 8;
        }
        return r;
    }
}
