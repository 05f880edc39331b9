package org.cryptorder.experiment.records;

/**
 * One configuration of an experiment: the base with one sweep point applied and every default
 * filled in, ready for a {@link org.cryptorder.experiment.RunModel}. It is run {@code experiment().run().replications()}
 * times.
 *
 * @param index      position in the sweep's order (first sweep key outermost), from 0
 * @param experiment the configuration (its {@code sweep} is empty)
 * @param point      the swept values that made it
 */
public record ResolvedRun(int index, Experiment experiment, SweepPoint point) {
}
