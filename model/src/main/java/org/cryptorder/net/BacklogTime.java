package org.cryptorder.net;

/**
 * The time a qdisc's backlog spent at each length 0..limit, ns, for its percentiles: told the
 * length before each change, it adds the time since the previous change to that length.
 */
final class BacklogTime {
    private final double[] ns;
    private double lastChange;

    BacklogTime(int limit) {
        this.ns = new double[limit + 1];
    }

    /** The backlog was {@code length} from the previous change until {@code now}. */
    void account(int length, double now) {
        ns[length] += now - lastChange;
        lastChange = now;
    }

    /** The times at each length until {@code now}, the backlog being {@code length} since the last change (a fresh array). */
    double[] until(int length, double now) {
        double[] out = ns.clone();
        out[length] += now - lastChange;
        return out;
    }
}
