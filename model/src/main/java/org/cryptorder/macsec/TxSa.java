package org.cryptorder.macsec;

/**
 * A transmit secure association: its key, its next packet number and whether it is in use.
 * Linux takes the PN under the SA's lock before encryption ({@code tx_sa_update_pn}).
 */
public final class TxSa {
    private final int an;
    private final SaKey key;
    long nextPn;
    boolean active;

    TxSa(int an, SaKey key, long nextPn, boolean active) {
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

    /** The PN the next frame will get (a 64-bit value for XPN, 32-bit otherwise). */
    public long nextPn() {
        return nextPn;
    }

    public boolean active() {
        return active;
    }
}
