package org.cryptorder.engine;

import java.util.List;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;

/**
 * A test event that, when it runs, appends {@code name@time} (time in whole ns) to a trace, so
 * that a test can assert the order and the instants events ran at in one list.
 */
class TracedEvent extends Event {
    private final String name;
    private final List<String> trace;

    TracedEvent(Simulator sim, String name, List<String> trace) {
        super(sim);
        this.name = name;
        this.trace = trace;
    }

    @Override
    public void actions() {
        trace.add(name + "@" + (long) sim.time());
    }
}
