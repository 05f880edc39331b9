package org.cryptorder.host;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.cryptorder.testing.Script;
import org.junit.jupiter.api.Test;
import umontreal.ssj.rng.MRG32k3a;
import umontreal.ssj.simevents.Simulator;

/** Exact fixtures for the CPU's contexts, preemption, FPU rules and scheduler. Times in ns. */
class CpuTest {
    final Simulator sim = new Simulator();
    final Script script = new Script(sim);
    final List<String> log = new ArrayList<>();

    /** Work of a fixed length that logs its start and finish times. */
    final class Fixed implements Work {
        final String name;
        final double ns;
        final boolean fpu;
        final boolean bh;
        Consumer<Cpu> atStart = c -> { };
        Consumer<Cpu> atFinish = c -> { };
        double started = -1;
        double finished = -1;

        Fixed(String name, double ns, boolean fpu, boolean bh) {
            this.name = name;
            this.ns = ns;
            this.fpu = fpu;
            this.bh = bh;
        }

        Fixed(String name, double ns) {
            this(name, ns, false, false);
        }

        @Override
        public double start(Cpu cpu) {
            started = sim.time();
            atStart.accept(cpu);
            return ns;
        }

        @Override
        public void finish(Cpu cpu) {
            finished = sim.time();
            atFinish.accept(cpu);
            log.add(name + "@" + (long) finished);
        }

        @Override
        public boolean fpuSection() {
            return fpu;
        }

        @Override
        public boolean bhDisabled() {
            return bh;
        }
    }



    Cpu cpu(boolean era615) {
        return new Cpu(sim, 0, SchedulerParams.linuxDefaults(8), era615);
    }

    @Test
    void threeSoftirqItemsArrivingTogetherWait0And1And2Us() {
        Cpu cpu = cpu(false);
        Fixed[] w = {new Fixed("a", 1000), new Fixed("b", 1000), new Fixed("c", 1000)};
        script.at(0, () -> {
            for (Fixed f : w) {
                cpu.raiseSoftirq(f);
            }
        });
        script.runUntil(1e6);
        assertThat(w[0].started).isEqualTo(0);
        assertThat(w[1].started).isEqualTo(1000);
        assertThat(w[2].started).isEqualTo(2000);
        assertThat(log).containsExactly("a@1000", "b@2000", "c@3000");
        assertThat(cpu.busyNs(Context.SOFTIRQ)).isEqualTo(3000);
    }

    @Test
    void aSoftirqPreemptsATaskWhichKeepsItsRemainingWork() {
        Cpu cpu = cpu(false);
        Task app = cpu.newTask("app", Context.USER_TASK, false);
        Fixed job = new Fixed("job", 10_000);
        Fixed rx = new Fixed("rx", 2_000);
        script.at(0, () -> app.submit(job));
        script.at(3_000, () -> cpu.raiseSoftirq(rx));
        script.runUntil(1e6);
        assertThat(log).containsExactly("rx@5000", "job@12000");
        assertThat(cpu.busyNs(Context.USER_TASK)).isEqualTo(10_000);
        assertThat(cpu.busyNs(Context.SOFTIRQ)).isEqualTo(2_000);
        assertThat(app.busyNs()).isEqualTo(10_000);
    }

    @Test
    void anObserverIsToldEachPieceOfBusyTimeInItsContextAndThePiecesSumToTheBusyTime() {
        Cpu cpu = cpu(false);
        Task app = cpu.newTask("app", Context.USER_TASK, false);
        Task worker = cpu.newTask("kworker", Context.KERNEL_WORKER, false);
        Fixed job = new Fixed("job", 10_000);
        Fixed rx = new Fixed("rx", 2_000);
        Fixed crypt = new Fixed("crypt", 1_000);
        List<String> pieces = new ArrayList<>();
        cpu.observe((c, task, work, start, end) -> pieces.add((task == null ? "softirq" : task.name()) + " "
                + ((Fixed) work).name + " " + (long) start + "-" + (long) end));
        script.at(0, () -> app.submit(job));
        script.at(3_000, () -> cpu.raiseSoftirq(rx));
        script.at(20_000, () -> worker.submit(crypt));
        script.runUntil(1e6);
        // the softirq cuts the task's work in two, which resumes with its remaining 7 us; the idle gap is no piece
        assertThat(pieces).containsExactly("app job 0-3000", "softirq rx 3000-5000", "app job 5000-12000",
                "kworker crypt 20000-21000");
        assertThat(cpu.busyNs(Context.USER_TASK) + cpu.busyNs(Context.SOFTIRQ) + cpu.busyNs(Context.KERNEL_WORKER))
                .isEqualTo(3_000 + 2_000 + 7_000 + 1_000);
    }

