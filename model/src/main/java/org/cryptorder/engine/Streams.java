package org.cryptorder.engine;

import umontreal.ssj.rng.RandomStream;

/**
 * The random streams of one replication, by name: what a model component is given instead of a
 * registry and a replication number, so that no model class knows which replication it is in.
 * {@link StreamRegistry#replication(int)} makes one; {@link #under(String)} narrows it to the
 * names below a prefix (the streams of one link's impairment stage, say).
 */
@FunctionalInterface
public interface Streams {
    /** A fresh stream for the source {@code name} (a dotted path, e.g. {@code b.cpu1.kernel-fpu}). */
    RandomStream stream(String name);

    /** The streams named {@code <prefix>.<name>}. */
    default Streams under(String prefix) {
        return name -> stream(prefix + "." + name);
    }
}
