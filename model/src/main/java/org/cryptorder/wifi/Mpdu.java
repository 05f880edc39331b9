package org.cryptorder.wifi;

/**
 * One IEEE 802.11 MPDU (MAC header and frame body, without FCS) as it passes through a {@link
 * CcmpCodec}: its bytes, and the per-frame state mac80211 keeps between the steps of protection
 * and validation (the PN, the replay-counter queue, the header length, whether the MIC verified).
 *
 * <p>The frame occupies {@code bytes()[offset(), offset()+length())}. Protection inserts the CCMP
 * header between the MAC header and the body and appends the MIC, in place when the buffer has
 * the room (an skb's headroom and tailroom), otherwise into a new buffer. After successful
 * validation both are removed in place, leaving the MPDU as it was sent.
 */
public final class Mpdu {
    /** Headroom and tailroom a sender should leave so protection needs no copy. */
    public static final int HEADROOM = CcmpHeader.LEN;
    public static final int TAILROOM = 16;
    /** The largest MSDU an 802.11 data frame carries without A-MSDU aggregation. */
    public static final int MAX_MSDU = 2304;

    private byte[] buf;
    private int off;
    private int len;

    // per-frame state between the steps (the rx/tx data mac80211 keeps on the stack)
    long pn;
    int queue;
    int headerLen;
    boolean micValid;

    private Mpdu(byte[] buf, int off, int len) {
        this.buf = buf;
        this.off = off;
        this.len = len;
    }

    /** Wraps a frame in place: no copy. */
    public static Mpdu wrap(byte[] buf, int off, int len) {
        if (off < 0 || len < 0 || off + len > buf.length) {
            throw new IllegalArgumentException("frame [" + off + ", " + (off + len) + ") outside a buffer of " + buf.length);
        }
        return new Mpdu(buf, off, len);
    }

    /** Copies a frame into a new buffer with {@link #HEADROOM} and {@link #TAILROOM}. */
    public static Mpdu copyOf(byte[] frame, int off, int len) {
        byte[] b = new byte[HEADROOM + len + TAILROOM];
        System.arraycopy(frame, off, b, HEADROOM, len);
        return new Mpdu(b, HEADROOM, len);
    }

    /** Copies a whole array as a frame (tools and tests). */
    public static Mpdu copyOf(byte[] frame) {
        return copyOf(frame, 0, frame.length);
    }

    public byte[] bytes() {
        return buf;
    }

    public int offset() {
        return off;
    }

    public int length() {
        return len;
    }

    /** The frame's bytes as a new array. */
    public byte[] toByteArray() {
        byte[] out = new byte[len];
        System.arraycopy(buf, off, out, 0, len);
        return out;
    }

    /** The PN the frame was protected with (TX) or carries (RX, once the header was read). */
    public long pn() {
        return pn;
    }

    /** The replay-counter queue ({@code rx->security_idx}): the TID of a QoS data frame, else 0. */
    public int queue() {
        return queue;
    }

    /** Whether the MIC verified (meaningful after {@link CcmpCodec#decrypt}). */
    public boolean micValid() {
        return micValid;
    }

    /**
     * Opens a gap of {@code gap} octets after the {@code headerLen}-octet MAC header and adds
     * {@code tail} octets at the end ({@code skb_push} + {@code memmove} of the header +
     * {@code skb_put}), copying to a new buffer only when headroom or tailroom is short.
     */
    void insertAfterHeader(int headerLen, int gap, int tail) {
        if (off < gap || buf.length - off - len < tail) {
            byte[] b = new byte[HEADROOM + len + Math.max(TAILROOM, tail)];
            System.arraycopy(buf, off, b, HEADROOM, len);
            buf = b;
            off = HEADROOM;
        }
        System.arraycopy(buf, off, buf, off - gap, headerLen);
        off -= gap;
        len += gap + tail;
    }

    /** Removes {@code gap} octets after the MAC header and {@code tail} at the end, in place. */
    void strip(int headerLen, int gap, int tail) {
        System.arraycopy(buf, off, buf, off + gap, headerLen);
        off += gap;
        len -= gap + tail;
    }
}
