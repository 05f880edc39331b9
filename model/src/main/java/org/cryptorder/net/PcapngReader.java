package org.cryptorder.net;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads back a pcapng file of the kind {@link PcapngWriter} writes (one section, little- or
 * big-endian; Enhanced Packet Blocks of interfaces with nanosecond or microsecond timestamps), for
 * tests: each frame's time, octets and comment, and the interfaces' names and descriptions.
 */
public final class PcapngReader {
    /** One frame: when (ns), its octets, its comment or null. */
    public record Packet(long timeNs, byte[] data, String comment) {
    }

    /** One interface: its link type, name and description (null where absent). */
    public record Interface(int linkType, String name, String description, int tsresol) {
    }

    private final List<Packet> packets = new ArrayList<>();
    private final List<Interface> interfaces = new ArrayList<>();
    private final List<String> comments = new ArrayList<>();

    private PcapngReader(ByteBuffer b) throws IOException {
        if (b.remaining() < 12 || b.getInt(0) != PcapngWriter.SECTION_HEADER) {
            throw new IOException("not a pcapng file");
        }
        b.order(ByteOrder.LITTLE_ENDIAN);
        if (b.getInt(8) != PcapngWriter.BYTE_ORDER_MAGIC) {
            b.order(ByteOrder.BIG_ENDIAN);
        }
        if (b.getInt(8) != PcapngWriter.BYTE_ORDER_MAGIC) {
            throw new IOException("pcapng: bad byte-order magic");
        }
        int at = 0;
        while (at + 12 <= b.limit()) {
            int type = b.getInt(at);
            int length = b.getInt(at + 4);
            if (length < 12 || length % 4 != 0 || at + length > b.limit() || b.getInt(at + length - 4) != length) {
                throw new IOException("pcapng: bad block length " + length + " at offset " + at);
            }
            int body = at + 8;
            int end = at + length - 4;
            if (type == PcapngWriter.SECTION_HEADER) {
                options(b, body + 16, end, (code, value) -> {
                    if (code == PcapngWriter.OPT_COMMENT) {
                        comments.add(new String(value, StandardCharsets.UTF_8));
                    }
                });
            } else if (type == PcapngWriter.INTERFACE_DESCRIPTION) {
                String[] texts = new String[3];
                int[] tsresol = {6};
                options(b, body + 8, end, (code, value) -> {
                    if (code == PcapngWriter.IF_NAME || code == PcapngWriter.IF_DESCRIPTION) {
                        texts[code - 1] = new String(value, StandardCharsets.UTF_8);
                    } else if (code == PcapngWriter.IF_TSRESOL) {
                        tsresol[0] = value[0];
                    }
                });
                interfaces.add(new Interface(b.getShort(body) & 0xffff, texts[1], texts[2], tsresol[0]));
            } else if (type == PcapngWriter.ENHANCED_PACKET) {
                int iface = b.getInt(body);
                long ts = ((long) b.getInt(body + 4) << 32) | (b.getInt(body + 8) & 0xffffffffL);
                int captured = b.getInt(body + 12);
                byte[] data = new byte[captured];
                b.get(body + 20, data);
                String[] comment = {null};
                options(b, body + 20 + ((captured + 3) & ~3), end, (code, value) -> {
                    if (code == PcapngWriter.OPT_COMMENT) {
                        comment[0] = new String(value, StandardCharsets.UTF_8);
                    }
                });
                int res = interfaces.get(iface).tsresol();
                long ns = res == 9 ? ts : res == 6 ? ts * 1000 : -1;
                packets.add(new Packet(ns, data, comment[0]));
            }
            at += length;
        }
    }

    private interface OptionSink {
        void option(int code, byte[] value);
    }

    private static void options(ByteBuffer b, int at, int end, OptionSink sink) {
        while (at + 4 <= end) {
            int code = b.getShort(at) & 0xffff;
            int len = b.getShort(at + 2) & 0xffff;
            if (code == PcapngWriter.OPT_END) {
                return;
            }
            byte[] value = new byte[len];
            b.get(at + 4, value);
            sink.option(code, value);
            at += 4 + ((len + 3) & ~3);
        }
    }

    /** Reads {@code file} whole. */
    public static PcapngReader read(Path file) throws IOException {
        return new PcapngReader(ByteBuffer.wrap(Files.readAllBytes(file)));
    }

    public List<Packet> packets() {
        return List.copyOf(packets);
    }

    /** The section's comments, in order. */
    public List<String> comments() {
        return List.copyOf(comments);
    }

    public List<Interface> interfaces() {
        return List.copyOf(interfaces);
    }
}
