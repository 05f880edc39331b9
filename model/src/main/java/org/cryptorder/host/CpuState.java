package org.cryptorder.host;

/**
 * What a {@link Cpu} is doing. Each piece of work passes through a starting and a finishing instant,
 * where its {@link Work#start} and {@link Work#finish} run; softirq work raised and tasks woken
 * on this CPU at those instants take effect once the CPU has moved on (dispatch). Legal
 * transitions, each made by {@code Cpu.transition}:
 * <pre>
 * IDLE -&gt; SOFTIRQ_STARTING -&gt; SOFTIRQ -&gt; SOFTIRQ_FINISHING -&gt; IDLE
 * IDLE -&gt; TASK_STARTING    -&gt; TASK    -&gt; TASK_FINISHING    -&gt; IDLE
 * IDLE -&gt; TASK   a preempted task resumes its work, which keeps its remaining time
 * TASK -&gt; IDLE   the task is preempted (by softirq work or another task) mid-work
 * </pre>
 */
enum CpuState {
    /** Nothing runs: no work at all, or the instant between two pieces of work. */
    IDLE,
    /** A piece of softirq work is starting: its {@code start} runs now. */
    SOFTIRQ_STARTING,
    /** A piece of softirq work runs; the task it interrupted, if any, keeps its remaining time. */
    SOFTIRQ,
    /** A piece of softirq work has had its CPU time: its {@code finish} runs now. */
    SOFTIRQ_FINISHING,
    /** The current task's next piece of work is starting: its {@code start} runs now. */
    TASK_STARTING,
    /** The current task's work runs. */
    TASK,
    /** The current task's piece of work has had its CPU time: its {@code finish} runs now. */
    TASK_FINISHING;

    /** Whether a CPU in this state may move to {@code next}. */
    boolean mayBecome(CpuState next) {
        return switch (this) {
            case IDLE -> next == SOFTIRQ_STARTING || next == TASK_STARTING || next == TASK;
            case SOFTIRQ_STARTING -> next == SOFTIRQ;
            case SOFTIRQ -> next == SOFTIRQ_FINISHING;
            case TASK_STARTING -> next == TASK;
            case TASK -> next == TASK_FINISHING || next == IDLE;
            case SOFTIRQ_FINISHING, TASK_FINISHING -> next == IDLE;
        };
    }

    /** Softirq context: starting, running or finishing softirq work. */
    boolean softirq() {
        return this == SOFTIRQ_STARTING || this == SOFTIRQ || this == SOFTIRQ_FINISHING;
    }

    /** The current task's context: starting, running or finishing its work. */
    boolean task() {
        return this == TASK_STARTING || this == TASK || this == TASK_FINISHING;
    }

    /** At a work's start or finish, where what it raises or wakes on this CPU waits. */
    boolean atWorkBoundary() {
        return this == SOFTIRQ_STARTING || this == SOFTIRQ_FINISHING || this == TASK_STARTING
                || this == TASK_FINISHING;
    }
}
