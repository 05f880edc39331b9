package org.cryptorder.net;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Reads back a classic libpcap capture file, such as one written by {@link PcapWriter}: the
 * global header, then one {@link Record} per frame.
 *
 * <p>Accepts both timestamp resolutions (magic {@code 0xa1b2c3d4} for microseconds,
 * {@code 0xa1b23c4d} for nanoseconds) in either byte order, and reports every timestamp in
 * nanoseconds. It does not read pcapng. Meant for tests and tools that check what a simulation
 * put on its wires; not thread-safe.
 */
public final class PcapReader implements AutoCloseable {

    /** Largest captured length accepted in a record; anything larger means a corrupt file. */
    private static final int MAX_RECORD_LENGTH = 1 << 20;

    private final InputStream in;
    private final ByteOrder byteOrder;
    private final boolean nanosecondResolution;
    private final int versionMajor;
    private final int versionMinor;
    private final int snaplen;
    private final int linkType;
    private final byte[] recordHeader = new byte[PcapWriter.RECORD_HEADER_LENGTH];
    private final ByteBuffer recordView;

    /**
     * One frame of the capture.
     *
     * @param timeNs timestamp in nanoseconds since the epoch
     * @param originalLength the frame's length on the wire, at least {@code data.length}
     * @param data the captured octets (the whole frame unless it was cut at the snapshot length)
     */
    public record Record(long timeNs, int originalLength, byte[] data) {
        /** Checks the lengths and keeps {@code data} as given (it is not copied). */
        public Record {
            Objects.requireNonNull(data, "data");
            if (originalLength < data.length) {
                throw new IllegalArgumentException(
                        "original length " + originalLength + " < captured " + data.length);
            }
        }
    }

    /**
     * Reads the global header from {@code in}. The reader owns the stream from now on.
     *
     * @param in a classic pcap file, positioned at its start
     * @throws IOException if the stream fails, ends early, or is not a classic pcap file
     */
    public PcapReader(InputStream in) throws IOException {
        this.in = new BufferedInputStream(Objects.requireNonNull(in, "in"));
        byte[] header = new byte[PcapWriter.FILE_HEADER_LENGTH];
        if (readFully(header) != header.length) {
            throw new EOFException("pcap file shorter than its 24-octet header");
        }
        ByteBuffer view = ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN);
        int magic = view.getInt(0);
        if (magic == PcapWriter.MAGIC_NANOSECONDS || magic == PcapWriter.MAGIC_MICROSECONDS) {
            byteOrder = ByteOrder.LITTLE_ENDIAN;
        } else if (Integer.reverseBytes(magic) == PcapWriter.MAGIC_NANOSECONDS
                || Integer.reverseBytes(magic) == PcapWriter.MAGIC_MICROSECONDS) {
            byteOrder = ByteOrder.BIG_ENDIAN;
            view.order(byteOrder);
            magic = Integer.reverseBytes(magic);
        } else {
            throw new IOException(String.format(Locale.ROOT, "not a classic pcap file (magic %08x)", magic));
        }
        nanosecondResolution = magic == PcapWriter.MAGIC_NANOSECONDS;
        versionMajor = Short.toUnsignedInt(view.getShort(4));
        versionMinor = Short.toUnsignedInt(view.getShort(6));
        snaplen = view.getInt(16);
        linkType = view.getInt(20);
        recordView = ByteBuffer.wrap(recordHeader).order(byteOrder);
    }

    /**
     * Opens a pcap file and reads its global header.
     *
     * @param file the file to read
     * @return a reader positioned at the first record
     * @throws IOException if the file cannot be read or is not a classic pcap file
     */
    public static PcapReader open(Path file) throws IOException {
        InputStream stream = Files.newInputStream(file);
        try {
            return new PcapReader(stream);
        } catch (IOException | RuntimeException e) {
            stream.close();
            throw e;
        }
    }

    /**
     * Reads every record of a pcap file.
     *
     * @param file the file to read
     * @return the records in file order
     * @throws IOException if the file cannot be read or is malformed
     */
    public static List<Record> readAll(Path file) throws IOException {
        try (PcapReader reader = open(file)) {
            List<Record> records = new ArrayList<>();
            for (Record r = reader.next(); r != null; r = reader.next()) {
                records.add(r);
            }
            return records;
        }
    }

    /**
     * Reads the next record.
     *
     * @return the record, or {@code null} at the end of the file
     * @throws IOException if the stream fails or the file ends inside a record
     */
    public Record next() throws IOException {
        int got = readFully(recordHeader);
        if (got == 0) {
            return null;
        }
        if (got != recordHeader.length) {
            throw new EOFException("pcap file ends inside a record header");
        }
        long seconds = Integer.toUnsignedLong(recordView.getInt(0));
        long fraction = Integer.toUnsignedLong(recordView.getInt(4));
        int captured = recordView.getInt(8);
        int original = recordView.getInt(12);
        if (captured < 0 || captured > MAX_RECORD_LENGTH) {
            throw new IOException("implausible captured length " + Integer.toUnsignedString(captured));
        }
        byte[] data = new byte[captured];
        if (readFully(data) != captured) {
            throw new EOFException("pcap file ends inside a frame");
        }
        long timeNs = seconds * 1_000_000_000L + (nanosecondResolution ? fraction : fraction * 1_000L);
        return new Record(timeNs, original, data);
    }

    /** Returns whether record timestamps count nanoseconds (otherwise microseconds). */
    public boolean nanosecondResolution() {
        return nanosecondResolution;
    }

    /** Returns the byte order the file was written in. */
    public ByteOrder byteOrder() {
        return byteOrder;
    }

    /** Returns the major version of the file format (2 for every current writer). */
    public int versionMajor() {
        return versionMajor;
    }

    /** Returns the minor version of the file format (4 for every current writer). */
    public int versionMinor() {
        return versionMinor;
    }

    /** Returns the snapshot length: the most octets of one frame the file keeps. */
    public int snaplen() {
        return snaplen;
    }

    /** Returns the link-layer header type of every frame (1 for Ethernet). */
    public int linkType() {
        return linkType;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    /** Reads until {@code into} is full or the stream ends; returns how many octets were read. */
    private int readFully(byte[] into) throws IOException {
        return in.readNBytes(into, 0, into.length);
    }
}
