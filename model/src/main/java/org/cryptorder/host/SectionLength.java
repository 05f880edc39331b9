package org.cryptorder.host;

import umontreal.ssj.rng.RandomStream;

/** Distribution of the length of kernel FPU sections, with a given mean. */
public enum SectionLength {
    EXPONENTIAL,
    DETERMINISTIC,
    /** Pareto with shape 2.5 (finite variance, heavy tail): scale = mean * (shape - 1) / shape. */
    PARETO;

    static final double PARETO_SHAPE = 2.5;

    /** One sample, ns (not rounded). */
    public double sample(RandomStream s, double meanNs) {
        return switch (this) {
            case DETERMINISTIC -> meanNs;
            case EXPONENTIAL -> -meanNs * Math.log1p(-s.nextDouble());
            case PARETO -> meanNs * (PARETO_SHAPE - 1) / PARETO_SHAPE * Math.pow(1 - s.nextDouble(), -1 / PARETO_SHAPE);
        };
    }
}
