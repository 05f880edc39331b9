package org.cryptorder.engine;

import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;

/** An action that runs once at a given simulated time: a run's start, its warm-up's end, its stop. */
public final class Once {
    private Once() {
    }

    /** Runs {@code action} {@code delay} ns from the simulator's current time (first in, first out among equal times). */
    public static void at(Simulator sim, double delay, Runnable action) {
        new Event(sim) {
            @Override
            public void actions() {
                action.run();
            }
        }.schedule(delay);
    }
}
