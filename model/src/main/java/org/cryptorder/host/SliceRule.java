package org.cryptorder.host;

/**
 * How the fair scheduler decides at the timer tick that the running task has had its turn, per
 * kernel version ({@code kernel/sched/fair.c}; {@code KernelRules.sliceRule} says which a version
 * has). The tick runs it at every jiffy while other tasks
 * wait on the CPU (CFS: {@code entity_tick}'s {@code if (cfs_rq->nr_running > 1)}; EEVDF's
 * {@code update_curr} at every tick, alone too), so a task that was dispatched alone and is joined
 * later is judged against the slice of the tasks runnable now.
 * Times in ns; all tasks have nice 0, so virtual and real times are equal.
 */
public enum SliceRule {
    /**
     * CFS, before 6.6: {@code check_preempt_tick} (read in 3.10 and 5.x). With
     * {@code ideal_runtime = sched_slice()} ({@link SchedulerParams#idealRuntimeNs}) and
     * {@code delta_exec} the CPU time since the task was picked ({@code sum_exec_runtime -
     * prev_sum_exec_runtime}, set in {@code set_next_entity}): resched if {@code delta_exec >
     * ideal_runtime}; else, once {@code delta_exec >= sysctl_sched_min_granularity}, resched if
     * the leftmost waiting task's virtual runtime is behind the running one's by more than
     * {@code ideal_runtime}.
     */
    CFS,
    /**
     * EEVDF, 6.6 on, as far as equal-weight tasks need it: {@code update_curr -> update_deadline}.
     * A task gets a virtual deadline {@code vruntime + sysctl_sched_base_slice} when placed
     * ({@code place_entity}); when its virtual runtime reaches the deadline a new one is set the
     * same way (at every tick, the task alone too, and when a task joins: {@code enqueue_entity}'s
     * {@code update_curr}) and, with others runnable ({@code cfs_rq->nr_running > 1}, 6.6 to 6.11),
     * the CPU is rescheduled. Left out: lag (placement keeps CFS's sleeper credit), eligibility in
     * {@code pick_eevdf} (the next task is still the one with the smallest virtual runtime, which is
     * always eligible), RUN_TO_PARITY (6.6 on) and PREEMPT_SHORT (6.12 on) at wakeup (wakeup
     * preemption keeps CFS's granularity rule), weights.
     */
    EEVDF;

    /** Whether the tick checks a task that runs alone: EEVDF renews its deadline then ({@code update_deadline}). */
    boolean checksAlone() {
        return this == EEVDF;
    }

    /** {@code place_entity}: a woken task's virtual deadline (EEVDF; CFS keeps none). */
    void placed(Task t, SchedulerParams p) {
        t.deadline = t.vruntime + p.minGranularityNs();
    }

    /**
     * {@code update_curr} while the task runs alone (a task is about to join): EEVDF renews a
     * deadline the task has reached, without rescheduling ({@code nr_running} is 1).
     */
    void ranAlone(Task curr, SchedulerParams p) {
        if (this == EEVDF && curr.vruntime >= curr.deadline) {
            curr.deadline = curr.vruntime + p.minGranularityNs();
        }
    }

    /**
     * The tick's check (while others wait, or alone when {@link #checksAlone}): whether the running
     * task is to be rescheduled.
     *
     * @param curr             the running task, its CPU time and virtual runtime accounted up to now
     * @param deltaExecNs      its CPU time since it was picked
     * @param nrRunning        runnable tasks, the running one included (more than one for CFS)
     * @param leftmostVruntime the smallest virtual runtime among the waiting tasks
     */
    boolean tickPreempts(Task curr, double deltaExecNs, int nrRunning, double leftmostVruntime, SchedulerParams p) {
        if (this == EEVDF) {
            if (curr.vruntime < curr.deadline) {
                return false;
            }
            curr.deadline = curr.vruntime + p.minGranularityNs();
            return nrRunning > 1;
        }
        double ideal = p.idealRuntimeNs(nrRunning);
        if (deltaExecNs > ideal) {
            return true;
        }
        if (deltaExecNs < p.minGranularityNs()) {
            return false;
        }
        return curr.vruntime - leftmostVruntime > ideal;
    }
}
