package org.cryptorder.crypto;

import java.util.PriorityQueue;
import java.util.function.Consumer;

/**
 * Puts completions back into submission order, as padata's serialisation does: each request gets a
 * sequence number when it is accepted; a completion is held until every earlier one has been
 * released.
 */
final class SubmissionOrder {
    private final PriorityQueue<AeadRequest> held =
            new PriorityQueue<>((x, y) -> Long.compare(x.seq, y.seq));
    private long nextSeq;
    private long nextRelease;

    void assign(AeadRequest r) {
        r.seq = nextSeq++;
    }

    /** A request completed: releases it and every held one that is now next in order. */
    void completed(AeadRequest r, Consumer<AeadRequest> release) {
        held.add(r);
        while (!held.isEmpty() && held.peek().seq == nextRelease) {
            nextRelease++;
            release.accept(held.poll());
        }
    }
}
