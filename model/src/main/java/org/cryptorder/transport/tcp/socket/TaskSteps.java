package org.cryptorder.transport.tcp.socket;

import org.cryptorder.host.Cpu;
import org.cryptorder.host.Task;
import org.cryptorder.host.Work;

/**
 * A socket's application code as steps of its task, one queued at a time: each step is a piece of
 * the task's work whose CPU time {@link #costNs} gives and whose end {@link #run} handles (which
 * submits the next step, or none while the application sleeps). The kernel's code runs in
 * sequence, so a step waits for the pieces of work queued on the task before it, such as the
 * segments a step sent.
 *
 * @param <S> the steps
 */
abstract class TaskSteps<S extends Enum<S>> implements Work {
    private final Task task;
    private final String who;
    private S step;
    private boolean queued;

    /** @param who the application in words, for the message of a step submitted twice */
    TaskSteps(Task task, String who) {
        this.task = task;
        this.who = who;
    }

    /** Queues step {@code s} on the task. */
    final void submit(S s) {
        if (queued) {
            throw new IllegalStateException(who + "'s step " + step + " is still queued");
        }
        step = s;
        queued = true;
        task.submit(this);
    }

    @Override
    public final double start(Cpu cpu) {
        return costNs(step);
    }

    @Override
    public final void finish(Cpu cpu) {
        queued = false;
        run(step, cpu);
    }

    /** CPU time of step {@code s}, ns. */
    abstract double costNs(S s);

    /** Step {@code s} has had its CPU time on {@code cpu}. */
    abstract void run(S s, Cpu cpu);
}
