package org.cryptorder.wifi;

import static org.cryptorder.wifi.Ieee80211Header.ADDR1;
import static org.cryptorder.wifi.Ieee80211Header.ADDR4;
import static org.cryptorder.wifi.Ieee80211Header.ADDR_LEN;
import static org.cryptorder.wifi.Ieee80211Header.MORE_DATA;
import static org.cryptorder.wifi.Ieee80211Header.ORDER;
import static org.cryptorder.wifi.Ieee80211Header.POWER_MANAGEMENT;
import static org.cryptorder.wifi.Ieee80211Header.PROTECTED;
import static org.cryptorder.wifi.Ieee80211Header.RETRY;
import static org.cryptorder.wifi.Ieee80211Header.SEQUENCE_CONTROL;
import static org.cryptorder.wifi.Ieee80211Header.SUBTYPE_LOW_BITS;

/**
 * The additional authenticated data of a CCMP MPDU: the MAC header with the fields that may change
 * on retransmission masked (IEEE 802.11-2020 12.5.3.3.3; mac80211 {@code ccmp_gcmp_aad}):
 * <pre>
 *   FC || A1 || A2 || A3 || SC || [A4] || [QC]          22, 24, 28 or 30 octets
 * </pre>
 * <ul>
 *   <li>FC: Retry, Power Management and More Data cleared; in data frames subtype bits 4-6
 *       cleared (bit 7, QoS, kept); Protected set; in QoS data frames Order cleared.</li>
 *   <li>SC: the fragment number kept, the sequence number masked to 0.</li>
 *   <li>A4 when To DS and From DS are both set; QC, in QoS data frames, reduced to the TID (the
 *       A-MSDU Present bit is masked too: SPP A-MSDUs are not modelled).</li>
 *   <li>Duration and HT Control are never covered.</li>
 * </ul>
 * The 2-octet length prefix CCM puts in front of the AAD is added by the {@link CcmEngine}.
 */
public final class CcmpAad {
    /** The longest AAD: four addresses and QoS Control. */
    public static final int MAX_LEN = 30;

    private CcmpAad() {
    }

    /** Writes the AAD of the frame at {@code b[off...]} into {@code aad} and returns its length. */
    public static int write(byte[] b, int off, int fc, byte[] aad) {
        int masked = fc & ~(RETRY | POWER_MANAGEMENT | MORE_DATA);
        if (!Ieee80211Header.isManagement(fc)) {
            masked &= ~SUBTYPE_LOW_BITS;
        }
        masked |= PROTECTED;
        boolean qos = Ieee80211Header.isQosData(fc);
        if (qos) {
            masked &= ~ORDER;
        }
        aad[0] = (byte) masked;
        aad[1] = (byte) (masked >>> 8);
        System.arraycopy(b, off + ADDR1, aad, 2, 3 * ADDR_LEN);
        aad[20] = (byte) (b[off + SEQUENCE_CONTROL] & 0x0f);
        aad[21] = 0;
        int len = 22;
        if (Ieee80211Header.hasAddr4(fc)) {
            System.arraycopy(b, off + ADDR4, aad, len, ADDR_LEN);
            len += ADDR_LEN;
        }
        if (qos) {
            aad[len] = (byte) Ieee80211Header.tid(b, off, fc);
            aad[len + 1] = 0;
            len += 2;
        }
        return len;
    }
}
