package org.cryptorder.macsec;

/**
 * The counters Linux keeps for a software SecY, by the names {@code ip -s macsec show} prints,
 * plus the three net-device statistics MACsec increments ({@code tx_dropped}, {@code rx_dropped},
 * {@code rx_errors}).
 *
 * <p>Each counter has the scope Linux gives it: the SecY, the TX SC, or each RX SC (a SecY's RX
 * value is the sum over its RX SCs). Per-SA copies of some counters are not modelled.
 */
public enum MacsecCounter {
    OUT_PKTS_UNTAGGED("OutPktsUntagged", Scope.SECY),
    OUT_PKTS_TOO_LONG("OutPktsTooLong", Scope.SECY),
    IN_PKTS_UNTAGGED("InPktsUntagged", Scope.SECY),
    IN_PKTS_NO_TAG("InPktsNoTag", Scope.SECY),
    IN_PKTS_BAD_TAG("InPktsBadTag", Scope.SECY),
    IN_PKTS_UNKNOWN_SCI("InPktsUnknownSCI", Scope.SECY),
    IN_PKTS_NO_SCI("InPktsNoSCI", Scope.SECY),
    IN_PKTS_OVERRUN("InPktsOverrun", Scope.SECY),

    OUT_PKTS_PROTECTED("OutPktsProtected", Scope.TX_SC),
    OUT_PKTS_ENCRYPTED("OutPktsEncrypted", Scope.TX_SC),
    OUT_OCTETS_PROTECTED("OutOctetsProtected", Scope.TX_SC),
    OUT_OCTETS_ENCRYPTED("OutOctetsEncrypted", Scope.TX_SC),

    IN_OCTETS_VALIDATED("InOctetsValidated", Scope.RX_SC),
    IN_OCTETS_DECRYPTED("InOctetsDecrypted", Scope.RX_SC),
    IN_PKTS_UNCHECKED("InPktsUnchecked", Scope.RX_SC),
    IN_PKTS_DELAYED("InPktsDelayed", Scope.RX_SC),
    IN_PKTS_OK("InPktsOK", Scope.RX_SC),
    IN_PKTS_INVALID("InPktsInvalid", Scope.RX_SC),
    IN_PKTS_LATE("InPktsLate", Scope.RX_SC),
    IN_PKTS_NOT_VALID("InPktsNotValid", Scope.RX_SC),
    IN_PKTS_NOT_USING_SA("InPktsNotUsingSA", Scope.RX_SC),
    IN_PKTS_UNUSED_SA("InPktsUnusedSA", Scope.RX_SC),

    TX_DROPPED("tx_dropped", Scope.SECY),
    RX_DROPPED("rx_dropped", Scope.SECY),
    RX_ERRORS("rx_errors", Scope.SECY);

    /** Where Linux keeps the counter. */
    public enum Scope { SECY, TX_SC, RX_SC }

    private final String linuxName;
    private final Scope scope;

    MacsecCounter(String linuxName, Scope scope) {
        this.linuxName = linuxName;
        this.scope = scope;
    }

    /** The name Linux uses, e.g. {@code InPktsDelayed}. */
    public String linuxName() {
        return linuxName;
    }

    public Scope scope() {
        return scope;
    }

    static final MacsecCounter[] ALL = values();
}