    /** What a softirq found at its start: whether SIMD was usable, and whether it interrupted a kernel FPU section. */
    record Found(boolean simdUsable, boolean interruptedFpuSection) {
    }

    /**
     * dm-crypt runs a 10 us kernel FPU section from 0 and a 1 us softirq {@code rx} is raised at 4 us;
     * {@code found[0]} gets what {@code rx} finds at its start.
     */
    private Fixed softirqRaisedDuringAnFpuSection(Cpu cpu, Found[] found) {
        Task dmcrypt = cpu.newTask("dm-crypt", Context.KERNEL_WORKER, false);
        Fixed section = new Fixed("section", 10_000, true, false);
        Fixed rx = new Fixed("rx", 1_000);
        rx.atStart = c -> found[0] = new Found(c.simdUsable(), c.interruptedFpuSection());
        script.at(0, () -> dmcrypt.submit(section));
        script.at(4_000, () -> cpu.raiseSoftirq(rx));
        return rx;
    }

    @Test
    void beforeLinux615ASoftirqThatInterruptsAKernelFpuSectionFindsTheFpuUnusable() {
        Cpu cpu = cpu(false);
        Found[] found = new Found[1];
        Fixed rx = softirqRaisedDuringAnFpuSection(cpu, found);
        Fixed later = new Fixed("later", 1_000);
        boolean[] usableLater = new boolean[1];
        later.atStart = c -> usableLater[0] = c.simdUsable();
        script.at(20_000, () -> cpu.raiseSoftirq(later));
        script.runUntil(1e6);
        assertThat(rx.started).isEqualTo(4_000);
        assertThat(found[0]).isEqualTo(new Found(false, true));
        assertThat(usableLater[0]).as("no section active").isTrue();
        assertThat(log).containsExactly("rx@5000", "section@11000", "later@21000");
    }

    @Test
    void fromLinux615TheSoftirqWaitsForTheSectionToEndAndFindsTheFpuUsable() {
        Found[] found = new Found[1];
        Fixed rx = softirqRaisedDuringAnFpuSection(cpu(true), found);
        script.runUntil(1e6);
        assertThat(rx.started).as("deferred to kernel_fpu_end").isEqualTo(10_000);
        assertThat(found[0]).isEqualTo(new Found(true, false));
        assertThat(log).containsExactly("section@10000", "rx@11000");
    }

    @Test
    void softirqsRaisedWhileBottomHalvesAreDisabledRunRightAfter() {
        Cpu cpu = cpu(false);
        Task worker = cpu.newTask("kworker", Context.KERNEL_WORKER, false);
        Fixed callback = new Fixed("callback", 5_000, false, true);
        Fixed next = new Fixed("next", 5_000);
        script.at(0, () -> {
            worker.submit(callback);
            worker.submit(next);
        });
        script.at(1_000, () -> cpu.raiseSoftirq(new Fixed("rx", 1_000)));
        script.runUntil(1e6);
        assertThat(log).containsExactly("callback@5000", "rx@6000", "next@11000");
    }

    @Test
    void twoCpuBoundTasksShareTheCpuEvenly() {
        Cpu cpu = cpu(false);
        Task a = cpu.newTask("a", Context.USER_TASK, false);
        Task b = cpu.newTask("b", Context.USER_TASK, false);
        // each keeps 1 ms pieces of work queued for ever
        for (Task t : new Task[] {a, b}) {
            script.at(0, () -> t.submit(new Endless(t, 1e6)));
        }
        script.runUntil(1e9);
        // fairness within one scheduling latency (24 ms with 8 CPUs) over 1 s
        assertThat(cpu.busyNs(Context.USER_TASK)).isEqualTo(1e9);
        assertThat(a.busyNs() + b.busyNs()).as("all but the piece running at the end").isEqualTo(1e9 - 1e6);
        assertThat(Math.abs(a.busyNs() - b.busyNs())).isLessThanOrEqualTo(24e6);
    }

    @Test
    void aWakingSleeperPreemptsACpuHogButNotItsKernelFpuSection() {
        Cpu cpu = cpu(false);
        hog(cpu, "prime95", true);
        Task worker = cpu.newTask("kworker", Context.KERNEL_WORKER, false);
        Fixed job = new Fixed("job", 2_000);
        script.at(50e6, () -> worker.submit(job));
        Task fpuUser = cpu.newTask("dm-crypt", Context.KERNEL_WORKER, false);
        Fixed section = new Fixed("section", 30_000, true, false);
        Fixed job2 = new Fixed("job2", 2_000);
        script.at(80e6, () -> fpuUser.submit(section));
        script.at(80e6 + 10_000, () -> worker.submit(job2));
        script.runUntil(100e6);
        assertThat(job.started).as("sleeper credit beats the wakeup granularity").isEqualTo(50e6);
        assertThat(section.started).isEqualTo(80e6);
        assertThat(job2.started).as("preemption waits for kernel_fpu_end").isEqualTo(80e6 + 30_000);
    }

