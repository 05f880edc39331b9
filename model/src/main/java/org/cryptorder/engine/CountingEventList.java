package org.cryptorder.engine;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.ListIterator;
import java.util.Map;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.eventlist.EventList;

/**
 * An event list that counts what passes through another one: events scheduled, cancelled before
 * they ran, and run. The order of events is the wrapped list's; a benchmark uses it to say how
 * many events a simulated frame costs, and of which kinds (the event's class: the model's part that
 * scheduled it).
 */
public final class CountingEventList implements EventList {
    /** The counts, read after (or during) a run. */
    public static final class Counts {
        private long scheduled;
        private long cancelled;
        private long executed;
        private long inPlace;
        /** Per event class, and what a {@link CountedEvent} does: run, cancelled, run in place. */
        private final Map<List<Class<?>>, long[]> byKind = new HashMap<>();

        /**
         * Events of one kind (class) that ran and that were cancelled before their time, and the
         * steps of that kind that ran in place, without an event ({@link StepSimulator}).
         */
        public record Kind(String name, long executed, long cancelled, long inPlace) {
        }

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

        /** Steps that ran in place, without an event of their own ({@link StepSimulator}): not in {@link #executed}. */
        public long inPlace() {
            return inPlace;
        }

        /** Every kind of event seen, the most run first. */
        public List<Kind> byKind() {
            List<Kind> kinds = new ArrayList<>();
            byKind.forEach((c, n) -> kinds.add(new Kind(c.size() == 1 ? name(c.get(0))
                    : name(c.get(0)) + " (" + name(c.get(1)) + ")", n[0], n[1], n[2])));
            kinds.sort(Comparator.comparingLong((Kind k) -> k.executed() + k.inPlace()).reversed().thenComparing(Kind::name));
            return kinds;
        }

        private void count(Event ev, int which) {
            List<Class<?>> kind = ev instanceof CountedEvent c && c.countedAs() != null
                    ? List.of(ev.getClass(), c.countedAs()) : List.of(ev.getClass());
            byKind.computeIfAbsent(kind, k -> new long[3])[which]++;
        }

        /** {@code Cpu.WorkDone}; an anonymous class or lambda by the class it is written in, {@code LazyTimer.(anonymous)}. */
        private static String name(Class<?> c) {
            if (c.isSynthetic() && c.getSimpleName().contains("$$Lambda")) {
                return c.getSimpleName().substring(0, c.getSimpleName().indexOf("$$Lambda")).replace('$', '.') + ".(lambda)";
            }
            if (c.isAnonymousClass()) {
                return name(c.getEnclosingClass()) + ".(anonymous)";
            }
            Class<?> outer = c.getEnclosingClass();
            return outer == null ? c.getSimpleName() : name(outer) + "." + c.getSimpleName();
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
            counts.count(ev, 1);
        }
        return removed;
    }

    @Override
    public Event removeFirst() {
        Event ev = list.removeFirst();
        if (ev != null) {
            counts.executed++;
            counts.count(ev, 0);
        }
        return ev;
    }

    /** Counts {@code ev}, a step that a {@link StepSimulator} ran in place: it never entered this list. */
    void ranInPlace(Event ev) {
        counts.inPlace++;
        counts.count(ev, 2);
    }

    @Override
    public String toString() {
        return list.toString();
    }
}
