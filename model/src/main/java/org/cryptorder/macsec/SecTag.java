package org.cryptorder.macsec;

/**
 * The MACsec Security TAG (IEEE 802.1AE-2018 clause 9.3) as Linux writes and checks it.
 *
 * <p>Wire layout of a protected frame starting at offset {@code o}:
 * <pre>
 *   o+0   DA(6) SA(6)
 *   o+12  EtherType 0x88E5
 *   o+14  TCI/AN: V(0x80) ES(0x40) SC(0x20) SCB(0x10) E(0x08) C(0x04) AN(0x03)
 *   o+15  SL: short length in the low 6 bits, top 2 bits reserved (0)
 *   o+16  PN (4 octets, big-endian; the lower half of the PN for XPN suites)
 *   o+20  SCI (8 octets) when SC = 1
 *   then  secure data (EtherType + payload, encrypted when E = 1), then the ICV
 * </pre>
 * Static accessors read fields straight from the frame bytes so the per-frame path allocates
 * nothing; {@link #parse} builds a {@link Fields} record for tools and tests.
 */
public final class SecTag {
    /** MACsec EtherType. */
    public static final int ETHERTYPE = 0x88E5;
    /** Destination and source MAC addresses. */
    public static final int MAC_ADDRS_LEN = 12;
    /** Ethernet header: addresses and EtherType. */
    public static final int ETH_HLEN = 14;
    /** TCI/AN, SL and PN: the SecTAG after its EtherType, without SCI. */
    public static final int TAG_LEN = 6;
    /** Length of a carried SCI. */
    public static final int SCI_LEN = 8;
    /** SL is set when the secure data is shorter than this ({@code MIN_NON_SHORT_LEN}). */
    public static final int MIN_NON_SHORT_LEN = 48;
    /** The default and largest ICV length Linux uses with GCM. */
    public static final int DEFAULT_ICV_LEN = 16;

    public static final int TCI_V = 0x80;
    public static final int TCI_ES = 0x40;
    public static final int TCI_SC = 0x20;
    public static final int TCI_SCB = 0x10;
    public static final int TCI_E = 0x08;
    public static final int TCI_C = 0x04;
    public static final int AN_MASK = 0x03;

    static final int TCI_OFF = 14;
    static final int SL_OFF = 15;
    static final int PN_OFF = 16;
    static final int SCI_OFF = 20;

    private SecTag() {
    }

    /** Octets the SecTAG adds to a frame: 8 without SCI, 16 with ({@code macsec_extra_len}). */
    public static int extraLen(boolean sciPresent) {
        return 2 + TAG_LEN + (sciPresent ? SCI_LEN : 0);
    }

    /** Offset of the secure data from the start of the frame: 20 or 28 ({@code macsec_hdr_len}). */
    public static int headerLen(boolean sciPresent) {
        return ETH_HLEN + TAG_LEN + (sciPresent ? SCI_LEN : 0);
    }

    /** Whether an ICV length is one Linux accepts for GCM: 8, or 12 to 16. */
    public static boolean validIcvLen(int icvLen) {
        return icvLen == 8 || (icvLen >= 12 && icvLen <= 16);
    }

    public static int etherType(byte[] f, int o) {
        return ((f[o + 12] & 0xff) << 8) | (f[o + 13] & 0xff);
    }

    public static int tciAn(byte[] f, int o) {
        return f[o + TCI_OFF] & 0xff;
    }

    public static int shortLength(byte[] f, int o) {
        return f[o + SL_OFF] & 0x3f;
    }

    /** The 32-bit packet number carried in the SecTAG, as an unsigned value. */
    public static long pn(byte[] f, int o) {
        int p = o + PN_OFF;
        return ((long) (f[p] & 0xff) << 24) | ((f[p + 1] & 0xff) << 16) | ((f[p + 2] & 0xff) << 8) | (f[p + 3] & 0xff);
    }

    public static long sci(byte[] f, int o) {
        return Sci.read(f, o + SCI_OFF);
    }

