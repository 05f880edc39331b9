package org.cryptorder.host;

/**
 * The knobs of the fair task scheduler (an approximation of CFS with all tasks at nice 0), in ns.
 * Linux scales its defaults by {@code 1 + ilog2(min(ncpus, 8))}: 6 ms latency, 0.75 ms minimum
 * granularity and 1 ms wakeup granularity times 4 on a machine with 8 or more CPUs
 * ({@code kernel/sched/fair.c}, {@code sysctl_sched_latency} and friends, before EEVDF in 6.6).
 *
 * @param latencyNs           period in which every runnable task should run once
 * @param minGranularityNs    shortest slice a task gets however many tasks run
 * @param wakeupGranularityNs a waking task preempts the running one only if its virtual runtime is
 *                            smaller by more than this
 * @param sleeperCreditNs     how far below the CPU's minimum virtual runtime a waking task is placed
 *                            (half the latency: GENTLE_FAIR_SLEEPERS)
 * @param softirqDeferral     whether long softirq runs move to ksoftirqd, and what interrupts do then
 * @param tickNs              the timer tick, 1/HZ: when the running task's slice is checked (a slice
 *                            ends at the first tick at or after it), and the interrupt at which pending softirqs run while
 *                            ksoftirqd is runnable ({@link SoftirqDeferral#INLINE_AT_IRQ_EXIT})
 */
public record SchedulerParams(double latencyNs, double minGranularityNs, double wakeupGranularityNs,
                              double sleeperCreditNs, SoftirqDeferral softirqDeferral, double tickNs) {
    /** The tick of {@code CONFIG_HZ} = 250, Linux's own default (kernel/Kconfig.hz) and Debian's and Ubuntu's. */
    public static final int DEFAULT_HZ = 250;

    public SchedulerParams {
        if (latencyNs <= 0 || minGranularityNs <= 0 || wakeupGranularityNs < 0 || sleeperCreditNs < 0
                || tickNs <= 0) {
            throw new IllegalArgumentException("scheduler times must be positive");
        }
        if (softirqDeferral == null) {
            throw new IllegalArgumentException("softirqDeferral must be given (NONE for no ksoftirqd)");
        }
    }

    /** Linux's defaults for a machine with {@code ncpus} CPUs, without ksoftirqd. */
    public static SchedulerParams linuxDefaults(int ncpus) {
        int factor = 1 + (31 - Integer.numberOfLeadingZeros(Math.max(1, Math.min(ncpus, 8))));
        return new SchedulerParams(6e6 * factor, 0.75e6 * factor, 1e6 * factor, 3e6 * factor, SoftirqDeferral.NONE,
                1e9 / DEFAULT_HZ);
    }

    /** The same with softirq runs handed to ksoftirqd as {@code d} says. */
    public SchedulerParams withSoftirqDeferral(SoftirqDeferral d) {
        return new SchedulerParams(latencyNs, minGranularityNs, wakeupGranularityNs, sleeperCreditNs, d, tickNs);
    }

    /** The same with the tick of {@code CONFIG_HZ} = {@code hz}. */
    public SchedulerParams withHz(int hz) {
        return new SchedulerParams(latencyNs, minGranularityNs, wakeupGranularityNs, sleeperCreditNs, softirqDeferral,
                1e9 / hz);
    }
}
