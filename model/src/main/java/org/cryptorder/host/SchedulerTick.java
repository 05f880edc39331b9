package org.cryptorder.host;

import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;

/**
 * One CPU's timer interrupt at HZ ({@code tick_sched_timer}), on the jiffy boundaries every CPU's
 * tick shares (no {@code skew_tick}). It is scheduled only for a jiffy at which something needs it,
 * as a tickless kernel's would be for these two purposes (or, when a need went away after it was
 * set, once more at that jiffy, doing nothing):
 * <ul>
 *   <li>the running task's turn, which the scheduler checks only at the tick ({@code scheduler_tick}
 *       -&gt; {@code task_tick_fair} -&gt; {@code entity_tick} -&gt; {@code check_preempt_tick}, or
 *       {@code update_curr} -&gt; {@code update_deadline} from 6.6: {@link SliceRule}), at every jiffy
 *       while other tasks wait on the CPU, and under EEVDF while a task runs alone too (HRTICK, which
 *       would end a slice exactly, is off by default: {@code SCHED_FEAT(HRTICK, false)});</li>
 *   <li>every tick while ksoftirqd is runnable, on kernels whose interrupt exits still run pending
 *       softirqs then ({@link SoftirqDeferral#INLINE_AT_IRQ_EXIT}).</li>
 * </ul>
 * A jiffy at which neither is needed gets no interrupt: Linux's tick comes at every jiffy of a busy
 * CPU anyway ({@code tick_sched_timer}); the model leaves out only those at which nothing it keeps is due.
 * One interrupt does both, in Linux's order ({@link Cpu#onTick}): {@code scheduler_tick} first, which
 * sets {@code need_resched} when the slice is over; then {@code irq_exit}'s softirqs; then the return
 * from the interrupt, which switches tasks if {@code need_resched} is set and the task may be
 * preempted.
 */
final class SchedulerTick extends Event {
    private final Cpu cpu;
    private final double tickNs;
    /** The jiffy at which the running task's slice is checked, or -1 when no check is armed. */
    private double sliceCheckAt = -1;
    /** The next jiffy at which ksoftirqd needs the tick, or -1. */
    private double ksoftirqdTickAt = -1;

    SchedulerTick(Simulator sim, Cpu cpu, double tickNs) {
        super(sim);
        this.cpu = cpu;
        this.tickNs = tickNs;
    }

    /**
     * Arms the check of the running task's turn at the next jiffy, unless one is armed; the CPU
     * arms it again after each check while others wait. A task switch, a softirq or the CPU going
     * idle disarms nothing: the check finds what runs then (or nothing to check and does nothing),
     * so a task switch costs no event-list operation.
     */
    void armSliceCheck() {
        if (sliceCheckAt < 0) {
            sliceCheckAt = nextJiffy();
            rearm();
        }
    }

    /** ksoftirqd became runnable on a kernel whose interrupt exits run softirqs: tick from the next jiffy on. */
    void neededByKsoftirqd() {
        if (ksoftirqdTickAt < 0) {
            ksoftirqdTickAt = nextJiffy();
            rearm();
        }
    }

    private double nextJiffy() {
        return (Math.floor(simulator().time() / tickNs) + 1) * tickNs;
    }

    /**
     * Makes the interrupt come no later than the earliest jiffy that needs it. One pending earlier
     * stays (it will find nothing due and move itself); none needed: a pending one is left to come.
     */
    private void rearm() {
        double at = sliceCheckAt < 0 ? ksoftirqdTickAt
                : ksoftirqdTickAt < 0 ? sliceCheckAt : Math.min(sliceCheckAt, ksoftirqdTickAt);
        if (at < 0) {
            return;
        }
        double pending = time();  // SSJ: negative when not in the event list
        if (pending < 0) {
            schedule(Math.max(0, at - simulator().time()));
        } else if (pending > at) {
            reschedule(Math.max(0, at - simulator().time()));
        }
    }

    @Override
    public void actions() {
        double now = simulator().time();
        boolean sliceDue = sliceCheckAt >= 0 && sliceCheckAt <= now;
        if (sliceDue) {
            sliceCheckAt = -1;
        }
        boolean forKsoftirqd = ksoftirqdTickAt >= 0 && ksoftirqdTickAt <= now;
        if (forKsoftirqd) {
            // while ksoftirqd stays runnable every tick is needed; once it is not, none (until it is again)
            ksoftirqdTickAt = cpu.ksoftirqd().wantsTick() ? nextJiffy() : -1;
        }
        rearm();
        if (sliceDue || forKsoftirqd) {
            cpu.onTick(sliceDue, forKsoftirqd);
        }
    }
}
