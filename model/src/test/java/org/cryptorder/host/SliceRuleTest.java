package org.cryptorder.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.cryptorder.testing.Script;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import umontreal.ssj.simevents.Simulator;

/** The tick's check of the running task's turn: CFS's slice (before 6.6) and EEVDF's deadline. Times in ns. */
class SliceRuleTest {
    @ParameterizedTest(name = "{0} CPUs: factor {1}")
    @CsvSource({"1, 1", "2, 2", "4, 3", "8, 4", "16, 4"})
    void theTunablesScaleByOnePlusTheLogOfTheCpusUpToEight(int cpus, int factor) {
        assertThat(SchedulerParams.tunableScalingFactor(cpus)).isEqualTo(factor);
        SchedulerParams p = SchedulerParams.linuxDefaults(cpus);
        assertThat(p.latencyNs()).isEqualTo(6e6 * factor);
        assertThat(p.minGranularityNs()).isEqualTo(0.75e6 * factor);
    }

    @ParameterizedTest(name = "{0} tasks: period {1}, slice {2}")
    @CsvSource({"1, 6e6, 6e6", "2, 6e6, 3e6", "8, 6e6, 0.75e6", "9, 6.75e6, 0.75e6"})
    void periodAndSliceFollowSchedPeriodAndSchedSlice(int tasks, double period, double slice) {
        SchedulerParams p = SchedulerParams.linuxDefaults(1);
        assertThat(p.periodNs(tasks)).isEqualTo(period);
        assertThat(p.idealRuntimeNs(tasks)).isEqualTo(slice);
        // 16 CPUs: everything times 4
        assertThat(SchedulerParams.linuxDefaults(16).idealRuntimeNs(tasks)).isEqualTo(4 * slice);
    }

    @Test
    void cfsReschedulesPastTheSliceOrOnceItHasHadTheMinimumGranularityAndLeadsByMoreThanTheSlice() {
        SchedulerParams p = SchedulerParams.linuxDefaults(1);
        Task curr = new Cpu(new Simulator(), 0, p, false).newTask("curr", Context.USER_TASK, false);
        curr.vruntime = 10e6;
        // two tasks: ideal_runtime 3 ms
        assertThat(SliceRule.CFS.tickPreempts(curr, 3e6, 2, 10e6, p)).as("exactly the slice").isFalse();
        assertThat(SliceRule.CFS.tickPreempts(curr, 3e6 + 1, 2, 10e6, p)).as("past the slice").isTrue();
        // the leftmost waits 5 ms behind: a lead over the slice, which counts from 0.75 ms on
        assertThat(SliceRule.CFS.tickPreempts(curr, 0.75e6 - 1, 2, 5e6, p)).isFalse();
        assertThat(SliceRule.CFS.tickPreempts(curr, 0.75e6, 2, 5e6, p)).isTrue();
        assertThat(SliceRule.CFS.tickPreempts(curr, 1e6, 2, 7e6, p)).as("a lead of exactly the slice").isFalse();
        assertThat(SliceRule.CFS.tickPreempts(curr, 1e6, 2, 7e6 - 1, p)).isTrue();
        // nine tasks: ideal_runtime 0.75 ms
        assertThat(SliceRule.CFS.tickPreempts(curr, 0.75e6 + 1, 9, 10e6, p)).isTrue();
    }

    @Test
    void eevdfReschedulesWhenTheVirtualRuntimeReachesTheDeadlineAndSetsTheNextOneABaseSliceOn() {
        SchedulerParams p = SchedulerParams.linuxDefaults(1).withSliceRule(SliceRule.EEVDF);
        Task curr = new Cpu(new Simulator(), 0, p, false).newTask("curr", Context.USER_TASK, false);
        curr.vruntime = 2e6;
        SliceRule.EEVDF.placed(curr, p);
        assertThat(curr.deadline).isEqualTo(2.75e6);
        curr.vruntime = 2.75e6 - 1;
        assertThat(SliceRule.EEVDF.tickPreempts(curr, 10e6, 2, 0, p)).as("CPU time and lead do not count").isFalse();
        curr.vruntime = 2.75e6;
        assertThat(SliceRule.EEVDF.tickPreempts(curr, 0, 2, 3e6, p)).isTrue();
        assertThat(curr.deadline).isEqualTo(3.5e6);
    }

