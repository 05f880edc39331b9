package org.cryptorder.engine;

import java.util.Arrays;
import java.util.Objects;

/**
 * A {@link Signal} for a number that holds between changes: a queue length, the number of busy
 * cores, a congestion window. The component emits the new level whenever it changes; a recorder
 * turns that into a time average (SSJ {@code Accumulate.update(level)}), a maximum or a trace.
 *
 * <p>The level is a primitive {@code double}, so emitting never boxes. Same costs and threading
 * as {@link Signal}.
 */
public final class LevelSignal {

    /** Receives the observations of a {@link LevelSignal}. */
    @FunctionalInterface
    public interface Observer {
        /** The level became {@code level} at simulation time {@code time} (internal units). */
        void observe(double time, double level);
    }

    private static final Observer[] NONE = new Observer[0];

    private final String name;
    private Observer[] observers = NONE;

    /** A signal with no observers, named after the component path and quantity. */
    public LevelSignal(String name) {
        this.name = SignalName.require(name);
    }

    /** The signal's name, e.g. {@code "rx.cpu1.cryptd.length"}. */
    public String name() {
        return name;
    }

    /** Adds {@code observer}; it sees every later emission, after those subscribed earlier. */
    public void subscribe(Observer observer) {
        Objects.requireNonNull(observer, "observer");
        observers = Arrays.copyOf(observers, observers.length + 1);
        observers[observers.length - 1] = observer;
    }

    /** Whether anyone listens. */
    public boolean hasObservers() {
        return observers.length > 0;
    }

    /** Tells every observer that the level became {@code level} at {@code time}. */
    public void emit(double time, double level) {
        for (Observer observer : observers) {
            observer.observe(time, level);
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
