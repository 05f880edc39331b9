package org.cryptorder.net;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A pcapng capture file (draft-ietf-opsawg-pcapng) of one Ethernet interface: a Section Header
 * Block, one Interface Description Block (its name and description, nanosecond timestamps: {@code
 * if_tsresol} 9), then an Enhanced Packet Block per frame, which may carry a comment ({@code
 * opt_comment}) that Wireshark shows as {@code frame.comment}. Little-endian, as written on x86.
 * Plain pcap ({@link PcapWriter}) stays the default elsewhere: tcpdump and libpcap before 1.1 read
 * no comments, and not every tool reads pcapng.
 */
public final class PcapngWriter implements AutoCloseable {
    static final int SECTION_HEADER = 0x0A0D0D0A;
    static final int INTERFACE_DESCRIPTION = 0x00000001;
    static final int ENHANCED_PACKET = 0x00000006;
    static final int BYTE_ORDER_MAGIC = 0x1A2B3C4D;
    static final short OPT_END = 0;
    static final short OPT_COMMENT = 1;
    static final short IF_NAME = 2;
    static final short IF_DESCRIPTION = 3;
    static final short IF_TSRESOL = 9;

    private final OutputStream out;
    private long framesWritten;

    /**
     * Starts a file on {@code out} with its section header and the interface {@code name}.
     *
     * @param description what the interface is, for Wireshark's capture file properties
     */
    public PcapngWriter(OutputStream out, String name, String description) throws IOException {
        this(out, name, description, List.of());
    }

    /**
     * As {@link #PcapngWriter(OutputStream, String, String)}, with {@code comments} on the section
     * after the one on its clock ({@code opt_comment}: Wireshark's capture file comments, capinfos'
     * "Capture comment").
     */
    public PcapngWriter(OutputStream out, String name, String description, List<String> comments) throws IOException {
        this.out = new BufferedOutputStream(out, 1 << 16);
        int length = comments.stream().mapToInt(c -> c.getBytes(StandardCharsets.UTF_8).length + 8).sum();
        Block shb = new Block(SECTION_HEADER, length);
        shb.body.putInt(BYTE_ORDER_MAGIC).putShort((short) 1).putShort((short) 0).putLong(-1L);
        shb.option(OPT_COMMENT, "cryptorder: simulated time 0 is 1970-01-01 00:00:00 UTC");
        for (String c : comments) {
            shb.option(OPT_COMMENT, c);
        }
        shb.write();
        Block idb = new Block(INTERFACE_DESCRIPTION);
        idb.body.putShort((short) PcapWriter.LINKTYPE_ETHERNET).putShort((short) 0).putInt(PcapWriter.SNAPLEN);
        idb.option(IF_NAME, name);
        idb.option(IF_DESCRIPTION, description);
        idb.option(IF_TSRESOL, new byte[] {9});
        idb.write();
    }

    /** A file at {@code file} (see the constructor). */
    public static PcapngWriter create(Path file, String name, String description) throws IOException {
        return new PcapngWriter(Files.newOutputStream(file), name, description);
    }

    /** A file at {@code file} with section comments (see the constructors). */
    public static PcapngWriter create(Path file, String name, String description, List<String> comments)
            throws IOException {
        return new PcapngWriter(Files.newOutputStream(file), name, description, comments);
    }

    /**
     * Appends one frame at {@code timeNs} with {@code comment} (null: none).
     *
     * @throws IOException if writing fails
     */
    public void write(long timeNs, byte[] frame, String comment) throws IOException {
        if (timeNs < 0) {
            throw new IllegalArgumentException("time before the capture's start: " + timeNs + " ns");
        }
        int captured = Math.min(frame.length, PcapWriter.SNAPLEN);
        Block epb = new Block(ENHANCED_PACKET, captured + (comment == null ? 0 : comment.length() * 4));
        epb.body.putInt(0).putInt((int) (timeNs >>> 32)).putInt((int) timeNs).putInt(captured).putInt(frame.length);
        epb.body.put(frame, 0, captured);
        epb.pad();
        if (comment != null) {
            epb.option(OPT_COMMENT, comment);
        }
        epb.write();
        framesWritten++;
    }

    public long framesWritten() {
        return framesWritten;
    }

    @Override
    public void close() throws IOException {
        out.close();
    }

    /** One block: type, total length, body with options, total length again. */
    private final class Block {
        final int type;
        final ByteBuffer body;
        boolean options;

        Block(int type) {
            this(type, 0);
        }

        Block(int type, int extra) {
            this.type = type;
            this.body = ByteBuffer.allocate(256 + extra).order(ByteOrder.LITTLE_ENDIAN);
        }

        void pad() {
            while (body.position() % 4 != 0) {
                body.put((byte) 0);
            }
        }

        void option(short code, String value) {
            option(code, value.getBytes(StandardCharsets.UTF_8));
        }

        void option(short code, byte[] value) {
            body.putShort(code).putShort((short) value.length).put(value);
            pad();
            options = true;
        }

        void write() throws IOException {
            if (options) {
                body.putShort(OPT_END).putShort((short) 0);
            }
            int length = body.position() + 12;
            ByteBuffer head = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putInt(type).putInt(length);
            out.write(head.array());
            out.write(body.array(), 0, body.position());
            out.write(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(length).array());
        }
    }
}
