package org.cryptorder.macsec;

/**
 * What a {@link SecY} did with one received frame: exactly one verdict per frame, each tied to
 * the Linux counter it increments (or to none, where Linux drops silently).
 */
public enum RxVerdict {
    /** Not a MACsec frame; validate strict: dropped, InPktsNoTag. */
    NO_TAG(MacsecCounter.IN_PKTS_NO_TAG, false),
    /** Not a MACsec frame; validate check/disabled: delivered, InPktsUntagged. */
    UNTAGGED(MacsecCounter.IN_PKTS_UNTAGGED, true),
    /** Too short to hold the SecTAG it announces: dropped silently ({@code drop_direct}). */
    TRUNCATED(null, false),
    /** E set with C clear, the reserved encoding: passed to the uncontrolled port, no counter. */
    NOT_FOR_CONTROLLED_PORT(null, false),
    /** No SCI in the frame and none can be inferred: dropped silently ({@code drop_nosc}). */
    NO_SCI_INFERRED(null, false),
    /** No RX SC for the SCI; strict or C bit: dropped, InPktsNoSCI. */
    UNKNOWN_SCI_DROPPED(MacsecCounter.IN_PKTS_NO_SCI, false),
    /** No RX SC for the SCI, not strict: delivered, InPktsUnknownSCI. */
    UNKNOWN_SCI(MacsecCounter.IN_PKTS_UNKNOWN_SCI, true),
    /** SecTAG fails 802.1AE 9.12 (V bit, ES/SCB with SC, reserved SL bits, PN 0, length): InPktsBadTag. */
    BAD_TAG(MacsecCounter.IN_PKTS_BAD_TAG, false),
    /** No active RX SA for the AN; strict or C bit: dropped, InPktsNotUsingSA. */
    NOT_USING_SA(MacsecCounter.IN_PKTS_NOT_USING_SA, false),
    /** No active RX SA for the AN, not strict: delivered, InPktsUnusedSA. */
    UNUSED_SA(MacsecCounter.IN_PKTS_UNUSED_SA, true),
    /** Replay protection: PN below the window, before or after decryption: dropped, InPktsLate. */
    LATE(MacsecCounter.IN_PKTS_LATE, false),
    /** ICV failed with C bit or strict: dropped, InPktsNotValid. */
    NOT_VALID(MacsecCounter.IN_PKTS_NOT_VALID, false),
    /** ICV failed, validate check, no C bit: delivered, InPktsInvalid. */
    INVALID(MacsecCounter.IN_PKTS_INVALID, true),
    /** Delivered, PN below the lowest acceptable PN (out of order, replay off): InPktsDelayed. */
    DELAYED(MacsecCounter.IN_PKTS_DELAYED, true),
    /** Delivered without a valid ICV check (validate disabled, or invalid and not checked): InPktsUnchecked. */
    UNCHECKED(MacsecCounter.IN_PKTS_UNCHECKED, true),
    /** Delivered, valid and in order: InPktsOK. */
    OK(MacsecCounter.IN_PKTS_OK, true),
    /** The crypto request failed (cryptd queue full, no backlog flag): dropped silently. */
    CRYPTO_FAILED(null, false),
    /**
     * Not an outcome: the frame passed every check before decryption and its AEAD request must
     * run ({@link SecY#decrypt}) before {@link SecY#completeReceive} gives the verdict.
     */
    NEEDS_CRYPTO(null, false);

    private final MacsecCounter counter;
    private final boolean delivered;

    RxVerdict(MacsecCounter counter, boolean delivered) {
        this.counter = counter;
        this.delivered = delivered;
    }

    /** The Linux counter this outcome increments, or null for a silent drop. */
    public MacsecCounter counter() {
        return counter;
    }

    /** Whether this is a final outcome (every verdict but {@link #NEEDS_CRYPTO}). */
    public boolean terminal() {
        return this != NEEDS_CRYPTO;
    }

    /** Whether the frame goes up the stack (to the MACsec device or, for UNTAGGED, the port). */
    public boolean delivered() {
        return delivered;
    }
}
