package org.cryptorder.metrics;

/**
 * The count, sum and largest value of a stream of whole-number samples (reordering extents and
 * gaps in packets, late times in ns), in constant memory; the mean and the largest are 0 while there
 * is no sample. Read-only outside this package: the metric that owns it adds the samples and
 * clears it.
 */
public final class LongTally {
    private long count;
    private long sum;
    private long max;

    void add(long x) {
        count++;
        sum += x;
        if (count == 1 || x > max) {
            max = x;
        }
    }

    void reset() {
        count = 0;
        sum = 0;
        max = 0;
    }

    /** Samples added since construction or the last reset. */
    public long count() {
        return count;
    }

    /** Their sum (for pooling: mean = sum / count). */
    public long sum() {
        return sum;
    }

    /** The largest sample; 0 when there is none. */
    public long max() {
        return max;
    }

    /** The mean sample; 0 when there is none. */
    public double mean() {
        return count == 0 ? 0.0 : (double) sum / count;
    }
}
