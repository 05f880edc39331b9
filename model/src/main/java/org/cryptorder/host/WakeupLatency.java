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
 * @param stream where the samples come from
 */
public record WakeupLatency(SectionLength distribution, double meanNs, RandomStream stream) {

    public WakeupLatency {
        if (distribution == null || !(meanNs > 0) || stream == null) {
            throw new IllegalArgumentException("bad wake-up latency: " + distribution + " mean " + meanNs + " ns");
        }
    }

    /** One wake-up's latency, ns. */
    double sample() {
        return distribution.sample(stream, meanNs);
    }
}
