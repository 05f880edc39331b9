package org.cryptorder.engine;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;

/** Counting what passes through an event list changes nothing of the order and counts every kind of pass. */
class CountingEventListTest {
    @Test
    void itCountsScheduledCancelledAndRunEventsAndKeepsTheOrder() {
        CountingEventList.Counts counts = new CountingEventList.Counts();
        Simulator sim = new Simulator(new CountingEventList(EventListKind.HENRIKSEN.newEventList(), counts));
        sim.init();
        List<String> ran = new ArrayList<>();
        Event[] events = new Event[4];
        for (int i = 0; i < events.length; i++) {
            events[i] = new TracedEvent(sim, "e" + i, ran);
        }
        events[0].schedule(30);
        events[1].schedule(10);
        events[2].schedule(10);   // same time: after e1
        events[3].schedule(20);
        events[3].reschedule(40);  // a cancel and a schedule
        events[0].cancel();
        sim.start();
        assertThat(ran).containsExactly("e1@10", "e2@10", "e3@40");
        assertThat(counts.scheduled()).isEqualTo(5);
        assertThat(counts.cancelled()).isEqualTo(2);
        assertThat(counts.executed()).isEqualTo(3);
    }

    private static final class Tick extends Event {
        Tick(Simulator sim) {
            super(sim);
        }

        @Override
        public void actions() {
        }
    }

    @Test
    void itCountsByKindTheMostRunFirst() {
        CountingEventList.Counts counts = new CountingEventList.Counts();
        Simulator sim = new Simulator(new CountingEventList(EventListKind.HENRIKSEN.newEventList(), counts));
        sim.init();
        for (int i = 1; i <= 3; i++) {
            new Tick(sim).schedule(i);
        }
        Tick cancelled = new Tick(sim);
        cancelled.schedule(5);
        cancelled.cancel();
        Once.at(sim, 4, () -> { });
        sim.start();
        assertThat(counts.byKind()).containsExactly(
                new CountingEventList.Counts.Kind("CountingEventListTest.Tick", 3, 1, 0),
                new CountingEventList.Counts.Kind("Once.(anonymous)", 1, 0, 0));
    }
}
