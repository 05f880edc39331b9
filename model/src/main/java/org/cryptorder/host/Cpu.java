package org.cryptorder.host;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.cryptorder.engine.CountedEvent;
import org.cryptorder.engine.StepSimulator;
import org.cryptorder.engine.Time;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;

/**
 * One CPU core that runs {@link Work} in Linux's contexts: softirq work first (it preempts tasks at
 * once, except where softirqs are disabled), then tasks chosen by a fair scheduler (CFS, with
 * EEVDF's deadline from 6.6: {@link SchedulerParams}, {@link SliceRule}; the waiting tasks and
 * {@code min_vruntime} are its {@code RunQueue}). Busy time is accounted per context.
 *
 * <p>Its state ({@code CpuState}): {@code IDLE}, or a piece of softirq or task work passing
 * through its starting instant, its run and its finishing instant; a task preempted mid-work goes
 * back to {@code IDLE} keeping its remaining time (in its {@link Task}) and later resumes without
 * starting again. Every change goes through {@code transition}, which throws {@link IllegalStateException}
 * when the CPU is not in the state the change leaves or the change is not in the table. Beside the
 * state the CPU keeps two facts of Linux's own: {@code need_resched} (a preemption that waits for
 * a kernel FPU section, or ksoftirqd's handling, to end) and whether the FPU registers hold a user
 * task's live state.
 *
 * <p>What the model keeps of the FPU: a task's work may be a kernel FPU section ({@link
 * Work#fpuSection}). Such work cannot be preempted by other tasks; a softirq that interrupts it
 * finds the FPU unusable ({@link #simdUsable}), as before Linux 6.15; with {@code
 * fpuSectionsDisableBh} (6.15 and later) softirqs wait until the section ends instead. A task with
 * live user FPU state (prime95) makes the next kernel FPU section pay for saving it ({@link
 * #takeUserFpuSave}).
 *
 * <p>ksoftirqd, when {@link SchedulerParams#softirqDeferral()} asks for it: a softirq run that
 * lasts 2 ms, 10 passes, or until a woken task waits to preempt, hands what is left to a per-CPU
 * ksoftirqd task, which the scheduler runs like any other; the CPU's {@code Ksoftirqd} keeps those
 * runs and that task, and {@link SoftirqDeferral} says what each kernel then does at the next
 * interrupt. Without it, softirq work always runs first.
 *
 * <p>Not modelled: hard-interrupt handler time (interrupts only raise softirqs), CPU frequency
 * changes, SMT siblings, task migration between CPUs.
 */
public final class Cpu {
    private final Simulator sim;
    private final int id;
    private final String name;
    private final SchedulerParams params;
    private final boolean fpuSectionsDisableBh;

    private final ArrayDeque<Work> softirqs = new ArrayDeque<>();
    private final RunQueue runQueue = new RunQueue();
    private final List<Task> pendingWakeups = new ArrayList<>();
    private CpuState state = CpuState.IDLE;
    private Task current;
    private double runStart;
    /** The current task's CPU time when it was picked ({@code prev_sum_exec_runtime}): its turn is measured from there. */
    private double pickedAtBusyNs;
    private boolean needResched;
    private boolean userFpuLive;
    private final double[] busyNs = new double[Context.values().length];
    /** The running work's completion: a step of {@link #steps} (held back when certain), or an event on a plain simulator. */
    private final Event done;
    private final StepSimulator steps;
    private final SchedulerTick tick;

    private final Ksoftirqd ksoftirqd;
    /** Told of every piece of busy time, or null (no recorder: one null check per account). */
    private CpuActivity activity;

    /**
     * @param fpuSectionsDisableBh Linux 6.15 and later ({@code kernel_fpu_begin_mask} calls {@code
     *                             fpregs_lock()}), or a policy that models it: a kernel FPU section
     *                             disables softirqs, so a softirq never finds the FPU unusable but
     *                             waits for the section ({@code HostSpec.fpuSectionsDisableBh})
     */
    public Cpu(Simulator sim, int id, SchedulerParams params, boolean fpuSectionsDisableBh) {
        this.sim = sim;
        this.id = id;
        this.name = "cpu" + id;
        this.params = params;
        this.fpuSectionsDisableBh = fpuSectionsDisableBh;
        this.done = new WorkDone(sim);
        this.steps = StepSimulator.of(sim);
        this.tick = new SchedulerTick(sim, this, params.tickNs());
        this.ksoftirqd = new Ksoftirqd(this, params.softirqDeferral());
    }

