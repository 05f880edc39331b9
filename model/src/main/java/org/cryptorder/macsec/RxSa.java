package org.cryptorder.macsec;

/**
 * A receive secure association. {@code nextPn} is the high-water mark of valid PNs plus one: it
 * only moves forward, and only valid frames move it (KERNEL-FACTS.md 2.2 step 5). There is no
 * replay bitmap.
 */
public final class RxSa extends SecureAssociation {
    private final RxSc sc;

    RxSa(RxSc sc, int an, SaKey key, long nextPn, boolean active) {
        super(an, key, nextPn, active);
        this.sc = sc;
    }

    public RxSc sc() {
        return sc;
    }

    /** Lowest PN (plus the window) a frame needs to be in order; for XPN the full 64-bit value. */
    public long nextPn() {
        return nextPn;
    }

    /** Lower 32 bits of next_pn, which the replay checks use. */
    long nextPnLower() {
        return nextPn & 0xffffffffL;
    }
}
