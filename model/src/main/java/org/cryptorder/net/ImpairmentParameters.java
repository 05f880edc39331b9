package org.cryptorder.net;

import org.cryptorder.params.Parameter;
import org.cryptorder.params.ParameterGroup;

/**
 * The keys of one direction's impairments ({@code link.impairments.aToB} and {@code .bToA}), read
 * by {@link Netem} through {@link Impairment}: netem's delay, jitter, loss (and its Gilbert-Elliott
 * model), duplication, corruption, reordering, queue limit and rate, and a deterministic reorder.
 */
public final class ImpairmentParameters {
    private ImpairmentParameters() {
    }

    private static final String OFF = "off, as tc netem without the option";
    private static final String GEMODEL = "tc's value when loss gemodel gives p alone (iproute2 tc/q_netem.c)";

    /** {@code impairment.delayUs}. */
    public static final Parameter DELAY_US = Parameter.number("delayUs", "us",
            "Extra delay, microseconds (netem delay).")
            .range(0, 10000000).byDefault(0, OFF);

    /** {@code impairment.jitterUs}. */
    public static final Parameter JITTER_US = Parameter.number("jitterUs", "us",
            "Jitter around the extra delay, microseconds.")
            .range(0, 10000000).byDefault(0, OFF);

    /** {@code impairment.delayDistribution}. */
    public static final Parameter DELAY_DISTRIBUTION = Parameter.choice("delayDistribution",
            Parameter.keysOf(Impairment.DelayDistribution.values()),
            "Distribution of the jitter, as netem's tables.")
            .byDefault("uniform", "netem's uniform jitter when no distribution table is named");

    /** {@code impairment.delayCorrelation}. */
    public static final Parameter DELAY_CORRELATION = Parameter.fraction("delayCorrelation",
            "Correlation of successive extra delays, a fraction (netem delay ... CORRELATION).").byDefault(0, OFF);

    /** {@code impairment.lossProbability}. */
    public static final Parameter LOSS_PROBABILITY = Parameter.fraction("lossProbability",
            "Independent loss (netem loss random).").byDefault(0, OFF);

    /** {@code impairment.lossCorrelation}. */
    public static final Parameter LOSS_CORRELATION = Parameter.fraction("lossCorrelation",
            "Correlation of successive losses, a fraction (netem loss random P CORRELATION).").byDefault(0, OFF);

    /** {@code impairment.duplicateProbability}. */
    public static final Parameter DUPLICATE_PROBABILITY = Parameter.fraction("duplicateProbability",
            "Chance that a frame is sent twice (netem duplicate).").byDefault(0, OFF);

    /** {@code impairment.duplicateCorrelation}. */
    public static final Parameter DUPLICATE_CORRELATION = Parameter.fraction("duplicateCorrelation",
            "Correlation of successive duplications, a fraction.").byDefault(0, OFF);

    /** {@code impairment.corruptProbability}. */
    public static final Parameter CORRUPT_PROBABILITY = Parameter.fraction("corruptProbability",
            "Chance that one random bit of a frame is flipped (the ICV then fails).").byDefault(0, OFF);

    /** {@code impairment.corruptCorrelation}. */
    public static final Parameter CORRUPT_CORRELATION = Parameter.fraction("corruptCorrelation",
            "Correlation of successive corruptions, a fraction.").byDefault(0, OFF);

    /** {@code impairment.reorderProbability}. */
    public static final Parameter REORDER_PROBABILITY = Parameter.fraction("reorderProbability",
            "Chance that a candidate frame skips the delay (netem reorder; needs delayUs).").byDefault(0, OFF);

    /** {@code impairment.reorderCorrelation}. */
    public static final Parameter REORDER_CORRELATION = Parameter.fraction("reorderCorrelation",
            "Correlation of successive reorderings, a fraction.").byDefault(0, OFF);

    /** {@code impairment.reorderGap}. */
    public static final Parameter REORDER_GAP = Parameter.integer("reorderGap", "frames",
            "netem's gap: every gap-th frame is a candidate.")
            .range(0, 1000000).byDefault(0, OFF);

    /** {@code impairment.limitFrames}. */
    public static final Parameter LIMIT_FRAMES = Parameter.integer("limitFrames", "frames",
            "Frames the stage may hold (netem limit); 0 for no limit.")
            .range(0, 100000000).byDefault(0, OFF);

