package org.cryptorder.macsec;

/**
 * What a transmit and a receive secure association both hold ({@code struct macsec_tx_sa} and
 * {@code struct macsec_rx_sa}): the association number, the key, {@code next_pn} and whether the
 * SA is in use. What {@code next_pn} means differs by direction: see {@link TxSa#nextPn} and
 * {@link RxSa#nextPn}.
 */
public abstract sealed class SecureAssociation permits TxSa, RxSa {
    private final int an;
    private final SaKey key;
    long nextPn;
    boolean active;

    SecureAssociation(int an, SaKey key, long nextPn, boolean active) {
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

    public boolean active() {
        return active;
    }
}
