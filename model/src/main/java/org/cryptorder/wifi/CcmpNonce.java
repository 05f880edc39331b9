package org.cryptorder.wifi;

import static org.cryptorder.wifi.Ieee80211Header.ADDR2;
import static org.cryptorder.wifi.Ieee80211Header.ADDR_LEN;

/**
 * The 13-octet CCM nonce of a CCMP MPDU (IEEE 802.11-2020 12.5.3.3.4; mac80211 {@code
 * ccmp_special_blocks}): Nonce Flags || A2 || PN, where Nonce Flags holds the priority (the TID of a
 * QoS data frame, otherwise 0) in bits 0-3 and the management flag in bit 4, and the PN is written
 * most significant octet first (PN5 ... PN0).
 */
public final class CcmpNonce {
    public static final int LEN = 13;

    private CcmpNonce() {
    }

    /** Writes the nonce of the frame at {@code b[off...]} with packet number {@code pn} into {@code nonce}. */
    public static void write(byte[] b, int off, int fc, long pn, byte[] nonce) {
        int flags = Ieee80211Header.tid(b, off, fc) | (Ieee80211Header.isManagement(fc) ? 0x10 : 0);
        nonce[0] = (byte) flags;
        System.arraycopy(b, off + ADDR2, nonce, 1, ADDR_LEN);
        for (int i = 0; i < 6; i++) {
            nonce[7 + i] = (byte) (pn >>> (40 - 8 * i));
        }
    }
}
