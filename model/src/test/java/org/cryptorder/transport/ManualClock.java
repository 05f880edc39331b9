package org.cryptorder.transport;

import umontreal.ssj.simevents.Simulator;

/** A simulator whose clock a unit test sets by hand (no events run). */
public final class ManualClock extends Simulator {
    public void setNs(long ns) {
        currentTime = ns;
    }

    void advanceNs(long ns) {
        currentTime += ns;
    }
}
