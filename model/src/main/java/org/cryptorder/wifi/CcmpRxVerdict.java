package org.cryptorder.wifi;

/**
 * What a {@link CcmpCodec} did with one received MPDU: exactly one verdict per frame, each tied to
 * the counter it increments (or none, where the frame is dropped or passed on silently).
 */
public enum CcmpRxVerdict {
    /** Shorter than a Frame Control field or than its own MAC header: dropped before CCMP, no counter. */
    TRUNCATED(null),
    /** Not a data frame (management, control, extension): not CCMP's, passed on untouched. */
    NOT_DATA(null),
    /** A data frame without the Protected bit: dropped, as a station with a pairwise key drops it. */
    UNPROTECTED(null),
    /** Too short for CCMP header and MIC, or ExtIV clear: dropped, dot11RSNAStatsCCMPFormatErrors. */
    FORMAT_ERROR(CcmpCounter.FORMAT_ERRORS),
    /** The Key ID names another key than this codec's: dropped, no counter (no key found). */
    NO_KEY(null),
    /** PN not above the queue's replay counter: dropped, dot11RSNAStatsCCMPReplays. */
    REPLAY(CcmpCounter.REPLAYS),
    /** The MIC did not verify: dropped, dot11RSNAStatsCCMPDecryptErrors. */
    DECRYPT_ERROR(CcmpCounter.DECRYPT_ERRORS),
    /** Verified and decrypted, CCMP header and MIC removed, replay counter advanced. */
    OK(null),
    /**
     * Not an outcome: the frame passed every check before decryption and its CCM request must run
     * ({@link CcmpCodec#decrypt}) before {@link CcmpCodec#completeReceive} gives the verdict.
     */
    NEEDS_CRYPTO(null);

    private final CcmpCounter counter;

    CcmpRxVerdict(CcmpCounter counter) {
        this.counter = counter;
    }

    /** The counter this outcome increments, or null. */
    public CcmpCounter counter() {
        return counter;
    }

    /** Whether this is a final outcome (every verdict but {@link #NEEDS_CRYPTO}). */
    public boolean terminal() {
        return this != NEEDS_CRYPTO;
    }
}
