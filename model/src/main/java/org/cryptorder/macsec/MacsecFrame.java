package org.cryptorder.macsec;

import org.cryptorder.frame.FrameBuffer;

/**
 * One Ethernet frame as it passes through a {@link SecY}: its bytes, and the per-frame state that
 * Linux keeps in the skb control block ({@code struct macsec_cb}) between the steps of protection
 * and validation (the SA, the PN, whether the ICV verified).
 *
 * <p>The frame occupies {@code bytes()[offset(), offset()+length())}. Protection grows it by the
 * SecTAG at the front and the ICV at the end, in place when the buffer has the room (like an skb's
 * headroom and tailroom), otherwise into a new buffer. After successful validation the SecTAG and
 * ICV are stripped in place, leaving the unprotected frame.
 */
public final class MacsecFrame extends FrameBuffer {
    /** Headroom and tailroom a sender should leave so protection needs no copy. */
    public static final int HEADROOM = 16;
    public static final int TAILROOM = 16;

    // control block (struct macsec_cb)
    TxSa txSa;
    RxSa rxSa;
    long sci;
    long pn;
    boolean hasSci;
    boolean valid;

    private MacsecFrame(byte[] buf, int off, int len) {
        super(buf, off, len, HEADROOM, TAILROOM);
    }

    /** Wraps a frame in place: no copy. */
    public static MacsecFrame wrap(byte[] buf, int off, int len) {
        return new MacsecFrame(buf, off, len);
    }

    /** Copies a frame into a new buffer with {@link #HEADROOM} and {@link #TAILROOM}. */
    public static MacsecFrame copyOf(byte[] frame, int off, int len) {
        return new MacsecFrame(withRoom(frame, off, len, HEADROOM, TAILROOM), HEADROOM, len);
    }

    /** A zeroed frame of {@code len} octets in a new buffer with {@link #HEADROOM} and {@link #TAILROOM}. */
    public static MacsecFrame allocate(int len) {
        return new MacsecFrame(new byte[HEADROOM + len + TAILROOM], HEADROOM, len);
    }

    /** Copies a whole array as a frame (tools and tests). */
    public static MacsecFrame copyOf(byte[] frame) {
        return copyOf(frame, 0, frame.length);
    }

    /** The PN this frame was protected with (TX) or carries, recovered to 64 bits for XPN (RX). */
    public long pn() {
        return pn;
    }

    /** The SCI of the channel the frame was sent or received on. */
    public long sci() {
        return sci;
    }

    /** The TX SA that protected this frame (after {@link SecY#transmit}), or null. */
    public TxSa txSa() {
        return txSa;
    }

    /** The RX SA that validates this frame (after {@link SecY#receive} accepted it), or null. */
    public RxSa rxSa() {
        return rxSa;
    }

    /** Whether the SecTAG carries the SCI (after transmit or receive). */
    public boolean hasSci() {
        return hasSci;
    }

    /** Whether the ICV verified (meaningful after validation). */
    public boolean valid() {
        return valid;
    }

    /** Opens room for the SecTAG after the MAC addresses and for the ICV at the end. */
    void insertAfterAddresses(int head, int tail) {
        insertAfterHeader(SecTag.MAC_ADDRS_LEN, head, tail);
    }

    /** Removes {@code head} octets after the MAC addresses and {@code tail} at the end, in place. */
    void strip(int head, int tail) {
        removeAfterHeader(SecTag.MAC_ADDRS_LEN, head, tail);
    }
}
