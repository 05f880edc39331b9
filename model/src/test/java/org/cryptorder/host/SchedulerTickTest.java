package org.cryptorder.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.cryptorder.engine.CountingEventList;
import org.cryptorder.engine.EventListKind;
import org.cryptorder.testing.Script;
import org.junit.jupiter.api.Test;
import umontreal.ssj.simevents.Simulator;

/** The tick's slice check, disarmed lazily: no event-list traffic per task switch, slices still checked. */
class SchedulerTickTest {
    @Test
    void softirqsInterruptingTwoTasksCancelNoTickAndTheSlicesAreStillShared() {
        CountingEventList.Counts counts = new CountingEventList.Counts();
        Simulator sim = new Simulator(new CountingEventList(EventListKind.HENRIKSEN.newEventList(), counts));
        Script script = new Script(sim);
        SchedulerParams params = SchedulerParams.linuxDefaults(8);
        Cpu cpu = new Cpu(sim, 0, params, false);
        Task a = cpu.newTask("a", Context.USER_TASK, false);
        Task b = cpu.newTask("b", Context.USER_TASK, false);
        for (Task t : new Task[] {a, b}) {
            script.at(0, () -> t.submit(new CpuTest.Endless(t, 1e6)));
        }
        // a softirq every 100 us pauses the running task (disarming its slice check) and resumes it
        for (int i = 1; i < 10_000; i++) {
            script.at(i * 100_000.0 + 3, () -> cpu.raiseSoftirq(new Work() {
                @Override
                public double start(Cpu c) {
                    return 2_000;
                }

                @Override
                public void finish(Cpu c) {
                }
            }));
        }
        script.runUntil(1e9);

        assertThat(Math.abs(a.busyNs() - b.busyNs())).as("fair within one scheduling latency").isLessThanOrEqualTo(24e6);
        assertThat(Math.min(a.busyNs(), b.busyNs())).isGreaterThan(0.4e9);
        List<CountingEventList.Counts.Kind> ticks = counts.byKind().stream()
                .filter(k -> k.name().equals("SchedulerTick")).toList();
        assertThat(ticks).hasSize(1);
        assertThat(ticks.get(0).cancelled()).as("a disarm cancels nothing").isZero();
        assertThat(ticks.get(0).executed()).as("at most one interrupt per jiffy")
                .isPositive().isLessThanOrEqualTo((long) (1e9 / params.tickNs()) + 1);
    }
}
