package org.cryptorder.host;

import java.util.List;
import org.cryptorder.params.Parameter;

/**
 * The keys of {@code hosts} that the host's CPUs, scheduler and applications read: how many CPUs,
 * their cost profile, the kernel's tick, ksoftirqd, where applications run and how long a woken one
 * takes to run. The NIC's keys are {@link org.cryptorder.params.Parameter}s of
 * {@code net.DeviceParameters}; the experiment assembles the section.
 */
public final class HostParameters {
    private HostParameters() {
    }

    /** {@code hosts.cpus}. */
    public static final Parameter CPUS = Parameter.integer("cpus", "CPUs", "CPU cores per host.")
            .range(1, 1024).byDefault(4,
                    "the model's choice: enough CPUs for the NIC's, cryptd's and the application's work to "
                            + "sit apart");

    /** {@code hosts.profile}. */
    public static final Parameter PROFILE = Parameter.text("profile",
            "CPU cost profile: data/profiles/<profile>.json.")
            .with("pattern", "^[a-z0-9][a-z0-9._-]*$").byDefault("xeon-skylake-sp",
                    "the 10GbE Xeon servers of the seed reports S1-S5, S12, S13 "
                            + "(data/profiles/xeon-skylake-sp.json)");

    /** {@code hosts.appCpu}. */
    public static final Parameter APP_CPU = Parameter.integer("appCpu", "CPU index",
            "The CPU every application (iperf3 client and server, UDP sources) runs on, as taskset -c would "
                    + "pin it; when absent, flow i's applications run on CPU i mod cpus.")
            .range(0, 1023);

    /** {@code hosts.hz}. */
    public static final Parameter HZ = Parameter.integer("hz", "Hz",
            "The kernel's tick, CONFIG_HZ: the one clock of TCP's timers (set in jiffies, firing on tick "
                    + "boundaries) of the timer interrupt that runs pending softirqs while ksoftirqd is runnable, and "
                    + "of the scheduler's check of the running task's turn, at every tick while others wait. Linux's "
                    + "own default and Debian's and Ubuntu's is 250; RHEL and Fedora build with 1000. (300, which "
                    + "Kconfig also offers, is not supported: its tick is not a whole number of nanoseconds, the "
                    + "model's clock.)")
            .withValues(List.of(100, 250, 1000))
            .byDefault(SchedulerParams.DEFAULT_HZ, "Linux's own default, kernel/Kconfig.hz (HZ_250), and Debian's and Ubuntu's");

    /** {@code hosts.ksoftirqd}. */
    public static final Parameter KSOFTIRQD = Parameter.flag("ksoftirqd",
            "Whether the hosts have ksoftirqd, as every Linux does: a softirq run that lasts 2 ms, 10 passes "
                    + "of 300, or until a woken task waits hands the rest to ksoftirqd, a task the scheduler shares the"
                    + " CPU with; what the next interrupt does follows crypto.kernel (3.10, 4.6-4.8 and 6.5 on: pending"
                    + " softirqs run at every interrupt exit and timer tick; 4.9-6.4: they wait for ksoftirqd; no "
                    + "kernel named: 6.12.117's rule, at once). false is a switch for teaching: softirq work then "
                    + "always runs before tasks, so a CPU that softirqs saturate runs nothing else.")
            .byDefault(true,
                    "every Linux runs ksoftirqd (kernel/softirq.c, __do_softirq's MAX_SOFTIRQ_TIME and "
                            + "MAX_SOFTIRQ_RESTART)");

    /** {@code hosts.appWakeupMeanUs}. */
    public static final Parameter APP_WAKEUP_MEAN_US = Parameter.number("appWakeupMeanUs", "us",
            "Mean time, us, an application task (iperf3 -c or -s, a UDP source) woken while its CPU is idle "
                    + "takes to run: the CPU's exit from idle (an IPI from the waker's CPU, the C-state's exit, a "
                    + "virtual machine's vCPU resumed), the context switch and the return to user space out of "
                    + "select()/poll() before the task's next system call. One sample per wake-up from the CPU's own "
                    + "random stream. Absent or 0: the task runs at once. Linux on bench/linux-relay (a 2-vCPU virtual "
                    + "machine): iperf3 -s's read came 16-32 us (median), 44-47 us (mean) after the segment it "
                    + "returned; tcp_read_delay_p50_us and tcp_read_delay_mean_us give the model's.")
            .range(0, 100000);

    /** {@code hosts.appWakeupDistribution}. */
    public static final Parameter APP_WAKEUP_DISTRIBUTION = Parameter.choice("appWakeupDistribution",
            Parameter.keysOf(SectionLength.values()),
            "The distribution of hosts.appWakeupMeanUs's samples: exponential, deterministic, or pareto "
                    + "(shape hosts.appWakeupParetoShape, 2.5 by default: never below 0.6 of the mean, a "
                    + "finite-variance tail). Absent: pareto.");

    /** {@code hosts.appWakeupParetoShape}. */
    public static final Parameter APP_WAKEUP_PARETO_SHAPE = Parameter.number("appWakeupParetoShape", "",
            "The shape of a pareto hosts.appWakeupDistribution, more than 1: the samples are never below mean"
                    + " x (shape - 1) / shape, and the nearer the shape is to 1 the heavier the tail (below 2 its "
                    + "variance is infinite). Absent: 2.5.")
            .above(1, 100);

}
