package org.cryptorder.host;

/**
 * Whether and how a CPU hands softirq work it cannot finish in one go to {@code ksoftirqd}, a
 * per-CPU kernel thread that the scheduler runs like any other task (SCHED_NORMAL, nice 0).
 *
 * <p>What every kernel does ({@code kernel/softirq.c} {@code __do_softirq()}, the same from 3.10
 * to 6.8): softirqs run at the exit of a hard interrupt, or when a task re-enables them, and one
 * such run handles what is pending, pass after pass, while less than 2 ms
 * ({@code MAX_SOFTIRQ_TIME}) has gone by, fewer than 10 passes have run
 * ({@code MAX_SOFTIRQ_RESTART}) and no task is waiting to preempt the interrupted one
 * ({@code need_resched()}); then it wakes ksoftirqd with the rest. A pass of NET_RX handles up to
 * {@code netdev_budget}, 300 frames. Inside ksoftirqd softirqs run with bottom halves disabled,
 * so the thread is not preempted while it handles one; softirqs raised meanwhile wait for it.
 *
 * <p>Where kernels differ is what happens at the next interrupt while ksoftirqd is runnable
 * ({@code KernelRules.softirqDeferral} says which a version has):
 * <ul>
 *   <li>{@link #INLINE_AT_IRQ_EXIT}: 3.10 (RHEL7 too), 4.6 to 4.8, and 6.5 on (the revert
 *       d15121be7485): pending softirqs run there and then, on top of whatever task the interrupt
 *       cut into, ksoftirqd's backlog included; the timer tick (1/HZ, {@code hosts.hz}) is such an
 *       interrupt, so under a flood softirqs keep coming back at every tick;</li>
 *   <li>{@link #KSOFTIRQD_ONLY}: 4.9 to 6.4 (4cd13c21b207 "softirq: Let ksoftirqd do its job",
 *       read in 4.9.0 and absent from 3.10; that 4.8 lacks it is inferred from the commit's date):
 *       {@code invoke_softirq()} and {@code local_bh_enable()} leave everything to ksoftirqd while
 *       it is runnable (except when HI or TASKLET softirqs are pending, which the model does not
 *       raise), so softirqs then get the CPU only as often as the scheduler gives it to
 *       ksoftirqd.</li>
 * </ul>
 * {@link #NONE} is the model without ksoftirqd: softirq work runs before any task for as long as
 * there is any. The FPU: in ksoftirqd the FPU is usable ({@code irq_fpu_usable()} is false only
 * inside another kernel FPU section, and a task's FPU section cannot be preempted by it), so what
 * ksoftirqd decrypts never goes to cryptd for want of the FPU.
 *
 * <p>Simplifications: a pass is 300 pieces of softirq work of any kind (frames polled, frames
 * sent from softirq), not 300 NET_RX frames alone; {@code need_resched()} is a task woken during
 * the run that would preempt the interrupted one (or any task when the CPU was idle), or a tick
 * during the run that ended the interrupted task's turn ({@link SliceRule}); ksoftirqd yields the CPU between two pieces of softirq work, where Linux
 * yields after a whole {@code __do_softirq()} call.
 */
public enum SoftirqDeferral {
    /** No ksoftirqd: softirq work always runs first, for as long as there is any. */
    NONE,
    /** ksoftirqd takes over after 2 ms; interrupts and ticks still run pending softirqs at once (3.10, 4.6-4.8, 6.5+). */
    INLINE_AT_IRQ_EXIT,
    /** ksoftirqd takes over after 2 ms and keeps all softirq work until it runs out (4.9-6.4). */
    KSOFTIRQD_ONLY;

    /** Longest softirq run before ksoftirqd takes over, ns ({@code MAX_SOFTIRQ_TIME}). */
    public static final double MAX_SOFTIRQ_NS = 2e6;
    /** Passes in one softirq run before ksoftirqd takes over ({@code MAX_SOFTIRQ_RESTART}). */
    public static final int MAX_RESTARTS = 10;
    /** Pieces of softirq work in one pass ({@code netdev_budget}). */
    public static final int PASS = 300;
}
