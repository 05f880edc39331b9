package org.cryptorder.macsec;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * GCM's universal hash, GHASH (NIST SP 800-38D 6.4), for one hash subkey H, in Java: a
 * multiplication by H in GF(2^128) is 16 table look-ups, one per octet of the block, in a table of
 * H times each value of each octet (64 KB, computed once per key).
 *
 * <p>The JDK's GHASH uses the CPU's carry-less multiply, but only inside its own GCM, whose every
 * {@code Cipher.init} builds a new hash state; this one is built once per key and costs nothing
 * per operation beyond its blocks (about 25 ns each on the build machine, against the JDK's
 * fraction of a nanosecond), which is cheaper for short inputs only (see {@link GcmEngine}).
 *
 * <p>Not thread-safe: the running hash is held in the instance.
 */
final class Ghash {
    private static final VarHandle LONG_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    /** The reduction of x^128 = x^7 + x^2 + x + 1, in GCM's reflected bit order. */
    private static final long R = 0xE100000000000000L;

    /** At {@code 2 * (256 * i + v)} and the next: H times octet value v at octet i of a block, high and low halves. */
    private final long[] table = new long[16 * 256 * 2];
    private long yHi;
    private long yLo;

    /** @param h the 16-octet hash subkey, E_K(0^128), from {@code off} */
    Ghash(byte[] h, int off) {
        long[] p = new long[128 * 2];  // H * x^j for j = 0 .. 127
        long hi = (long) LONG_BE.get(h, off);
        long lo = (long) LONG_BE.get(h, off + 8);
        for (int j = 0; j < 128; j++) {
            p[2 * j] = hi;
            p[2 * j + 1] = lo;
            long carry = lo & 1;
            lo = (lo >>> 1) | (hi << 63);
            hi = (hi >>> 1) ^ (carry != 0 ? R : 0);
        }
        for (int i = 0; i < 16; i++) {
            for (int v = 0; v < 256; v++) {
                long th = 0;
                long tl = 0;
                for (int k = 0; k < 8; k++) {
                    if ((v & (128 >>> k)) != 0) {  // an octet's top bit is the lowest power of x
                        th ^= p[2 * (8 * i + k)];
                        tl ^= p[2 * (8 * i + k) + 1];
                    }
                }
                table[2 * (256 * i + v)] = th;
                table[2 * (256 * i + v) + 1] = tl;
            }
        }
    }

    /** Starts a new hash (Y = 0). */
    void reset() {
        yHi = 0;
        yLo = 0;
    }

    /** Hashes {@code b[off, +len)}, zero-padded to whole blocks, as GCM hashes its AAD and its ciphertext. */
    void update(byte[] b, int off, int len) {
        int end = off + (len & ~15);
        for (int i = off; i < end; i += 16) {
            block((long) LONG_BE.get(b, i), (long) LONG_BE.get(b, i + 8));
        }
        int rest = len & 15;
        if (rest != 0) {
            long hi = 0;
            long lo = 0;
            for (int k = 0; k < rest; k++) {
                long octet = b[end + k] & 0xFFL;
                if (k < 8) {
                    hi |= octet << (56 - 8 * k);
                } else {
                    lo |= octet << (120 - 8 * k);
                }
            }
            block(hi, lo);
        }
    }

    /** Hashes GCM's closing block, the AAD's and the text's lengths in bits, and writes the 16-octet hash. */
    void finish(long aadLen, long textLen, byte[] out, int off) {
        block(aadLen * 8, textLen * 8);
        LONG_BE.set(out, off, yHi);
        LONG_BE.set(out, off + 8, yLo);
    }

    /** Y = (Y + X) H. */
    private void block(long xHi, long xLo) {
        long hi = yHi ^ xHi;
        long lo = yLo ^ xLo;
        long[] t = table;
        long zh = 0;
        long zl = 0;
        for (int k = 0; k < 8; k++) {
            int a = 2 * ((k << 8) | (int) ((hi >>> (56 - 8 * k)) & 255));
            int c = 2 * (((8 + k) << 8) | (int) ((lo >>> (56 - 8 * k)) & 255));
            zh ^= t[a] ^ t[c];
            zl ^= t[a + 1] ^ t[c + 1];
        }
        yHi = zh;
        yLo = zl;
    }
}
