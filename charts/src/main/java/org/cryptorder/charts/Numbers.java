package org.cryptorder.charts;

import java.util.Locale;
import org.cryptorder.experiment.output.Csv;

/**
 * How the charts and the report write numbers: independent of the locale, three significant digits
 * for measured values, a half-width with as many decimals as its mean.
 */
final class Numbers {
    private Numbers() {
    }

    /** Decimals that give {@code v} about three significant digits (none from 100 on). */
    static int decimalsFor(double v) {
        double a = Math.abs(v);
        if (a == 0 || !Double.isFinite(a) || a >= 100) {
            return 0;
        }
        return Math.min(8, 2 - (int) Math.floor(Math.log10(a)));
    }

    static String fixed(double v, int decimals) {
        String s = String.format(Locale.ROOT, "%." + decimals + "f", v);
        return s.equals("-0") || s.matches("-0\\.0+") ? s.substring(1) : s;
    }

    /** About three significant digits: {@code 21.4}, {@code 0.0722}, {@code 2.00}, {@code 16066}. */
    static String significant(double v) {
        return Double.isNaN(v) ? "-" : fixed(v, decimalsFor(v));
    }

    /** A value as an experiment file gives it: {@code 0.3}, {@code 2000}, {@code 1.0E-4}, as the tables write it. */
    static String plain(double v) {
        return Csv.number(v);
    }

    /**
     * {@code 21.4 ± 0.9}: mean and half-width scaled, both with the decimals that give the mean about
     * three significant digits; {@code 0} alone for zero in every replication.
     */
    static String withInterval(Estimate e, double scale) {
        if (!e.defined()) {
            return "-";
        }
        if (e.zero()) {
            return "0";
        }
        int decimals = decimalsFor(e.mean() * scale);
        String mean = fixed(e.mean() * scale, decimals);
        if (!e.hasInterval()) {
            return mean;
        }
        return mean + " ± " + (e.halfWidth() == 0 ? "0" : fixed(e.halfWidth() * scale, decimals));
    }

    /**
     * {@code 50300 ± 0}: as {@link #withInterval}, but a mean of 1000 or more rounded to three
     * significant digits, its half-width to the same place: for a percentile read from a histogram
     * whose bins are about 3% wide.
     */
    static String withIntervalOfBins(Estimate e) {
        if (!e.defined() || e.zero() || Math.abs(e.mean()) < 1000) {
            return withInterval(e, 1);
        }
        double unit = Math.pow(10, Math.floor(Math.log10(Math.abs(e.mean()))) - 2);
        String mean = fixed(Math.rint(e.mean() / unit) * unit, 0);
        if (!e.hasInterval()) {
            return mean;
        }
        return mean + " ± " + fixed(Math.rint(e.halfWidth() / unit) * unit, 0);
    }

    /** A fraction as a percentage with about three significant digits: {@code 30%}, {@code 21.4%}. */
    static String percent(double fraction) {
        double p = fraction * 100;
        return (p == Math.rint(p) ? fixed(p, 0) : significant(p)) + "%";
    }
}
