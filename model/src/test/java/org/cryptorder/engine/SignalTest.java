package org.cryptorder.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import umontreal.ssj.simevents.Accumulate;
import umontreal.ssj.simevents.Simulator;

class SignalTest {

    private enum Reason { QUEUE_FULL, REPLAY }

    @Test
    void deliversToObserversInSubscriptionOrder() {
        Signal<String> signal = new Signal<>("rx.secy.decrypted");
        List<String> seen = new ArrayList<>();
        signal.subscribe((t, s) -> seen.add("first " + s + " @" + (long) t));
        signal.subscribe((t, s) -> seen.add("second " + s + " @" + (long) t));

        signal.emit(Time.us(2), "frame7");

        assertThat(seen).containsExactly("first frame7 @2000", "second frame7 @2000");
        assertThat(signal.hasObservers()).isTrue();
        assertThat(signal.name()).isEqualTo("rx.secy.decrypted");
    }

    @Test
    void emittingWithoutObserversDoesNothing() {
        Signal<String> signal = new Signal<>("quiet");
        assertThat(signal.hasObservers()).isFalse();
        signal.emit(0, "ignored");
        assertThat(new LevelSignal("quiet.level").hasObservers()).isFalse();
        assertThat(new ReasonSignal<String, Reason>("quiet.drop").hasObservers()).isFalse();
    }

    @Test
    void anObserverSubscribedDuringAnEmissionSeesOnlyLaterOnes() {
        Signal<Integer> signal = new Signal<>("n");
        List<Integer> late = new ArrayList<>();
        signal.subscribe((t, n) -> {
            if (n == 1) {
                signal.subscribe((t2, m) -> late.add(m));
            }
        });

        signal.emit(0, 1);
        signal.emit(0, 2);

        assertThat(late).containsExactly(2);
    }

    @Test
    void dropsCarryTheirReason() {
        ReasonSignal<String, Reason> drops = new ReasonSignal<>("rx.secy.drop");
        List<String> seen = new ArrayList<>();
        drops.subscribe((t, frame, reason) -> seen.add(frame + " " + reason));

        drops.emit(1, "f1", Reason.REPLAY);
        drops.emit(2, "f2", Reason.QUEUE_FULL);

        assertThat(seen).containsExactly("f1 REPLAY", "f2 QUEUE_FULL");
    }

    /** A level held 2 for 1 us then 4 for 3 us averages (2 + 12) / 4 = 3.5 in an SSJ Accumulate. */
    @Test
    void levelsFeedATimeAverage() {
        Simulator simulator = EventListKind.DEFAULT.newSimulator();
        LevelSignal length = new LevelSignal("queue.length");
        Accumulate average = new Accumulate(simulator, "queue length");
        length.subscribe((t, level) -> average.update(level));
        Once.at(simulator, 0, () -> length.emit(simulator.time(), 2));
        Once.at(simulator, Time.us(1), () -> length.emit(simulator.time(), 4));
        Once.at(simulator, Time.us(4), () -> length.emit(simulator.time(), 4));

        simulator.start();

        assertThat(average.average()).isEqualTo(3.5);
    }

    @Test
    void refusesBlankNamesAndNullObservers() {
        assertThatThrownBy(() -> new Signal<String>("")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new LevelSignal(null)).isInstanceOf(IllegalArgumentException.class);
        Signal<String> signal = new Signal<>("s");
        assertThatThrownBy(() -> signal.subscribe(null)).isInstanceOf(NullPointerException.class);
        assertThat(signal.hasObservers()).isFalse();
    }

    /**
     * Emitting allocates nothing: 100 000 emissions of a primitive level and of an object, with
     * and without an observer, allocate under 64 KiB on this thread. Boxing the level alone would
     * take 100 000 x 16 bytes = 1.6 MB.
     */
    @Test
    void emittingAllocatesNothing() {
        var threads = ManagementFactory.getThreadMXBean();
        assumeThat(threads).isInstanceOf(com.sun.management.ThreadMXBean.class);
        var bytes = (com.sun.management.ThreadMXBean) threads;
        long self = Thread.currentThread().getId();
        LevelSignal level = new LevelSignal("level");
        Signal<String> event = new Signal<>("event");
        Signal<String> silent = new Signal<>("silent");
        double[] sum = new double[1];
        level.subscribe((t, x) -> sum[0] += x);
        event.subscribe((t, s) -> sum[0] += t);

        long before = bytes.getThreadAllocatedBytes(self);
        for (int i = 0; i < 100_000; i++) {
            level.emit(i, i * 0.5);
            event.emit(i, "frame");
            silent.emit(i, "frame");
        }
        long allocated = bytes.getThreadAllocatedBytes(self) - before;

        assertThat(allocated).isLessThan(64 * 1024);
        assertThat(sum[0]).as("sum of 1.5 i for i < 100 000").isEqualTo(1.5 * 99_999 * 100_000 / 2);
    }
}
