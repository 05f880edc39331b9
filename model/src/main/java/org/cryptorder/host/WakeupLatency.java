package org.cryptorder.host;

import umontreal.ssj.rng.RandomStream;

/**
 * How long an application task woken on an idle CPU takes to run: the CPU's exit from idle (an IPI
 * when the waker is on another CPU, the C-state's exit, on a virtual machine the vCPU's resumption),
 * the context switch and the return to user space out of {@code select()}/{@code poll()} before the
 * task's next system call. One sample per wake-up, from its own random stream.
 *
 * @param distribution the samples' distribution ({@link SectionLength}'s shapes)
 * @param meanNs their mean, ns
 * @param paretoShape the shape of a {@link SectionLength#PARETO} distribution (more than 1)
 * @param stream where the samples come from
 */
public record WakeupLatency(SectionLength distribution, double meanNs, double paretoShape, RandomStream stream) {

    public WakeupLatency {
        if (distribution == null || !(meanNs > 0) || !(paretoShape > 1) || stream == null) {
            throw new IllegalArgumentException("bad wake-up latency: " + distribution + " mean " + meanNs
                    + " ns, shape " + paretoShape);
        }
    }

    /** A wake-up latency of {@code distribution}'s own shape. */
    public WakeupLatency(SectionLength distribution, double meanNs, RandomStream stream) {
        this(distribution, meanNs, SectionLength.PARETO_SHAPE, stream);
    }

    /** One wake-up's latency, ns. */
    double sample() {
        return distribution == SectionLength.PARETO ? SectionLength.pareto(stream, meanNs, paretoShape)
                : distribution.sample(stream, meanNs);
    }
}
