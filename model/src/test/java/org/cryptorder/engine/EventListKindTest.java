package org.cryptorder.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import umontreal.ssj.simevents.Simulator;
import umontreal.ssj.simevents.eventlist.Henriksen;
import umontreal.ssj.simevents.eventlist.SplayTree;

class EventListKindTest {

    /** Six events at 1 us, one at 1 us with priority 0.5, one at 0.5 us: time, priority, FIFO. */
    @ParameterizedTest
    @EnumSource(EventListKind.class)
    void executesByTimeThenPriorityThenFifo(EventListKind kind) {
        Simulator simulator = kind.newSimulator();
        List<String> executed = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            new TracedEvent(simulator, "e" + i, executed).schedule(Time.us(1));
        }
        TracedEvent urgent = new TracedEvent(simulator, "priority0.5", executed);
        urgent.setPriority(0.5);
        urgent.schedule(Time.us(1));
        new TracedEvent(simulator, "early", executed).schedule(Time.us(0.5));

        simulator.start();

        assertThat(executed).containsExactly("early@500", "priority0.5@1000", "e0@1000", "e1@1000", "e2@1000", "e3@1000",
                "e4@1000", "e5@1000");
        assertThat(simulator.time()).isEqualTo(Time.us(1));
    }

    @Test
    void buildsAFreshSimulatorAtTimeZeroWithTheChosenList() {
        Simulator a = EventListKind.HENRIKSEN.newSimulator();
        Simulator b = EventListKind.HENRIKSEN.newSimulator();

        assertThat(a).isNotSameAs(b);
        assertThat(a.getEventList()).isInstanceOf(Henriksen.class).isNotSameAs(b.getEventList());
        assertThat(a.time()).isZero();
        assertThat(a.getEventList().isEmpty()).isTrue();
        assertThat(EventListKind.DEFAULT.newSimulator().getEventList()).isInstanceOf(Henriksen.class);
        assertThat(EventListKind.SPLAY_TREE.newSimulator().getEventList()).isInstanceOf(SplayTree.class);
    }

    @Test
    void simulatorsDoNotShareAClock() {
        Simulator a = EventListKind.DEFAULT.newSimulator();
        Simulator b = EventListKind.DEFAULT.newSimulator();
        new TracedEvent(a, "a", new ArrayList<>()).schedule(Time.us(5));
        new TracedEvent(b, "b", new ArrayList<>()).schedule(Time.us(2));

        a.start();

        assertThat(a.time()).isEqualTo(Time.us(5));
        assertThat(b.time()).isZero();
        assertThat(b.getEventList().isEmpty()).isFalse();
    }

    @Test
    void keysRoundTripAndUnknownKeysNameTheKnownOnes() {
        assertThat(EventListKind.HENRIKSEN.key()).isEqualTo("henriksen");
        assertThat(EventListKind.RED_BLACK_TREE.key()).isEqualTo("red-black-tree");
        for (EventListKind kind : EventListKind.values()) {
            assertThat(EventListKind.fromKey(kind.key())).isSameAs(kind);
        }
        assertThatThrownBy(() -> EventListKind.fromKey("heap"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("heap").hasMessageContaining("splay-tree, henriksen");
    }
}
