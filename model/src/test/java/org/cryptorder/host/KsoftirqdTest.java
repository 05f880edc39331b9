package org.cryptorder.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.cryptorder.testing.Script;
import org.junit.jupiter.api.Test;
import umontreal.ssj.simevents.Simulator;

/**
 * ksoftirqd: a softirq run hands what is left to ksoftirqd after 2 ms, 10 passes or when a woken
 * task waits; ksoftirqd then shares the CPU with tasks, and what the next interrupt does depends
 * on the kernel. Times in ns.
 */
class KsoftirqdTest {
    final Simulator sim = new Simulator();
    final Script script = new Script(sim);

    /** A softirq flood: NAPI-like work of 1 us per frame that raises its next frame as it finishes. */
    final class Flood implements Work {
        final int frames;
        int done;
        double lastAt = -1;
        final List<Boolean> simdUsable = new ArrayList<>();
        /** ksoftirqd's state when each frame started, repeats left out. */
        final List<Ksoftirqd.State> states = new ArrayList<>();

        Flood(int frames) {
            this.frames = frames;
        }

        @Override
        public double start(Cpu cpu) {
            simdUsable.add(cpu.simdUsable());
            Ksoftirqd.State now = cpu.ksoftirqd().state();
            if (states.isEmpty() || states.get(states.size() - 1) != now) {
                states.add(now);
            }
            return 1_000;
        }

        @Override
        public void finish(Cpu cpu) {
            done++;
            lastAt = sim.time();
            if (done < frames) {
                cpu.raiseSoftirqNext(this);
            }
        }
    }

    /** A task's work in 100 us pieces, 200 of them (20 ms). */
    final class Chunks implements Work {
        int left;
        final Task task;
        final boolean fpu;

        Chunks(Task task, int pieces, boolean fpu) {
            this.task = task;
            this.left = pieces;
            this.fpu = fpu;
        }

        @Override
        public double start(Cpu cpu) {
            return 100_000;
        }

        @Override
        public void finish(Cpu cpu) {
            if (--left > 0) {
                task.submit(this);
            }
        }

        @Override
        public boolean fpuSection() {
            return fpu;
        }
    }

    Cpu cpu(SoftirqDeferral d) {
        return new Cpu(sim, 0, SchedulerParams.linuxDefaults(1).withSoftirqDeferral(d).withHz(1000), false);  // the figures below are for HZ=1000
    }


    /** The CPU and its one task after {@link #flooded}. */
    record Flooded(Cpu cpu, Task task) {}

    /**
     * One CPU under rule {@code d} whose task {@code name} runs {@code chunks} chunks of 100 us of
     * work (in FPU sections if {@code fpu}); {@code flood} is raised 10 us in; run until {@code untilNs}.
     */
    Flooded flooded(SoftirqDeferral d, Flood flood, String name, Context context, int chunks, boolean fpu, double untilNs) {
        Cpu c = cpu(d);
        Task t = c.newTask(name, context, false);
        t.submit(new Chunks(t, chunks, fpu));
        script.at(10_000, () -> c.raiseSoftirq(flood));
        script.runUntil(untilNs);
        return new Flooded(c, t);
    }

    /** 20 ms of softirq frames raised 10 us into 20 ms of a user task's work: the task's CPU time by 20 ms. */
    double taskTimeUnderFlood(SoftirqDeferral d, Flood flood) {
        return flooded(d, flood, "app", Context.USER_TASK, 200, false, 20_000_000).task().busyNs();
    }

    @Test
    void withoutKsoftirqdTheFloodTakesTheWholeCpu() {
        Flood flood = new Flood(20_000);
        double app = taskTimeUnderFlood(SoftirqDeferral.NONE, flood);
        assertThat(app).isEqualTo(10_000);  // only the 10 us before the flood
        assertThat(flood.done).isBetween(19_989, 19_990);  // the last one may end at the stop instant
    }

