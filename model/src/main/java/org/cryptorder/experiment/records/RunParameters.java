package org.cryptorder.experiment.records;

import java.util.List;
import java.util.Map;
import org.cryptorder.params.Parameter;
import org.cryptorder.params.ParameterGroup;

/**
 * The keys of {@code run}, read by the experiment runner: how long and how often each configuration
 * runs, its seed, the paired comparison's baseline and the precision asked of each metric.
 */
public final class RunParameters {
    private RunParameters() {
    }

    /** {@code run.durationS}. */
    public static final Parameter DURATION_S = Parameter.number("durationS", "s",
            "Simulated seconds the traffic runs, warm-up included.")
            .above(0, 86400).byDefault(1, "the model's choice: a second of simulated time");

    /** {@code run.warmupS}. */
    public static final Parameter WARMUP_S = Parameter.number("warmupS", "s",
            "Simulated seconds at the start whose observations are discarded; shorter than durationS.")
            .range(0, 86400).byDefault(0, "none: a file asks for a warm-up");

    /** {@code run.replications}. */
    public static final Parameter REPLICATIONS = Parameter.integer("replications", "replications",
            "Independent replications per configuration (substream r of every random stream for replication "
                    + "r, the same in every configuration).")
            .range(1, 10000).byDefault(5, "the model's choice: enough replications for a Student-t interval");

    /** {@code run.seed}. */
    public static final Parameter SEED = Parameter.integer("seed", "",
            "Experiment seed of the random-number streams.")
            .range(Long.MIN_VALUE, Long.MAX_VALUE).byDefault(1, "the model's choice");

    /** {@code run.baseline}. */
    public static final Parameter BASELINE = Parameter.oneOf("baseline", List.of("integer", "object"), "",
            "The configuration paired.csv compares every other one with, replication by replication (common "
                    + "random numbers make the pairs): its index in the sweep's order (the first key outermost, from "
                    + "0), or an object of swept values that names exactly one configuration, such as {\"crypto.policy\":"
                    + " \"async\"}. When absent, configuration 0.")
            .with("minimum", 0)
            .with("additionalProperties", Parameter.object("type", List.of("string", "number", "boolean")));

    /** {@code run.targetHalfWidth}. */
    public static final Parameter TARGET_HALF_WIDTH = Parameter.oneOf("targetHalfWidth", List.of("object"), "",
            "Wanted 95% confidence half-widths per metric column; a warning names those not reached. Its keys are"
                    + " the metric columns of runs.csv and wall_seconds, listed in the schema.")
                        .with("additionalProperties", Parameter.object("type", "number", "exclusiveMinimum", 0))
            .byDefault(Map.of(), "none: no precision is asked");

    /** The section {@code run}. */
    public static final ParameterGroup RUN = ParameterGroup.of("run", "How long and how often each configuration runs.",
            DURATION_S, WARMUP_S, REPLICATIONS, SEED, BASELINE, TARGET_HALF_WIDTH);
}
