package org.cryptorder.engine;

import umontreal.ssj.simevents.Accumulate;
import umontreal.ssj.simevents.Simulator;
import umontreal.ssj.stat.Tally;

/**
 * Statistics of one {@link FifoQueue} replication, attached from outside through its signals.
 * Waits and sojourns are recorded in microseconds; {@link #reset()} starts a new observation
 * window (end of warm-up).
 *
 * <p>SSJ traps avoided: the {@code Accumulate}s are built with the replication's simulator (the
 * constructors without one bind to SSJ's default simulator, which never runs), they are read
 * before that simulator could be re-initialised (after {@code init()} they integrate over a
 * clock that went back to 0), and their {@code max()}, wrong for negative levels in SSJ 3.3.2,
 * is not used.
 */
final class QueueRecorder {

    private final Simulator simulator;
    private final Tally waits = new Tally("wait in queue (us)");
    private final Tally sojourns = new Tally("time in system (us)");
    private final Accumulate queueLength;
    private final Accumulate inSystem;
    private double sojournSumNs;
    private long arrivals;

    QueueRecorder(Simulator simulator, FifoQueue queue) {
        this.simulator = simulator;
        this.queueLength = new Accumulate(simulator, "queue length");
        this.inSystem = new Accumulate(simulator, "jobs in system");
        queue.arrived.subscribe((t, job) -> arrivals++);
        queue.serviceStarted.subscribe((t, job) -> waits.add(Time.toUs(t - job.arrivalTime())));
        queue.departed.subscribe(this::departed);
        queue.queueLength.subscribe((t, level) -> queueLength.update(level));
        queue.inSystem.subscribe((t, level) -> inSystem.update(level));
    }

    /** Forgets everything observed so far; the levels carry over as the new starting values. */
    void reset() {
        waits.init();
        sojourns.init();
        queueLength.init(queueLength.getLastValue());
        inSystem.init(inSystem.getLastValue());
        sojournSumNs = 0;
        arrivals = 0;
    }

    /** What was observed since the last {@link #reset()}, read at the current time. */
    QueueResult result() {
        return new QueueResult(waits.average(), queueLength.average(), sojourns.average(),
                inSystem.average(), Time.toUs(simulator.time() - inSystem.getInitTime()),
                waits.numberObs(), sojourns.numberObs(), arrivals, inSystem.sum(), sojournSumNs);
    }

    private void departed(double time, FifoQueue.Job job) {
        double sojourn = time - job.arrivalTime();
        sojourns.add(Time.toUs(sojourn));
        sojournSumNs += sojourn;
    }
}
