package org.cryptorder.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.cryptorder.engine.EventListKind;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.engine.Time;
import org.cryptorder.host.Cpu;
import org.cryptorder.host.SchedulerParams;
import org.cryptorder.macsec.GcmEngine;
import org.cryptorder.metrics.LevelSamples;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import umontreal.ssj.rng.RandomStream;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;
import umontreal.ssj.stat.Tally;

/**
 * cryptd as a queue: Poisson arrivals of requests whose AEAD cost is exponential, every request
 * forced through cryptd, the worker alone on its CPU. The closed forms of M/M/1 hold.
 */
class CryptdQueueingTest {
    /** 1 cycle per encrypted octet at 1 GHz, everything else free: a request of n octets takes n ns. */
    static final CryptoCosts ONE_NS_PER_OCTET = new CryptoCosts(1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);

    /** A request that does nothing but take its time. */
    static final class Timed extends AeadRequest {
        Timed(Tfm tfm, int ns) {
            super(tfm, ns, 0);
        }

        @Override
        public void perform(GcmEngine engine) {
        }

        @Override
        public void complete(Cpu cpu) {
        }

        @Override
        public void failed(Cpu cpu) {
        }
    }

    record Run(double meanWaitNs, double meanLength, double throughputPerNs, long completed) {
    }

    /** One replication: arrival rate {@code lambda} per ns, mean service {@code meanServiceNs}. */
    static Run replicate(StreamRegistry streams, int rep, double lambda, double meanServiceNs, double horizonNs) {
        Simulator sim = EventListKind.DEFAULT.newSimulator();
        Cpu cpu = new Cpu(sim, 0, SchedulerParams.linuxDefaults(1), false);
        Cryptd cryptd = new Cryptd(cpu, 1_000_000, ONE_NS_PER_OCTET, new GcmEngine());
        Tfm tfm = new Tfm("sa");
        RandomStream arrivals = streams.stream("arrivals", rep);
        RandomStream services = streams.stream("services", rep);
        new Event(sim) {
            @Override
            public void actions() {
                int ns = (int) Math.max(1, Math.rint(-meanServiceNs * Math.log1p(-services.nextDouble())));
                assertThat(cryptd.enqueue(new Timed(tfm, ns))).isTrue();
                schedule(Math.rint(-Math.log1p(-arrivals.nextDouble()) / lambda));
            }
        }.schedule(0);
        new Event(sim) {
            @Override
            public void actions() {
                sim.stop();
            }
        }.schedule(horizonNs);
        sim.start();
        return new Run(cryptd.meanWaitNs(), cryptd.meanLength(), cryptd.completed() / horizonNs, cryptd.completed());
    }

    @Test
    @Tag("validation")
    void waitAndQueueLengthMatchMm1() {
        double mu = 1 / 1000.0;       // service rate per ns (1 us mean)
        double lambda = 0.8 * mu;     // rho = 0.8
        double rho = lambda / mu;
        double wq = rho / (mu - lambda);          // 4000 ns
        double lq = rho * rho / (1 - rho);        // 3.2
        StreamRegistry streams = new StreamRegistry(42);
        Tally wait = new Tally("Wq");
        Tally length = new Tally("Lq");
        for (int r = 0; r < 20; r++) {
            Run run = replicate(streams, r, lambda, 1000, Time.ms(100));
            wait.add(run.meanWaitNs());
            length.add(run.meanLength());
            // Little's law on each sample path: Lq = lambda_observed * Wq, up to the few still queued at the end
            assertThat(run.meanLength()).isCloseTo(run.throughputPerNs() * run.meanWaitNs(),
                    within(0.01 * run.meanLength()));
        }
        double[] ciW = new double[2];
        double[] ciL = new double[2];
        wait.confidenceIntervalStudent(0.95, ciW);
        length.confidenceIntervalStudent(0.95, ciL);
        // ci = {centre, half-width}: the closed form lies inside
        assertThat(Math.abs(ciW[0] - wq)).as("Wq %.1f +- %.1f vs %.1f", ciW[0], ciW[1], wq).isLessThanOrEqualTo(ciW[1]);
        assertThat(Math.abs(ciL[0] - lq)).as("Lq %.3f +- %.3f vs %.3f", ciL[0], ciL[1], lq).isLessThanOrEqualTo(ciL[1]);
    }

    @Test
    void aFullQueueRefusesAtOnceAndTheTransformCountFollowsCompletions() {
        Simulator sim = EventListKind.DEFAULT.newSimulator();
        Cpu cpu = new Cpu(sim, 0, SchedulerParams.linuxDefaults(1), false);
        Cryptd cryptd = new Cryptd(cpu, 3, ONE_NS_PER_OCTET, new GcmEngine());
        Tfm tfm = new Tfm("sa");
        int[] accepted = new int[1];
        new Event(sim) {
            @Override
            public void actions() {
                for (int i = 0; i < 6; i++) {
                    if (cryptd.enqueue(new Timed(tfm, 100))) {
                        accepted[0]++;
                    }
                }
                assertThat(tfm.inCryptd()).isEqualTo(accepted[0]);
            }
        }.schedule(0);
        sim.start();
        // the worker takes the first request as soon as it is queued, so four fit: one in service, three waiting
        assertThat(accepted[0]).isEqualTo(4);
        assertThat(cryptd.refused()).isEqualTo(2);
        assertThat(cryptd.completed()).isEqualTo(4);
        assertThat(tfm.inCryptd()).isZero();
        assertThat(sim.time()).isEqualTo(400);
    }

    @Test
    void theSampledQueueLengthIsTheLengthAfterEveryChangeAtOrBeforeEachGridPoint() {
        Simulator sim = EventListKind.DEFAULT.newSimulator();
        Cpu cpu = new Cpu(sim, 0, SchedulerParams.linuxDefaults(1), false);
        Cryptd cryptd = new Cryptd(cpu, 10, ONE_NS_PER_OCTET, new GcmEngine());
        LevelSamples samples = new LevelSamples(50, LevelSamples.pointsUntil(600, 50));
        cryptd.lengthSignal().subscribe(samples);
        Tfm tfm = new Tfm("sa");
        new Event(sim) {
            @Override
            public void actions() {
                for (int i = 0; i < 6; i++) {
                    cryptd.enqueue(new Timed(tfm, 100));
                }
            }
        }.schedule(0);
        new Event(sim) {
            @Override
            public void actions() {
                sim.stop();
            }
        }.schedule(600);
        sim.start();
        samples.finish(sim.time());
        // the worker takes the first request at once, then one every 100 ns: 5 wait during [0, 100), 4 during [100, 200), ...
        int[] expected = {5, 5, 4, 4, 3, 3, 2, 2, 1, 1, 0, 0, 0};
        assertThat(samples.count()).isEqualTo(expected.length);
        for (int i = 0; i < expected.length; i++) {
            assertThat(samples.value(i)).as("at %.0f ns", samples.timeNs(i)).isEqualTo(expected[i]);
        }
        assertThat(samples.max()).isEqualTo(5);
    }
}