    @Test
    void ksoftirqdTakesOverAfterTwoMillisecondsAndSharesTheCpuFairly() {
        Flood flood = new Flood(40_000);
        Flooded run = flooded(SoftirqDeferral.KSOFTIRQD_ONLY, flood, "app", Context.USER_TASK, 400, false, 40_000_000);
        Cpu c = run.cpu();
        Task app = run.task();
        assertThat(c.ksoftirqdWakeups()).isEqualTo(1);
        // 2 ms inline (the run ends at the first pass boundary after 2 ms: 2 100 frames), then CFS
        // gives ksoftirqd and the application about half each of the remaining 38 ms (slices of 3
        // to 6 ms, ended at ticks, so a shorter window would see one side's slice more)
        double rest = 40_000_000 - 10_000 - 2_100_000;
        assertThat(app.busyNs()).isCloseTo(10_000 + rest / 2, within(rest * 0.1));
        assertThat(c.ksoftirqdBusyNs()).isCloseTo(rest / 2, within(rest * 0.1));
        // ksoftirqd's time is softirq time, as Linux accounts it
        assertThat(c.busyNs(Context.SOFTIRQ)).isEqualTo(2_100_000 + c.ksoftirqdBusyNs());
    }

    @Test
    void onKernelsThatRunSoftirqsAtEveryInterruptExitTheTickBringsThemBack() {
        double only = taskTimeUnderFlood(SoftirqDeferral.KSOFTIRQD_ONLY, new Flood(20_000));
        double inline = taskTimeUnderFlood(SoftirqDeferral.INLINE_AT_IRQ_EXIT, new Flood(20_000));
        // every 1 ms tick runs the backlog inline again for up to 2 ms on top of the application
        assertThat(inline).isLessThan(only * 0.7);
        assertThat(inline).isGreaterThan(10_000);
    }

    @Test
    void aSliceThatEndsAtATickWhoseSoftirqRunInterruptsTheTaskStillEndsThere() {
        // slices end on ticks; on inline kernels the same tick's interrupt exit runs the backlog,
        // which pauses the task: the task must still be switched out after that run (scheduler_tick
        // set need_resched first), or ksoftirqd would never get its turn
        Flood flood = new Flood(40_000);
        Cpu c = flooded(SoftirqDeferral.INLINE_AT_IRQ_EXIT, flood, "app", Context.USER_TASK, 400, false, 40_000_000).cpu();
        assertThat(c.ksoftirqdBusyNs()).as("ksoftirqd's own turns").isGreaterThan(5_000_000);
    }

    @Test
    void aTaskPickedAloneIsCutAtTheFirstTickPastTheSliceOfTwoTasks() {
        // two CPU-bound tasks on one CPU: CFS checks a slice only at the tick
        for (int hz : new int[] {250, 1000}) {
            Simulator s = new Simulator();
            Cpu c = new Cpu(s, 0, SchedulerParams.linuxDefaults(1).withHz(hz), false);
            List<Double> switches = new ArrayList<>();
            String[] last = {null};
            for (String name : new String[] {"a", "b"}) {
                Task t = c.newTask(name, Context.USER_TASK, false);
                t.submit(new Work() {
                    int left = 200;

                    @Override
                    public double start(Cpu cpu) {
                        if (!name.equals(last[0])) {
                            switches.add(s.time());
                            last[0] = name;
                        }
                        return 100_000;
                    }

                    @Override
                    public void finish(Cpu cpu) {
                        if (--left > 0) {
                            t.submit(this);
                        }
                    }
                });
            }
            new Script(s).runUntil(20_000_000);
            // the first task was picked alone, but the tick checks it against the two tasks runnable
            // now (check_preempt_tick: delta_exec > ideal_runtime = 6 ms / 2): at the first tick past
            // 3 ms, 4 ms with HZ=250 and with HZ=1000 (at 3 ms it has had exactly 3 ms, not more)
            assertThat(switches).as("HZ=%d", hz).startsWith(0.0, 4e6, 8e6, 12e6, 16e6);
        }
    }