    /** {@code impairment.rateMbps}. */
    public static final Parameter RATE_MBPS = Parameter.number("rateMbps", "Mbit/s",
            "netem rate: the stage's output rate, Mbit/s (a bottleneck between the hosts, queue bounded by "
                    + "limitFrames); 0 for none.")
            .with("minimum", 0).byDefault(0, OFF);

    /** {@code impairment.rateOverheadBytes}. */
    public static final Parameter RATE_OVERHEAD_BYTES = Parameter.integer("rateOverheadBytes", "octets",
            "netem rate's packet overhead: octets added to each frame's length for the rate (negative "
                    + "subtracts); needs rateMbps.")
            .range(-65535, 65535).byDefault(0, OFF);

    /** {@code gilbertElliott.p}. */
    public static final Parameter P = Parameter.fraction("p",
            "Chance per frame of moving from the good state to the bad one (netem's p); 0 turns the model "
                    + "off.").byDefault(0, OFF);

    /** {@code gilbertElliott.r}. */
    public static final Parameter R = Parameter.fraction("r",
            "Chance per frame of moving from the bad state back to the good one (netem's r).").byDefault(1, GEMODEL);

    /** {@code gilbertElliott.oneMinusH}. */
    public static final Parameter ONE_MINUS_H = Parameter.fraction("oneMinusH",
            "Chance of losing a frame in the bad state (netem's 1-h).").byDefault(1, GEMODEL);

    /** {@code gilbertElliott.oneMinusK}. */
    public static final Parameter ONE_MINUS_K = Parameter.fraction("oneMinusK",
            "Chance of losing a frame in the good state (netem's 1-k).").byDefault(0, GEMODEL);

    /** {@code deterministicReorder.everyK}. */
    public static final Parameter EVERY_K = Parameter.integer("everyK", "frames",
            "Every everyK-th frame is held back; 0 turns the rule off.")
            .range(0, 1000000000).byDefault(0, OFF);

    /** {@code deterministicReorder.offset}. */
    public static final Parameter OFFSET = Parameter.integer("offset", "frames",
            "The frame the count starts from (0: the first).")
            .range(0, 1000000000).byDefault(0, OFF);

    /** {@code deterministicReorder.displacementFrames}. */
    public static final Parameter DISPLACEMENT_FRAMES = Parameter.integer("displacementFrames", "frames",
            "How many later frames pass a held frame before it goes on.")
            .range(0, 1000000).byDefault(0, OFF);

    /** {@code deterministicReorder.holdUs}. */
    public static final Parameter HOLD_US = Parameter.number("holdUs", "us",
            "How long a held frame waits, microseconds, when displacementFrames is 0.")
            .range(0, 10000000).byDefault(0, OFF);

    /** {@code link.impairments.*.gilbertElliott}. */
    public static final ParameterGroup GILBERT_ELLIOTT = ParameterGroup.of("gilbertElliott",
            "netem's Gilbert-Elliott loss (loss gemodel p r 1-h 1-k); off while p is 0.",
            P, R, ONE_MINUS_H, ONE_MINUS_K);

    /** {@code link.impairments.*.deterministicReorder}. */
    public static final ParameterGroup DETERMINISTIC_REORDER = ParameterGroup.of("deterministicReorder",
            "Every everyK-th frame, counted from offset, held back until displacementFrames later frames have passed"
                    + " (or, with no displacement, for holdUs); off while everyK is 0.",
            EVERY_K, OFFSET, DISPLACEMENT_FRAMES, HOLD_US);

    /** One direction's impairments, {@code link.impairments.aToB} or {@code .bToA}. */
    public static final ParameterGroup IMPAIRMENT = ParameterGroup.of("impairment",
            "One direction's impairments (netem's knobs); probabilities and correlations are fractions, where tc"
                    + " takes percentages.",
            DELAY_US, JITTER_US, DELAY_DISTRIBUTION, DELAY_CORRELATION, LOSS_PROBABILITY, LOSS_CORRELATION,
            Parameter.group("gilbertElliott", GILBERT_ELLIOTT), DUPLICATE_PROBABILITY, DUPLICATE_CORRELATION,
            CORRUPT_PROBABILITY, CORRUPT_CORRELATION, REORDER_PROBABILITY, REORDER_CORRELATION, REORDER_GAP,
            Parameter.group("deterministicReorder", DETERMINISTIC_REORDER), LIMIT_FRAMES, RATE_MBPS,
            RATE_OVERHEAD_BYTES);
}
