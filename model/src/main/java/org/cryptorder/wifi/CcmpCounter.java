package org.cryptorder.wifi;

/**
 * The per-key CCMP receive counters of the IEEE 802.11 MIB ({@code dot11RSNAStatsEntry}), by
 * their MIB names.
 *
 * <p>mac80211 keeps only {@link #REPLAYS} ({@code key->u.ccmp.replays}, shown in debugfs as
 * {@code keys/N/replays}); it drops frames with a bad MIC or a bad format with a drop reason
 * ({@code RX_DROP_U_MIC_FAIL}, ...) but no per-key count. The other two are kept as the MIB defines
 * them, as Linux's older {@code lib80211_crypt_ccmp} does.
 */
public enum CcmpCounter {
    /** Frames discarded for an invalid CCMP format: too short, or ExtIV clear. */
    FORMAT_ERRORS("dot11RSNAStatsCCMPFormatErrors"),
    /** Frames discarded because their PN was not above the replay counter. */
    REPLAYS("dot11RSNAStatsCCMPReplays"),
    /** Frames discarded because the MIC did not verify. */
    DECRYPT_ERRORS("dot11RSNAStatsCCMPDecryptErrors");

    private final String mibName;

    CcmpCounter(String mibName) {
        this.mibName = mibName;
    }

    /** The IEEE 802.11 MIB name, e.g. {@code dot11RSNAStatsCCMPReplays}. */
    public String mibName() {
        return mibName;
    }
}
