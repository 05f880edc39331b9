package org.cryptorder.engine;

/**
 * A {@link Signal} for a number that holds between changes: a queue length, the number of busy
 * cores, a congestion window. The component emits the new level whenever it changes; a recorder
 * turns that into a time average (SSJ {@code Accumulate.update(level)}), a maximum or a trace.
 *
 * <p>The level is a primitive {@code double}, so emitting never boxes. Same costs and threading
 * as {@link Signal}.
 */
public final class LevelSignal extends NamedSignal<LevelSignal.Observer> {

    /** Receives the observations of a {@link LevelSignal}. */
    @FunctionalInterface
    public interface Observer {
        /** The level became {@code level} at simulation time {@code time} (internal units). */
        void observe(double time, double level);
    }

    private static final Observer[] NONE = new Observer[0];

    /** A signal with no observers, named after the component path and quantity. */
    public LevelSignal(String name) {
        super(name, NONE);
    }

    /** Tells every observer that the level became {@code level} at {@code time}. */
    public void emit(double time, double level) {
        for (Observer observer : observers) {
            observer.observe(time, level);
        }
    }
}
