package org.cryptorder.transport.tcp.send;

import java.util.Locale;

/**
 * A streamed summary of a quantity sampled over time (cwnd after each ACK, each RTT sample): the
 * last value, the minimum, the maximum and the mean, in constant memory.
 */
public final class SampleStats {
    private long count;
    private double last = Double.NaN;
    private double min = Double.POSITIVE_INFINITY;
    private double max = Double.NEGATIVE_INFINITY;
    private double sum;

    /** Records one sample. */
    public void add(double x) {
        count++;
        last = x;
        if (x < min) {
            min = x;
        }
        if (x > max) {
            max = x;
        }
        sum += x;
    }

    /** Forgets all samples (warm-up deletion). */
    public void reset() {
        count = 0;
        last = Double.NaN;
        min = Double.POSITIVE_INFINITY;
        max = Double.NEGATIVE_INFINITY;
        sum = 0;
    }

    public long count() {
        return count;
    }

    /** The last sample, NaN if none. */
    public double last() {
        return last;
    }

    /** The smallest sample, NaN if none. */
    public double min() {
        return count == 0 ? Double.NaN : min;
    }

    /** The largest sample, NaN if none. */
    public double max() {
        return count == 0 ? Double.NaN : max;
    }

    /** The mean, NaN if none. */
    public double mean() {
        return count == 0 ? Double.NaN : sum / count;
    }

    /** An immutable copy. */
    public Summary summary() {
        return new Summary(count, last(), min(), max(), mean());
    }

    /** An immutable summary of samples: count, last, min, max, mean. */
    public record Summary(long count, double last, double min, double max, double mean) {
        @Override
        public String toString() {
            return String.format(Locale.ROOT, "n=%d last=%.6g min=%.6g max=%.6g mean=%.6g",
                    count, last, min, max, mean);
        }
    }
}
