package org.cryptorder.host;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import org.cryptorder.testing.Script;
import org.junit.jupiter.api.Test;
import umontreal.ssj.simevents.Simulator;

/** A NAPI poll goes on frame after frame within its budget, yields to other softirq work after it, and completes when empty. */
class NapiPollTest {
    final Simulator sim = new Simulator();
    final Script script = new Script(sim);
    final Cpu cpu = new Cpu(sim, 0, SchedulerParams.linuxDefaults(1), false);
    final List<String> log = new ArrayList<>();

    final class Poll extends NapiPoll {
        final ArrayDeque<String> ring = new ArrayDeque<>();
        String current;

        Poll(int budget) {
            super(budget);
        }

        void arrive(String frame) {
            ring.add(frame);
            schedule(cpu);
        }

        @Override
        public double start(Cpu c) {
            current = ring.poll();
            polledOne();
            return 1_000;
        }

        @Override
        public void finish(Cpu c) {
            log.add(current + "@" + (long) sim.time());
            afterFrame(c, ring.isEmpty());
        }
    }

    Work other(String name) {
        return new Work() {
            @Override
            public double start(Cpu c) {
                return 500;
            }

            @Override
            public void finish(Cpu c) {
                log.add(name + "@" + (long) sim.time());
            }
        };
    }

    @Test
    void afterItsBudgetThePollLetsOtherSoftirqWorkInThenGoesOn() {
        Poll poll = new Poll(2);
        script.at(0, () -> {
            for (String f : List.of("f1", "f2", "f3", "f4", "f5")) {
                poll.arrive(f);
            }
            cpu.raiseSoftirq(other("tx"));
        });
        script.runUntil(100_000);
        assertThat(log).containsExactly("f1@1000", "f2@2000", "tx@2500", "f3@3500", "f4@4500", "f5@5500");
        assertThat(poll.scheduled()).isFalse();
    }

    @Test
    void aFrameArrivingWhileThePollIsScheduledRaisesNothingNew() {
        Poll poll = new Poll(64);
        script.at(0, () -> poll.arrive("f1"));
        script.at(500, () -> {
            assertThat(poll.scheduled()).isTrue();
            poll.arrive("f2");
        });
        script.at(5_000, () -> poll.arrive("f3"));  // the poll completed at 2000: scheduled again
        script.runUntil(100_000);
        assertThat(log).containsExactly("f1@1000", "f2@2000", "f3@6000");
    }
}
