package org.cryptorder.net;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A capture file written by a tap on a simulated Ethernet wire: the classic libpcap format
 * (the one {@code tcpdump -w} writes and Wireshark reads), with nanosecond timestamps.
 *
 * <p>The file starts with the 24-octet global header: magic {@link #MAGIC_NANOSECONDS}
 * ({@code 0xa1b23c4d}, meaning the sub-second field of each record counts nanoseconds), version
 * 2.4, time zone offset 0, timestamp accuracy 0, snapshot length {@link #SNAPLEN} and link type
 * {@link #LINKTYPE_ETHERNET}. Each frame follows as a 16-octet record header (seconds,
 * nanoseconds, captured length, original length) and the captured octets. The file is written in
 * little-endian byte order, as libpcap on x86 does; readers recognise the order from the magic.
 *
 * <p>Frames are Ethernet frames as they appear on the wire, from the destination MAC address to
 * the end of the payload (for MACsec: to the end of the ICV), without preamble or FCS. The
 * timestamp is simulated time in integer nanoseconds, written as seconds and nanoseconds since
 * the Unix epoch, so simulated time 0 shows as 1970-01-01 00:00:00 UTC. A frame longer than the
 * snapshot length is truncated to it; its original length is kept in the record.
 *
 * <p>Output is buffered in one array allocated up front; {@link #write(long, byte[], int, int)}
 * allocates nothing. Not thread-safe: one writer belongs to one tap.
 */
public final class PcapWriter implements AutoCloseable {

    /** Magic number of a classic pcap file whose timestamps have nanosecond resolution. */
    public static final int MAGIC_NANOSECONDS = 0xa1b23c4d;
    /** Magic number of a classic pcap file whose timestamps have microsecond resolution. */
    public static final int MAGIC_MICROSECONDS = 0xa1b2c3d4;
    /** Link-layer header type of IEEE 802.3 Ethernet (LINKTYPE_ETHERNET). */
    public static final int LINKTYPE_ETHERNET = 1;
    /** Largest number of octets of one frame kept in the file. */
    public static final int SNAPLEN = 65535;
    /** Length of the file's global header in octets. */
    public static final int FILE_HEADER_LENGTH = 24;
    /** Length of each record's header in octets. */
    public static final int RECORD_HEADER_LENGTH = 16;

    private static final int VERSION_MAJOR = 2;
    private static final int VERSION_MINOR = 4;
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    /** Largest second count a record can hold: the field is an unsigned 32-bit integer. */
    private static final long MAX_SECONDS = 0xffff_ffffL;
    private static final int BUFFER_SIZE = 1 << 16;

    private final OutputStream out;
    private final byte[] buffer = new byte[BUFFER_SIZE];
    private final ByteBuffer view = ByteBuffer.wrap(buffer).order(ByteOrder.LITTLE_ENDIAN);
    private int used;
    private long framesWritten;
    private boolean closed;

    /**
     * Starts a capture on {@code out} and writes the file header to the buffer. The writer owns
     * the stream from now on and closes it in {@link #close()}.
     *
     * @param out where the file goes; buffering it is not needed
     */
    public PcapWriter(OutputStream out) {
        this.out = Objects.requireNonNull(out, "out");
        view.putInt(0, MAGIC_NANOSECONDS);
        view.putShort(4, (short) VERSION_MAJOR);
        view.putShort(6, (short) VERSION_MINOR);
        view.putInt(8, 0); // thiszone: timestamps are UTC
        view.putInt(12, 0); // sigfigs: always 0
        view.putInt(16, SNAPLEN);
        view.putInt(20, LINKTYPE_ETHERNET);
        used = FILE_HEADER_LENGTH;
    }

    /**
     * Creates (or truncates) {@code file} and starts a capture in it.
     *
     * @param file the pcap file to write
     * @return a writer that owns the file until closed
     * @throws IOException if the file cannot be opened
     */
    public static PcapWriter create(Path file) throws IOException {
        return new PcapWriter(Files.newOutputStream(file));
    }

    /**
     * Appends one frame.
     *
     * @param timeNs simulated time of the frame in nanoseconds, at least 0
     * @param frame array holding the frame, from destination MAC address to last payload octet
     * @param off index of the frame's first octet in {@code frame}
     * @param len length of the frame in octets; only the first {@link #SNAPLEN} are kept
     * @throws IOException if writing to the underlying stream fails
     */
    public void write(long timeNs, byte[] frame, int off, int len) throws IOException {
        ensureOpen();
        Objects.checkFromIndexSize(off, len, frame.length);
        if (timeNs < 0 || timeNs / NANOS_PER_SECOND > MAX_SECONDS) {
            throw new IllegalArgumentException("time out of the pcap range: " + timeNs + " ns");
        }
        int captured = Math.min(len, SNAPLEN);
        if (buffer.length - used < RECORD_HEADER_LENGTH) {
            drain();
        }
        view.putInt(used, (int) (timeNs / NANOS_PER_SECOND));
        view.putInt(used + 4, (int) (timeNs % NANOS_PER_SECOND));
        view.putInt(used + 8, captured);
        view.putInt(used + 12, len);
        used += RECORD_HEADER_LENGTH;
        if (captured <= buffer.length - used) {
            System.arraycopy(frame, off, buffer, used, captured);
            used += captured;
        } else {
            drain();
            out.write(frame, off, captured);
        }
        framesWritten++;
    }

    /**
     * Appends one frame that fills the whole array.
     *
     * @param timeNs simulated time of the frame in nanoseconds, at least 0
     * @param frame the frame, from destination MAC address to last payload octet
     * @throws IOException if writing to the underlying stream fails
     */
    public void write(long timeNs, byte[] frame) throws IOException {
        write(timeNs, frame, 0, frame.length);
    }

    /** Returns how many frames have been appended so far. */
    public long framesWritten() {
        return framesWritten;
    }

    /**
     * Pushes everything buffered so far to the underlying stream and flushes it, so that a reader
     * sees a complete file up to the last frame written.
     *
     * @throws IOException if writing fails
     */
    public void flush() throws IOException {
        ensureOpen();
        drain();
        out.flush();
    }

    /**
     * Writes what is buffered and closes the underlying stream. Closing twice does nothing.
     *
     * @throws IOException if writing or closing fails
     */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            drain();
        } finally {
            out.close();
        }
    }

    private void drain() throws IOException {
        if (used > 0) {
            out.write(buffer, 0, used);
            used = 0;
        }
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("pcap writer is closed");
        }
    }
}
