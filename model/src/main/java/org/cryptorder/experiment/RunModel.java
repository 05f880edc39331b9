package org.cryptorder.experiment;

import java.util.List;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.experiment.output.Metrics;
import org.cryptorder.experiment.output.Recording;
import org.cryptorder.experiment.records.ResolvedRun;

/**
 * The model an experiment runs: one replication of one configuration in, its metrics out. The
 * runner owns sweeps, replications, threads and files; a model owns nothing between calls and is
 * called from several threads at once, each call with its own replication.
 *
 * <p>Common random numbers: replication r of every configuration must draw its random numbers
 * from {@code streams.stream(name, r)} only, so that configurations compared in one experiment
 * see the same numbers for the parts they share.
 */
public interface RunModel {

    /** Something a configuration asks for that this model cannot do yet. */
    record Unsupported(String path, String reason) {
    }

    /** The metric columns, in order; every {@link Metrics} returned by {@link #run} has exactly these. */
    List<String> metricNames();

    /**
     * What in {@code run} this model cannot do (empty when it can run it: the default). The runner
     * asks for every configuration before running any.
     */
    default List<Unsupported> unsupported(ResolvedRun run) {
        return List.of();
    }

    /**
     * Runs replication {@code replication} of {@code run}.
     *
     * @throws ModelException when the model fails on a configuration it said it supports
     */
    Metrics run(ResolvedRun run, StreamRegistry streams, int replication) throws ModelException;

    /**
     * Runs as {@link #run(ResolvedRun, StreamRegistry, int)} and fills in {@code recording} what the
     * model can give of it; recording must not change the metrics. By default it records nothing.
     */
    default Metrics run(ResolvedRun run, StreamRegistry streams, int replication, Recording recording)
            throws ModelException {
        return run(run, streams, replication);
    }

    /** A failure of the model while running (not bad input: that is caught before). */
    final class ModelException extends Exception {
        private static final long serialVersionUID = 1L;

        public ModelException(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
