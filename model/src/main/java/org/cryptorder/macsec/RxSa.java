package org.cryptorder.macsec;

/**
 * A receive secure association. {@code nextPn} is the high-water mark of valid PNs plus one: it
 * only moves forward, and only valid frames move it (KERNEL-FACTS.md 2.2 step 5). There is no
 * replay bitmap.
 */
public final class RxSa {
    private final int an;
    private final SaKey key;
    private final RxSc sc;
    long nextPn;
    boolean active;

    RxSa(RxSc sc, int an, SaKey key, long nextPn, boolean active) {
        this.sc = sc;
        this.an = an;
        this.key = key;
        this.nextPn = nextPn;
        this.active = active;
    }

    public int an() {
        return an;
    }

    public SaKey key() {
        return key;
    }

    public RxSc sc() {
        return sc;
    }

    /** Lowest PN (plus the window) a frame needs to be in order; for XPN the full 64-bit value. */
    public long nextPn() {
        return nextPn;
    }

    public boolean active() {
        return active;
    }

    /** Lower 32 bits of next_pn, which the replay checks use. */
    long nextPnLower() {
        return nextPn & 0xffffffffL;
    }
}
