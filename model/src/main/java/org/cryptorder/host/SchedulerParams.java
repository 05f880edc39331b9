package org.cryptorder.host;

/**
 * The knobs of the fair task scheduler (CFS, or EEVDF's deadline from 6.6, with all tasks at nice
 * 0), in ns. Linux scales its defaults by {@code 1 + ilog2(min(ncpus, 8))}
 * ({@code SCHED_TUNABLESCALING_LOG}, {@code get_update_sysctl_factor()} in {@code kernel/sched/fair.c}):
 * 6 ms latency, 0.75 ms minimum granularity (EEVDF's {@code sysctl_sched_base_slice}) and 1 ms
 * wakeup granularity times 4 on a machine with 8 or more CPUs.
 *
 * @param latencyNs           {@code sysctl_sched_latency}: period in which every runnable task should run once
 * @param minGranularityNs    {@code sysctl_sched_min_granularity}, shortest slice a task gets however many
 *                            tasks run; EEVDF's base slice
 * @param wakeupGranularityNs a waking task preempts the running one only if its virtual runtime is
 *                            smaller by more than this
 * @param sleeperCreditNs     how far below the CPU's minimum virtual runtime a waking task is placed
 *                            (half the latency: GENTLE_FAIR_SLEEPERS)
 * @param softirqDeferral     whether long softirq runs move to ksoftirqd, and what interrupts do then
 * @param tickNs              the timer tick, 1/HZ: when the running task's turn is checked while
 *                            others wait ({@link SliceRule}), and the interrupt at which pending
 *                            softirqs run while ksoftirqd is runnable ({@link SoftirqDeferral#INLINE_AT_IRQ_EXIT})
 * @param sliceRule           what the tick checks: CFS's slice (before 6.6) or EEVDF's deadline
 */
public record SchedulerParams(double latencyNs, double minGranularityNs, double wakeupGranularityNs,
                              double sleeperCreditNs, SoftirqDeferral softirqDeferral, double tickNs,
                              SliceRule sliceRule) {
    /** The tick of {@code CONFIG_HZ} = 250, Linux's own default (kernel/Kconfig.hz) and Debian's and Ubuntu's. */
    public static final int DEFAULT_HZ = 250;

    public SchedulerParams {
        if (latencyNs <= 0 || minGranularityNs <= 0 || wakeupGranularityNs < 0 || sleeperCreditNs < 0
                || tickNs <= 0) {
            throw new IllegalArgumentException("scheduler times must be positive");
        }
        if (softirqDeferral == null || sliceRule == null) {
            throw new IllegalArgumentException("softirqDeferral (NONE for no ksoftirqd) and sliceRule must be given");
        }
    }

    /** {@code 1 + ilog2(min(ncpus, 8))}: how Linux scales the scheduler's latency and granularities. */
    public static int tunableScalingFactor(int ncpus) {
        return 1 + (31 - Integer.numberOfLeadingZeros(Math.max(1, Math.min(ncpus, 8))));
    }

    /** Linux's defaults for a machine with {@code ncpus} CPUs, without ksoftirqd, CFS's slice rule. */
    public static SchedulerParams linuxDefaults(int ncpus) {
        int factor = tunableScalingFactor(ncpus);
        return new SchedulerParams(6e6 * factor, 0.75e6 * factor, 1e6 * factor, 3e6 * factor, SoftirqDeferral.NONE,
                1e9 / DEFAULT_HZ, SliceRule.CFS);
    }

    /** The same rules and tick with the defaults of a machine with {@code ncpus} CPUs. */
    public SchedulerParams forCpus(int ncpus) {
        return linuxDefaults(ncpus).withSoftirqDeferral(softirqDeferral).withSliceRule(sliceRule)
                .withTickNs(tickNs);
    }

    /** The same with softirq runs handed to ksoftirqd as {@code d} says. */
    public SchedulerParams withSoftirqDeferral(SoftirqDeferral d) {
        return new SchedulerParams(latencyNs, minGranularityNs, wakeupGranularityNs, sleeperCreditNs, d, tickNs,
                sliceRule);
    }

    /** The same with the tick of {@code CONFIG_HZ} = {@code hz}. */
    public SchedulerParams withHz(int hz) {
        return withTickNs(1e9 / hz);
    }

    private SchedulerParams withTickNs(double ns) {
        return new SchedulerParams(latencyNs, minGranularityNs, wakeupGranularityNs, sleeperCreditNs, softirqDeferral,
                ns, sliceRule);
    }

    /** The same with the tick's check {@code r}. */
    public SchedulerParams withSliceRule(SliceRule r) {
        return new SchedulerParams(latencyNs, minGranularityNs, wakeupGranularityNs, sleeperCreditNs, softirqDeferral,
                tickNs, r);
    }

    /**
     * CFS's {@code __sched_period(nr_running)}: the latency, or {@code nr_running} minimum
     * granularities once more than {@code sched_nr_latency} ({@code DIV_ROUND_UP(latency, granularity)},
     * 8) tasks run.
     */
    public double periodNs(int nrRunning) {
        long nrLatency = (long) Math.ceil(latencyNs / minGranularityNs);
        return nrRunning > nrLatency ? nrRunning * minGranularityNs : latencyNs;
    }

    /** CFS's {@code sched_slice()} for one of {@code nrRunning} equal-weight tasks: the period times weight / total weight. */
    public double idealRuntimeNs(int nrRunning) {
        return periodNs(nrRunning) / nrRunning;
    }
}
