package org.cryptorder.crypto;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.cryptorder.engine.EventListKind;
import org.cryptorder.host.Context;
import org.cryptorder.host.Cpu;
import org.cryptorder.host.SchedulerParams;
import org.cryptorder.host.Work;
import org.cryptorder.macsec.GcmEngine;
import org.cryptorder.testing.Script;
import org.junit.jupiter.api.Test;
import umontreal.ssj.simevents.Simulator;

/**
 * The mean cryptd wait, exactly: requests of 1000 ns each ({@link CryptdQueueingTest#ONE_NS_PER_OCTET}),
 * three queued together on an idle CPU, wait 0, 1000 and 2000 ns; the mean is over the requests the
 * worker has taken, never over those still queued.
 */
class CryptdWaitTest {
    private final Simulator sim = EventListKind.DEFAULT.newSimulator();
    final Script script = new Script(sim);
    private final Tfm tfm = new Tfm("sa");

    private Cryptd cryptd(int cpu) {
        return new Cryptd(new Cpu(sim, cpu, SchedulerParams.linuxDefaults(2), false), 100,
                CryptdQueueingTest.ONE_NS_PER_OCTET, new GcmEngine());
    }


    /** A kernel FPU section of {@code ns} on the cryptd's CPU: its worker cannot run until it ends. */
    private static void holdFpu(Cryptd d, double ns) {
        d.cpu().newTask("fpu-user", Context.KERNEL_WORKER, false).submit(new Work() {
            @Override
            public double start(Cpu cpu) {
                return ns;
            }

            @Override
            public void finish(Cpu cpu) {
            }

            @Override
            public boolean fpuSection() {
                return true;
            }
        });
    }

    @Test
    void threeRequestsQueuedTogetherWaitZeroOneAndTwoMicroseconds() {
        Cryptd d = cryptd(0);
        List<CryptdWaits> seen = new ArrayList<>();
        script.at(0, () -> {
            for (int i = 0; i < 3; i++) {
                assertThat(d.enqueue(new CryptdQueueingTest.Timed(tfm, 1000))).isTrue();
            }
        });
        script.at(1500, () -> {
            assertThat(d.enqueued()).isEqualTo(3);
            assertThat(d.started()).as("the third still queued").isEqualTo(2);
            assertThat(d.waitSumNs()).isEqualTo(0 + 1000);
            assertThat(d.meanWaitNs()).as("(0 + 1000) / 2, not / 3").isEqualTo(500);
            seen.add(CryptdWaits.of(d));
        });
        sim.start();
        assertThat(d.started()).isEqualTo(3);
        assertThat(d.waitSumNs()).isEqualTo(0 + 1000 + 2000);
        assertThat(d.meanWaitNs()).isEqualTo(1000);
        assertThat(CryptdWaits.of(d).minus(seen.get(0))).as("after t = 1500: the third request alone")
                .isEqualTo(new CryptdWaits(1, 2000));
        assertThat(CryptdWaits.of(d).minus(seen.get(0)).meanNs()).isEqualTo(2000);
    }

    @Test
    void aQueueWhoseWorkerTookNothingHasNoMeanAndLeavesTheOthersMeanAlone() {
        Cryptd busy = cryptd(0);
        Cryptd blocked = cryptd(1);
        script.at(0, () -> {
            holdFpu(blocked, 10_000);
            assertThat(busy.enqueue(new CryptdQueueingTest.Timed(tfm, 1000))).isTrue();
            assertThat(busy.enqueue(new CryptdQueueingTest.Timed(tfm, 1000))).isTrue();
            assertThat(blocked.enqueue(new CryptdQueueingTest.Timed(tfm, 1000))).isTrue();
        });
        script.at(1500, () -> {
            assertThat(blocked.enqueued()).isEqualTo(1);
            assertThat(blocked.started()).isZero();
            assertThat(blocked.waitSumNs()).isZero();
            assertThat(blocked.meanWaitNs()).as("undefined: NaN, an empty cell in runs.csv").isNaN();
            assertThat(CryptdWaits.of(blocked).meanNs()).isNaN();
            CryptdWaits both = CryptdWaits.of(List.of(busy, blocked));
            assertThat(both).isEqualTo(new CryptdWaits(2, 1000));
            assertThat(both.meanNs()).isEqualTo(500);
            sim.stop();
        });
        sim.start();
        assertThat(CryptdWaits.NONE.meanNs()).isNaN();
    }
}