    @Test
    void aKernelFpuSectionAfterAUserFpuTaskRanPaysForOneSave() {
        Cpu cpu = cpu(false);
        hog(cpu, "prime95", true);
        boolean[] saves = new boolean[2];
        Fixed rx = new Fixed("rx", 1_000);
        rx.atStart = c -> {
            saves[0] = c.takeUserFpuSave();
            saves[1] = c.takeUserFpuSave();
        };
        script.at(5e5, () -> cpu.raiseSoftirq(rx));
        script.runUntil(2e6);
        assertThat(saves).containsExactly(true, false);
    }

    @Test
    void softirqsAndWakeupsCausedByAWorksStartTakeEffectOnceItRuns() {
        Cpu cpu = cpu(false);
        Task app = cpu.newTask("app", Context.USER_TASK, false);
        Task worker = cpu.newTask("kworker", Context.KERNEL_WORKER, false);
        Fixed before = new Fixed("before", 30e6);
        Fixed send = new Fixed("send", 10_000);
        Fixed rx = new Fixed("rx", 1_000);
        Fixed job = new Fixed("job", 1_000);
        send.atStart = c -> {
            c.raiseSoftirq(rx);      // e.g. a transmission that schedules NET_TX
            worker.submit(job);      // e.g. a request queued on this CPU's cryptd
        };
        script.at(0, () -> {
            app.submit(before);
            app.submit(send);
        });
        script.runUntil(1e9);
        // the softirq preempts the task at once; the woken kworker, 30 ms behind in virtual runtime,
        // preempts it too
        assertThat(rx.started).isEqualTo(30e6);
        assertThat(job.started).isEqualTo(30e6 + 1_000);
        assertThat(log).containsExactly("before@30000000", "rx@30001000", "job@30002000", "send@30012000");
    }

    @Test
    void aTaskThatSleptLongGetsOnlyTheSleeperCreditNotItsWholeAbsence() {
        Cpu cpu = cpu(false);
        hog(cpu, "hog", false);
        Task late = cpu.newTask("late", Context.USER_TASK, false);
        script.at(500e6, () -> late.submit(new Endless(late, 1e6)));
        script.runUntil(1e9);
        // in the second half the newcomer gets half the CPU plus at most the 12 ms credit and a slice
        double share = late.busyNs() / 500e6;
        assertThat(share).isBetween(0.45, 0.5 + (12e6 + 24e6) / 500e6);
    }

    /** A user task that, from time 0, always has another 1 ms of work: a CPU hog. */
    private void hog(Cpu cpu, String name, boolean userFpu) {
        Task hog = cpu.newTask(name, Context.USER_TASK, userFpu);
        script.at(0, () -> hog.submit(new Endless(hog, 1e6)));
    }

    /** A task that always has another piece of work of the given length. */
    record Endless(Task task, double ns) implements Work {
        @Override
        public double start(Cpu cpu) {
            return ns;
        }

        @Override
        public void finish(Cpu cpu) {
            task.submit(new Endless(task, ns));
        }
    }

    @Test
    void busyTimeAccountsEveryNanosecondOnceWhenTheCpuIsNeverIdle() {
        Cpu cpu = cpu(false);
        Task hog = cpu.newTask("hog", Context.USER_TASK, false);
        script.at(0, () -> hog.submit(new Endless(hog, 333_333)));
        for (int i = 1; i <= 100; i++) {
            script.at(i * 7_777.0, () -> cpu.raiseSoftirq(new Fixed("s", 1_234)));
        }
        script.runUntil(5e6);
        double total = 0;
        for (Context c : Context.values()) {
            total += cpu.busyNs(c);
        }
        assertThat(total).isCloseTo(5e6, within(0.0));
        assertThat(cpu.busyNs(Context.SOFTIRQ)).isEqualTo(100 * 1_234);
    }

    @Test
    void workPassesThroughItsStartingAndFinishingStatesAndAPreemptedTaskResumesWithoutStartingAgain() {
        Cpu cpu = cpu(false);
        Task app = cpu.newTask("app", Context.USER_TASK, false);
        List<String> seen = new ArrayList<>();
        Consumer<String> look = when -> seen.add(when + ":" + cpu.state());
        Fixed job = new Fixed("job", 10_000);
        job.atStart = c -> look.accept("job start");
        job.atFinish = c -> look.accept("job finish");
        Fixed rx = new Fixed("rx", 2_000);
        rx.atStart = c -> look.accept("rx start");
        rx.atFinish = c -> look.accept("rx finish");
        script.at(0, () -> app.submit(job));
        script.at(1_000, () -> look.accept("1 us"));
        script.at(1_000, () -> cpu.raiseSoftirq(rx));
        script.at(2_000, () -> look.accept("2 us"));
        script.at(4_000, () -> look.accept("4 us"));
        script.at(20_000, () -> look.accept("20 us"));
        script.runUntil(1e6);
        assertThat(seen).containsExactly("job start:TASK_STARTING", "1 us:TASK", "rx start:SOFTIRQ_STARTING",
                "2 us:SOFTIRQ", "rx finish:SOFTIRQ_FINISHING", "4 us:TASK", "job finish:TASK_FINISHING",
                "20 us:IDLE");
        assertThat(log).containsExactly("rx@3000", "job@12000");
    }

