package org.cryptorder.transport.wire;

/**
 * A straightforward RFC 1071 checksum, written independently of {@link InternetChecksum} to check
 * it: 16-bit big-endian words added one at a time with the end-around carry folded in at each
 * step, an odd last octet padded with zero, then complemented.
 */
final class Rfc1071 {
    private Rfc1071() {
    }

    /** The checksum over the concatenation of the given pieces. */
    static int checksum(byte[]... pieces) {
        int total = 0;
        for (byte[] p : pieces) {
            total += p.length;
        }
        byte[] all = new byte[total];
        int o = 0;
        for (byte[] p : pieces) {
            System.arraycopy(p, 0, all, o, p.length);
            o += p.length;
        }
        int sum = 0;
        for (int i = 0; i < all.length; i += 2) {
            int hi = all[i] & 0xff;
            int lo = i + 1 < all.length ? all[i + 1] & 0xff : 0;
            sum += (hi << 8) | lo;
            sum = (sum & 0xffff) + (sum >>> 16);
        }
        return ~sum & 0xffff;
    }

    /** The IPv4 pseudo header for a transport checksum. */
    static byte[] pseudoHeader(int src, int dst, int proto, int length) {
        return new byte[] {
            (byte) (src >>> 24), (byte) (src >>> 16), (byte) (src >>> 8), (byte) src,
            (byte) (dst >>> 24), (byte) (dst >>> 16), (byte) (dst >>> 8), (byte) dst,
            0, (byte) proto, (byte) (length >>> 8), (byte) length};
    }

    static byte[] slice(byte[] b, int from, int to) {
        return java.util.Arrays.copyOfRange(b, from, to);
    }
}