    @Test
    void aTickThatEndsTheInterruptedTasksTurnEndsTheSoftirqRunAtItsNextPass() {
        Flood flood = new Flood(20_000);
        Cpu c = cpu(SoftirqDeferral.KSOFTIRQD_ONLY);
        Task a = c.newTask("a", Context.USER_TASK, false);
        Task b = c.newTask("b", Context.USER_TASK, false);
        a.submit(new Chunks(a, 200, false));
        b.submit(new Chunks(b, 200, false));
        script.at(3_500_000, () -> c.raiseSoftirq(flood));
        script.runUntil(20_000_000);
        // a, picked at 0 with b waiting, has had exactly 3 ms (ideal_runtime of two) at the 3 ms
        // tick; at the 4 ms tick, inside the run begun at 3.5 ms, it has had 3.5 ms (the softirq
        // time is not its own): need_resched, so the run ends at its next pass, 4.1 ms, not at 5.6 ms
        assertThat(c.ksoftirqdWakeups()).isEqualTo(1);
        assertThat(c.busyNs(Context.SOFTIRQ) - c.ksoftirqdBusyNs()).isEqualTo(600_000);
    }

    @Test
    void ksoftirqdNeverRunsInsideAnotherTasksFpuSectionSoItFindsTheFpuUsable() {
        Flood flood = new Flood(20_000);
        flooded(SoftirqDeferral.KSOFTIRQD_ONLY, flood, "dm-crypt", Context.KERNEL_WORKER, 200, true, 20_000_000);
        // the inline run at 10 us interrupted the FPU section: the FPU was unusable there
        assertThat(flood.simdUsable.get(0)).isFalse();
        int inlineFrames = 2_100;
        assertThat(flood.simdUsable.subList(0, inlineFrames)).containsOnly(false);
        // what ksoftirqd handled afterwards always found it usable
        assertThat(flood.simdUsable.subList(inlineFrames, flood.simdUsable.size())).isNotEmpty().containsOnly(true);
    }

    @Test
    void aWokenTaskWaitingToPreemptEndsTheRunAtTheNextPass() {
        Flood flood = new Flood(5_000);
        Cpu c = cpu(SoftirqDeferral.KSOFTIRQD_ONLY);
        Task app = c.newTask("app", Context.USER_TASK, false);
        script.at(0, () -> c.raiseSoftirq(flood));
        script.at(50_000, () -> app.submit(new Chunks(app, 1, false)));  // woken 50 us into the run: the CPU was idle
        script.runUntil(20_000_000);
        assertThat(c.ksoftirqdWakeups()).isEqualTo(1);
        // the run stopped at the end of the first pass (300 frames), not after 2 ms
        assertThat(c.busyNs(Context.SOFTIRQ) - c.ksoftirqdBusyNs()).isEqualTo(300_000);
        assertThat(flood.done).isEqualTo(5_000);
    }

    @Test
    void onKsoftirqdOnlyKernelsTheRunHandsOverOnceAndKsoftirqdSleepsWhenThePendingWorkIsDone() {
        Flood flood = new Flood(5_000);
        Cpu c = flooded(SoftirqDeferral.KSOFTIRQD_ONLY, flood, "app", Context.USER_TASK, 200, false, 20_000_000).cpu();
        assertThat(flood.done).isEqualTo(5_000);
        assertThat(flood.states).containsExactly(Ksoftirqd.State.SOFTIRQ_RUN, Ksoftirqd.State.RUNNABLE);
        assertThat(c.ksoftirqd().state()).isEqualTo(Ksoftirqd.State.SLEEPING);
    }

    @Test
    void onInlineKernelsTheTickStartsSoftirqRunsWhileKsoftirqdIsRunnable() {
        Flood flood = new Flood(20_000);
        Flooded run = flooded(SoftirqDeferral.INLINE_AT_IRQ_EXIT, flood, "app", Context.USER_TASK, 200, false, 20_000_000);
        // the first run hands over at 2.11 ms; the application then has the CPU until the 3 ms tick,
        // whose run lasts 2.1 ms, and so on at 6, 9 and 12 ms: those frames are handled by runs that a
        // tick began while ksoftirqd was runnable. The application's CPU time since it was picked
        // (10 us + 4 x 0.9 ms = 3.6 ms) first exceeds ideal_runtime for two tasks (3 ms) at the 12 ms
        // tick: check_preempt_tick() reschedules, and after that tick's run ksoftirqd has its own turn
        assertThat(flood.states).containsExactly(Ksoftirqd.State.SOFTIRQ_RUN, Ksoftirqd.State.RUNNABLE_SOFTIRQ_RUN,
                Ksoftirqd.State.RUNNABLE, Ksoftirqd.State.RUNNABLE_SOFTIRQ_RUN);
        assertThat(run.task().busyNs()).isGreaterThanOrEqualTo(10_000 + (3_000_000 - 2_110_000) + 3 * 900_000);
        assertThat(run.cpu().ksoftirqdBusyNs()).as("a turn until its own CPU time exceeds 3 ms")
                .isGreaterThan(3_000_000);
    }