    public int id() {
        return id;
    }

    public String name() {
        return name;
    }

    public Simulator simulator() {
        return sim;
    }

    public double now() {
        return sim.time();
    }

    /** Tells {@code a} of every piece of busy time from now on (null: no one); changes nothing the CPU does. */
    public void observe(CpuActivity a) {
        this.activity = a;
    }

    /** Creates a task bound to this CPU. */
    public Task newTask(String taskName, Context context, boolean userFpu) {
        return new Task(this, taskName, context, userFpu);
    }

    // ---- what running work may ask ----

    /** Whether the CPU is now running softirq work. */
    public boolean inSoftirq() {
        return state.softirq();
    }

    /** The context of the work now running, or null when idle. */
    public Context context() {
        if (state.softirq()) {
            return Context.SOFTIRQ;
        }
        return state.task() ? current.context() : null;
    }

    /** The CPU's state now (see {@link CpuState} for the legal transitions). */
    CpuState state() {
        return state;
    }

    /**
     * Moves the CPU from {@code from} to {@code to}; throws when the CPU is not in {@code from} or
     * the transition is not one {@link CpuState} allows.
     */
    void transition(CpuState from, CpuState to) {
        if (state != from || !from.mayBecome(to)) {
            throw new IllegalStateException(name + ": illegal transition " + from + " -> " + to + " while " + state);
        }
        state = to;
    }

    /**
     * {@code may_use_simd()} / {@code irq_fpu_usable()} for the work now running: false only in a
     * softirq that interrupted a task's kernel FPU section ({@code in_kernel_fpu} set).
     */
    public boolean simdUsable() {
        return !state.softirq() || !interruptedFpuSection();
    }

    /** Whether the task this softirq interrupted is inside a kernel FPU section. */
    public boolean interruptedFpuSection() {
        return midFpuSection();
    }

    /**
     * Whether a kernel FPU section starting now must first save a user task's live FPU registers
     * (XSAVE); true at most once until a user FPU task runs again (Linux 5.2+: the restore is
     * deferred to the return to user space).
     */
    public boolean takeUserFpuSave() {
        boolean live = userFpuLive;
        userFpuLive = false;
        return live;
    }

    /** Whether softirqs are held off by the running work. */
    boolean bhHeld() {
        return state.task() && midWork() && bhDisabled(current.queue.peek());
    }

    private boolean bhDisabled(Work w) {
        return w.bhDisabled() || (fpuSectionsDisableBh && w.fpuSection());
    }

    // ---- work arriving ----

    /** Raises softirq work (NET_RX after an interrupt, a deferred transmission...): runs before any task. */
    public void raiseSoftirq(Work w) {
        softirqs.add(w);
        softirqRaised();
    }

    /**
     * Raises softirq work to run next, before softirq work already waiting: a NAPI poll that has
     * budget left continues with its next frame this way.
     */
    public void raiseSoftirqNext(Work w) {
        softirqs.addFirst(w);
        softirqRaised();
    }

    /** Runs newly raised softirq work now unless softirqs are running, left to ksoftirqd or held off. */
    private void softirqRaised() {
        if (!ksoftirqd.interruptExitMayRunSoftirqs()) {
            return;
        }
        if (state.atWorkBoundary() || state.softirq() || bhHeld()) {
            return;
        }
        runSoftirqsNow();
    }

    /** An interrupt's exit runs pending softirqs: the running task, if any, keeps its remaining work. */
    void runSoftirqsNow() {
        if (state == CpuState.TASK) {
            pauseCurrent();
        }
        dispatch();
    }

    /** Whether softirq work is pending on this CPU. */
    boolean softirqPending() {
        return !softirqs.isEmpty();
    }

