package org.cryptorder.wifi;

import org.cryptorder.engine.Names;

/**
 * The two CCMP cipher suites of IEEE 802.11-2020 12.5.3: AES-CCM with a 128-bit temporal key and
 * an 8-octet MIC, and with a 256-bit key and a 16-octet MIC. Both use the same 8-octet CCMP
 * header, 13-octet nonce and AAD construction.
 */
public enum CcmpSuite {
    /** CCMP-128 (RSN cipher suite selector 00-0F-AC:4; Linux {@code WLAN_CIPHER_SUITE_CCMP}). */
    CCMP_128("CCMP-128", 16, 8, 4),
    /** CCMP-256 (00-0F-AC:10; Linux {@code WLAN_CIPHER_SUITE_CCMP_256}). */
    CCMP_256("CCMP-256", 32, 16, 10);

    private final String displayName;
    private final int keyBytes;
    private final int micBytes;
    private final int suiteType;

    CcmpSuite(String displayName, int keyBytes, int micBytes, int suiteType) {
        this.displayName = displayName;
        this.keyBytes = keyBytes;
        this.micBytes = micBytes;
        this.suiteType = suiteType;
    }

    /** Temporal key length in octets: 16 or 32. */
    public int keyBytes() {
        return keyBytes;
    }

    /** MIC length in octets ({@code IEEE80211_CCMP_MIC_LEN} 8, {@code IEEE80211_CCMP_256_MIC_LEN} 16). */
    public int micBytes() {
        return micBytes;
    }

    /** The suite type after the 00-0F-AC OUI in an RSN element. */
    public int suiteType() {
        return suiteType;
    }

    /** The suite by its IEEE name, {@code CCMP-128} or {@code CCMP-256}. */
    public static CcmpSuite fromName(String name) {
        return Names.lookup(values(), CcmpSuite::toString, name, "CCMP suite");
    }

    @Override
    public String toString() {
        return displayName;
    }
}
