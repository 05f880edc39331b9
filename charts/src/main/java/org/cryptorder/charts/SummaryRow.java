package org.cryptorder.charts;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One configuration as {@code summary.csv} gives it: its swept values, how many replications ran,
 * and the estimate of each metric.
 *
 * @param swept        the value of each swept path, as the table writes it, in sweep order
 * @param replications replications summarised
 * @param estimates    by metric column ({@code goodput_bps}), in table order
 * @param policy       the crypto policy that ran (swept or fixed), or null when it cannot be told
 */
record SummaryRow(Map<String, String> swept, int replications, Map<String, Estimate> estimates, String policy) {
    SummaryRow {
        swept = Collections.unmodifiableMap(new LinkedHashMap<>(swept));
        estimates = Collections.unmodifiableMap(new LinkedHashMap<>(estimates));
    }

    /** The estimate of a metric, undefined when the table has no such column. */
    Estimate estimate(String metric) {
        return estimates.getOrDefault(metric, Estimate.UNDEFINED);
    }

    /** {@code async, kernel FPU busy 0.3}: the swept values in words, or {@code base} with no sweep. */
    String label() {
        if (swept.isEmpty()) {
            return policy == null ? "base" : policy;
        }
        return String.join(", ", swept.entrySet().stream().map(e -> PathLabels.legend(e.getKey(), e.getValue())).toList());
    }
}