    /** Takes the next pending piece of softirq work off the queue (ksoftirqd handles it as its own work). */
    Work takeSoftirq() {
        return softirqs.poll();
    }

    /**
     * Application tasks woken while this CPU is idle run only after a sampled latency ({@link
     * WakeupLatency}); null: at once. The CPU stays idle meanwhile: an interrupt arriving then runs
     * at once, and the woken task after it, as a CPU woken by that interrupt would run it.
     */
    public void wakeupLatency(WakeupLatency w) {
        this.wakeupLatency = w;
    }

    private WakeupLatency wakeupLatency;
    /** Whether {@link #idleExit} is scheduled. */
    private boolean idleExitPending;
    /** The end of a wake-up latency: the CPU leaves idle and runs what is runnable. */
    private Event idleExit;

    private void leaveIdleLater() {
        if (idleExitPending) {
            return;
        }
        if (idleExit == null) {
            idleExit = new Event(sim) {
                @Override
                public void actions() {
                    idleExitPending = false;
                    if (state == CpuState.IDLE) {
                        dispatch();
                    }
                }
            };
        }
        idleExitPending = true;
        idleExit.schedule(Time.ns(wakeupLatency.sample()));
    }

    /** Called by {@link Task#submit} when a sleeping task gets work. */
    void wake(Task t) {
        if (t == current) {
            throw new IllegalStateException(t + " woke while holding the CPU");
        }
        t.runnable = true;
        if (state == CpuState.TASK && runQueue.isEmpty()) {
            account(sim.time());  // update_curr() in enqueue_entity(), while the running task is still alone
            params.sliceRule().ranAlone(current, params);
        }
        double running = current != null && current.runnable ? currentVruntime() : Double.POSITIVE_INFINITY;
        runQueue.enqueueWoken(t, running, params.sleeperCreditNs());
        params.sliceRule().placed(t, params);
        if (current != null && current.runnable) {
            tick.armSliceCheck();  // others wait now: the tick checks the running task's turn
        }
        if (state.atWorkBoundary() || state.softirq()) {
            pendingWakeups.add(t);
        } else if (state == CpuState.IDLE) {
            if (wakeupLatency != null && t.context() == Context.USER_TASK) {
                leaveIdleLater();
            } else {
                dispatch();
            }
        } else if (shouldPreemptFor(t)) {
            preemptCurrent();
        }
    }

    /** CFS wakeup preemption: the woken task's virtual runtime is lower by more than the granularity. */
    private boolean shouldPreemptFor(Task woken) {
        return currentVruntime() - woken.vruntime > params.wakeupGranularityNs();
    }

    /** The current task's virtual runtime, including the time it has been running now. */
    private double currentVruntime() {
        return current.vruntime + (state.task() ? sim.time() - runStart : 0);
    }

    /** Takes the CPU from the current task now, or when its kernel FPU section ends (preemption disabled). */
    private void preemptCurrent() {
        needResched = true;
        if (midNonPreemptible()) {
            return;
        }
        pauseCurrent();
        dispatch();
    }

    private boolean midWork() {
        return current != null && current.remaining >= 0;
    }

    private boolean midFpuSection() {
        return midWork() && current.queue.peek().fpuSection();
    }

    /** Whether the running task's work may not be preempted: a kernel FPU section, or ksoftirqd's softirq handling. */
    private boolean midNonPreemptible() {
        if (!midWork()) {
            return false;
        }
        Work w = current.queue.peek();
        return w.fpuSection() || !w.preemptible();
    }

    // ---- the dispatcher ----

    /** Stops the running task's work, keeping its remaining time (and its turn's CPU time so far). */
    private void pauseCurrent() {
        double now = sim.time();
        account(now);
        if (current.remaining >= 0) {
            current.remaining = StepSimulator.timeOf(steps, done) - now;
            StepSimulator.cancel(steps, done);
        }
        transition(CpuState.TASK, CpuState.IDLE);
    }

    /** Whether pending softirq work runs in softirq context now, rather than waiting for ksoftirqd. */
    private boolean softirqsRunHere() {
        return !ksoftirqd.keepsPendingWork();
    }

