package org.cryptorder.crypto;

/**
 * The waits of the requests cryptd workers have taken from their queues: how many were taken and
 * the sum of their times from enqueue until taken. Sums over several queues ({@link #of(Iterable)})
 * and differences between two instants ({@link #minus}, to leave a warm-up out) are exact, and the
 * mean is over the requests taken: requests still queued have no wait yet and do not count.
 *
 * @param started requests a worker took from a queue
 * @param sumNs   the sum of their waits, ns
 */
public record CryptdWaits(long started, double sumNs) {
    /** No request taken. */
    public static final CryptdWaits NONE = new CryptdWaits(0, 0);

    /** The waits of one queue until now. */
    public static CryptdWaits of(Cryptd queue) {
        return new CryptdWaits(queue.started(), queue.waitSumNs());
    }

    /** The waits of several queues until now, together. */
    public static CryptdWaits of(Iterable<Cryptd> queues) {
        CryptdWaits all = NONE;
        for (Cryptd q : queues) {
            all = all.plus(of(q));
        }
        return all;
    }

    public CryptdWaits plus(CryptdWaits other) {
        return new CryptdWaits(started + other.started, sumNs + other.sumNs);
    }

    /** The waits of the requests taken since {@code earlier} was noted. */
    public CryptdWaits minus(CryptdWaits earlier) {
        return new CryptdWaits(started - earlier.started, sumNs - earlier.sumNs);
    }

    /**
     * The mean wait of the requests taken, ns; NaN when none was taken (undefined: {@code runs.csv}
     * leaves such a cell empty).
     */
    public double meanNs() {
        return started == 0 ? Double.NaN : sumNs / started;
    }
}
