package org.cryptorder.transport;

import umontreal.ssj.simevents.Simulator;

/** A simulator whose clock a unit test sets by hand (no events run). */
final class ManualClock extends Simulator {
    void setNs(long ns) {
        currentTime = ns;
    }

    void advanceNs(long ns) {
        currentTime += ns;
    }
}