    @Test
    void anIllegalCpuTransitionThrows() {
        Cpu cpu = cpu(false);
        assertThat(cpu.state()).isEqualTo(CpuState.IDLE);
        // not in the state the transition leaves
        assertThatThrownBy(() -> cpu.transition(CpuState.TASK, CpuState.IDLE))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("cpu0: illegal transition TASK -> IDLE while IDLE");
        // in it, but the transition skips the work's start
        assertThatThrownBy(() -> cpu.transition(CpuState.IDLE, CpuState.SOFTIRQ))
                .isInstanceOf(IllegalStateException.class);
        assertThat(cpu.state()).isEqualTo(CpuState.IDLE);
        // a legal sequence, step by step
        cpu.transition(CpuState.IDLE, CpuState.SOFTIRQ_STARTING);
        cpu.transition(CpuState.SOFTIRQ_STARTING, CpuState.SOFTIRQ);
        assertThatThrownBy(() -> cpu.transition(CpuState.SOFTIRQ, CpuState.IDLE))
                .as("softirq work is never preempted").isInstanceOf(IllegalStateException.class);
        cpu.transition(CpuState.SOFTIRQ, CpuState.SOFTIRQ_FINISHING);
        cpu.transition(CpuState.SOFTIRQ_FINISHING, CpuState.IDLE);
        assertThat(cpu.state()).isEqualTo(CpuState.IDLE);
    }

    @Test
    void theCpuStatesAllowExactlyTheTransitionsOfTheWorkCycle() {
        List<String> legal = new ArrayList<>();
        for (CpuState from : CpuState.values()) {
            for (CpuState to : CpuState.values()) {
                if (from.mayBecome(to)) {
                    legal.add(from + "->" + to);
                }
            }
        }
        assertThat(legal).containsExactlyInAnyOrder("IDLE->SOFTIRQ_STARTING", "IDLE->TASK_STARTING", "IDLE->TASK",
                "SOFTIRQ_STARTING->SOFTIRQ", "SOFTIRQ->SOFTIRQ_FINISHING", "SOFTIRQ_FINISHING->IDLE",
                "TASK_STARTING->TASK", "TASK->TASK_FINISHING", "TASK->IDLE", "TASK_FINISHING->IDLE");
    }

    @Test
    void aUserTaskWokenOnAnIdleCpuRunsAfterTheWakeupLatencyAndAnInterruptMeanwhileRunsAtOnce() {
        Cpu cpu = cpu(false);
        cpu.wakeupLatency(new WakeupLatency(SectionLength.DETERMINISTIC, 20_000, new MRG32k3a()));
        Task app = cpu.newTask("app", Context.USER_TASK, false);
        Task worker = cpu.newTask("kworker", Context.KERNEL_WORKER, false);
        Fixed read = new Fixed("read", 1_000);
        Fixed rx = new Fixed("rx", 2_000);
        Fixed later = new Fixed("later", 1_000);
        Fixed work = new Fixed("work", 1_000);
        script.at(0, () -> app.submit(read));
        script.at(5_000, () -> cpu.raiseSoftirq(rx));
        script.at(100_000, () -> app.submit(later));
        script.at(200_000, () -> worker.submit(work));
        script.runUntil(1e6);
        assertThat(rx.started).as("the interrupt does not wait for the idle exit").isEqualTo(5_000);
        assertThat(read.started).as("the woken task runs after it, on the CPU the interrupt woke").isEqualTo(7_000);
        assertThat(later.started).as("every wake-up on an idle CPU is delayed anew").isEqualTo(120_000);
        assertThat(work.started).as("kernel workers are not delayed").isEqualTo(200_000);
        assertThat(log).containsExactly("rx@7000", "read@8000", "later@121000", "work@201000");
    }

    @Test
    void withoutAWakeupLatencyAWokenUserTaskRunsAtOnce() {
        Cpu cpu = cpu(false);
        Task app = cpu.newTask("app", Context.USER_TASK, false);
        Fixed read = new Fixed("read", 1_000);
        script.at(3_000, () -> app.submit(read));
        script.runUntil(1e6);
        assertThat(read.started).isEqualTo(3_000);
    }
}
