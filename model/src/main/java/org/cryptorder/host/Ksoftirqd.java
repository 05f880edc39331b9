package org.cryptorder.host;

/**
 * One CPU's {@code ksoftirqd/N} and the softirq runs that hand work to it ({@code kernel/softirq.c}),
 * when {@link SchedulerParams#softirqDeferral()} asks for them; with {@link SoftirqDeferral#NONE}
 * it stays {@link State#SLEEPING} and softirq work always runs first.
 *
 * <p>A softirq run ({@code __do_softirq()}) begins when softirq work gets the CPU in softirq
 * context and handles what is pending, pass after pass ({@link SoftirqDeferral#PASS} pieces of
 * work, {@code netdev_budget}), while less than {@code MAX_SOFTIRQ_TIME} (2 ms) has gone by, fewer
 * than {@code MAX_SOFTIRQ_RESTART} (10) passes have run and no woken task waits to preempt
 * ({@code need_resched()}); then {@code wakeup_softirqd()} makes the ksoftirqd task runnable with
 * the rest, and the CPU's scheduler runs it like any other task. ksoftirqd handles one piece of
 * softirq work at a time with softirqs disabled and without preemption, and sleeps once nothing is
 * pending. While it is runnable, the kernel era decides what an interrupt's exit does with newly
 * raised softirqs ({@link SoftirqDeferral}): run them there and then, ksoftirqd's backlog included,
 * with the timer tick (1/HZ) such an interrupt too ({@code INLINE_AT_IRQ_EXIT}); or leave them to
 * ksoftirqd ({@code KSOFTIRQD_ONLY}: the {@code ksoftirqd_running()} check of 4.9 to 6.4).
 *
 * <p>The states, and the transitions {@link #transition} allows:
 * <pre>
 * SLEEPING -&gt; SOFTIRQ_RUN                   a run begins
 * SOFTIRQ_RUN -&gt; SLEEPING                   nothing is left: the run ends
 * SOFTIRQ_RUN -&gt; RUNNABLE                   a limit is reached: wakeup_softirqd()
 * RUNNABLE -&gt; SLEEPING                      ksoftirqd has run out of work
 * RUNNABLE -&gt; RUNNABLE_RUN_DUE              INLINE_AT_IRQ_EXIT: an interrupt's exit or the tick
 * RUNNABLE_RUN_DUE -&gt; RUNNABLE_SOFTIRQ_RUN  that run begins
 * RUNNABLE_RUN_DUE -&gt; SLEEPING              ksoftirqd ran out of work first
 * RUNNABLE_SOFTIRQ_RUN -&gt; RUNNABLE          the run ends or reaches a limit
 * </pre>
 */
final class Ksoftirqd {
    /** Where this CPU's pending softirq work runs now. */
    enum State {
        /** ksoftirqd sleeps and no softirq run is under way: softirq work raised now starts a run. */
        SLEEPING,
        /** A softirq run is under way in softirq context; ksoftirqd sleeps. */
        SOFTIRQ_RUN,
        /** ksoftirqd is runnable (TASK_RUNNING) and the pending softirq work waits for it. */
        RUNNABLE,
        /** ksoftirqd is runnable, yet an interrupt's exit or the tick is to run pending softirqs in softirq context. */
        RUNNABLE_RUN_DUE,
        /** That softirq run is under way while ksoftirqd is runnable. */
        RUNNABLE_SOFTIRQ_RUN;

        /** Whether ksoftirqd in this state may move to {@code next}. */
        boolean mayBecome(State next) {
            return switch (this) {
                case SLEEPING -> next == SOFTIRQ_RUN;
                case SOFTIRQ_RUN -> next == SLEEPING || next == RUNNABLE;
                case RUNNABLE -> next == SLEEPING || next == RUNNABLE_RUN_DUE;
                case RUNNABLE_RUN_DUE -> next == SLEEPING || next == RUNNABLE_SOFTIRQ_RUN;
                case RUNNABLE_SOFTIRQ_RUN -> next == RUNNABLE;
            };
        }

        /** Whether the ksoftirqd task is runnable. */
        boolean runnable() {
            return this == RUNNABLE || this == RUNNABLE_RUN_DUE || this == RUNNABLE_SOFTIRQ_RUN;
        }

        /** Whether a softirq run is under way. */
        boolean inRun() {
            return this == SOFTIRQ_RUN || this == RUNNABLE_SOFTIRQ_RUN;
        }
    }

    private final Cpu cpu;
    private final SoftirqDeferral deferral;
    private final Task thread;
    /** ksoftirqd handles one piece of softirq work at a time, so one object serves them all. */
    private final NextSoftirq next = new NextSoftirq();
    private State state = State.SLEEPING;
    /** When the softirq run under way began, ns. */
    private double runStart;
    /** Pieces of softirq work handled in the current pass of the run. */
    private int passItems;
    /** Passes the run under way has completed. */
    private int restarts;
    private long wakeups;

    Ksoftirqd(Cpu cpu, SoftirqDeferral deferral) {
        this.cpu = cpu;
        this.deferral = deferral;
        this.thread = new Task(cpu, "ksoftirqd/" + cpu.id(), Context.SOFTIRQ, false, true);
    }

    State state() {
        return state;
    }

    /** Moves from {@code from} to {@code to}; throws when not in {@code from} or {@link State} forbids it. */
    void transition(State from, State to) {
        if (state != from || !from.mayBecome(to)) {
            throw new IllegalStateException("ksoftirqd/" + cpu.id() + ": illegal transition " + from + " -> " + to
                    + " while " + state);
        }
        state = to;
    }

    /** The ksoftirqd task, which the CPU's scheduler runs; its CPU time is softirq time. */
    Task thread() {
        return thread;
    }

