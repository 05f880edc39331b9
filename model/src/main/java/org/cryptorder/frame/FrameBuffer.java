package org.cryptorder.frame;

/**
 * The bytes of one frame inside a larger buffer, like an skb's data with headroom before it and
 * tailroom after it: a security protocol inserts its header right after the frame's own header
 * and appends its tag, in place when there is room ({@code skb_push} + {@code memmove} of the
 * header + {@code skb_put}), otherwise in a new buffer; validation removes both in place.
 *
 * <p>The frame occupies {@code bytes()[offset(), offset()+length())}.
 */
public abstract class FrameBuffer {
    private byte[] buf;
    private int off;
    private int len;
    private final int headroom;
    private final int tailroom;

    /**
     * @param headroom room kept before the frame when it has to move to a new buffer
     * @param tailroom room kept after it likewise
     */
    protected FrameBuffer(byte[] buf, int off, int len, int headroom, int tailroom) {
        if (off < 0 || len < 0 || off + len > buf.length) {
            throw new IllegalArgumentException("frame [" + off + ", " + (off + len) + ") outside a buffer of " + buf.length);
        }
        this.buf = buf;
        this.off = off;
        this.len = len;
        this.headroom = headroom;
        this.tailroom = tailroom;
    }

    /** A new buffer holding a copy of {@code frame[off, off+len)} with {@code headroom} and {@code tailroom}. */
    protected static byte[] withRoom(byte[] frame, int off, int len, int headroom, int tailroom) {
        byte[] b = new byte[headroom + len + tailroom];
        System.arraycopy(frame, off, b, headroom, len);
        return b;
    }

    public final byte[] bytes() {
        return buf;
    }

    public final int offset() {
        return off;
    }

    public final int length() {
        return len;
    }

    /** The frame's bytes as a new array. */
    public final byte[] toByteArray() {
        byte[] out = new byte[len];
        System.arraycopy(buf, off, out, 0, len);
        return out;
    }

    /**
     * Opens a gap of {@code gap} octets after the frame's first {@code headerLen} octets and adds
     * {@code tail} octets at the end, copying to a new buffer only when headroom or tailroom is short.
     */
    protected final void insertAfterHeader(int headerLen, int gap, int tail) {
        if (off < gap || buf.length - off - len < tail) {
            buf = withRoom(buf, off, len, Math.max(headroom, gap), Math.max(tailroom, tail));
            off = Math.max(headroom, gap);
        }
        System.arraycopy(buf, off, buf, off - gap, headerLen);
        off -= gap;
        len += gap + tail;
    }

    /** Removes {@code gap} octets after the first {@code headerLen} octets and {@code tail} at the end, in place. */
    protected final void removeAfterHeader(int headerLen, int gap, int tail) {
        System.arraycopy(buf, off, buf, off + gap, headerLen);
        off += gap;
        len -= gap + tail;
    }
}
