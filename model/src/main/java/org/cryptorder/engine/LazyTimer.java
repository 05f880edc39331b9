package org.cryptorder.engine;

import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;

/**
 * A timer that is set and stopped far more often than it fires (TCP's retransmission and
 * delayed-ACK timers are pushed back or stopped by nearly every segment), kept cheap the way
 * Linux's timer wheel keeps {@code mod_timer} cheap: moving the deadline later or stopping the
 * timer only writes a field, and the one pending event, if it comes too early, puts itself back
 * at the deadline. Only a deadline earlier than the pending event moves the event in the list.
 *
 * <p>{@link #expire()} runs at the deadline last set, at the same simulated instant as with a
 * timer whose event is cancelled and scheduled again each time, and never after {@link #stop()}.
 * What can differ is its place among other events due at the very same nanosecond with the same
 * priority (first in, first out by when each was put in the list): such ties with a TCP timer
 * did not occur in the bundled experiments, whose runs.csv came out the same with both.
 */
public abstract class LazyTimer {
    private final Simulator sim;
    private final Event event;
    /** When {@link #expire()} is due, or NaN when the timer is stopped. */
    private double deadline = Double.NaN;

    protected LazyTimer(Simulator sim) {
        this.sim = sim;
        this.event = new Event(sim) {
            @Override
            public void actions() {
                fired();
            }
        };
    }

    /** Sets the timer to expire {@code delay} from now (ns, at least 0), replacing any deadline. */
    public final void setIn(double delay) {
        if (!(delay >= 0)) {
            throw new IllegalArgumentException("timer delay must be a non-negative number of ns, got " + delay);
        }
        double at = sim.time() + delay;
        deadline = at;
        double pendingAt = event.time();
        if (pendingAt < 0) {
            event.schedule(delay);
        } else if (pendingAt > at) {
            event.reschedule(delay);
        }
        // else the pending event comes first and will move itself to the deadline
    }

    /** Stops the timer: {@link #expire()} does not run until it is set again. */
    public final void stop() {
        deadline = Double.NaN;
    }

    /** Whether the timer is set. */
    public final boolean isSet() {
        return !Double.isNaN(deadline);
    }

    /** When the timer expires, ns of simulated time; NaN when it is stopped. */
    public final double deadline() {
        return deadline;
    }

    private void fired() {
        if (Double.isNaN(deadline)) {
            return;
        }
        double now = sim.time();
        if (deadline > now) {
            event.schedule(deadline - now);
            return;
        }
        deadline = Double.NaN;
        expire();
    }

    /** What the timer does when it expires; it is stopped by then and may be set again. */
    protected abstract void expire();
}
