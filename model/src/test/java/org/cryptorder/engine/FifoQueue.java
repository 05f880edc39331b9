package org.cryptorder.engine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleSupplier;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;

/**
 * A single server with an unbounded FIFO queue: the engine's validation model, written the way
 * the cryptorder components are (own {@link Simulator}, events as inner classes, observations
 * through signals). It is not part of the cryptorder model.
 *
 * <p>Service times come from a supplier in internal time units; jobs arrive through
 * {@link #arrive()} or through an {@link Arrival} source.
 */
final class FifoQueue {

    /** A job: its number in order of arrival and its arrival time. */
    record Job(long id, double arrivalTime) {
    }

    final Signal<Job> arrived = new Signal<>("queue.arrived");
    final Signal<Job> serviceStarted = new Signal<>("queue.serviceStarted");
    final Signal<Job> departed = new Signal<>("queue.departed");
    final LevelSignal queueLength = new LevelSignal("queue.length");
    final LevelSignal inSystem = new LevelSignal("queue.inSystem");

    private final Simulator simulator;
    private final DoubleSupplier serviceTime;
    private final ArrayDeque<Job> waiting = new ArrayDeque<>();
    private Job inService;
    private long arrivals;

    FifoQueue(Simulator simulator, DoubleSupplier serviceTime) {
        this.simulator = simulator;
        this.serviceTime = serviceTime;
    }

    /** A job arrives now: it starts service if the server is idle, else joins the queue. */
    void arrive() {
        Job job = new Job(arrivals++, simulator.time());
        arrived.emit(job.arrivalTime(), job);
        if (inService == null) {
            startService(job);
        } else {
            waiting.addLast(job);
            queueLength.emit(simulator.time(), waiting.size());
        }
        inSystem.emit(simulator.time(), jobCount());
    }

    /** The jobs now in the system, the one in service first. */
    List<Job> jobsInSystem() {
        List<Job> jobs = new ArrayList<>(waiting.size() + 1);
        if (inService != null) {
            jobs.add(inService);
        }
        jobs.addAll(waiting);
        return jobs;
    }

    private int jobCount() {
        return waiting.size() + (inService == null ? 0 : 1);
    }

    private void startService(Job job) {
        inService = job;
        serviceStarted.emit(simulator.time(), job);
        new Departure(job).schedule(serviceTime.getAsDouble());
    }

    /** A Poisson (or any renewal) source: arrives, then re-arms after the next gap. */
    final class Arrival extends Event {
        private final DoubleSupplier gap;

        Arrival(DoubleSupplier gap) {
            super(simulator);
            this.gap = gap;
        }

        @Override
        public void actions() {
            arrive();
            schedule(gap.getAsDouble());
        }
    }

    /** The job in service leaves; the head of the queue, if any, starts service. */
    private final class Departure extends Event {
        private final Job job;

        Departure(Job job) {
            super(simulator);
            this.job = job;
        }

        @Override
        public void actions() {
            inService = null;
            departed.emit(sim.time(), job);
            Job next = waiting.pollFirst();
            if (next != null) {
                queueLength.emit(sim.time(), waiting.size());
                startService(next);
            }
            inSystem.emit(sim.time(), jobCount());
        }
    }
}
