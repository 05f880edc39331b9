package org.cryptorder.experiment.output;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.cryptorder.experiment.records.ResolvedRun;
import umontreal.ssj.stat.Tally;

/**
 * One configuration's metrics across its replications: per metric the mean and the half-width of
 * the 95% Student-t confidence interval (SSJ {@code Tally}), and the precision targets
 * ({@code run.targetHalfWidth}) it missed.
 *
 * @param run       the configuration
 * @param estimates per metric column, in table order
 * @param missed    the targets not reached
 */
public record ConfigurationSummary(ResolvedRun run, Map<String, Estimate> estimates, List<MissedTarget> missed) {

    /** The confidence level of every interval. */
    public static final double LEVEL = 0.95;

    public ConfigurationSummary {
        estimates = Collections.unmodifiableMap(new LinkedHashMap<>(estimates));
        missed = List.copyOf(missed);
    }

    /**
     * The estimate of one metric.
     *
     * @param mean         mean over the replications where it was defined (NaN if none)
     * @param halfWidth    95% Student-t half-width (NaN with fewer than two replications)
     * @param observations replications where it was defined (not NaN)
     */
    public record Estimate(double mean, double halfWidth, int observations) {
    }

    /**
     * A precision target not reached.
     *
     * @param metric            the metric column
     * @param halfWidth         the half-width reached (NaN with one replication)
     * @param target            the half-width asked for
     * @param replicationsNeeded about how many replications would reach it ({@code n (h/target)^2}),
     *                          or 0 when it cannot be told
     */
    public record MissedTarget(String metric, double halfWidth, double target, int replicationsNeeded) {
    }

    /**
     * The summary of one configuration from its replications' values.
     *
     * @param values  per metric column, the values of replications 0, 1, ... in order
     * @param targets wanted half-widths per metric
     */
    public static ConfigurationSummary of(ResolvedRun run, Map<String, double[]> values, Map<String, Double> targets) {
        Map<String, Estimate> estimates = new LinkedHashMap<>();
        for (Map.Entry<String, double[]> e : values.entrySet()) {
            estimates.put(e.getKey(), estimate(e.getKey(), e.getValue()));
        }
        List<MissedTarget> missed = new ArrayList<>();
        for (Map.Entry<String, Double> t : targets.entrySet()) {
            Estimate est = estimates.get(t.getKey());
            if (est == null) {
                continue;
            }
            double h = est.halfWidth();
            if (!(h <= t.getValue())) {
                int needed = Double.isFinite(h) ? (int) Math.min(Integer.MAX_VALUE,
                        Math.ceil(est.observations() * (h / t.getValue()) * (h / t.getValue()))) : 0;
                missed.add(new MissedTarget(t.getKey(), h, t.getValue(), needed));
            }
        }
        return new ConfigurationSummary(run, estimates, missed);
    }

    private static Estimate estimate(String name, double[] values) {
        Tally tally = new Tally(name);
        for (double v : values) {
            if (!Double.isNaN(v)) {
                tally.add(v);
            }
        }
        return estimate(tally);
    }

    /** The mean and 95% Student-t half-width of what {@code tally} holds (NaN where it cannot tell). */
    public static Estimate estimate(Tally tally) {
        int n = tally.numberObs();
        if (n == 0) {
            return new Estimate(Double.NaN, Double.NaN, 0);
        }
        if (n == 1) {
            return new Estimate(tally.average(), Double.NaN, 1);
        }
        double[] ci = new double[2];
        tally.confidenceIntervalStudent(LEVEL, ci);
        return new Estimate(ci[0], ci[1], n);
    }

    /** The estimate of one metric column. */
    public Estimate estimate(String metric) {
        Estimate e = estimates.get(metric);
        if (e == null) {
            throw new IllegalArgumentException("no metric " + metric);
        }
        return e;
    }
}
