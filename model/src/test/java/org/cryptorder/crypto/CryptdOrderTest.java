package org.cryptorder.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.cryptorder.engine.EventListKind;
import org.cryptorder.host.Cpu;
import org.cryptorder.host.SchedulerParams;
import org.cryptorder.macsec.GcmEngine;
import org.junit.jupiter.api.Test;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;

/**
 * cryptd's queue is FIFO ({@code cryptd_enqueue_request} appends to the per-CPU
 * {@code crypto_queue}, {@code cryptd_queue_worker} dequeues from its head): requests come back in
 * the order they went in, each after the ones before it. The deterministic fixture: requests of 300,
 * 100 and 200 ns (1 ns an octet, nothing else costs) queued together at t = 0, and a fourth of 50 ns
 * at 350 ns, while the second runs, on a CPU with nothing else to do. The worker takes them one at
 * a time, so they finish at exactly 300, 400, 600 and 650 ns, having waited 0, 300, 400 and 250 ns.
 * A LIFO queue would finish the third before the second, and the fourth before the third.
 */
class CryptdOrderTest {
    /** A request that only takes its time, and says when it completed. */
    private static final class Named extends AeadRequest {
        final String name;
        final List<String> log;

        Named(Tfm tfm, String name, int ns, List<String> log) {
            super(tfm, ns, 0);
            this.name = name;
            this.log = log;
        }

        @Override
        public void perform(GcmEngine engine) {
        }

        @Override
        public void complete(Cpu cpu) {
            log.add(name + "@" + Math.round(cpu.now()) + " waited " + Math.round(startedAt() - enqueuedAt()));
        }

        @Override
        public void failed(Cpu cpu) {
            log.add(name + " failed");
        }
    }

    @Test
    void requestsCompleteInTheOrderTheyWereQueuedEachAfterTheOnesBefore() {
        Simulator sim = EventListKind.DEFAULT.newSimulator();
        Cpu cpu = new Cpu(sim, 0, SchedulerParams.linuxDefaults(1), false);
        Cryptd cryptd = new Cryptd(cpu, 16, CryptdQueueingTest.ONE_NS_PER_OCTET, new GcmEngine());
        Tfm tfm = new Tfm("sa");
        List<String> log = new ArrayList<>();
        new Event(sim) {
            @Override
            public void actions() {
                assertThat(cryptd.enqueue(new Named(tfm, "a", 300, log))).isTrue();
                assertThat(cryptd.enqueue(new Named(tfm, "b", 100, log))).isTrue();
                assertThat(cryptd.enqueue(new Named(tfm, "c", 200, log))).isTrue();
                assertThat(cryptd.length()).isGreaterThanOrEqualTo(2);
            }
        }.schedule(0);
        new Event(sim) {
            @Override
            public void actions() {
                assertThat(cryptd.enqueue(new Named(tfm, "d", 50, log))).isTrue();
            }
        }.schedule(350);
        sim.start();
        assertThat(log).containsExactly("a@300 waited 0", "b@400 waited 300", "c@600 waited 400", "d@650 waited 250");
        assertThat(cryptd.completed()).isEqualTo(4);
        assertThat(cryptd.length()).isZero();
        assertThat(tfm.inCryptd).isZero();
    }
}
