package org.cryptorder.net;

import java.util.Objects;
import umontreal.ssj.probdist.NormalDist;

/**
 * What a {@link Netem} stage does to the frames of one link direction: the knobs of Linux
 * {@code tc qdisc ... netem} (delay with jitter, distribution and correlation; random or
 * Gilbert-Elliott loss; duplication; corruption; reordering with {@code gap}; {@code limit}), plus
 * one rule netem does not have, {@link DeterministicReorder}, for experiments with exact answers.
 * Everything is off by default ({@link #NONE}); the {@code with...} methods switch one knob on, and
 * a {@link Builder} ({@link #builder()}) sets several by name, checked together when it builds.
 *
 * <p>Units are in the names. Probabilities and correlations are fractions in [0, 1] where
 * {@code tc} takes percentages: {@code loss 1% 25%} is {@code withLoss(0.01, 0.25)}. Times are
 * microseconds, rounded to whole nanoseconds.
 *
 * <h2>Knobs and the netem behaviour each follows</h2>
 * <table>
 *   <caption>Fields, defaults, and their tc-netem counterpart</caption>
 *   <tr><th>field</th><th>default</th><th>tc netem</th></tr>
 *   <tr><td>{@code delayUs}, {@code jitterUs}, {@code delayCorrelation}</td><td>0, 0, 0</td>
 *       <td>{@code delay TIME [JITTER [CORRELATION]]}</td></tr>
 *   <tr><td>{@code delayDistribution}</td><td>{@link DelayDistribution#UNIFORM}</td>
 *       <td>{@code distribution uniform|normal|pareto|paretonormal}</td></tr>
 *   <tr><td>{@code lossProbability}, {@code lossCorrelation}</td><td>0, 0</td>
 *       <td>{@code loss random PERCENT [CORRELATION]}</td></tr>
 *   <tr><td>{@code gilbertElliott}</td><td>null (off)</td><td>{@code loss gemodel p [r [1-h [1-k]]]}</td></tr>
 *   <tr><td>{@code duplicateProbability}, {@code duplicateCorrelation}</td><td>0, 0</td>
 *       <td>{@code duplicate PERCENT [CORRELATION]}</td></tr>
 *   <tr><td>{@code corruptProbability}, {@code corruptCorrelation}</td><td>0, 0</td>
 *       <td>{@code corrupt PERCENT [CORRELATION]}</td></tr>
 *   <tr><td>{@code reorderProbability}, {@code reorderCorrelation}, {@code reorderGap}</td><td>0, 0, 0</td>
 *       <td>{@code reorder PERCENT [CORRELATION] [gap DISTANCE]}</td></tr>
 *   <tr><td>{@code deterministicReorder}</td><td>null (off)</td><td>none (not in netem)</td></tr>
 *   <tr><td>{@code limitFrames}</td><td>0 (no limit)</td><td>{@code limit PACKETS} (tc's default is 1000)</td></tr>
 *   <tr><td>{@code rateMbps}, {@code rateOverheadBytes}</td><td>0, 0 (no rate)</td>
 *       <td>{@code rate RATE [PACKETOVERHEAD]}</td></tr>
 * </table>
 *
 * <p>The same checks as {@code tc} apply: reordering needs a delay ("reordering not possible
 * without specifying some delay"), a gap needs a reorder probability, and a reorder probability
 * without a gap gets {@code gap 1} (every frame is a candidate). Random loss and the
 * Gilbert-Elliott model exclude each other, as in netem, which keeps one loss model. The 4-state
 * ({@code loss state}) model, {@code rate}'s cell size and cell overhead, {@code slot}, {@code ecn}
 * and {@code seed} are not offered; see {@link Netem} for what the stage does with these settings.
 *
 * @param delayUs              extra one-way delay (netem's latency), us
 * @param jitterUs             half-width of the delay variation (netem's jitter), us
 * @param delayDistribution    shape of the variation around {@code delayUs}
 * @param delayCorrelation     netem's delay correlation, a fraction
 * @param lossProbability      independent (or correlated) loss, per frame
 * @param lossCorrelation      netem's loss correlation, a fraction
 * @param gilbertElliott       burst loss instead of random loss, or null
 * @param duplicateProbability chance that a frame is sent twice
 * @param duplicateCorrelation netem's duplication correlation, a fraction
 * @param corruptProbability   chance that one bit of a frame is flipped
 * @param corruptCorrelation   netem's corruption correlation, a fraction
 * @param reorderProbability   chance that a candidate frame is sent at once, skipping the delay
 * @param reorderCorrelation   netem's reorder correlation, a fraction
 * @param reorderGap           netem's gap: only every {@code reorderGap}-th frame is a candidate
 * @param deterministicReorder an exact displacement rule applied after netem, or null
 * @param limitFrames          most frames the stage may hold in its delay queue; 0 for no limit
 * @param rateMbps             netem's {@code rate}: the stage's own output rate, Mbit/s; 0 for none
 * @param rateOverheadBytes    netem's {@code rate}'s packet overhead, octets added to (or, if
 *                             negative, taken from) each frame's length for the rate
 */
