package org.cryptorder.engine;

import java.util.Arrays;
import java.util.ListIterator;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;
import umontreal.ssj.simevents.eventlist.EventList;

/**
 * An SSJ {@link Simulator} on which a step that is certain when it is scheduled needs no event of
 * its own. A part of the model schedules such a step (a CPU's completion of its running work, a
 * link's next arrival) with {@link #scheduleStep}: when no pending event is due at or before the
 * step's time, the step is held back instead of entering the event list. When the event that
 * scheduled it ends, a held step that still comes first runs at once, the clock moved to its time,
 * as SSJ would have run it next; any other goes into the list where SSJ would have put it.
 *
 * <p>Why the order of everything stays SSJ's (time, then priority, then first in first out): when
 * a step is held, every pending event due at or before its time is scheduled later than the step,
 * so at the end of the event SSJ's next event is the earliest held step (by time, then priority,
 * then the first held) unless the list's first event comes before it by time or priority; and a
 * step that goes to the list goes ahead of the events of its own time and priority ({@link
 * #scheduleAheadOfTies}), all scheduled after it. A step is never held across events, and none
 * runs once the simulation is stopped.
 *
 * <p>The owner of a step asks this simulator for its time and to cancel it ({@link #stepTime},
 * {@link #cancelStep}): a held step is in no event list.
 */
public final class StepSimulator extends Simulator {
    private Event[] held = new Event[4];
    private double[] heldAt = new double[4];
    private int heldCount;
    private final CountingEventList counting;

    public StepSimulator(EventList list) {
        super(list);
        this.counting = list instanceof CountingEventList c ? c : null;
    }

    /** The step simulator of {@code sim}, or null when {@code sim} is a plain SSJ simulator (every step then has its event). */
    public static StepSimulator of(Simulator sim) {
        return sim instanceof StepSimulator s ? s : null;
    }

    /** Schedules {@code ev} as a step of {@code steps} ({@link #scheduleStep}), or as a plain event when {@code steps} is null. */
    public static void schedule(StepSimulator steps, Event ev, double delay) {
        if (steps != null) {
            steps.scheduleStep(ev, delay);
        } else {
            ev.schedule(delay);
        }
    }

    /** When {@code ev}, a step of {@code steps} or a plain event when {@code steps} is null, is due. */
    public static double timeOf(StepSimulator steps, Event ev) {
        return steps != null ? steps.stepTime(ev) : ev.time();
    }

    /** Cancels {@code ev}, a step of {@code steps} or a plain event when {@code steps} is null. */
    public static void cancel(StepSimulator steps, Event ev) {
        if (steps != null) {
            steps.cancelStep(ev);
        } else {
            ev.cancel();
        }
    }

    /**
     * Schedules {@code ev} {@code delay} ns from now, as {@link Event#schedule} does, but holds it
     * back from the event list while the simulation runs and no pending event is due at or before
     * it. {@code ev} must be neither scheduled nor held.
     */
    public void scheduleStep(Event ev, double delay) {
        double at = currentTime + delay;
        if (indexOf(ev) >= 0) {
            throw new IllegalStateException("step already held");
        }
        Event first = eventList.getFirst();
        if (!simulating || stopped || delay < 0 || (first != null && first.time() <= at)) {
            ev.schedule(delay);
            return;
        }
        if (heldCount == held.length) {
            held = Arrays.copyOf(held, 2 * heldCount);
            heldAt = Arrays.copyOf(heldAt, 2 * heldCount);
        }
        held[heldCount] = ev;
        heldAt[heldCount++] = at;
    }

    /** The time at which {@code ev} is due, held or in the list; negative when it is neither. */
    public double stepTime(Event ev) {
        int i = indexOf(ev);
        return i >= 0 ? heldAt[i] : ev.time();
    }

    /** Cancels {@code ev}, held or in the list. */
    public void cancelStep(Event ev) {
        int i = indexOf(ev);
        if (i >= 0) {
            removeHeld(i);
        } else {
            ev.cancel();
        }
    }

    /** SSJ's loop, each event followed by the steps it held that come next. */
    @Override
    public void start() {
        if (eventList.isEmpty()) {
            throw new IllegalStateException("start() called with an empty event list");
        }
        stopped = false;
        simulating = true;
        try {
            Event ev;
            while ((ev = removeFirstEvent()) != null && !stopped) {
                ev.actions();
                if (heldCount > 0) {
                    runHeld();
                }
            }
        } finally {
            stopped = true;
            simulating = false;
            heldCount = 0;
        }
    }

    @Override
    public void init() {
        super.init();
        Arrays.fill(held, null);
        heldCount = 0;
    }

    /** Runs the earliest held step while it comes first; then puts the rest in the list, last held first. */
    private void runHeld() {
        while (heldCount > 0 && !stopped) {
            int next = 0;
            for (int i = 1; i < heldCount; i++) {
                if (heldAt[i] < heldAt[next] || (heldAt[i] == heldAt[next] && held[i].priority() < held[next].priority())) {
                    next = i;
                }
            }
            double at = heldAt[next];
            Event step = held[next];
            Event first = eventList.getFirst();
            if (first != null && (first.time() < at || (first.time() == at && first.priority() < step.priority()))) {
                break;
            }
            removeHeld(next);
            currentTime = at;
            if (counting != null) {
                counting.ranInPlace(step);
            }
            step.actions();
        }
        for (int i = heldCount - 1; i >= 0; i--) {
            scheduleAheadOfTies(held[i], heldAt[i]);
            held[i] = null;
        }
        heldCount = 0;
    }

    /**
     * Schedules {@code ev} at {@code t} ahead of the pending events due at {@code t} with its
     * priority: those were all scheduled after {@code ev} was held, when nothing pending was due at
     * or before {@code t}.
     */
    private void scheduleAheadOfTies(Event ev, double t) {
        double p = ev.priority();
        ListIterator<Event> it = eventList.listIterator();
        while (it.hasNext()) {
            Event e = it.next();
            if (e.time() > t || (e.time() == t && e.priority() > p)) {
                break;
            }
            if (e.time() == t && e.priority() == p) {
                ev.scheduleBefore(e);
                return;
            }
        }
        ev.schedule(t - currentTime);
    }

    private int indexOf(Event ev) {
        for (int i = 0; i < heldCount; i++) {
            if (held[i] == ev) {
                return i;
            }
        }
        return -1;
    }

    private void removeHeld(int i) {
        System.arraycopy(held, i + 1, held, i, heldCount - i - 1);
        System.arraycopy(heldAt, i + 1, heldAt, i, heldCount - i - 1);
        held[--heldCount] = null;
    }
}
