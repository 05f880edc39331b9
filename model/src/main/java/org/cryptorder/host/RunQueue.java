package org.cryptorder.host;

import java.util.ArrayList;
import java.util.List;

/**
 * One CPU's fair-scheduler run queue: the runnable tasks that wait for the CPU, and CFS's
 * {@code min_vruntime}, which never decreases and follows the smallest virtual runtime among the
 * runnable tasks (the running one included). A woken task is placed at most the sleeper credit
 * below it; the next task to run is the one with the smallest virtual runtime (the first queued
 * among equals). The running task is not in the queue.
 */
final class RunQueue {
    private final List<Task> waiting = new ArrayList<>();
    private double minVruntime;

    /**
     * A woken task joins: {@code min_vruntime} first catches up with the running task's virtual
     * runtime ({@code runningVruntime}, infinite when no runnable task holds the CPU) and the
     * waiting tasks', then the task is placed no lower than {@code sleeperCreditNs} below it.
     */
    void enqueueWoken(Task t, double runningVruntime, double sleeperCreditNs) {
        double min = runningVruntime;
        for (Task q : waiting) {
            min = Math.min(min, q.vruntime);
        }
        if (min != Double.POSITIVE_INFINITY) {
            minVruntime = Math.max(minVruntime, min);
        }
        t.vruntime = Math.max(t.vruntime, minVruntime - sleeperCreditNs);
        waiting.add(t);
    }

    /** A task that was running and is still runnable goes back to wait, its virtual runtime unchanged. */
    void requeue(Task t) {
        waiting.add(t);
    }

    /** Takes out the waiting task with the smallest virtual runtime, or returns null when none waits. */
    Task pickNext() {
        Task best = null;
        for (Task t : waiting) {
            if (best == null || t.vruntime < best.vruntime) {
                best = t;
            }
        }
        if (best != null) {
            waiting.remove(best);
            minVruntime = Math.max(minVruntime, best.vruntime);
        }
        return best;
    }

    /** The smallest virtual runtime among the waiting tasks ({@code __pick_first_entity}); infinite when none waits. */
    double leftmostVruntime() {
        double min = Double.POSITIVE_INFINITY;
        for (Task t : waiting) {
            min = Math.min(min, t.vruntime);
        }
        return min;
    }

    boolean isEmpty() {
        return waiting.isEmpty();
    }

    /** Tasks waiting, the running one not counted. */
    int size() {
        return waiting.size();
    }
}
