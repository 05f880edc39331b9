package org.cryptorder.host;

import umontreal.ssj.rng.RandomStream;

/** Distribution of the length of kernel FPU sections, with a given mean. */
public enum SectionLength {
    EXPONENTIAL,
    DETERMINISTIC,
    /** Pareto with shape 2.5 (finite variance, heavy tail): scale = mean * (shape - 1) / shape. */
    PARETO;

    public static final double PARETO_SHAPE = 2.5;

    /** One sample, ns (not rounded). */
    public double sample(RandomStream s, double meanNs) {
        return switch (this) {
            case DETERMINISTIC -> meanNs;
            case EXPONENTIAL -> -meanNs * Math.log1p(-s.nextDouble());
            case PARETO -> pareto(s, meanNs, PARETO_SHAPE);
        };
    }

    /**
     * One Pareto sample of mean {@code mean} and shape {@code shape} (more than 1): never below the
     * scale {@code mean (shape - 1) / shape}, a heavier tail the nearer the shape is to 1.
     */
    public static double pareto(RandomStream s, double mean, double shape) {
        return mean * (shape - 1) / shape * Math.pow(1 - s.nextDouble(), -1 / shape);
    }
}
