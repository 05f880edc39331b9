package org.cryptorder.metrics;

import java.util.List;

/**
 * Takes one column's value in one replication from the instances of the component that declared
 * the column ({@link Column}): all of them that the column covers (host b's NIC, both hosts'
 * cryptd queues, the TCP senders), given afresh at each call, in a fixed order. The replication
 * tells it of the warm-up's end and the traffic's end, and asks for the value once the simulation
 * stopped.
 *
 * @param <T> the component the column reads
 */
public interface ColumnRecorder<T> {

    /** Once, when the replication is wired and nothing has run yet: subscribe to signals here. */
    default void attach(List<T> of) {
    }

    /** At the end of the warm-up (not called without one), before the sinks and sockets restart their windows. */
    default void warmupEnded(List<T> of, double nowNs) {
    }

    /** When the sources stop. */
    default void trafficEnded(List<T> of, double nowNs) {
    }

    /** The column's value, once the simulation stopped. */
    double value(List<T> of, Stop stop);

    /**
     * When the simulation stopped.
     *
     * @param nowNs        the instant, ns
     * @param sinceWarmupS from the end of the warm-up (the start without one) to that instant: the
     *                     measured window and the drain after it, s
     */
    record Stop(double nowNs, double sinceWarmupS) {
    }
}
