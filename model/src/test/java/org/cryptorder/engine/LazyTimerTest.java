package org.cryptorder.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.cryptorder.testing.Script;
import org.junit.jupiter.api.Test;
import umontreal.ssj.simevents.Simulator;

/** A lazy timer expires exactly at the deadline last set, never after a stop, and may set itself again. */
class LazyTimerTest {
    final Simulator sim = EventListKind.DEFAULT.newSimulator();
    final Script script = new Script(sim);
    final List<Double> expired = new ArrayList<>();
    Consumer<LazyTimer> onExpiry = t -> { };
    final LazyTimer timer = new LazyTimer(sim) {
        @Override
        protected void expire() {
            expired.add(sim.time());
            onExpiry.accept(this);
        }
    };



    @Test
    void pushedBackOnEverySegmentItExpiresOnceAtTheLastDeadline() {
        for (int i = 0; i < 100; i++) {
            double now = 10.0 * i;
            script.at(now, () -> timer.setIn(1_000));
        }
        script.runUntil(10_000);
        assertThat(expired).containsExactly(1_990.0);
        assertThat(timer.isSet()).isFalse();
    }

    @Test
    void aStoppedTimerDoesNotExpireAndASetAfterTheStaleEventStillExpiresOnTime() {
        script.at(0, () -> timer.setIn(100));
        script.at(50, timer::stop);
        script.at(60, () -> assertThat(timer.isSet()).isFalse());
        script.runUntil(1_000);
        assertThat(expired).isEmpty();

        script.at(0, () -> timer.setIn(500));       // 1 000 + 500
        script.at(100, timer::stop);
        script.at(200, () -> timer.setIn(700));     // 1 900, after the stale event at 1 500
        script.runUntil(3_000);
        assertThat(expired).containsExactly(1_900.0);
    }

    @Test
    void anEarlierDeadlineMovesTheEventForward() {
        script.at(0, () -> timer.setIn(1_000));
        script.at(10, () -> timer.setIn(5));
        script.runUntil(2_000);
        assertThat(expired).containsExactly(15.0);
    }

    @Test
    void itMaySetItselfAgainWhenItExpires() {
        onExpiry = t -> {
            if (expired.size() < 3) {
                t.setIn(250);
            }
        };
        script.at(0, () -> timer.setIn(250));
        script.runUntil(10_000);
        assertThat(expired).containsExactly(250.0, 500.0, 750.0);
        assertThat(timer.deadline()).isNaN();
    }

    @Test
    void aNegativeOrNaNDelayIsRefused() {
        assertThatThrownBy(() -> timer.setIn(-1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> timer.setIn(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
    }
}
