package org.cryptorder.macsec;

import java.util.Arrays;
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
    /** The pool this frame's buffer goes back to when {@link #release}d, or null. */
    private FramePool pool;

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

    /**
     * A frame of {@code len} octets with {@link #HEADROOM} and {@link #TAILROOM}, in a buffer from
     * {@code pool} when it has one of the size, else in a new one, and given back to {@code pool}
     * when {@link #release}d. The caller writes all {@code len} octets; the rooms are zero, as in a
     * new buffer, so the frame's buffer is the same octets either way.
     */
    public static MacsecFrame allocate(int len, FramePool pool) {
        int size = HEADROOM + len + TAILROOM;
        byte[] b = pool.take(size);
        if (b == null) {
            b = new byte[size];
        } else {
            Arrays.fill(b, 0, HEADROOM, (byte) 0);
            Arrays.fill(b, HEADROOM + len, size, (byte) 0);
        }
        MacsecFrame f = new MacsecFrame(b, HEADROOM, len);
        f.pool = pool;
        return f;
    }

    /**
     * Gives the buffer of {@code f}, a frame from {@link #allocate(int, FramePool)}, back to its pool
     * (once; any other frame is left alone). Only for a frame that nothing will read again: the
     * buffer is written by a later frame.
     */
    public static void release(MacsecFrame f) {
        if (f.pool != null) {
            f.pool.give(f.bytes());
            f.pool = null;
        }
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