    @Test
    void withoutKsoftirqdItSleepsThroughAFlood() {
        Flood flood = new Flood(20_000);
        taskTimeUnderFlood(SoftirqDeferral.NONE, flood);
        assertThat(flood.states).containsExactly(Ksoftirqd.State.SLEEPING);
    }

    @Test
    void anIllegalKsoftirqdTransitionThrows() {
        Cpu c = cpu(SoftirqDeferral.KSOFTIRQD_ONLY);
        Ksoftirqd k = c.ksoftirqd();
        assertThat(k.state()).isEqualTo(Ksoftirqd.State.SLEEPING);
        // ksoftirqd is only woken by a softirq run that reached a limit
        assertThatThrownBy(() -> k.transition(Ksoftirqd.State.SLEEPING, Ksoftirqd.State.RUNNABLE))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("ksoftirqd/0: illegal transition SLEEPING -> RUNNABLE while SLEEPING");
        // not in the state the transition leaves
        assertThatThrownBy(() -> k.transition(Ksoftirqd.State.RUNNABLE, Ksoftirqd.State.SLEEPING))
                .isInstanceOf(IllegalStateException.class);
        // a legal cycle through the inline run of INLINE_AT_IRQ_EXIT
        k.transition(Ksoftirqd.State.SLEEPING, Ksoftirqd.State.SOFTIRQ_RUN);
        k.transition(Ksoftirqd.State.SOFTIRQ_RUN, Ksoftirqd.State.RUNNABLE);
        k.transition(Ksoftirqd.State.RUNNABLE, Ksoftirqd.State.RUNNABLE_RUN_DUE);
        k.transition(Ksoftirqd.State.RUNNABLE_RUN_DUE, Ksoftirqd.State.RUNNABLE_SOFTIRQ_RUN);
        assertThatThrownBy(() -> k.transition(Ksoftirqd.State.RUNNABLE_SOFTIRQ_RUN, Ksoftirqd.State.SLEEPING))
                .as("ksoftirqd cannot run out of work while a softirq run is under way")
                .isInstanceOf(IllegalStateException.class);
        k.transition(Ksoftirqd.State.RUNNABLE_SOFTIRQ_RUN, Ksoftirqd.State.RUNNABLE);
        k.transition(Ksoftirqd.State.RUNNABLE, Ksoftirqd.State.SLEEPING);
        assertThat(k.state()).isEqualTo(Ksoftirqd.State.SLEEPING);
    }

    @Test
    void theKsoftirqdStatesAllowExactlyTheDocumentedTransitions() {
        List<String> legal = new ArrayList<>();
        for (Ksoftirqd.State from : Ksoftirqd.State.values()) {
            for (Ksoftirqd.State to : Ksoftirqd.State.values()) {
                if (from.mayBecome(to)) {
                    legal.add(from + "->" + to);
                }
            }
        }
        assertThat(legal).containsExactlyInAnyOrder("SLEEPING->SOFTIRQ_RUN", "SOFTIRQ_RUN->SLEEPING",
                "SOFTIRQ_RUN->RUNNABLE", "RUNNABLE->SLEEPING", "RUNNABLE->RUNNABLE_RUN_DUE",
                "RUNNABLE_RUN_DUE->RUNNABLE_SOFTIRQ_RUN", "RUNNABLE_RUN_DUE->SLEEPING",
                "RUNNABLE_SOFTIRQ_RUN->RUNNABLE");
    }
}
