package org.cryptorder.charts;

/**
 * One metric of one configuration as {@code summary.csv} gives it: the mean over the replications
 * and the half-width of its 95% confidence interval.
 *
 * @param mean      NaN when undefined (an empty cell)
 * @param halfWidth NaN with one replication (an empty cell)
 */
record Estimate(double mean, double halfWidth) {
    static final Estimate UNDEFINED = new Estimate(Double.NaN, Double.NaN);

    boolean defined() {
        return !Double.isNaN(mean);
    }

    boolean hasInterval() {
        return !Double.isNaN(halfWidth);
    }

    /** The lower end of the interval (the mean without one). */
    double low() {
        return hasInterval() ? mean - halfWidth : mean;
    }

    /** The upper end of the interval (the mean without one). */
    double high() {
        return hasInterval() ? mean + halfWidth : mean;
    }

    /** Zero in every replication: a mean of 0 (a half-width of 0 or none). */
    boolean zero() {
        return mean == 0 && (!hasInterval() || halfWidth == 0);
    }

    /**
     * Whether the two intervals are apart, so the numbers support calling the means different
     * (a conservative test: non-overlapping 95% intervals). Never with a missing interval.
     */
    boolean clearlyDiffersFrom(Estimate other) {
        return defined() && other.defined() && hasInterval() && other.hasInterval()
                && (low() > other.high() || other.low() > high());
    }
}
