package org.cryptorder.macsec;

/**
 * A transmit secure association: its key, its next packet number and whether it is in use.
 * Linux takes the PN under the SA's lock before encryption ({@code tx_sa_update_pn}).
 */
public final class TxSa extends SecureAssociation {

    TxSa(int an, SaKey key, long nextPn, boolean active) {
        super(an, key, nextPn, active);
    }

    /** The PN the next frame will get (a 64-bit value for XPN, 32-bit otherwise). */
    public long nextPn() {
        return nextPn;
    }
}
