package org.cryptorder.engine;

import java.util.Arrays;
import java.util.Objects;

/**
 * What the three kinds of signal share: a name after the component path, and the observers in a
 * copy-on-write array that the subclass's {@code emit} walks, in subscription order. Emitting to no
 * observer costs one array-length check; subscribing copies the array (it happens while wiring).
 *
 * @param <O> the observer type of the signal
 */
abstract class NamedSignal<O> {
    private final String name;
    /** The observers, oldest first; replaced, never changed in place. */
    O[] observers;

    /** @param none an empty array of the observer type */
    NamedSignal(String name, O[] none) {
        this.name = SignalName.require(name);
        this.observers = none;
    }

    /** The signal's name, e.g. {@code "rx.secy.decrypted"}. */
    public final String name() {
        return name;
    }

    /** Adds {@code observer}; it sees every later emission, after those subscribed earlier. */
    public final void subscribe(O observer) {
        Objects.requireNonNull(observer, "observer");
        O[] more = Arrays.copyOf(observers, observers.length + 1);
        more[more.length - 1] = observer;
        observers = more;
    }

    /** Whether anyone listens; lets a component skip work that only observers need. */
    public final boolean hasObservers() {
        return observers.length > 0;
    }

    @Override
    public final String toString() {
        return name;
    }
}
