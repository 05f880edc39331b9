package org.cryptorder.engine;

/**
 * Jumps the MRG32k3a generator ahead by whole streams (Z = 2^127 steps) and substreams
 * (W = 2^76 steps), the same partition SSJ uses, but to any stream index in O(log index)
 * matrix products instead of by constructing streams one after the other.
 *
 * <p>The state is six integers: (x0, x1, x2) modulo m1 and (y0, y1, y2) modulo m2, in the order of
 * SSJ's {@code MRG32k3a.getState()} and {@code setSeed(long[])}. One step multiplies each half by
 * its companion matrix (L'Ecuyer 1999): x3 = (1403580 x1 - 810728 x0) mod m1 and
 * y3 = (527612 y2 - 1370589 y0) mod m2.
 */
final class Mrg32k3aJump {

    static final long M1 = 4_294_967_087L;
    static final long M2 = 4_294_944_443L;

    static final ModMatrix A1 = new ModMatrix(M1, 0, 1, 0, 0, 0, 1, -810_728, 1_403_580, 0);
    static final ModMatrix A2 = new ModMatrix(M2, 0, 1, 0, 0, 0, 1, -1_370_589, 0, 527_612);

    /** log2 of the stream length Z. */
    static final int STREAM_BITS = 127;
    /** log2 of the substream length W. */
    static final int SUBSTREAM_BITS = 76;

    static final ModMatrix A1_STREAM = A1.toPowerOfTwo(STREAM_BITS);
    static final ModMatrix A2_STREAM = A2.toPowerOfTwo(STREAM_BITS);
    static final ModMatrix A1_SUBSTREAM = A1.toPowerOfTwo(SUBSTREAM_BITS);
    static final ModMatrix A2_SUBSTREAM = A2.toPowerOfTwo(SUBSTREAM_BITS);

    private Mrg32k3aJump() {
    }

    /** SSJ's default package seed, (12345 x 6): stream 0 of every named-stream count. */
    static long[] origin() {
        return new long[] {12345, 12345, 12345, 12345, 12345, 12345};
    }

    /**
     * The first state of substream {@code substream} of stream {@code stream}, counting streams
     * from {@code seed}: the state A^(Z stream + W substream) seed.
     */
    static long[] position(long[] seed, long stream, long substream) {
        ModMatrix jump1 = A1_STREAM.pow(stream).times(A1_SUBSTREAM.pow(substream));
        ModMatrix jump2 = A2_STREAM.pow(stream).times(A2_SUBSTREAM.pow(substream));
        long[] x = jump1.apply(new long[] {seed[0], seed[1], seed[2]});
        long[] y = jump2.apply(new long[] {seed[3], seed[4], seed[5]});
        return new long[] {x[0], x[1], x[2], y[0], y[1], y[2]};
    }
}
