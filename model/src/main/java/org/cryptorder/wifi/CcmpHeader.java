package org.cryptorder.wifi;

/**
 * The 8-octet CCMP header that follows the MAC header (IEEE 802.11-2020 12.5.3.2, Figure 12-18;
 * mac80211 {@code ccmp_pn2hdr}/{@code ccmp_hdr2pn}):
 * <pre>
 *   PN0  PN1  Rsvd  (Rsvd:5 | ExtIV:1 | KeyID:2)  PN2  PN3  PN4  PN5
 * </pre>
 * PN0 is the least significant octet of the 48-bit packet number. ExtIV is always 1 for CCMP.
 */
public final class CcmpHeader {
    public static final int LEN = 8;
    /** The ExtIV bit of octet 3. */
    public static final int EXT_IV = 0x20;
    /** The largest packet number: PNs are 48 bits and never wrap under one key. */
    public static final long MAX_PN = (1L << 48) - 1;

    private CcmpHeader() {
    }

    /** Writes the header for {@code pn} and {@code keyId} at {@code b[off, off+8)}. */
    public static void write(byte[] b, int off, long pn, int keyId) {
        b[off] = (byte) pn;
        b[off + 1] = (byte) (pn >>> 8);
        b[off + 2] = 0;
        b[off + 3] = (byte) (EXT_IV | keyId << 6);
        b[off + 4] = (byte) (pn >>> 16);
        b[off + 5] = (byte) (pn >>> 24);
        b[off + 6] = (byte) (pn >>> 32);
        b[off + 7] = (byte) (pn >>> 40);
    }

    /** The 48-bit packet number. */
    public static long pn(byte[] b, int off) {
        return (b[off] & 0xffL) | (b[off + 1] & 0xffL) << 8 | (b[off + 4] & 0xffL) << 16
                | (b[off + 5] & 0xffL) << 24 | (b[off + 6] & 0xffL) << 32 | (b[off + 7] & 0xffL) << 40;
    }

    /** The Key ID subfield (0 to 3). */
    public static int keyId(byte[] b, int off) {
        return (b[off + 3] & 0xff) >>> 6;
    }

    /** Whether the ExtIV bit is set, as CCMP requires. */
    public static boolean extIv(byte[] b, int off) {
        return (b[off + 3] & EXT_IV) != 0;
    }
}