public record Impairment(double delayUs, double jitterUs, DelayDistribution delayDistribution,
                         double delayCorrelation, double lossProbability, double lossCorrelation,
                         GilbertElliott gilbertElliott, double duplicateProbability, double duplicateCorrelation,
                         double corruptProbability, double corruptCorrelation, double reorderProbability,
                         double reorderCorrelation, int reorderGap, DeterministicReorder deterministicReorder,
                         int limitFrames, double rateMbps, int rateOverheadBytes) {

    /** Largest packet overhead accepted, octets (tc takes an s32; no link needs more). */
    public static final int MAX_OVERHEAD = 65_535;

    /** No impairment at all: frames pass unchanged, at the time the wire delivers them. */
    public static final Impairment NONE = builder().build();

    public Impairment {
        requireTime("delayUs", delayUs);
        requireTime("jitterUs", jitterUs);
        Objects.requireNonNull(delayDistribution, "delayDistribution (UNIFORM is netem's default)");
        requireFraction("delayCorrelation", delayCorrelation);
        requireFraction("lossProbability", lossProbability);
        requireFraction("lossCorrelation", lossCorrelation);
        requireFraction("duplicateProbability", duplicateProbability);
        requireFraction("duplicateCorrelation", duplicateCorrelation);
        requireFraction("corruptProbability", corruptProbability);
        requireFraction("corruptCorrelation", corruptCorrelation);
        requireFraction("reorderProbability", reorderProbability);
        requireFraction("reorderCorrelation", reorderCorrelation);
        if (gilbertElliott != null && lossProbability > 0) {
            throw new IllegalArgumentException("random loss and the Gilbert-Elliott model exclude each other, as in netem");
        }
        if (!(rateMbps >= 0) || Double.isInfinite(rateMbps)) {
            throw new IllegalArgumentException("rateMbps must be finite and not negative (0: no rate), got " + rateMbps);
        }
        if (rateOverheadBytes != 0 && rateMbps == 0) {
            throw new IllegalArgumentException("rateOverheadBytes is an argument of rate (tc: rate RATE PACKETOVERHEAD):"
                    + " set rateMbps too");
        }
        if (rateOverheadBytes < -MAX_OVERHEAD || rateOverheadBytes > MAX_OVERHEAD) {
            throw new IllegalArgumentException("rateOverheadBytes must be within -" + MAX_OVERHEAD + " and "
                    + MAX_OVERHEAD + " octets, got " + rateOverheadBytes);
        }
        if (reorderGap < 0 || limitFrames < 0) {
            throw new IllegalArgumentException("reorderGap and limitFrames must not be negative");
        }
        if (reorderProbability > 0) {
            if (delayUs == 0) {
                throw new IllegalArgumentException("reordering not possible without specifying some delay (as tc says)");
            }
            if (reorderGap == 0) {
                reorderGap = 1;
            }
        } else if (reorderGap > 0) {
            throw new IllegalArgumentException("gap specified without reorder probability (as tc says)");
        }
    }

    /** A builder starting from {@link #NONE}: every knob off. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from this stage. */
    public Builder toBuilder() {
        return new Builder().delay(delayUs, jitterUs, delayDistribution, delayCorrelation)
                .loss(lossProbability, lossCorrelation).gilbertElliott(gilbertElliott)
                .duplicate(duplicateProbability, duplicateCorrelation).corrupt(corruptProbability, corruptCorrelation)
                .reorder(reorderProbability, reorderCorrelation, reorderGap).deterministicReorder(deterministicReorder)
                .limit(limitFrames).rate(rateMbps, rateOverheadBytes);
    }

    /** The delay knob: {@code delay delayUs jitterUs correlation distribution d}. */
    public Impairment withDelay(double delayUs, double jitterUs, DelayDistribution d, double correlation) {
        return toBuilder().delay(delayUs, jitterUs, d, correlation).build();
    }

    /** A constant extra delay: {@code delay delayUs}. */
    public Impairment withDelay(double delayUs) {
        return withDelay(delayUs, 0, DelayDistribution.UNIFORM, 0);
    }

    /** Random loss: {@code loss random probability correlation} (in place of any Gilbert-Elliott model). */
    public Impairment withLoss(double probability, double correlation) {
        return toBuilder().loss(probability, correlation).gilbertElliott(null).build();
    }

    /** Burst loss: {@code loss gemodel p r 1-h 1-k} (in place of any random loss). */
    public Impairment withGilbertElliott(GilbertElliott ge) {
        return toBuilder().loss(0, 0).gilbertElliott(ge).build();
    }

    /** Duplication: {@code duplicate probability correlation}. */
    public Impairment withDuplicate(double probability, double correlation) {
        return toBuilder().duplicate(probability, correlation).build();
    }

    /** Bit corruption: {@code corrupt probability correlation}. */
    public Impairment withCorrupt(double probability, double correlation) {
        return toBuilder().corrupt(probability, correlation).build();
    }

    /** netem reordering: {@code reorder probability correlation gap gap} (gap 0 means tc's default, 1). */
    public Impairment withReorder(double probability, double correlation, int gap) {
        return toBuilder().reorder(probability, correlation, gap).build();
    }

    /** The exact displacement rule (not in netem). */
    public Impairment withDeterministicReorder(DeterministicReorder rule) {
        return toBuilder().deterministicReorder(rule).build();
    }

    /** netem's queue limit: {@code limit frames} (0: none). */
    public Impairment withLimit(int frames) {
        return toBuilder().limit(frames).build();
    }

    /**
     * netem's {@code rate RATE [PACKETOVERHEAD]}: the stage sends at most {@code rateMbps} Mbit/s,
     * each frame counted as its length plus {@code overheadBytes} (which may be negative, as in
     * tc); 0 for no rate.
     */
    public Impairment withRate(double rateMbps, int overheadBytes) {
        return toBuilder().rate(rateMbps, overheadBytes).build();
    }

    /**
     * An {@link Impairment} by tc's knobs, each setter one knob with its arguments in tc's order.
     * Unlike the {@code with} methods it sets only what it is told, so {@link #build} refuses what tc
     * would (random loss beside a Gilbert-Elliott model, a gap without a reorder probability).
     */
    public static final class Builder {
        private double delayUs;
        private double jitterUs;
        private DelayDistribution delayDistribution = DelayDistribution.UNIFORM;
        private double delayCorrelation;
        private double lossProbability;
        private double lossCorrelation;
        private GilbertElliott gilbertElliott;
        private double duplicateProbability;
        private double duplicateCorrelation;
        private double corruptProbability;
        private double corruptCorrelation;
        private double reorderProbability;
        private double reorderCorrelation;
        private int reorderGap;
        private DeterministicReorder deterministicReorder;
        private int limitFrames;
        private double rateMbps;
        private int rateOverheadBytes;

        private Builder() {
        }

        /** {@code delay delayUs jitterUs correlation distribution d}. */
        public Builder delay(double delayUs, double jitterUs, DelayDistribution d, double correlation) {
            this.delayUs = delayUs;
            this.jitterUs = jitterUs;
            this.delayDistribution = d;
            this.delayCorrelation = correlation;
            return this;
        }

        /** {@code loss random probability correlation}. */
        public Builder loss(double probability, double correlation) {
            this.lossProbability = probability;
            this.lossCorrelation = correlation;
            return this;
        }

        /** {@code loss gemodel p r 1-h 1-k}, or null for none. */
        public Builder gilbertElliott(GilbertElliott ge) {
            this.gilbertElliott = ge;
            return this;
        }

        /** {@code duplicate probability correlation}. */
        public Builder duplicate(double probability, double correlation) {
            this.duplicateProbability = probability;
            this.duplicateCorrelation = correlation;
            return this;
        }

        /** {@code corrupt probability correlation}. */
        public Builder corrupt(double probability, double correlation) {
            this.corruptProbability = probability;
            this.corruptCorrelation = correlation;
            return this;
        }

        /** {@code reorder probability correlation gap gap}. */
        public Builder reorder(double probability, double correlation, int gap) {
            this.reorderProbability = probability;
            this.reorderCorrelation = correlation;
            this.reorderGap = gap;
            return this;
        }

        /** The exact displacement rule, or null for none. */
        public Builder deterministicReorder(DeterministicReorder rule) {
            this.deterministicReorder = rule;
            return this;
        }

        /** {@code limit frames} (0: none). */
        public Builder limit(int frames) {
            this.limitFrames = frames;
            return this;
        }

        /** {@code rate rateMbps overheadBytes} (0: no rate). */
        public Builder rate(double rateMbps, int overheadBytes) {
            this.rateMbps = rateMbps;
            this.rateOverheadBytes = overheadBytes;
            return this;
        }

        /** @throws IllegalArgumentException where tc would refuse the knobs together */
        public Impairment build() {
            return new Impairment(delayUs, jitterUs, delayDistribution, delayCorrelation, lossProbability,
                    lossCorrelation, gilbertElliott, duplicateProbability, duplicateCorrelation, corruptProbability,
                    corruptCorrelation, reorderProbability, reorderCorrelation, reorderGap, deterministicReorder,
                    limitFrames, rateMbps, rateOverheadBytes);
        }
    }

    /**
     * {@code packet_time_ns()} of {@code net/sched/sch_netem.c}: the time a frame of {@code
     * frameOctets} takes at the rate, {@code (len + packet_overhead) * NSEC_PER_SEC / rate}, with
     * the rate in octets per second, truncated to whole ns as {@code div64_u64} does.
     */
    public long packetTimeNs(int frameOctets) {
        long len = Math.max(0, (long) frameOctets + rateOverheadBytes);
        long bytesPerSecond = Math.round(rateMbps * 1e6 / 8);
        return len * 1_000_000_000L / bytesPerSecond;
    }

    /** Whether any loss model is on. */
    public boolean losesFrames() {
        return lossProbability > 0 || gilbertElliott != null;
    }

    private static void requireFraction(String what, double x) {
        if (!(x >= 0 && x <= 1)) {
            throw new IllegalArgumentException(what + " must be a fraction in [0, 1], got " + x);
        }
    }

    private static void requireTime(String what, double us) {
        if (!(us >= 0) || Double.isInfinite(us)) {
            throw new IllegalArgumentException(what + " must be finite and not negative, got " + us);
        }
    }

    /**
     * The shape of netem's delay variation. netem draws a uniform number (correlated with the
     * previous one if a correlation is set) and, for the table distributions, looks it up in a
     * table of 4096 signed 16-bit values that iproute2 builds ({@code netem/normal.c},
     * {@code pareto.c}, {@code paretonormal.c}): an inverse cumulative distribution in units of
     * {@code 1/8192} of the jitter ({@code NETEM_DIST_SCALE}). The delay is then {@code delay +
     * jitter * t}. The model evaluates the same inverse functions directly rather than through
     * the 4096-entry table (so it has no steps of 1/4096 in probability) and keeps the tables'
     * clipping to [-4, 32767/8192].
     */
    public enum DelayDistribution {
        /**
         * netem's default without a table: {@code delay - jitter + (rnd mod 2*jitter)}, uniform
         * over the whole nanoseconds of [delay - jitter, delay + jitter).
         */
        UNIFORM,
        /** Standard normal quantile: mean {@code delay}, standard deviation {@code jitter}. */
        NORMAL,
        /**
         * NIST Net's Pareto table: shape 3, scale 1, shifted by its mean 1.5 and scaled by 4/3,
         * {@code t = (V^(-1/3) - 1.5) * 4/3} with V uniform on (0, 1], clipped at 32767/8192. Its
         * smallest value is -2/3 of the jitter; the clipping moves its mean to
         * {@code -(2/3) / (1.5 + 0.75 * 32767/8192)^2}, about -0.033 jitter.
         */
        PARETO,
        /**
         * NIST Net's mixture: {@code (normal(u) + 3 * pareto(1 - u)) / 4} on the same uniform u,
         * i.e. a quarter normal and three quarters Pareto, comonotone as in the iproute2 table.
         */
        PARETONORMAL;

        /** Largest table value, in units of the jitter. */
        static final double TABLE_MAX = 32767.0 / 8192;
        /** Smallest table value, in units of the jitter. */
        static final double TABLE_MIN = -32768.0 / 8192;

        /**
         * The table value for uniform {@code u} in [0, 1), in units of the jitter (not used for
         * {@link #UNIFORM}, whose arithmetic is on whole nanoseconds).
         */
        public double quantile(double u) {
            return switch (this) {
                case UNIFORM -> 2 * u - 1;
                case NORMAL -> normal(u);
                case PARETO -> pareto(1 - u);
                case PARETONORMAL -> clip((normal(u) + 3 * pareto(1 - u)) / 4);
            };
        }

        private static double normal(double u) {
            return clip(NormalDist.inverseF01(u));
        }

        /** NIST Net's Pareto value for {@code v} in (0, 1]. */
        private static double pareto(double v) {
            return Math.min((Math.pow(v, -1.0 / 3) - 1.5) * 4.0 / 3, TABLE_MAX);
        }

        private static double clip(double t) {
            return Math.max(TABLE_MIN, Math.min(TABLE_MAX, t));
        }
    }

    /**
     * netem's Gilbert-Elliott loss model ({@code loss gemodel p [r [1-h [1-k]]]}): a two-state
     * Markov chain, Good and Bad, advanced once per frame; a frame is lost with probability
     * {@code 1-k} in Good and {@code 1-h} in Bad. With tc's defaults ({@code r = 1-p},
     * {@code 1-h = 1}, {@code 1-k = 0}) it is the simple Gilbert model: every frame in Bad is lost,
     * none in Good, and loss bursts are geometric with mean {@code 1/r} frames.
     *
     * <p>As in {@code loss_gilb_ell()} of Linux 6.x, each frame takes two draws: the first moves
     * the chain (Good to Bad with probability p, Bad to Good with probability r), the second
     * decides the loss with the loss probability of the state the frame <em>found</em>, before
     * the move. The chain starts in Good.
     *
     * @param p         Good to Bad transition probability per frame
     * @param r         Bad to Good transition probability per frame
     * @param oneMinusH loss probability in Bad (netem's "1-h")
     * @param oneMinusK loss probability in Good (netem's "1-k")
     */
    public record GilbertElliott(double p, double r, double oneMinusH, double oneMinusK) {
        public GilbertElliott {
            requireFraction("p", p);
            requireFraction("r", r);
            requireFraction("1-h", oneMinusH);
            requireFraction("1-k", oneMinusK);
        }

        /** The simple Gilbert model: all frames lost in Bad, none in Good. */
        public static GilbertElliott simple(double p, double r) {
            return new GilbertElliott(p, r, 1, 0);
        }

        /** {@code loss gemodel p} alone, with tc's defaults r = 1 - p, 1-h = 1, 1-k = 0. */
        public static GilbertElliott tcDefaults(double p) {
            return new GilbertElliott(p, 1 - p, 1, 0);
        }

        /** Long-run fraction of frames lost: {@code pi_G (1-k) + pi_B (1-h)}, pi_B = p / (p + r). */
        public double stationaryLoss() {
            if (p + r == 0) {
                return oneMinusK;
            }
            double bad = p / (p + r);
            return (1 - bad) * oneMinusK + bad * oneMinusH;
        }
    }

    /**
     * An exact displacement, for experiments whose answer must be known in advance (no netem
     * counterpart). Frames are counted as they leave the netem part of the stage, from 0; frame n
     * is displaced when {@code n >= offset} and {@code (n - offset) mod everyK == 0}. A displaced
     * frame is either held back until {@code displacementFrames} frames that left netem after it
     * have been delivered (it is then delivered right after the last of them, so the receiver
     * sees it exactly that many positions late), or held for {@code holdUs} more.
     *
     * <p>With {@code everyK <= displacementFrames} displaced frames overlap: a displaced frame
     * counts as passing the held frames older than it when it is delivered, and held frames that
     * become due together are delivered oldest first. A held frame whose successors never come
     * (the end of a run, a sender that waits for it) stays held: the rule has no timeout.
     *
     * @param everyK             the period, in frames (1: every frame)
     * @param offset             index of the first displaced frame (0: the first frame)
     * @param displacementFrames positions the frame is moved back, or 0 when {@code holdUs} is used
     * @param holdUs             extra time a displaced frame is held, us, or 0 when
     *                           {@code displacementFrames} is used
     */
    public record DeterministicReorder(long everyK, long offset, int displacementFrames, double holdUs) {
        public DeterministicReorder {
            if (everyK < 1 || offset < 0 || displacementFrames < 0) {
                throw new IllegalArgumentException("everyK must be at least 1, offset and displacement not negative");
            }
            requireTime("holdUs", holdUs);
            if ((displacementFrames > 0) == (holdUs > 0)) {
                throw new IllegalArgumentException("give exactly one of displacementFrames and holdUs");
            }
        }

        /** Every {@code everyK}-th frame from {@code offset} moved back by {@code d} positions. */
        public static DeterministicReorder displace(long everyK, long offset, int d) {
            return new DeterministicReorder(everyK, offset, d, 0);
        }

        /** Every {@code everyK}-th frame from {@code offset} held {@code holdUs} longer. */
        public static DeterministicReorder hold(long everyK, long offset, double holdUs) {
            return new DeterministicReorder(everyK, offset, 0, holdUs);
        }

        /** Whether frame number {@code n} (counted from 0) is displaced. */
        public boolean displaces(long n) {
            return n >= offset && (n - offset) % everyK == 0;
        }
    }
}
