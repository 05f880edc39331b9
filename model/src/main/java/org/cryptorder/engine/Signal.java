package org.cryptorder.engine;

/**
 * A point in a component where something happens to a subject (a frame is encrypted, a packet
 * leaves a queue): the component {@link #emit}s, recorders {@link #subscribe} from outside.
 *
 * <p>This is the engine's observation mechanism, after ns-3 trace sources and OMNeT++ signals: a
 * component declares one public final signal per well-defined point, named after its path
 * ({@code "rx.secy.decrypted"}), and never decides what is recorded. Two variants cover the other
 * shapes of observation without boxing: {@link ReasonSignal} when the event carries an enum
 * reason (drops) and {@link LevelSignal} for a number that changes over time (queue length).
 *
 * <p>Emitting costs one array-length check when nobody listens and allocates nothing in any case
 * (the observers sit in a copy-on-write array). Observers run synchronously, in subscription
 * order, on the replication's thread; a signal belongs to one replication and is not thread-safe.
 *
 * @param <T> what the observation is about, e.g. a frame
 */
public final class Signal<T> extends NamedSignal<Signal.Observer<? super T>> {

    /** Receives the observations of a {@link Signal}. */
    @FunctionalInterface
    public interface Observer<T> {
        /** {@code subject} was observed at simulation time {@code time} (internal units). */
        void observe(double time, T subject);
    }

    /** A signal with no observers, named after the component path and event. */
    public Signal(String name) {
        super(name, none());
    }

    /** Tells every observer that {@code subject} was observed at {@code time}. */
    public void emit(double time, T subject) {
        for (Observer<? super T> observer : observers) {
            observer.observe(time, subject);
        }
    }

    @SuppressWarnings("unchecked")
    private static <T> Observer<? super T>[] none() {
        return (Observer<? super T>[]) new Observer<?>[0];
    }
}
