package org.cryptorder.wifi;

import org.cryptorder.frame.FrameBuffer;

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
public final class Mpdu extends FrameBuffer {
    /** Headroom and tailroom a sender should leave so protection needs no copy. */
    public static final int HEADROOM = CcmpHeader.LEN;
    public static final int TAILROOM = 16;
    /** The largest MSDU an 802.11 data frame carries without A-MSDU aggregation. */
    public static final int MAX_MSDU = 2304;

    // per-frame state between the steps (the rx/tx data mac80211 keeps on the stack)
    long pn;
    int queue;
    int headerLen;
    boolean micValid;

    private Mpdu(byte[] buf, int off, int len) {
        super(buf, off, len, HEADROOM, TAILROOM);
    }

    /** Wraps a frame in place: no copy. */
    public static Mpdu wrap(byte[] buf, int off, int len) {
        return new Mpdu(buf, off, len);
    }

    /** Copies a frame into a new buffer with {@link #HEADROOM} and {@link #TAILROOM}. */
    public static Mpdu copyOf(byte[] frame, int off, int len) {
        return new Mpdu(withRoom(frame, off, len, HEADROOM, TAILROOM), HEADROOM, len);
    }

    /** Copies a whole array as a frame (tools and tests). */
    public static Mpdu copyOf(byte[] frame) {
        return copyOf(frame, 0, frame.length);
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

    /** Opens room for the CCMP header after the MAC header and for the MIC at the end. */
    void insertCcmp(int macHeaderLen, int gap, int tail) {
        insertAfterHeader(macHeaderLen, gap, tail);
    }

    /** Removes {@code gap} octets after the MAC header and {@code tail} at the end, in place. */
    void strip(int macHeaderLen, int gap, int tail) {
        removeAfterHeader(macHeaderLen, gap, tail);
    }
}
