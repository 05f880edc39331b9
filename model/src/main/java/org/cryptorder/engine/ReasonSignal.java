package org.cryptorder.engine;

/**
 * A {@link Signal} whose observations carry an enum reason: the shape of a drop ("frame dropped,
 * reason REPLAY_WINDOW") or of any other outcome with a closed set of causes.
 *
 * <p>A component declares one reason signal for all its drops, with its own reason enum, so a
 * recorder counts drops per reason without knowing the component. Same costs and threading as
 * {@link Signal}.
 *
 * @param <T> what the observation is about, e.g. a frame
 * @param <R> the enum of reasons
 */
public final class ReasonSignal<T, R extends Enum<R>> extends NamedSignal<ReasonSignal.Observer<? super T, R>> {

    /** Receives the observations of a {@link ReasonSignal}. */
    @FunctionalInterface
    public interface Observer<T, R extends Enum<R>> {
        /** {@code subject} was observed at {@code time} (internal units) for {@code reason}. */
        void observe(double time, T subject, R reason);
    }

    /** A signal with no observers, named after the component path and event. */
    public ReasonSignal(String name) {
        super(name, none());
    }

    /** Tells every observer that {@code subject} was observed at {@code time} for {@code reason}. */
    public void emit(double time, T subject, R reason) {
        for (Observer<? super T, R> observer : observers) {
            observer.observe(time, subject, reason);
        }
    }

    @SuppressWarnings("unchecked")
    private static <T, R extends Enum<R>> Observer<? super T, R>[] none() {
        return (Observer<? super T, R>[]) new Observer<?, ?>[0];
    }
}