    /** The instants at which two CPU-bound tasks on one CPU take turns, over 20 ms. */
    static List<Double> turns(SchedulerParams p) {
        Simulator s = new Simulator();
        Cpu c = new Cpu(s, 0, p, false);
        List<Double> switches = new ArrayList<>();
        Task[] last = {null};
        for (String name : new String[] {"a", "b"}) {
            Task t = c.newTask(name, Context.USER_TASK, false);
            t.submit(new Work() {
                @Override
                public double start(Cpu cpu) {
                    if (last[0] != t) {
                        switches.add(s.time());
                        last[0] = t;
                    }
                    return 100_000;
                }

                @Override
                public void finish(Cpu cpu) {
                    t.submit(this);
                }
            });
        }
        new Script(s).runUntil(20e6);
        return switches;
    }

    @Test
    void underEevdfTwoEqualTasksTakeTurnsAtTheFirstTickAtOrPastEachDeadline() {
        // one CPU: base slice 0.75 ms, so every tick ends a turn (>=, where CFS needs more than 3 ms)
        SchedulerParams one = SchedulerParams.linuxDefaults(1).withSliceRule(SliceRule.EEVDF).withHz(1000);
        assertThat(turns(one)).startsWith(0.0, 1e6, 2e6, 3e6, 4e6);
        // eight CPUs: base slice 3 ms; a turn reaches its deadline at exactly 3 ms of CPU time
        SchedulerParams eight = SchedulerParams.linuxDefaults(8).withSliceRule(SliceRule.EEVDF).withHz(1000);
        assertThat(turns(eight)).startsWith(0.0, 3e6, 6e6, 9e6, 12e6);
        // CFS on eight CPUs: more than ideal_runtime = 24 ms / 2
        assertThat(turns(SchedulerParams.linuxDefaults(8).withHz(1000))).containsExactly(0.0, 13e6);
    }

    /**
     * A task runs 100 us pieces alone from 0; another joins at {@code joinAt}; run until {@code untilNs}.
     * Returns the CPU time of the first and of the joiner by then.
     */
    static double[] aloneThenJoined(SchedulerParams p, double joinAt, double untilNs) {
        Simulator s = new Simulator();
        Script script = new Script(s);
        Cpu c = new Cpu(s, 0, p, false);
        Task alone = c.newTask("alone", Context.USER_TASK, false);
        Task late = c.newTask("late", Context.USER_TASK, false);
        script.at(0, () -> alone.submit(new CpuTest.Endless(alone, 100_000)));
        script.at(joinAt, () -> late.submit(new CpuTest.Endless(late, 100_000)));
        script.runUntil(untilNs);
        return new double[] {alone.busyNs(), late.busyNs()};
    }

    @Test
    void aTaskRunningAloneIsCutAtTheFirstTickWhereItsTurnExceedsTheSliceOfTwo() {
        // no sleeper credit, so the joining task lands level with the running one and does not preempt it
        SchedulerParams p = new SchedulerParams(6e6, 0.75e6, 1e6, 0, SoftirqDeferral.NONE, 1e6, SliceRule.CFS);
        // picked alone (a slice of 6 ms then), joined at 1.5 ms: at the 3 ms tick it has had exactly
        // ideal_runtime = 3 ms (and leads by 1.5 ms), at the 4 ms tick more: the CPU goes to the other,
        // which has had five 100 us pieces by 4.55 ms
        assertThat(aloneThenJoined(p, 1.5e6, 4.55e6)).containsExactly(4e6, 0.5e6);
    }

    @Test
    void underEevdfTheTicksRenewTheDeadlineOfATaskRunningAloneSoAJoinerWaitsOnlyForTheCurrentOne() {
        // eight CPUs' 3 ms base slice at HZ=1000, no sleeper credit: the joiner lands level and does not preempt
        SchedulerParams p = new SchedulerParams(24e6, 3e6, 4e6, 0, SoftirqDeferral.NONE, 1e6, SliceRule.EEVDF);
        // deadlines 3, then renewed at the 3, 6 and 9 ms ticks to 6, 9 and 12 ms: the joiner at 10.5 ms
        // gets the CPU at the 12 ms tick (renewing only at the join would have set 13.5 ms: the 14 ms tick)
        assertThat(aloneThenJoined(p, 10.5e6, 12.25e6)).containsExactly(12e6, 0.2e6);
    }
}
