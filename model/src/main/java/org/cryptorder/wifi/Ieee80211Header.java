package org.cryptorder.wifi;

/**
 * The IEEE 802.11 MAC header of a data frame, read and written in place in a frame buffer, by the
 * rules Linux applies ({@code include/linux/ieee80211.h}: {@code ieee80211_hdrlen},
 * {@code ieee80211_is_data_qos}, {@code ieee80211_has_a4}, {@code ieee80211_get_tid}).
 *
 * <p>Layout: Frame Control (2, little-endian), Duration/ID (2), Address 1, 2, 3 (6 each),
 * Sequence Control (2, little-endian: fragment number in bits 0-3, sequence number above), then
 * Address 4 (6) when both To DS and From DS are set, then QoS Control (2) in QoS data frames, then
 * HT Control (4) in QoS data frames with the Order bit set. Management frames have the first 24
 * octets (plus HT Control with Order); control frames are not parsed here.
 */
public final class Ieee80211Header {
    /** Offsets of the fixed fields. */
    public static final int FRAME_CONTROL = 0;
    public static final int ADDR1 = 4;
    public static final int ADDR2 = 10;
    public static final int ADDR3 = 16;
    public static final int SEQUENCE_CONTROL = 22;
    public static final int ADDR4 = 24;
    public static final int ADDR_LEN = 6;
    /** The three-address header: FC, Duration, A1, A2, A3, Sequence Control. */
    public static final int BASE_LEN = 24;
    public static final int QOS_CONTROL_LEN = 2;
    public static final int HT_CONTROL_LEN = 4;
    /** The longest data-frame header: four addresses, QoS Control and HT Control. */
    public static final int MAX_LEN = BASE_LEN + ADDR_LEN + QOS_CONTROL_LEN + HT_CONTROL_LEN;

    /** Frame Control, first octet: type in bits 2-3, subtype in bits 4-7. */
    public static final int TYPE_MASK = 0x000c;
    public static final int TYPE_MGMT = 0x0000;
    public static final int TYPE_CTRL = 0x0004;
    public static final int TYPE_DATA = 0x0008;
    /** Subtype bit 7 of a data frame: QoS ({@code IEEE80211_STYPE_QOS_DATA}). */
    public static final int SUBTYPE_QOS = 0x0080;
    /** Subtype bits 4-6 of a data frame, which CCMP masks out of the AAD. */
    public static final int SUBTYPE_LOW_BITS = 0x0070;
    /** Frame Control flags, second octet ({@code IEEE80211_FCTL_*}). */
    public static final int TO_DS = 0x0100;
    public static final int FROM_DS = 0x0200;
    public static final int MORE_FRAGMENTS = 0x0400;
    public static final int RETRY = 0x0800;
    public static final int POWER_MANAGEMENT = 0x1000;
    public static final int MORE_DATA = 0x2000;
    public static final int PROTECTED = 0x4000;
    public static final int ORDER = 0x8000;
    /** The TID in QoS Control ({@code IEEE80211_QOS_CTL_TID_MASK}). */
    public static final int TID_MASK = 0x0f;

    private Ieee80211Header() {
    }

    /** The Frame Control field as a 16-bit value (it is little-endian on the air). */
    public static int frameControl(byte[] b, int off) {
        return (b[off] & 0xff) | (b[off + 1] & 0xff) << 8;
    }

    public static boolean isData(int fc) {
        return (fc & TYPE_MASK) == TYPE_DATA;
    }

    public static boolean isManagement(int fc) {
        return (fc & TYPE_MASK) == TYPE_MGMT;
    }

    public static boolean isQosData(int fc) {
        return (fc & (TYPE_MASK | SUBTYPE_QOS)) == (TYPE_DATA | SUBTYPE_QOS);
    }

    /** Both To DS and From DS: the header carries Address 4. */
    public static boolean hasAddr4(int fc) {
        return (fc & (TO_DS | FROM_DS)) == (TO_DS | FROM_DS);
    }

    public static boolean isProtected(int fc) {
        return (fc & PROTECTED) != 0;
    }

    /** Header length of a data or management frame ({@code ieee80211_hdrlen}). */
    public static int length(int fc) {
        int len = BASE_LEN;
        if (isData(fc)) {
            if (hasAddr4(fc)) {
                len += ADDR_LEN;
            }
            if (isQosData(fc)) {
                len += QOS_CONTROL_LEN;
                if ((fc & ORDER) != 0) {
                    len += HT_CONTROL_LEN;
                }
            }
        } else if (isManagement(fc) && (fc & ORDER) != 0) {
            len += HT_CONTROL_LEN;
        }
        return len;
    }

    /** Offset of QoS Control within a QoS data frame's header. */
    public static int qosControlOffset(int fc) {
        return hasAddr4(fc) ? ADDR4 + ADDR_LEN : ADDR4;
    }

    /** The TID of a QoS data frame, 0 for any other frame ({@code ieee80211_get_tid}). */
    public static int tid(byte[] b, int off, int fc) {
        return isQosData(fc) ? b[off + qosControlOffset(fc)] & TID_MASK : 0;
    }

    /** Sets the Protected Frame bit ({@code ieee80211_tx_set_protected}). */
    public static void setProtected(byte[] b, int off) {
        b[off + 1] |= (byte) (PROTECTED >>> 8);
    }
}
