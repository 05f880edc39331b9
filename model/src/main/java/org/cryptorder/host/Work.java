package org.cryptorder.host;

/**
 * A piece of CPU work: the CPU calls {@link #start} when the work first gets the CPU (decisions
 * that depend on the CPU's state at that moment, such as whether the FPU is usable, are made
 * there) and {@link #finish} once it has had all the CPU time {@code start} asked for. Preempted
 * work keeps its remaining time and is not started again.
 */
public interface Work {
    /** Called when the work gets the CPU; returns the CPU time it needs, in nanoseconds (rounded to whole ns). */
    double start(Cpu cpu);

    /** Called when the work has had all its CPU time. */
    void finish(Cpu cpu);

    /**
     * Whether this work runs between {@code kernel_fpu_begin()} and {@code kernel_fpu_end()}: it
     * cannot be preempted by other tasks (preemption is disabled), and before Linux 6.15 a softirq
     * that interrupts it finds the FPU unusable; from 6.15 softirqs wait until it ends.
     */
    default boolean fpuSection() {
        return false;
    }

    /** Whether softirqs are disabled while this work runs ({@code local_bh_disable}); they run right after it. */
    default boolean bhDisabled() {
        return false;
    }

    /**
     * Whether another task may take the CPU while this work runs; false for work that runs with
     * preemption disabled for another reason than a kernel FPU section ({@link #fpuSection} work
     * is never preempted either): ksoftirqd's softirq handling.
     */
    default boolean preemptible() {
        return true;
    }
}
