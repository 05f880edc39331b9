package org.cryptorder.engine;

/**
 * An event that stands for several kinds of step, and can tell {@link CountingEventList} which one
 * it is now: a CPU's work-completion event names the work it completes.
 */
public interface CountedEvent {
    /** What the event now completes or does, for counting by kind (a class of the model). */
    Class<?> countedAs();
}
