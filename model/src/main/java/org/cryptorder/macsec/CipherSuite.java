package org.cryptorder.macsec;

import org.cryptorder.engine.Names;

/**
 * The four MACsec cipher suites of IEEE 802.1AE-2018 (Table 14-1) that Linux implements.
 *
 * <p>The XPN suites carry a 64-bit packet number of which the SecTAG holds only the lower 32 bits,
 * and build the GCM IV from the short SCI (SSCI) and a 12-octet salt instead of the SCI.
 */
public enum CipherSuite {
    GCM_AES_128("GCM-AES-128", 16, false, 0x0080C20001000001L),
    GCM_AES_256("GCM-AES-256", 32, false, 0x0080C20001000002L),
    GCM_AES_XPN_128("GCM-AES-XPN-128", 16, true, 0x0080C20001000003L),
    GCM_AES_XPN_256("GCM-AES-XPN-256", 32, true, 0x0080C20001000004L);

    private final String displayName;
    private final int keyBytes;
    private final boolean xpn;
    private final long id;

    CipherSuite(String displayName, int keyBytes, boolean xpn, long id) {
        this.displayName = displayName;
        this.keyBytes = keyBytes;
        this.xpn = xpn;
        this.id = id;
    }

    /** The name as IEEE 802.1AE and {@code ip macsec} write it, e.g. {@code GCM-AES-XPN-128}. */
    public String displayName() {
        return displayName;
    }

    /** Length of the secure association key (SAK) in octets: 16 or 32. */
    public int keyBytes() {
        return keyBytes;
    }

    /** Whether the suite uses extended (64-bit) packet numbers. */
    public boolean xpn() {
        return xpn;
    }

    /** The 64-bit cipher suite identifier of IEEE 802.1AE-2018 Table 14-1. */
    public long id() {
        return id;
    }

    /**
     * Finds a suite by its display name, case-insensitively.
     *
     * @throws IllegalArgumentException naming the valid choices when there is no such suite
     */
    public static CipherSuite fromName(String name) {
        return Names.lookup(values(), CipherSuite::toString, name, "cipher suite");
    }

    @Override
    public String toString() {
        return displayName;
    }
}
