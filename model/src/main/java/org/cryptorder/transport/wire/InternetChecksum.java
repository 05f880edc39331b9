package org.cryptorder.transport.wire;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The Internet checksum of RFC 1071: the 16-bit ones' complement of the ones' complement sum of
 * the data taken as big-endian 16-bit words, an odd last byte padded with a zero byte.
 *
 * <p>The sum is kept unfolded in a {@code long} while words are added ({@link #add}), so several
 * pieces (IPv4 pseudo header, transport header, payload) can be summed in turn, and folded once
 * ({@link #finish}). Each piece but the last must have an even length, as every piece here has.
 *
 * <p>Eight octets are added at a time as two 32-bit words: the ones' complement sum is the same
 * whatever the word size, once folded (RFC 1071 section 2(B)).
 */
public final class InternetChecksum {
    private static final VarHandle BE_LONG =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private InternetChecksum() {
    }

    /** Adds the bytes {@code buf[off .. off+len)} as 16-bit words to an unfolded sum. */
    public static long add(long sum, byte[] buf, int off, int len) {
        int end = off + (len & ~1);
        int i = off;
        for (int end8 = off + (len & ~7); i < end8; i += 8) {
            long v = (long) BE_LONG.get(buf, i);
            sum += (v >>> 32) + (v & 0xffffffffL);
        }
        for (; i < end; i += 2) {
            sum += ((buf[i] & 0xff) << 8) | (buf[i + 1] & 0xff);
        }
        if ((len & 1) != 0) {
            sum += (buf[end] & 0xff) << 8;
        }
        return sum;
    }

    /** Adds a 32-bit value as two 16-bit words (an IPv4 address in a pseudo header). */
    public static long addInt(long sum, int value) {
        return sum + (value >>> 16) + (value & 0xffff);
    }

    /** Folds the carries of an unfolded sum and returns its ones' complement, 16 bits. */
    public static int finish(long sum) {
        sum = (sum & 0xffffffffL) + (sum >>> 32);
        sum = (sum & 0xffffffffL) + (sum >>> 32);
        while ((sum >>> 16) != 0) {
            sum = (sum & 0xffff) + (sum >>> 16);
        }
        return (int) (~sum & 0xffff);
    }

    /** The checksum of {@code buf[off .. off+len)} alone. */
    public static int of(byte[] buf, int off, int len) {
        return finish(add(0, buf, off, len));
    }
}