    /** Times ksoftirqd was woken with work left by a softirq run. */
    long wakeups() {
        return wakeups;
    }

    /** Whether ksoftirqd is runnable and keeps the pending softirq work to itself: softirq context does not run it. */
    boolean keepsPendingWork() {
        return state == State.RUNNABLE;
    }

    /**
     * Softirq work was raised outside softirq context: whether the CPU may run pending softirqs now
     * (if nothing holds them off). While ksoftirqd is runnable, work raised by softirq work itself
     * (in a run or in ksoftirqd) waits for that, and the kernel era decides for the rest.
     */
    boolean interruptExitMayRunSoftirqs() {
        if (!state.runnable()) {
            return true;
        }
        if (cpu.inSoftirq() || cpu.inKsoftirqd()) {
            return false;  // raised by softirq work itself: this run or ksoftirqd takes it
        }
        if (deferral == SoftirqDeferral.KSOFTIRQD_ONLY) {
            return false;  // 4.9-6.4: left to ksoftirqd while it is runnable
        }
        runDue();  // an interrupt's exit, or a task enabling softirqs: they run now
        return true;
    }

    /** Pending softirqs are to run in softirq context although ksoftirqd is runnable (INLINE_AT_IRQ_EXIT). */
    private void runDue() {
        if (state != State.RUNNABLE_RUN_DUE) {
            transition(State.RUNNABLE, State.RUNNABLE_RUN_DUE);
        }
    }

    /** A piece of softirq work gets the CPU in softirq context at {@code now}: a run begins unless one is under way. */
    void softirqWorkStarting(double now) {
        if (deferral == SoftirqDeferral.NONE || state.inRun()) {
            return;
        }
        if (state == State.SLEEPING) {
            transition(State.SLEEPING, State.SOFTIRQ_RUN);
        } else {
            transition(State.RUNNABLE_RUN_DUE, State.RUNNABLE_SOFTIRQ_RUN);
        }
        runStart = now;
        passItems = 0;
        restarts = 0;
    }

    /**
     * After a piece of softirq work in a softirq run: the run ends when nothing is pending; at the
     * end of a pass ({@link SoftirqDeferral#PASS} pieces) it goes on only within 2 ms, 10 passes
     * and while no woken task waits to preempt; otherwise ksoftirqd gets the rest.
     */
    void softirqWorkDone(double now) {
        if (deferral == SoftirqDeferral.NONE) {
            return;
        }
        if (!cpu.softirqPending()) {
            endRun();
            return;
        }
        if (++passItems < SoftirqDeferral.PASS) {
            return;
        }
        passItems = 0;
        restarts++;
        if (now - runStart < SoftirqDeferral.MAX_SOFTIRQ_NS && restarts < SoftirqDeferral.MAX_RESTARTS
                && !cpu.taskWaitsToPreempt()) {
            return;
        }
        if (state == State.RUNNABLE_SOFTIRQ_RUN) {
            endRun();  // wakeup_softirqd() finds ksoftirqd already runnable
        } else {
            wakeupSoftirqd();
        }
    }

    /** The softirq run ends with work left or none: ksoftirqd, if runnable, keeps what is pending. */
    private void endRun() {
        if (state == State.RUNNABLE_SOFTIRQ_RUN) {
            transition(State.RUNNABLE_SOFTIRQ_RUN, State.RUNNABLE);
        } else {
            transition(State.SOFTIRQ_RUN, State.SLEEPING);
        }
    }

    /** {@code wakeup_softirqd()}: the run ends and ksoftirqd becomes runnable with the pending softirq work. */
    private void wakeupSoftirqd() {
        transition(State.SOFTIRQ_RUN, State.RUNNABLE);
        wakeups++;
        thread.submit(next);
        if (deferral == SoftirqDeferral.INLINE_AT_IRQ_EXIT) {
            cpu.ksoftirqdNeedsTicks();
        }
    }

    /** ksoftirqd has handled the last pending piece and sleeps. */
    private void fallAsleep() {
        transition(state == State.RUNNABLE_RUN_DUE ? State.RUNNABLE_RUN_DUE : State.RUNNABLE, State.SLEEPING);
    }

    /** Whether the tick is needed for this CPU's softirqs: ksoftirqd is runnable on a kernel whose interrupt exits run them. */
    boolean wantsTick() {
        return deferral == SoftirqDeferral.INLINE_AT_IRQ_EXIT && state.runnable();
    }

    /**
     * At the exit of the tick's interrupt while ksoftirqd is runnable: whether pending softirqs run
     * there now, in softirq context ({@link SoftirqDeferral#INLINE_AT_IRQ_EXIT}); not when a run is
     * under way, ksoftirqd itself holds the CPU, or softirqs are disabled.
     */
    boolean tickRunsSoftirqs() {
        if (!state.runnable() || !cpu.softirqPending() || cpu.inSoftirq() || cpu.inKsoftirqd() || cpu.bhHeld()) {
            return false;
        }
        runDue();
        return true;
    }

    /** ksoftirqd's work: the next pending piece of softirq work, handled with softirqs disabled, not preempted. */
    private final class NextSoftirq implements Work {
        private Work item;

        @Override
        public double start(Cpu c) {
            item = cpu.takeSoftirq();
            return item == null ? 0 : item.start(c);
        }

        @Override
        public void finish(Cpu c) {
            Work w = item;
            item = null;
            if (w != null) {
                w.finish(c);
            }
            if (cpu.softirqPending()) {
                thread.submit(this);  // the CPU took this piece off the task's queue before finishing it
            } else {
                fallAsleep();
            }
        }

        @Override
        public boolean bhDisabled() {
            return true;
        }

        @Override
        public boolean preemptible() {
            return false;
        }
    }
}
