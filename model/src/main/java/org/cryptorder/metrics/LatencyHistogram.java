package org.cryptorder.metrics;

/**
 * A histogram of non-negative durations in constant memory, for percentiles of per-frame latency:
 * values are binned with a relative resolution of 1/32 (about 3%) from 1 ns up to 2^62 ns, like an
 * HDR histogram with 5 significant bits. A percentile is reported as the upper edge of its bin,
 * so it overstates the true value by at most one bin width.
 */
public final class LatencyHistogram {
    private static final int SUB_BITS = 5;
    private static final int SUB = 1 << SUB_BITS;
    private final long[] counts = new long[64 * SUB];
    private long total;
    private double sum;
    private long max;

    /** Records one duration in ns (rounded to whole ns; negative values count as 0). */
    public void add(double ns) {
        long v = Math.max(0, Math.round(ns));
        counts[index(v)]++;
        total++;
        sum += v;
        max = Math.max(max, v);
    }

    static int index(long v) {
        if (v < SUB) {
            return (int) v;
        }
        int magnitude = 63 - Long.numberOfLeadingZeros(v);  // >= SUB_BITS
        int shift = magnitude - SUB_BITS;
        int sub = (int) (v >>> shift) & (SUB - 1);
        return (magnitude - SUB_BITS + 1) * SUB + sub;
    }

    /** How many bins there are; bin {@code i} holds {@link #count(int)} samples up to {@link #upperEdge(int)}. */
    public int bins() {
        return counts.length;
    }

    /** Samples in bin {@code i}. */
    public long count(int i) {
        return counts[i];
    }

    /** Largest value that falls in bin {@code i}, ns. */
    public static long upperEdge(int i) {
        if (i < SUB) {
            return i;
        }
        int block = i / SUB;
        int sub = i % SUB;
        int shift = block - 1;
        return ((long) (SUB + sub + 1) << shift) - 1;
    }

    /** The value at or below which a fraction {@code q} of the samples lie (NaN when empty). */
    public double percentile(double q) {
        if (total == 0) {
            return Double.NaN;
        }
        long rank = Math.max(1, (long) Math.ceil(q * total));
        long seen = 0;
        for (int i = 0; i < counts.length; i++) {
            seen += counts[i];
            if (seen >= rank) {
                return Math.min(upperEdge(i), max);
            }
        }
        return max;
    }

    public long count() {
        return total;
    }

    public double mean() {
        return total == 0 ? Double.NaN : sum / total;
    }

    public long max() {
        return max;
    }

    /** Adds every sample of another histogram to this one. */
    public void addAll(LatencyHistogram other) {
        for (int i = 0; i < counts.length; i++) {
            counts[i] += other.counts[i];
        }
        total += other.total;
        sum += other.sum;
        max = Math.max(max, other.max);
    }

    public void reset() {
        java.util.Arrays.fill(counts, 0);
        total = 0;
        sum = 0;
        max = 0;
    }
}
