package org.cryptorder.macsec;

import java.util.HexFormat;

/**
 * Secure Channel Identifier: a 48-bit MAC address followed by a 16-bit port number.
 *
 * <p>Held as a {@code long} whose big-endian bytes are the SCI as it appears on the wire (so
 * {@code 0x12153524c0895e81L} is MAC 12:15:35:24:c0:89, port 0x5e81). The value 0 means "no SCI",
 * as in Linux.
 */
public final class Sci {
    /** Port used when the SCI is derived from an end station's source address (ES bit). */
    public static final int PORT_ES = 0x0001;

    private Sci() {
    }

    /** Builds an SCI from a MAC address (6 octets from {@code off}) and a port. */
    public static long of(byte[] mac, int off, int port) {
        long v = 0;
        for (int i = 0; i < 6; i++) {
            v = (v << 8) | (mac[off + i] & 0xff);
        }
        return (v << 16) | (port & 0xffff);
    }

    /** Parses 16 hex digits, optionally with ':' or '-' separators. */
    public static long parse(String hex) {
        String digits = hex.replace(":", "").replace("-", "");
        if (digits.length() != 16) {
            throw new IllegalArgumentException("an SCI is 16 hex digits (MAC address and port), got '" + hex + "'");
        }
        return HexFormat.fromHexDigitsToLong(digits);
    }

    /** 16 lowercase hex digits, as {@code ip macsec show} prints an SCI. */
    public static String toHex(long sci) {
        return HexFormat.of().toHexDigits(sci);
    }

    /** Writes the SCI in wire order at {@code off}. */
    static void write(long sci, byte[] buf, int off) {
        for (int i = 7; i >= 0; i--) {
            buf[off + i] = (byte) sci;
            sci >>>= 8;
        }
    }

    /** Reads an SCI in wire order from {@code off}. */
    static long read(byte[] buf, int off) {
        long v = 0;
        for (int i = 0; i < 8; i++) {
            v = (v << 8) | (buf[off + i] & 0xff);
        }
        return v;
    }
}