    /** Gives the free CPU to the next work: softirqs first, then the current task, then the fairest task. */
    private void dispatch() {
        if (state != CpuState.IDLE) {
            throw new IllegalStateException(name + ": dispatch while " + state);
        }
        runStart = sim.time();
        if (!softirqs.isEmpty() && !(midWork() && bhDisabled(current.queue.peek())) && softirqsRunHere()) {
            ksoftirqd.softirqWorkStarting(runStart);
            transition(CpuState.IDLE, CpuState.SOFTIRQ_STARTING);
            double ns = startWork(softirqs.peek());
            transition(CpuState.SOFTIRQ_STARTING, CpuState.SOFTIRQ);
            scheduleDone(ns);
            return;
        }
        if (current != null && current.runnable && pendingWakeupPreempts()) {
            needResched = true;
        }
        pendingWakeups.clear();
        if (current == null || !current.runnable || (needResched && !midNonPreemptible())) {
            if (current != null && current.runnable) {
                runQueue.requeue(current);
            }
            needResched = false;
            current = runQueue.pickNext();
            if (current == null) {
                return;  // the CPU stays idle
            }
            pickedAtBusyNs = current.busyNs;  // set_next_entity(): prev_sum_exec_runtime = sum_exec_runtime
        }
        if (current.userFpu()) {
            userFpuLive = true;
        }
        Work running = current.queue.peek();
        if (current.remaining < 0) {
            transition(CpuState.IDLE, CpuState.TASK_STARTING);
            current.remaining = startWork(running);
            transition(CpuState.TASK_STARTING, CpuState.TASK);
        } else {
            transition(CpuState.IDLE, CpuState.TASK);  // preempted work resumes with its remaining time
        }
        scheduleDone(current.remaining);
        if (!runQueue.isEmpty() || params.sliceRule().checksAlone()) {
            tick.armSliceCheck();
        }
        // what the work's start raised or woke on this CPU takes effect now that it runs
        if (!softirqs.isEmpty() && !bhDisabled(running) && softirqsRunHere()) {
            pauseCurrent();
            dispatch();
        } else if (!pendingWakeups.isEmpty()) {
            boolean preempt = pendingWakeupPreempts();
            pendingWakeups.clear();
            if (preempt) {
                preemptCurrent();
            }
        }
    }

    private void scheduleDone(double ns) {
        StepSimulator.schedule(steps, done, ns);
    }

    /** Whether a task woken while the CPU could not yet act on it should preempt the current one. */
    private boolean pendingWakeupPreempts() {
        for (int i = 0; i < pendingWakeups.size(); i++) {  // by index: no iterator per dispatch
            Task t = pendingWakeups.get(i);
            if (t != current && t.runnable && shouldPreemptFor(t)) {
                return true;
            }
        }
        return false;
    }

    /** Starts a piece of work (in a STARTING state, so what it raises or wakes on this CPU meanwhile waits). */
    private double startWork(Work w) {
        return duration(w.start(this));
    }

    private static double duration(double ns) {
        if (!(ns >= 0) || Double.isInfinite(ns)) {
            throw new IllegalArgumentException("work duration must be a finite non-negative number of ns, got " + ns);
        }
        return Math.rint(ns);
    }

    private void account(double now) {
        double d = now - runStart;
        if (activity != null && d > 0 && (state.softirq() || state.task())) {
            boolean softirq = state.softirq();
            activity.ran(this, softirq ? null : current, softirq ? softirqs.peek() : current.queue.peek(), runStart, now);
        }
        runStart = now;
        if (state.softirq()) {
            busyNs[Context.SOFTIRQ.ordinal()] += d;
        } else if (state.task()) {
            busyNs[current.context().ordinal()] += d;
            current.busyNs += d;
            current.vruntime += d;
        }
    }

    private final class WorkDone extends Event implements CountedEvent {
        WorkDone(Simulator s) {
            super(s);
        }

        @Override
        public Class<?> countedAs() {
            Work w = state.softirq() ? softirqs.peek() : current == null ? null : current.queue.peek();
            return w == null ? null : w.getClass();
        }

