package org.cryptorder.testing;

import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;

/** What a test does at given simulated times, on its own simulator: {@code at(t, action)}, then {@code runUntil(t)}. */
public final class Script {
    private final Simulator sim;

    public Script(Simulator sim) {
        this.sim = sim;
    }

    /** Runs {@code action} {@code delay} ns from now (the simulator's current time). */
    public void at(double delay, Runnable action) {
        new Event(sim) {
            @Override
            public void actions() {
                action.run();
            }
        }.schedule(delay);
    }

    /** Runs the simulation until {@code delay} ns from now, then stops it. */
    public void runUntil(double delay) {
        at(delay, sim::stop);
        sim.start();
    }
}
