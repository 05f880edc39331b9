package org.cryptorder.engine;

import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import umontreal.ssj.stat.Tally;

/** A Student-t confidence interval over replications, from an SSJ {@link Tally}. */
record StudentInterval(String name, double center, double halfWidth, int replications) {

    /** The {@code level} interval for the mean of {@code measure} over {@code results}. */
    static <R> StudentInterval of(String name, double level, List<R> results,
            ToDoubleFunction<R> measure) {
        Tally tally = new Tally(name);
        results.forEach(r -> tally.add(measure.applyAsDouble(r)));
        double[] centerAndHalfWidth = new double[2];
        tally.confidenceIntervalStudent(level, centerAndHalfWidth);
        return new StudentInterval(name, centerAndHalfWidth[0], centerAndHalfWidth[1],
                tally.numberObs());
    }

    boolean contains(double x) {
        return Math.abs(x - center) <= halfWidth;
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%s = %.4f +/- %.4f (%d replications)", name, center,
                halfWidth, replications);
    }
}
