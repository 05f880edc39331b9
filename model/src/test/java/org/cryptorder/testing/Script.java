package org.cryptorder.testing;

import org.cryptorder.engine.Once;
import umontreal.ssj.simevents.Simulator;

/** What a test does at given simulated times, on its own simulator: {@code at(t, action)}, then {@code runUntil(t)}. */
public final class Script {
    private final Simulator sim;

    public Script(Simulator sim) {
        this.sim = sim;
    }

    /** Runs {@code action} {@code delay} ns from now (the simulator's current time). */
    public void at(double delay, Runnable action) {
        Once.at(sim, delay, action);
    }

    /** Runs the simulation until {@code delay} ns from now, then stops it. */
    public void runUntil(double delay) {
        at(delay, sim::stop);
        sim.start();
    }
}
