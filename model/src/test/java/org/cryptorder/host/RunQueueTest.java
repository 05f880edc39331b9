package org.cryptorder.host;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import umontreal.ssj.simevents.Simulator;

/** The fair scheduler's run queue: placement of woken tasks against min_vruntime, and the next pick. Times in ns. */
class RunQueueTest {
    final Cpu cpu = new Cpu(new Simulator(), 0, SchedulerParams.linuxDefaults(1), false);
    final RunQueue queue = new RunQueue();

    Task task(String name, double vruntime) {
        Task t = cpu.newTask(name, Context.USER_TASK, false);
        t.vruntime = vruntime;
        return t;
    }

    @Test
    void aWokenTaskIsPlacedAtMostTheSleeperCreditBelowMinVruntime() {
        Task running = task("running", 0);
        Task a = task("a", 50_000_000);
        queue.requeue(a);
        Task sleeper = task("sleeper", 1_000);
        // min_vruntime follows the running task's 40 ms (below a's 50 ms); 3 ms of credit
        queue.enqueueWoken(sleeper, 40_000_000, 3_000_000);
        assertThat(sleeper.vruntime).isEqualTo(37_000_000);
        // one ahead of min_vruntime keeps its own
        Task ahead = task("ahead", 45_000_000);
        queue.enqueueWoken(ahead, Double.POSITIVE_INFINITY, 3_000_000);
        assertThat(ahead.vruntime).isEqualTo(45_000_000);
        assertThat(running.vruntime).isEqualTo(0);
        assertThat(queue.size()).isEqualTo(3);
    }

    @Test
    void minVruntimeNeverDecreases() {
        queue.enqueueWoken(task("first", 0), 10_000_000, 0);
        assertThat(queue.pickNext().vruntime).isEqualTo(10_000_000);
        Task late = task("late", 0);
        queue.enqueueWoken(late, 2_000_000, 1_000_000);  // a running task now behind min_vruntime
        assertThat(late.vruntime).isEqualTo(9_000_000);
    }

    @Test
    void theNextTaskHasTheSmallestVruntimeAndTheFirstQueuedAmongEquals() {
        Task b = task("b", 2_000);
        Task c1 = task("c1", 1_000);
        Task c2 = task("c2", 1_000);
        queue.requeue(b);
        queue.requeue(c1);
        queue.requeue(c2);
        assertThat(queue.pickNext()).isSameAs(c1);
        assertThat(queue.pickNext()).isSameAs(c2);
        assertThat(queue.pickNext()).isSameAs(b);
        assertThat(queue.pickNext()).isNull();
        assertThat(queue.isEmpty()).isTrue();
    }
}
