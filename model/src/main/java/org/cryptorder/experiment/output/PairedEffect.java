package org.cryptorder.experiment.output;

import java.util.List;

/**
 * What counts as an effect of a configuration against the baseline, for every reader of {@code
 * paired.csv} (the terminal summary of {@code run}, the report's reading and its paired table), so
 * that they cannot disagree: the 95% paired Student-t interval of the mean difference excludes 0,
 * strictly (an interval that touches 0 does not), and the difference is at least {@link #SMALLEST}
 * of the baseline's mean (any difference at all when the baseline's mean is 0). Without an interval
 * (fewer than two pairs) there is no effect.
 *
 * @param mean         mean difference, configuration minus baseline ({@code <metric>_diff_mean})
 * @param halfWidth    half-width of its 95% paired interval ({@code <metric>_diff_hw95}), NaN without one
 * @param baselineMean the baseline's mean of the metric ({@code summary.csv})
 */
public record PairedEffect(double mean, double halfWidth, double baselineMean) {
    /** The smallest difference, relative to the baseline's mean, called an effect. */
    public static final double SMALLEST = 0.01;

    /**
     * The headline metrics whose paired differences the terminal summary, the report's table and
     * its chart show, in that order.
     */
    public static final List<String> HEADLINE_METRICS = List.of("goodput_bps", "tcp_retransmits",
            "in_pkts_delayed", "udp_out_of_order", "latency_p50_us", "latency_p99_us", "cryptd_wait_mean_us",
            "cpu_kernel_worker_seconds");

    /** Whether the interval excludes 0 and the difference is large enough to matter (see the class comment). */
    public boolean isEffect() {
        if (!Double.isFinite(mean) || !Double.isFinite(halfWidth) || !Double.isFinite(baselineMean)) {
            return false;
        }
        if (!(Math.abs(mean) > halfWidth)) {
            return false;
        }
        return baselineMean == 0 ? mean != 0 : Math.abs(mean) >= SMALLEST * Math.abs(baselineMean);
    }

    /** The difference relative to the baseline's mean ({@code 0.05} for 5% more); NaN when the baseline's mean is 0. */
    public double relative() {
        return baselineMean == 0 ? Double.NaN : mean / Math.abs(baselineMean);
    }
}
