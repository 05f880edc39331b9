package org.cryptorder.macsec;

import org.cryptorder.frame.FrameBuffer;
import org.cryptorder.frame.PayloadSource;

/**
 * One Ethernet frame as it passes through a {@link SecY}: its bytes, and the per-frame state that
 * Linux keeps in the skb control block ({@code struct macsec_cb}) between the steps of protection
 * and validation (the SA, the PN, whether the ICV verified).
 *
 * <p>The frame occupies {@code bytes()[offset(), offset()+length())}. Protection grows it by the
 * SecTAG at the front and the ICV at the end, in place when the buffer has the room (like an skb's
 * headroom and tailroom), otherwise into a new buffer. After successful validation the SecTAG and
 * ICV are stripped in place, leaving the unprotected frame.
 *
 * <p><b>Bytes written when first read.</b> A sender whose payload is a function of its position in
 * a stream ({@link PayloadSource}) can hand over a frame as its headers and where its payload
 * starts ({@link #deferred}). The SecY then takes its PN and counts it as for any frame, and its
 * SecTAG and its encryption wait ({@link SecY#transmit}, {@link SecY#encrypt}): the first reader of
 * the frame's bytes (the receiving SecY, a capture, netem corrupting or duplicating it) finds them
 * written, the payload copied from its source, the SecTAG in place and the frame really encrypted
 * with its SA's key and PN, byte for byte what it would have been had it been written and encrypted
 * at once. So the octets of a frame in flight (queues, rings, the wire: hundreds of frames) are not
 * held for the whole way: they are written, encrypted and, at the receiver, decrypted within a few
 * steps. A frame dropped on its way is written where it is dropped ({@link #write}), so every frame
 * the SecY protects is encrypted; only one still in flight when the run stops is not. Once its
 * receiver is done with it, a written frame's buffer goes back to its source ({@link #recycle}),
 * which gives it to a later frame.
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

    // a frame written on first read: its unprotected content, then what the SecY has yet to do
    private byte[] head;
    private PayloadSource payload;
    private long payloadFrom;
    private int payloadLen;
    /** The SecY whose SecTAG, and the engine whose encryption, the frame is waiting for; or null. */
    private SecY tagBy;
    private GcmEngine sealBy;
    private long tagPn;
    private boolean tagSci;
    private int unprotectedLen;
    /** Where the buffer goes back when the receiver is done with the frame, once written; or null. */
    private PayloadSource recycleTo;

    private MacsecFrame(byte[] buf, int off, int len) {
        super(buf, off, len, HEADROOM, TAILROOM);
    }

    private MacsecFrame(byte[] head, PayloadSource payload, long from, int payloadLen) {
        super(head.length + payloadLen, HEADROOM, TAILROOM);
        this.head = head;
        this.payload = payload;
        this.payloadFrom = from;
        this.payloadLen = payloadLen;
    }

    /**
     * A frame of {@code head} (the frame's headers, kept, not copied) followed by {@code payloadLen}
     * octets of {@code payload} from stream position {@code from}, written when first read.
     */
    public static MacsecFrame deferred(byte[] head, PayloadSource payload, long from, int payloadLen) {
        return new MacsecFrame(head, payload, from, payloadLen);
    }

    /** Whether the frame's bytes are still to be written (a {@link #deferred} frame not read yet). */
    public boolean written() {
        return !deferred();
    }

    /** {@link SecY#transmit} on a frame not written yet: its SecTAG, PN {@code pn}, is written with it. */
    void tagWhenWritten(SecY secy, long pn, boolean sci, int unprotected) {
        tagBy = secy;
        tagPn = pn;
        tagSci = sci;
        unprotectedLen = unprotected;
    }

    /** {@link SecY#encrypt} on a frame not written yet: it is encrypted with {@code engine} when written. */
    void sealWhenWritten(GcmEngine engine) {
        sealBy = engine;
    }

    /**
     * Writes the frame's bytes now if they are still waiting for a reader (its SecTAG and its
     * encryption included): a frame dropped on its way is written there, so that every frame the
     * SecY protects is encrypted, whether or not anything reads it.
     */
    public void write() {
        if (deferred() && payload != null) {
            materialize();
        }
    }

    /**
     * The frame's receiver is done with it: a frame written from a {@link PayloadSource} gives its
     * buffer back to the source for a later frame, and reading its bytes afterwards is an error.
     * Nothing happens to any other frame.
     */
    public void recycle() {
        if (recycleTo != null) {
            PayloadSource source = recycleTo;
            recycleTo = null;
            source.recycle(takeBuffer());
        }
    }

    @Override
    protected void materialize() {
        if (payload == null) {
            throw new IllegalStateException("the frame's buffer went back to its source (recycle)");
        }
        int logical = length();
        byte[] b = payload.withRoom(payloadFrom, payloadLen, HEADROOM + head.length, TAILROOM);
        System.arraycopy(head, 0, b, HEADROOM, head.length);
        fill(b, HEADROOM, head.length + payloadLen);  // as it was before the SecY: unprotectedLen
        head = null;
        recycleTo = payload;
        payload = null;
        SecY secy = tagBy;
        GcmEngine engine = sealBy;
        tagBy = null;
        sealBy = null;
        if (secy != null) {
            secy.writeTag(this, tagPn, tagSci, unprotectedLen);
            if (engine != null) {
                secy.encrypt(this, engine);
            }
        }
        if (length() != logical) {
            throw new IllegalStateException("frame written as " + length() + " octets, not " + logical);
        }
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
