package org.cryptorder.engine;

import java.util.Iterator;
import java.util.ListIterator;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.eventlist.EventList;

/**
 * An event list that counts what passes through another one: events scheduled, cancelled before
 * they ran, and run. The order of events is the wrapped list's; a benchmark uses it to say how
 * many events a simulated frame costs.
 */
public final class CountingEventList implements EventList {
    /** The counts, read after (or during) a run. */
    public static final class Counts {
        private long scheduled;
        private long cancelled;
        private long executed;

        /** Events put in the list (scheduled or rescheduled). */
        public long scheduled() {
            return scheduled;
        }

        /** Events taken out of the list before their time (cancelled or rescheduled). */
        public long cancelled() {
            return cancelled;
        }

        /** Events that ran. */
        public long executed() {
            return executed;
        }
    }

    private final EventList list;
    private final Counts counts;

    public CountingEventList(EventList list, Counts counts) {
        this.list = list;
        this.counts = counts;
    }

    @Override
    public boolean isEmpty() {
        return list.isEmpty();
    }

    @Override
    public void clear() {
        list.clear();
    }

    @Override
    public void add(Event ev) {
        counts.scheduled++;
        list.add(ev);
    }

    @Override
    public void addFirst(Event ev) {
        counts.scheduled++;
        list.addFirst(ev);
    }

    @Override
    public void addBefore(Event ev, Event other) {
        counts.scheduled++;
        list.addBefore(ev, other);
    }

    @Override
    public void addAfter(Event ev, Event other) {
        counts.scheduled++;
        list.addAfter(ev, other);
    }

    @Override
    public Event getFirst() {
        return list.getFirst();
    }

    @Override
    public Event getFirstOfClass(String cl) {
        return list.getFirstOfClass(cl);
    }

    @Override
    public <E extends Event> E getFirstOfClass(Class<E> cl) {
        return list.getFirstOfClass(cl);
    }

    @Override
    public ListIterator<Event> listIterator() {
        return list.listIterator();
    }

    @Override
    public Iterator<Event> iterator() {
        return list.iterator();
    }

    @Override
    public boolean remove(Event ev) {
        boolean removed = list.remove(ev);
        if (removed) {
            counts.cancelled++;
        }
        return removed;
    }

    @Override
    public Event removeFirst() {
        Event ev = list.removeFirst();
        if (ev != null) {
            counts.executed++;
        }
        return ev;
    }

    @Override
    public String toString() {
        return list.toString();
    }
}
