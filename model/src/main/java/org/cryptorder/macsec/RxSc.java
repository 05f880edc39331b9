package org.cryptorder.macsec;

/** A receive secure channel: the peer's SCI, up to four RX SAs by AN, and its counters. */
public final class RxSc {
    private final long sci;
    private final RxSa[] sas = new RxSa[4];
    final long[] counters = new long[MacsecCounter.ALL.length];

    RxSc(long sci) {
        this.sci = sci;
    }

    public long sci() {
        return sci;
    }

    /** The SA for an AN, or null. */
    public RxSa sa(int an) {
        return sas[an];
    }

    void install(RxSa sa) {
        sas[sa.an()] = sa;
    }

    /** This channel's value of an RX_SC-scope counter. */
    public long counter(MacsecCounter c) {
        return counters[c.ordinal()];
    }
}
