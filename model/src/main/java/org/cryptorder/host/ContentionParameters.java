package org.cryptorder.host;

import org.cryptorder.params.Parameter;
import org.cryptorder.params.ParameterGroup;

/**
 * The keys of {@code contention}, read by {@link KernelFpuLoad} and {@link UserFpuLoad} (wired by
 * {@code experiment.wiring.Contention}): who else uses the FPU on the
 * receiving host (kernel FPU sections, a user-space FPU load) and, optionally, on the sender.
 */
public final class ContentionParameters {
    private ContentionParameters() {
    }

    /** {@code contention.kernelFpuBusy}. */
    public static final Parameter KERNEL_FPU_BUSY = Parameter.fraction("kernelFpuBusy",
            "Fraction of time a task-context kernel FPU user (dm-crypt, AF_ALG, ...) holds the FPU on each "
                    + "CPU.").byDefault(0, "none: contention is what an experiment adds");

    /** {@code contention.meanSectionUs}. */
    public static final Parameter MEAN_SECTION_US = Parameter.number("meanSectionUs", "us",
            "Mean length of its FPU sections, microseconds.")
            .range(0.001, 10000000)
            .byDefault(40, "the model's choice, measured nowhere: a kernel FPU section of a few kilobytes of kernel"
                    + " crypto (S6's fit, docs/calibration.md, takes it as given and fits kernelFpuBusy)");

    /** {@code contention.sectionDistribution}. */
    public static final Parameter SECTION_DISTRIBUTION = Parameter.choice("sectionDistribution",
            Parameter.keysOf(SectionLength.values()),
            "Distribution of the kernel FPU sections' lengths around contention.meanSectionUs.")
            .byDefault("exponential", "the model's choice: memoryless section lengths");

    /** {@code contention.userFpuLoad}. */
    public static final Parameter USER_FPU_LOAD = Parameter.flag("userFpuLoad",
            "A prime95-like user task on each CPU of the receiving host.")
            .byDefault(false, "none: contention is what an experiment adds");

    /** {@code contention.senderKernelFpuBusy}. */
    public static final Parameter SENDER_KERNEL_FPU_BUSY = Parameter.fraction("senderKernelFpuBusy",
            "The same kernel FPU contention on each of the sending host's CPUs (matters when it encrypts in "
                    + "softirq context).").byDefault(0, "none: contention is what an experiment adds");

    /** {@code contention.senderUserFpuLoad}. */
    public static final Parameter SENDER_USER_FPU_LOAD = Parameter.flag("senderUserFpuLoad",
            "The prime95-like user task on each CPU of the sending host too.")
            .byDefault(false, "none: contention is what an experiment adds");

    /** {@code contention.userFpuLoadSparesAppCpu}. */
    public static final Parameter USER_FPU_LOAD_SPARES_APP_CPU = Parameter.flag("userFpuLoadSparesAppCpu",
            "Leave the applications' CPUs (hosts.appCpu) free of the user load, as seed S3 ran prime95 on 27 "
                    + "of 28 cores and left iperf3 one.")
            .byDefault(false, "the load runs on every CPU, as an unpinned prime95 with a thread per CPU would");

    /** The section {@code contention}. */
    public static final ParameterGroup CONTENTION = ParameterGroup.of("contention",
            "Who else uses the FPU: on the receiving host's CPUs, and optionally on the sender's.",
            KERNEL_FPU_BUSY, MEAN_SECTION_US, SECTION_DISTRIBUTION, USER_FPU_LOAD, SENDER_KERNEL_FPU_BUSY,
            SENDER_USER_FPU_LOAD, USER_FPU_LOAD_SPARES_APP_CPU);
}
