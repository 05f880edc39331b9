package org.cryptorder.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import org.cryptorder.macsec.MacsecFrame;
import org.junit.jupiter.api.Test;

/**
 * CoDel against its closed forms ({@code codel_impl.h}): a flow whose every packet has spent
 * {@code sojournNs} in the queue, dequeued every {@value #STEP_NS} ns, with more than an MTU behind
 * it. Times are CoDel's: multiples of 1024 ns.
 */
class CodelTest {
    static final double STEP_NS = 100_000;
    static final double TARGET_NS = 5e6;
    static final double INTERVAL_NS = 100e6;

    /** A flow that never runs dry, whose head has waited {@code sojournNs}. */
    static final class StandingQueue implements Codel.Queue {
        double sojournNs;
        double now;
        long backlog = 1_000_000;
        final List<Double> drops = new ArrayList<>();
        private int lastTime;

        @Override
        public Packet dequeue() {
            lastTime = Codel.time(now - sojournNs);
            return new Packet(0, 0, 0, MacsecFrame.copyOf(new byte[64]));
        }

        @Override
        public int enqueueTime() {
            return lastTime;
        }

        @Override
        public void drop(Packet p) {
            drops.add(now);
        }

        @Override
        public long backlog() {
            return backlog;
        }
    }

    final Codel codel = new Codel(Codel.Params.linux(1514));
    final StandingQueue q = new StandingQueue();
    double t;

    /** Dequeues every step until {@code untilNs}. */
    void runUntil(double untilNs) {
        for (; t < untilNs; t += STEP_NS) {
            q.now = t;
            assertThat(codel.dequeue(q, Codel.time(t))).isNotNull();
        }
    }

    @Test
    void linuxsDefaultsAre5And100MsInCodelTime() {
        Codel.Params p = Codel.Params.linux(1514);
        assertThat(p.target()).isEqualTo(4882);
        assertThat(p.interval()).isEqualTo(97656);
        assertThat(p.mtu()).isEqualTo(1514);
    }

    @Test
    void noDropWhileTheSojournIsBelowTarget() {
        q.sojournNs = TARGET_NS - 100_000;
        runUntil(10e9);
        assertThat(q.drops).isEmpty();
        assertThat(codel.dropping).isFalse();
    }

    @Test
    void noDropWhileTheQdiscHoldsAnMtuOrLess() {
        q.sojournNs = 50e6;
        q.backlog = 1514;
        runUntil(2e9);
        assertThat(q.drops).isEmpty();
    }

    @Test
    void theFirstDropComesOnceTheSojournStayedAboveTargetForAFullInterval() {
        q.sojournNs = TARGET_NS + 1e6;
        runUntil(INTERVAL_NS);
        assertThat(q.drops).as("above target, but not yet for a whole interval").isEmpty();
        runUntil(INTERVAL_NS + 2 * STEP_NS + 1);
        // first above at t = 0: first_above_time = interval, and the first dequeue strictly after it drops
        assertThat(q.drops).singleElement().satisfies(d -> assertThat(d).isBetween(INTERVAL_NS - 1024,
                INTERVAL_NS + STEP_NS + 1024));
        assertThat(codel.dropping).isTrue();
        assertThat(codel.count).isEqualTo(1);
    }

    @Test
    void theNextDropsComeAtIntervalOverTheSquareRootOfTheCount() {
        q.sojournNs = 20e6;
        runUntil(3e9);
        List<Double> d = q.drops;
        assertThat(d.size()).as("drops in 3 s").isGreaterThan(100);
        // after drop k the law waits interval * rec_inv_sqrt(k), by one Newton step per drop: from 1 the
        // first step gives exactly 1/2 (not 1/sqrt 2); later ones are within 3% of 1/sqrt(k), 1% from k = 9
        assertThat(d.get(1) - d.get(0)).isCloseTo(INTERVAL_NS, within(STEP_NS + 2048));
        assertThat(d.get(2) - d.get(1)).isCloseTo(INTERVAL_NS / 2, within(STEP_NS + 2048));
        for (int k = 3; k < d.size(); k++) {
            double law = INTERVAL_NS / Math.sqrt(k);
            double tolerance = (k < 9 ? 0.03 : 0.01) * law + STEP_NS + 2048;
            assertThat(d.get(k) - d.get(k - 1)).as("gap after drop %d", k).isCloseTo(law, within(tolerance));
        }
        assertThat(codel.count).isEqualTo(d.size());
    }

    @Test
    void reEnteringTheDroppingStateSoonReusesTheLastCycleCount() {
        q.sojournNs = 20e6;
        runUntil(2e9);
        int n = codel.count;
        assertThat(n).isGreaterThan(10);
        q.sojournNs = 1e6;
        runUntil(2.3e9);
        assertThat(codel.dropping).as("left below target").isFalse();
        int before = q.drops.size();
        q.sojournNs = 20e6;
        runUntil(2.5e9);
        assertThat(q.drops.size()).isGreaterThan(before);
        // within 16 intervals of the last drop_next: count restarts at count - lastcount (lastcount was 1)
        assertThat(codel.lastcount).isEqualTo(n - 1);
    }

    @Test
    void reEnteringTheDroppingStateLateStartsTheCountAgainAtOne() {
        q.sojournNs = 20e6;
        runUntil(2e9);
        q.sojournNs = 1e6;
        runUntil(4e9);
        int before = q.drops.size();
        q.sojournNs = 20e6;
        runUntil(4.15e9);
        assertThat(q.drops.size()).isEqualTo(before + 1);
        assertThat(codel.count).isEqualTo(1);
        assertThat(codel.lastcount).isEqualTo(1);
    }
}