        @Override
        public void actions() {
            double now = sim.time();
            account(now);
            if (state == CpuState.SOFTIRQ) {
                transition(CpuState.SOFTIRQ, CpuState.SOFTIRQ_FINISHING);
                softirqs.poll().finish(Cpu.this);
                ksoftirqd.softirqWorkDone(now);
                transition(CpuState.SOFTIRQ_FINISHING, CpuState.IDLE);
            } else {
                transition(CpuState.TASK, CpuState.TASK_FINISHING);
                Work w = current.queue.poll();
                current.remaining = -1;
                w.finish(Cpu.this);
                if (current.queue.isEmpty()) {
                    current.runnable = false;  // it sleeps and gives up the CPU
                    current = null;
                }
                transition(CpuState.TASK_FINISHING, CpuState.IDLE);
            }
            dispatch();
        }
    }

    /**
     * The timer interrupt ({@link SchedulerTick}): {@code scheduler_tick}'s check of the running
     * task's turn when {@code sliceDue} ({@link SliceRule}), then, when the tick is ksoftirqd's
     * ({@code forKsoftirqd}), {@code irq_exit}'s softirqs; the task is switched at the return from
     * the interrupt (after those softirqs, if any).
     */
    void onTick(boolean sliceDue, boolean forKsoftirqd) {
        boolean resched = false;
        if (sliceDue && current != null && current.runnable
                && (!runQueue.isEmpty() || params.sliceRule().checksAlone())) {
            if (state == CpuState.TASK) {
                account(sim.time());  // update_curr(); softirq time is not the task's (IRQ_TIME_ACCOUNTING)
            }
            resched = params.sliceRule().tickPreempts(current, current.busyNs - pickedAtBusyNs,
                    runQueue.size() + 1, runQueue.leftmostVruntime(), params);
            if (resched) {
                needResched = true;  // a softirq under way sees it (need_resched()) and the switch follows it
            } else {
                tick.armSliceCheck();  // checked again at the next jiffy, while others wait (or alone: EEVDF)
            }
        }
        if (forKsoftirqd && ksoftirqd.tickRunsSoftirqs()) {
            runSoftirqsNow();  // dispatch acts on need_resched once they are done
        } else if (resched && state == CpuState.TASK) {
            preemptCurrent();
        }
    }

    /** ksoftirqd became runnable on a kernel whose interrupt exits run softirqs: the tick is needed. */
    void ksoftirqdNeedsTicks() {
        tick.neededByKsoftirqd();
    }

    // ---- what ksoftirqd asks ----

    /**
     * {@code need_resched()} during a softirq run: the tick ended the interrupted task's turn, or a
     * task woken meanwhile would preempt it.
     */
    boolean taskWaitsToPreempt() {
        if (needResched) {
            return true;
        }
        for (int i = 0; i < pendingWakeups.size(); i++) {
            Task t = pendingWakeups.get(i);
            if (t.runnable && t != current && (current == null || !current.runnable || shouldPreemptFor(t))) {
                return true;
            }
        }
        return false;
    }

    /** Whether ksoftirqd is the task running now (its softirq work is accounted as softirq time). */
    public boolean inKsoftirqd() {
        return state.task() && current == ksoftirqd.thread();
    }

    /** This CPU's ksoftirqd and its softirq runs. */
    Ksoftirqd ksoftirqd() {
        return ksoftirqd;
    }

    /** Times ksoftirqd was woken with work left by a softirq run. */
    public long ksoftirqdWakeups() {
        return ksoftirqd.wakeups();
    }

    /** ksoftirqd's CPU time so far, ns, including the work it is running (also counted as softirq time). */
    public double ksoftirqdBusyNs() {
        return ksoftirqd.thread().busyNs() + (inKsoftirqd() ? sim.time() - runStart : 0);
    }

    // ---- accounting ----

    /** CPU time spent in a context so far, in ns (including the work running now). */
    public double busyNs(Context c) {
        double extra = 0;
        Context now = context();
        if (now == c) {
            extra = sim.time() - runStart;
        }
        return busyNs[c.ordinal()] + extra;
    }


    @Override
    public String toString() {
        return name;
    }
}