    /**
     * The receive validation of IEEE 802.1AE-2018 9.12 as {@code macsec_validate_skb} does it,
     * for a frame of {@code len} octets that is known to carry the MACsec EtherType.
     *
     * @return true when the SecTAG is well formed; a false result is counted InPktsBadTag
     */
    public static boolean wellFormed(byte[] f, int o, int len, int icvLen, boolean xpn) {
        if (len <= 16) {
            return false;
        }
        int tci = tciAn(f, o);
        if ((tci & TCI_V) != 0) {
            return false;
        }
        if ((tci & (TCI_ES | TCI_SCB)) != 0 && (tci & TCI_SC) != 0) {
            return false;
        }
        if ((f[o + SL_OFF] & 0xc0) != 0) {
            return false;
        }
        if (!xpn && pn(f, o) == 0) {
            return false;
        }
        int afterAddrs = len - MAC_ADDRS_LEN;
        int extra = extraLen((tci & TCI_SC) != 0) + icvLen;
        int sl = shortLength(f, o);
        return sl != 0 ? afterAddrs == extra + sl : afterAddrs >= extra + MIN_NON_SHORT_LEN;
    }

    /**
     * Writes the SecTAG as {@code macsec_fill_sectag} and {@code macsec_set_shortlen} do: E and C
     * together when encrypting, C alone for integrity only with an ICV other than 16 octets; ES and
     * SCB only when no SCI is carried.
     *
     * @param secureDataLen length of the secure data (EtherType + payload), for SL
     */
    static void write(byte[] f, int o, long sci, boolean sendSci, boolean endStation, boolean scb,
                      boolean encrypt, int icvLen, int an, long pn, int secureDataLen) {
        f[o + 12] = (byte) (ETHERTYPE >>> 8);
        f[o + 13] = (byte) ETHERTYPE;
        int tci = 0;
        if (sendSci) {
            tci |= TCI_SC;
            Sci.write(sci, f, o + SCI_OFF);
        } else {
            if (endStation) {
                tci |= TCI_ES;
            }
            if (scb) {
                tci |= TCI_SCB;
            }
        }
        if (encrypt) {
            tci |= TCI_E | TCI_C;
        } else if (icvLen != DEFAULT_ICV_LEN) {
            tci |= TCI_C;
        }
        f[o + TCI_OFF] = (byte) (tci | (an & AN_MASK));
        f[o + SL_OFF] = (byte) (secureDataLen < MIN_NON_SHORT_LEN ? secureDataLen : 0);
        int p = o + PN_OFF;
        f[p] = (byte) (pn >>> 24);
        f[p + 1] = (byte) (pn >>> 16);
        f[p + 2] = (byte) (pn >>> 8);
        f[p + 3] = (byte) pn;
    }

    /**
     * The SecTAG fields of a frame, for tools, traces and tests.
     *
     * @param sci the carried SCI, or 0 when SC = 0
     */
    public record Fields(boolean version, boolean endStation, boolean sciPresent, boolean scb,
                         boolean encrypted, boolean changed, int an, int shortLength, long pn, long sci) {
    }

    /**
     * Reads the SecTAG fields, or returns null when the frame is not a MACsec frame or is too
     * short to hold the SecTAG it announces. No validity rules are applied: see {@link #wellFormed}.
     */
    public static Fields parse(byte[] f, int o, int len) {
        if (len < ETH_HLEN + TAG_LEN || etherType(f, o) != ETHERTYPE) {
            return null;
        }
        int tci = tciAn(f, o);
        boolean sc = (tci & TCI_SC) != 0;
        if (sc && len < ETH_HLEN + TAG_LEN + SCI_LEN) {
            return null;
        }
        return new Fields((tci & TCI_V) != 0, (tci & TCI_ES) != 0, sc, (tci & TCI_SCB) != 0,
                (tci & TCI_E) != 0, (tci & TCI_C) != 0, tci & AN_MASK, shortLength(f, o), pn(f, o),
                sc ? sci(f, o) : 0L);
    }
}
