package org.cryptorder.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;

/**
 * Steps held back by a {@link StepSimulator} run in the order SSJ runs the same steps as events
 * (time, then first in first out): each fixture runs once on a plain SSJ simulator, every step an
 * event, and once on a step simulator, and both must give the same trace; the counts say how many
 * steps needed no event.
 */
class StepSimulatorTest {
    /** One run of a fixture: its trace, and the events run and the steps run in place. */
    private record Run(List<String> trace, long events, long inPlace) {
    }

    /** A named step that records its time and then does what the fixture says. */
    private static final class Step extends TracedEvent {
        Consumer<Step> then = s -> { };

        Step(Simulator sim, String name, List<String> trace) {
            super(sim, name, trace);
        }

        @Override
        public void actions() {
            super.actions();
            then.accept(this);
        }

        /** Schedules {@code other} as a step where the simulator has steps, else as an event. */
        void step(Step other, double delay) {
            StepSimulator steps = StepSimulator.of(sim);
            if (steps != null) {
                steps.scheduleStep(other, delay);
            } else {
                other.schedule(delay);
            }
        }
    }

    /** What a fixture builds on: the simulator, and the steps it makes, each recording into one trace. */
    private record Steps(Simulator sim, List<String> trace) {
        Step step(String name) {
            return new Step(sim, name, trace);
        }
    }

    /** The fixture: builds steps, schedules the first ones. */
    private interface Fixture {
        void build(Steps k);
    }

    private static Run run(Fixture f, boolean steps) {
        CountingEventList.Counts counts = new CountingEventList.Counts();
        CountingEventList list = new CountingEventList(EventListKind.HENRIKSEN.newEventList(), counts);
        Simulator sim = steps ? new StepSimulator(list) : new Simulator(list);
        sim.init();
        List<String> trace = new ArrayList<>();
        f.build(new Steps(sim, trace));
        sim.start();
        return new Run(trace, counts.executed(), counts.inPlace());
    }

    private static Run sameOnBoth(Fixture f) {
        Run plain = run(f, false);
        Run steps = run(f, true);
        assertThat(steps.trace()).isEqualTo(plain.trace());
        assertThat(plain.inPlace()).isZero();
        assertThat(steps.events() + steps.inPlace()).isEqualTo(plain.events());
        return steps;
    }

    @Test
    void aStepDueBeforeEverythingPendingRunsInPlace() {
        Run r = sameOnBoth(k -> {
            Step a = k.step("a"), s = k.step("s"), t = k.step("t");
            k.step("b").schedule(10);
            a.then = x -> x.step(s, 5);
            s.then = x -> x.step(t, 3);   // t at 8, still before b
            a.schedule(0);
        });
        assertThat(r.trace()).containsExactly("a@0", "s@5", "t@8", "b@10");
        assertThat(r.inPlace()).isEqualTo(2);
    }

    @Test
    void aStepDueWithAnEventScheduledBeforeItGoesAfterThatEvent() {
        Run r = sameOnBoth(k -> {
            Step a = k.step("a"), s = k.step("s");
            k.step("b").schedule(5);
            a.then = x -> x.step(s, 5);
            a.schedule(0);
        });
        assertThat(r.trace()).containsExactly("a@0", "b@5", "s@5");
        assertThat(r.inPlace()).isZero();
    }

    @Test
    void aStepGoesAheadOfEventsOfItsTimeScheduledAfterIt() {
        Run r = sameOnBoth(k -> {
            Step a = k.step("a"), s = k.step("s"), c = k.step("c"), d = k.step("d"), e = k.step("e");
            k.step("far").schedule(100);
            a.then = x -> {
                x.step(s, 5);      // held: nothing pending before 100
                c.schedule(5);     // same time, scheduled after s
                d.schedule(3);     // earlier: s goes into the list, ahead of c
            };
            d.then = x -> e.schedule(2);  // at 5 too, after s and c
            a.schedule(0);
        });
        assertThat(r.trace()).containsExactly("a@0", "d@3", "s@5", "c@5", "e@5", "far@100");
        assertThat(r.inPlace()).isZero();
    }

