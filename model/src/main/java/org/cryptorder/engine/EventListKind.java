package org.cryptorder.engine;

import java.util.Locale;
import java.util.function.Supplier;
import umontreal.ssj.simevents.Simulator;
import umontreal.ssj.simevents.eventlist.BinaryTree;
import umontreal.ssj.simevents.eventlist.DoublyLinked;
import umontreal.ssj.simevents.eventlist.EventList;
import umontreal.ssj.simevents.eventlist.Henriksen;
import umontreal.ssj.simevents.eventlist.RedblackTree;
import umontreal.ssj.simevents.eventlist.SplayTree;

/**
 * The pending-event set of a replication, and the one place where SSJ {@link Simulator}s are
 * built.
 *
 * <p>Each replication gets a fresh {@code Simulator} from {@link #newSimulator()}; the static
 * {@code umontreal.ssj.simevents.Sim} facade and SSJ's default simulator are never used, so
 * replications can run in parallel threads. Every list executes events in the same order
 * (time, then priority, then FIFO); they differ only in speed:
 * <ul>
 *   <li>{@link #HENRIKSEN}, the default: SSJ's indexed list. On the datapath benchmark's runs
 *       (one JVM per list, as a normal run has one list, on a quiet machine) it took 5 to 9% less
 *       CPU time than the splay tree: TCP async 0.89-0.96 against 0.98-1.04 s, TCP
 *       async-unordered 1.71-1.86 against 1.79-1.96 s, UDP async 1.11-1.21 against 1.22-1.31
 *       s; {@code ./cryptorder bench event-list} alternating the two in one JVM gave 0.92-0.93.
 *       Both give the same runs.csv for the bundled experiments;</li>
 *   <li>{@link #SPLAY_TREE}: amortised O(log n), SSJ's own default and this project's until the
 *       measurement above. On a hold model ({@code EventListBench}) it was ahead at 100 000
 *       pending events with whole-nanosecond ties (1.44 against 1.31 M events/s), behind at
 *       1 000 (3.6 against 5.4): a run with a hundred thousand frames in flight (a long link
 *       delay at line rate) may do better with it;</li>
 *   <li>{@link #RED_BLACK_TREE}: a balanced tree, O(log n) worst case;</li>
 *   <li>{@link #BINARY_TREE} and {@link #DOUBLY_LINKED}: for comparison only; an unbalanced tree
 *       can degrade to a list on ordered insertions, and a sorted list inserts in O(n).</li>
 * </ul>
 * Only the splay tree and Henriksen's list have been benchmarked here. The bench commands name a
 * list by its {@link #key()}, e.g. {@code --event-list henriksen}.
 */
public enum EventListKind {
    /** SSJ {@code SplayTree}: self-adjusting binary search tree. */
    SPLAY_TREE(SplayTree::new),
    /** SSJ {@code Henriksen}: doubly-linked list with an index array, the default. */
    HENRIKSEN(Henriksen::new),
    /** SSJ {@code RedblackTree}: a {@code java.util.TreeMap}, one node per distinct time. */
    RED_BLACK_TREE(RedblackTree::new),
    /** SSJ {@code BinaryTree}: unbalanced binary search tree; comparison only. */
    BINARY_TREE(BinaryTree::new),
    /** SSJ {@code DoublyLinked}: sorted linked list; comparison only. */
    DOUBLY_LINKED(DoublyLinked::new);

    /** The list used when an experiment names none. */
    public static final EventListKind DEFAULT = HENRIKSEN;

    private final Supplier<EventList> constructor;

    EventListKind(Supplier<EventList> constructor) {
        this.constructor = constructor;
    }

    /**
     * A fresh, empty simulator at time 0 that keeps its pending events in this kind of list; steps
     * certain when due run without an event of their own ({@link StepSimulator}).
     */
    public Simulator newSimulator() {
        Simulator simulator = new StepSimulator(newEventList());
        simulator.init();
        return simulator;
    }

    /** A fresh, empty event list of this kind. */
    public EventList newEventList() {
        return constructor.get();
    }

    /** The name used in experiment files: the constant in lower case with hyphens. */
    public String key() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * The kind whose {@link #key()} is {@code key}.
     *
     * @throws IllegalArgumentException naming the known keys if none matches
     */
    public static EventListKind fromKey(String key) {
        return Names.lookup(values(), EventListKind::key, key, "event list");
    }
}
