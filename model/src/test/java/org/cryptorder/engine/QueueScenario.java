package org.cryptorder.engine;

import java.util.function.Consumer;
import java.util.function.DoubleSupplier;
import umontreal.ssj.randvar.ExponentialGen;
import umontreal.ssj.rng.RandomStream;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;

/**
 * One {@link FifoQueue} experiment: Poisson arrivals at rate lambda, exponential or
 * deterministic service at rate mu (both per microsecond), a warm-up and an observation window.
 * Arrival gaps can be rounded up to a grid of whole microseconds, which makes arrivals coincide
 * with departures (ties) when service is deterministic.
 */
record QueueScenario(double lambdaPerUs, double muPerUs, boolean deterministicService,
        double arrivalGridUs, double warmupUs, double horizonUs) {

    static QueueScenario mm1(double lambdaPerUs, double muPerUs, double warmupUs, double horizonUs) {
        return new QueueScenario(lambdaPerUs, muPerUs, false, 0, warmupUs, horizonUs);
    }

    static QueueScenario md1(double lambdaPerUs, double muPerUs, double warmupUs, double horizonUs) {
        return new QueueScenario(lambdaPerUs, muPerUs, true, 0, warmupUs, horizonUs);
    }

    /** Utilisation rho = lambda / mu. */
    double rho() {
        return lambdaPerUs / muPerUs;
    }

    /** Replication {@code replication} on a fresh simulator with event list {@code kind}. */
    QueueResult run(StreamRegistry streams, int replication, EventListKind kind) {
        return run(streams, replication, kind, queue -> { });
    }

    /** As {@link #run(StreamRegistry, int, EventListKind)}, letting {@code attach} observe the queue. */
    QueueResult run(StreamRegistry streams, int replication, EventListKind kind,
            Consumer<FifoQueue> attach) {
        Simulator simulator = kind.newSimulator();
        FifoQueue queue = new FifoQueue(simulator, service(streams.stream("queue.service", replication)));
        QueueRecorder recorder = new QueueRecorder(simulator, queue);
        attach.accept(queue);
        DoubleSupplier gaps = arrivalGaps(streams.stream("queue.arrivals", replication));
        queue.new Arrival(gaps).schedule(gaps.getAsDouble());
        new EndOfWarmup(simulator, recorder).schedule(Time.us(warmupUs));
        new EndOfRun(simulator).schedule(Time.us(warmupUs + horizonUs));
        simulator.start();
        return recorder.result();
    }

    private DoubleSupplier service(RandomStream stream) {
        if (deterministicService) {
            double t = Time.us(1 / muPerUs);
            return () -> t;
        }
        ExponentialGen gen = new ExponentialGen(stream, muPerUs);
        return () -> Time.us(gen.nextDouble());
    }

    private DoubleSupplier arrivalGaps(RandomStream stream) {
        ExponentialGen gen = new ExponentialGen(stream, lambdaPerUs);
        if (arrivalGridUs > 0) {
            return () -> Time.us(Math.ceil(gen.nextDouble() / arrivalGridUs) * arrivalGridUs);
        }
        return () -> Time.us(gen.nextDouble());
    }

    /** The observation window opens: statistics forget the warm-up. */
    private static final class EndOfWarmup extends Event {
        private final QueueRecorder recorder;

        EndOfWarmup(Simulator simulator, QueueRecorder recorder) {
            super(simulator);
            this.recorder = recorder;
        }

        @Override
        public void actions() {
            recorder.reset();
        }
    }

    /** The horizon: the replication stops. */
    private static final class EndOfRun extends Event {
        EndOfRun(Simulator simulator) {
            super(simulator);
        }

        @Override
        public void actions() {
            sim.stop();
        }
    }
}