    /**
     * Two steps held for 5, then an event scheduled for 5; then either a third step held for 4,
     * which runs first and lets the two run in place, or an event scheduled for 2, which sends the
     * two into the list: either way they keep the order they were scheduled in, ahead of the event.
     */
    @ParameterizedTest(name = "an event before them: {0}")
    @ValueSource(booleans = {false, true})
    void stepsOfTheSameTimeKeepTheOrderTheyWereScheduledIn(boolean eventBefore) {
        Run r = sameOnBoth(k -> {
            Step a = k.step("a"), s1 = k.step("s1"), s2 = k.step("s2");
            Step s3 = k.step("s3"), c = k.step("c"), d = k.step("d");
            a.then = x -> {
                x.step(s1, 5);
                x.step(s2, 5);
                c.schedule(5);
                if (eventBefore) {
                    d.schedule(2);
                } else {
                    x.step(s3, 4);   // held too: c, pending, is due after it
                }
            };
            s3.then = x -> d.schedule(1);   // at 5, after all of them
            a.schedule(0);
        });
        if (eventBefore) {
            assertThat(r.trace()).containsExactly("a@0", "d@2", "s1@5", "s2@5", "c@5");
            assertThat(r.inPlace()).isZero();
        } else {
            assertThat(r.trace()).containsExactly("a@0", "s3@4", "s1@5", "s2@5", "c@5", "d@5");
            assertThat(r.inPlace()).isEqualTo(3);
        }
    }

    @Test
    void priorityComesBeforeTheOrderOfScheduling() {
        Run r = sameOnBoth(k -> {
            Step a = k.step("a"), s1 = k.step("s1"), s2 = k.step("s2");
            Step urgent = k.step("urgent"), late = k.step("late"), d = k.step("d");
            s2.setPriority(0.5);
            urgent.setPriority(0);
            late.setPriority(2);
            a.then = x -> {
                x.step(s1, 5);
                x.step(s2, 5);     // held after s1, but of a higher priority
                urgent.schedule(5);
                late.schedule(5);
            };
            s1.then = x -> d.schedule(0);
            a.schedule(0);
        });
        assertThat(r.trace()).containsExactly("a@0", "urgent@5", "s2@5", "s1@5", "d@5", "late@5");
        assertThat(r.inPlace()).isZero();
    }

    @Test
    void aCancelledStepNeverRunsAndItsTimeIsKnownUntilThen() {
        List<Double> times = new ArrayList<>();
        Run r = sameOnBoth(k -> {
            Step a = k.step("a"), s = k.step("s"), t = k.step("t");
            a.then = x -> {
                x.step(s, 5);
                x.step(t, 7);
                StepSimulator steps = StepSimulator.of(k.sim());
                if (steps != null) {
                    times.add(steps.stepTime(s));
                    steps.cancelStep(s);
                    times.add(steps.stepTime(s));
                } else {
                    s.cancel();
                }
            };
            a.schedule(0);
        });
        assertThat(r.trace()).containsExactly("a@0", "t@7");
        assertThat(times.get(0)).isEqualTo(5.0);
        assertThat(times.get(1)).isNegative();
    }

    @Test
    void nothingRunsInPlaceOnceTheSimulationIsStopped() {
        sameOnBoth(k -> {
            Step a = k.step("a"), s = k.step("s");
            a.then = x -> {
                x.step(s, 5);
                k.sim().stop();
            };
            a.schedule(0);
        });
    }

    @Test
    void aStepScheduledBeforeTheRunStartsIsAnEvent() {
        List<Double> times = new ArrayList<>();
        Run r = run(k -> {
            Step s = k.step("s");
            StepSimulator.of(k.sim()).scheduleStep(s, 3);
            times.add(s.time());
        }, true);
        assertThat(times).containsExactly(3.0);
        assertThat(r.trace()).containsExactly("s@3");
        assertThat(r.events()).isEqualTo(1);
    }
}
