package org.cryptorder.wifi;

import java.util.SplittableRandom;

/** Plaintext 802.11 data MPDUs of every header shape, for tests. */
final class TestFrames {
    private TestFrames() {
    }

    /** The header shapes a data frame can have. */
    record Shape(boolean qos, boolean addr4, boolean htControl) {
        int headerLen() {
            return Ieee80211Header.BASE_LEN + (addr4 ? 6 : 0) + (qos ? 2 : 0) + (qos && htControl ? 4 : 0);
        }

        static Shape random(SplittableRandom rnd) {
            boolean qos = rnd.nextBoolean();
            return new Shape(qos, rnd.nextInt(4) == 0, qos && rnd.nextInt(3) == 0);
        }
    }

    /**
     * A data frame of the given shape and TID with random addresses, sequence control, Duration,
     * QoS and HT Control octets, random Retry, Power Management and More Data bits, random data
     * subtype bits, and a random payload of {@code payloadLen} octets.
     */
    static byte[] data(SplittableRandom rnd, Shape shape, int tid, int payloadLen) {
        int hdr = shape.headerLen();
        byte[] f = new byte[hdr + payloadLen];
        rnd.nextBytes(f);
        int fc0 = Ieee80211Header.TYPE_DATA | (rnd.nextInt(8) << 4);
        fc0 = shape.qos() ? fc0 | Ieee80211Header.SUBTYPE_QOS : fc0 & ~Ieee80211Header.SUBTYPE_QOS;
        int ds = shape.addr4() ? 3 : rnd.nextInt(3);
        int flags = ds | (rnd.nextInt(8) << 3);                      // Retry, PwrMgt, MoreData
        if (shape.qos()) {
            flags |= shape.htControl() ? 0x80 : 0;
        } else {
            flags |= rnd.nextBoolean() ? 0x80 : 0;                    // Order on non-QoS data adds no field
        }
        f[0] = (byte) fc0;
        f[1] = (byte) flags;
        if (shape.qos()) {
            int q = Ieee80211Header.qosControlOffset(Ieee80211Header.frameControl(f, 0));
            f[q] = (byte) ((f[q] & 0xf0) | tid);
        }
        return f;
    }

    static byte[] randomBytes(SplittableRandom rnd, int n) {
        byte[] b = new byte[n];
        rnd.nextBytes(b);
        return b;
    }
}
