package org.cryptorder.cli.bench;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.cryptorder.macsec.GcmEngine;

/**
 * The AES-GCM operations an engine performed, counted by shape (key length, AAD, text and ICV
 * lengths) so that {@link CryptoFloor} can perform the same operations alone. Counting allocates
 * nothing once a shape has been seen (an open-addressing table of packed shapes).
 */
public final class AeadTally implements GcmEngine.Observer {
    /** One shape of operation and how often it was sealed and opened. */
    public record Shape(int keyBytes, int aadLen, int textLen, int icvLen, long seals, long opens) {
    }

    private static final long EMPTY = -1;

    private long[] keys = newKeys(64);
    private long[] seals = new long[64];
    private long[] opens = new long[64];
    private int size;

    @Override
    public void sealed(int keyBytes, int aadLen, int textLen, int icvLen) {
        int i = slot(pack(keyBytes, aadLen, textLen, icvLen));  // before reading the field: slot may grow the table
        seals[i]++;
    }

    @Override
    public void opened(int keyBytes, int aadLen, int textLen, int icvLen) {
        int i = slot(pack(keyBytes, aadLen, textLen, icvLen));
        opens[i]++;
    }

    /** Encryptions counted. */
    public long seals() {
        long n = 0;
        for (long s : seals) {
            n += s;
        }
        return n;
    }

    /** Decryptions counted. */
    public long opens() {
        long n = 0;
        for (long o : opens) {
            n += o;
        }
        return n;
    }

    /** Octets of text and AAD over every operation. */
    public long octets() {
        long n = 0;
        for (Shape s : shapes()) {
            n += (s.seals() + s.opens()) * (long) (s.aadLen() + s.textLen());
        }
        return n;
    }

    /** Every shape seen, by key, AAD, text and ICV length. */
    public List<Shape> shapes() {
        List<Shape> out = new ArrayList<>();
        for (int i = 0; i < keys.length; i++) {
            long k = keys[i];
            if (k != EMPTY) {
                out.add(new Shape((int) (k >>> 56), (int) (k >>> 32) & 0xffffff, (int) k & 0xffffff,
                        (int) (k >>> 24) & 0xff, seals[i], opens[i]));
            }
        }
        out.sort(Comparator.comparingInt(Shape::keyBytes).thenComparingInt(Shape::aadLen)
                .thenComparingInt(Shape::textLen).thenComparingInt(Shape::icvLen));
        return out;
    }

    /** Key 8 bits, AAD 24 bits, ICV 8 bits, text 24 bits. */
    static long pack(int keyBytes, int aadLen, int textLen, int icvLen) {
        if (aadLen >>> 24 != 0 || textLen >>> 24 != 0 || keyBytes >>> 8 != 0 || icvLen >>> 8 != 0) {
            throw new IllegalArgumentException("AES-GCM operation of a shape out of range: key " + keyBytes + ", AAD "
                    + aadLen + ", text " + textLen + ", ICV " + icvLen);
        }
        return (long) keyBytes << 56 | (long) aadLen << 32 | (long) icvLen << 24 | textLen;
    }

    private int slot(long key) {
        int mask = keys.length - 1;
        int i = hash(key) & mask;
        while (keys[i] != key) {
            if (keys[i] == EMPTY) {
                if (2 * (size + 1) > keys.length) {
                    grow();
                    return slot(key);
                }
                keys[i] = key;
                size++;
                return i;
            }
            i = (i + 1) & mask;
        }
        return i;
    }

    private void grow() {
        long[] oldKeys = keys;
        long[] oldSeals = seals;
        long[] oldOpens = opens;
        keys = newKeys(2 * oldKeys.length);
        seals = new long[keys.length];
        opens = new long[keys.length];
        int mask = keys.length - 1;
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldKeys[j] != EMPTY) {
                int i = hash(oldKeys[j]) & mask;
                while (keys[i] != EMPTY) {
                    i = (i + 1) & mask;
                }
                keys[i] = oldKeys[j];
                seals[i] = oldSeals[j];
                opens[i] = oldOpens[j];
            }
        }
    }

    private static int hash(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h >>> 32);
    }

    private static long[] newKeys(int n) {
        long[] k = new long[n];
        java.util.Arrays.fill(k, EMPTY);
        return k;
    }
}
