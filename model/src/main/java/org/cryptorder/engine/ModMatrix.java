package org.cryptorder.engine;

import java.util.Arrays;

/**
 * An immutable 3x3 matrix over the integers modulo {@code m < 2^32}: the transition matrix of
 * one component of MRG32k3a, or a power of it that jumps the generator ahead.
 */
final class ModMatrix {

    private final long modulus;
    private final long[] entries;

    /** The matrix with the given nine entries, row by row; each is reduced modulo {@code modulus}. */
    ModMatrix(long modulus, long... rowMajor) {
        if (modulus <= 1 || modulus > 0xFFFF_FFFFL || rowMajor.length != 9) {
            throw new IllegalArgumentException("need 1 < modulus < 2^32 and 9 entries");
        }
        this.modulus = modulus;
        this.entries = new long[9];
        for (int i = 0; i < 9; i++) {
            entries[i] = Math.floorMod(rowMajor[i], modulus);
        }
    }

    /** The entry in row {@code row}, column {@code column}, in [0, modulus). */
    long get(int row, int column) {
        return entries[3 * row + column];
    }

    /** This matrix times {@code other}, modulo the common modulus. */
    ModMatrix times(ModMatrix other) {
        long[] product = new long[9];
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                long sum = 0;
                for (int k = 0; k < 3; k++) {
                    sum += mulMod(get(i, k), other.get(k, j));
                }
                product[3 * i + j] = sum % modulus;
            }
        }
        return new ModMatrix(modulus, product);
    }

    /** This matrix raised to the power 2^{@code k}, by {@code k} squarings. */
    ModMatrix toPowerOfTwo(int k) {
        ModMatrix result = this;
        for (int i = 0; i < k; i++) {
            result = result.times(result);
        }
        return result;
    }

    /** This matrix raised to the power {@code exponent >= 0}, by binary exponentiation. */
    ModMatrix pow(long exponent) {
        if (exponent < 0) {
            throw new IllegalArgumentException("negative exponent " + exponent);
        }
        ModMatrix result = new ModMatrix(modulus, 1, 0, 0, 0, 1, 0, 0, 0, 1);
        ModMatrix square = this;
        for (long e = exponent; e != 0; e >>>= 1) {
            if ((e & 1) != 0) {
                result = result.times(square);
            }
            square = square.times(square);
        }
        return result;
    }

    /** This matrix times the column vector {@code v} (three entries in [0, modulus)). */
    long[] apply(long[] v) {
        long[] out = new long[3];
        for (int i = 0; i < 3; i++) {
            out[i] = (mulMod(get(i, 0), v[0]) + mulMod(get(i, 1), v[1]) + mulMod(get(i, 2), v[2]))
                    % modulus;
        }
        return out;
    }

    /** a*b mod m for a, b < 2^32: the product is below 2^64, exact as an unsigned long. */
    private long mulMod(long a, long b) {
        return Long.remainderUnsigned(a * b, modulus);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ModMatrix other && other.modulus == modulus
                && Arrays.equals(other.entries, entries);
    }

    @Override
    public int hashCode() {
        return 31 * Long.hashCode(modulus) + Arrays.hashCode(entries);
    }

    @Override
    public String toString() {
        return "mod " + modulus + " " + Arrays.toString(entries);
    }
}
