package org.cryptorder.host;

import java.util.ArrayDeque;

/**
 * A schedulable thread bound to one {@link Cpu}: the cryptd worker, the sending application, a
 * kernel FPU user, a user load. It runs the {@link Work} submitted to it in order; it is runnable
 * while it has work and sleeps otherwise. All tasks have the same weight (nice 0).
 */
public final class Task {
    private final String name;
    private final Context context;
    private final Cpu cpu;
    private final boolean userFpu;
    final ArrayDeque<Work> queue = new ArrayDeque<>();
    /** Virtual runtime (ns): the CPU time it has had, placed relative to the CPU's other tasks. */
    double vruntime;
    /** EEVDF's virtual deadline (ns), set when placed and renewed when reached ({@link SliceRule#EEVDF}). */
    double deadline;
    /** CPU time still owed to the head work once it has started, or -1 before it starts. */
    double remaining = -1;
    boolean runnable;
    double busyNs;

    Task(Cpu cpu, String name, Context context, boolean userFpu) {
        this(cpu, name, context, userFpu, false);
    }

    /** @param softirqThread ksoftirqd: a task whose CPU time is softirq time, as Linux accounts it */
    Task(Cpu cpu, String name, Context context, boolean userFpu, boolean softirqThread) {
        if (context == Context.SOFTIRQ && !softirqThread) {
            throw new IllegalArgumentException("a task runs in task context, not " + context);
        }
        this.cpu = cpu;
        this.name = name;
        this.context = context;
        this.userFpu = userFpu;
    }

    public String name() {
        return name;
    }

    public Context context() {
        return context;
    }

    public Cpu cpu() {
        return cpu;
    }

    /** Whether the task keeps live user-space FPU state that a kernel FPU section must save (prime95). */
    public boolean userFpu() {
        return userFpu;
    }

    /** Queues work; wakes the task if it was sleeping. */
    public void submit(Work w) {
        queue.add(w);
        if (!runnable) {
            cpu.wake(this);
        }
    }

    /** Pieces of work queued, including the one running. */
    public int backlog() {
        return queue.size();
    }

    /** CPU time this task has had, in ns. */
    public double busyNs() {
        return busyNs;
    }

    @Override
    public String toString() {
        return cpu.name() + "/" + name;
    }
}
