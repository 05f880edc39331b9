package org.cryptorder.engine;

/** The rule for signal names: a component path and event, never blank. */
final class SignalName {

    private SignalName() {
    }

    /** {@code name}, if it is a usable signal name. */
    static String require(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a signal needs a name, e.g. \"rx.secy.drop\"");
        }
        return name;
    }
}
