package org.cryptorder.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PcapWriterTest {

    private static final HexFormat HEX = HexFormat.of();

    private static byte[] capture(long[] times, byte[]... frames) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PcapWriter writer = new PcapWriter(bytes)) {
            for (int i = 0; i < frames.length; i++) {
                writer.write(times[i], frames[i]);
            }
        }
        return bytes.toByteArray();
    }

    @Test
    void fileHeaderIsTheLibpcapGlobalHeaderWithNanosecondMagic() throws IOException {
        byte[] file = capture(new long[0]);

        // https://www.tcpdump.org/manpages/pcap-savefile.5.html, little-endian as written on x86:
        // magic a1b23c4d (nanosecond timestamps), version 2.4, thiszone 0, sigfigs 0,
        // snaplen 65535, network 1 (LINKTYPE_ETHERNET)
        assertThat(HEX.formatHex(file))
                .isEqualTo("4d3cb2a1" + "0200" + "0400" + "00000000" + "00000000" + "ffff0000" + "01000000");
    }

    @Test
    void recordHeaderCarriesSecondsNanosecondsAndBothLengths() throws IOException {
        byte[] frame = HEX.parseHex("d609b1f056637a0d46df998d0800aabb");
        byte[] file = capture(new long[] {3_000_000_123L}, frame);

        assertThat(file).hasSize(PcapWriter.FILE_HEADER_LENGTH + PcapWriter.RECORD_HEADER_LENGTH + 16);
        String record = HEX.formatHex(file, PcapWriter.FILE_HEADER_LENGTH, file.length);
        // ts_sec 3, ts_nsec 123, incl_len 16, orig_len 16, then the frame octets unchanged
        assertThat(record).isEqualTo("03000000" + "7b000000" + "10000000" + "10000000" + HEX.formatHex(frame));
    }

    @Test
    void framesReadBackWithTimesLengthsAndOctetsUnchanged(@TempDir Path dir) throws IOException {
        Random random = new Random(42);
        List<byte[]> frames = new ArrayList<>();
        List<Long> times = new ArrayList<>();
        long time = 0;
        // enough frames of every size to cross the writer's 64 KiB buffer many times
        for (int i = 0; i < 500; i++) {
            byte[] frame = new byte[14 + random.nextInt(1500)];
            random.nextBytes(frame);
            frames.add(frame);
            times.add(time);
            time += 1 + random.nextInt(2_000_000_000);
        }
        Path file = dir.resolve("round-trip.pcap");
        try (PcapWriter writer = PcapWriter.create(file)) {
            for (int i = 0; i < frames.size(); i++) {
                writer.write(times.get(i), frames.get(i));
            }
            assertThat(writer.framesWritten()).isEqualTo(500);
        }

        try (PcapReader reader = PcapReader.open(file)) {
            assertThat(reader.nanosecondResolution()).isTrue();
            assertThat(reader.byteOrder()).isEqualTo(ByteOrder.LITTLE_ENDIAN);
            assertThat(reader.versionMajor()).isEqualTo(2);
            assertThat(reader.versionMinor()).isEqualTo(4);
            assertThat(reader.snaplen()).isEqualTo(PcapWriter.SNAPLEN);
            assertThat(reader.linkType()).isEqualTo(PcapWriter.LINKTYPE_ETHERNET);
            for (int i = 0; i < frames.size(); i++) {
                PcapReader.Record r = reader.next();
                assertThat(r).as("record %d", i).isNotNull();
                assertThat(r.timeNs()).isEqualTo(times.get(i));
                assertThat(r.originalLength()).isEqualTo(frames.get(i).length);
                assertThat(r.data()).isEqualTo(frames.get(i));
            }
            assertThat(reader.next()).isNull();
        }
    }

    @Test
    void writesOnlyTheGivenSliceOfTheArray() throws IOException {
        byte[] array = HEX.parseHex("ffff" + "0102030405060708090a0b0c0d0e" + "eeee");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PcapWriter writer = new PcapWriter(bytes)) {
            writer.write(7, array, 2, 14);
        }

        List<PcapReader.Record> records = read(bytes.toByteArray());
        assertThat(records).hasSize(1);
        assertThat(records.get(0).timeNs()).isEqualTo(7);
        assertThat(records.get(0).data()).isEqualTo(Arrays.copyOfRange(array, 2, 16));
    }

    @Test
    void framesLongerThanTheSnapshotLengthAreCutButKeepTheirOriginalLength() throws IOException {
        byte[] jumbo = new byte[PcapWriter.SNAPLEN + 100];
        new Random(1).nextBytes(jumbo);
        byte[] small = HEX.parseHex("0102030405060708090a0b0c0d0e");
        byte[] file = capture(new long[] {1, 2}, jumbo, small);

        List<PcapReader.Record> records = read(file);
        assertThat(records).hasSize(2);
        assertThat(records.get(0).originalLength()).isEqualTo(PcapWriter.SNAPLEN + 100);
        assertThat(records.get(0).data()).isEqualTo(Arrays.copyOf(jumbo, PcapWriter.SNAPLEN));
        assertThat(records.get(1).data()).isEqualTo(small);
    }

    @Test
    void flushMakesEveryFrameWrittenSoFarVisible() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PcapWriter writer = new PcapWriter(bytes)) {
            writer.write(5, new byte[60]);
            assertThat(bytes.size()).as("buffered until flushed").isZero();
            writer.flush();
            assertThat(bytes.size()).isEqualTo(24 + 16 + 60);
        }
    }

    @Test
    void rejectsTimesOutsideThePcapRangeAndBadSlices() throws IOException {
        try (PcapWriter writer = new PcapWriter(new ByteArrayOutputStream())) {
            assertThatThrownBy(() -> writer.write(-1, new byte[60]))
                    .isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> writer.write((1L << 32) * 1_000_000_000L, new byte[60]))
                    .isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> writer.write(0, new byte[60], 50, 20))
                    .isInstanceOf(IndexOutOfBoundsException.class);
            assertThat(writer.framesWritten()).isZero();
        }
    }

    @Test
    void writingAfterCloseFails() throws IOException {
        PcapWriter writer = new PcapWriter(new ByteArrayOutputStream());
        writer.close();
        writer.close();
        assertThatThrownBy(() -> writer.write(0, new byte[60])).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void readerAcceptsBigEndianMicrosecondFiles() throws IOException {
        // as written by libpcap on a big-endian host: magic a1b2c3d4, one 4-octet frame at 2.5 s
        byte[] file = HEX.parseHex("a1b2c3d4" + "0002" + "0004" + "00000000" + "00000000" + "0000ffff" + "00000001"
                + "00000002" + "0007a120" + "00000004" + "0000003c" + "deadbeef");

        try (PcapReader reader = new PcapReader(new ByteArrayInputStream(file))) {
            assertThat(reader.byteOrder()).isEqualTo(ByteOrder.BIG_ENDIAN);
            assertThat(reader.nanosecondResolution()).isFalse();
            assertThat(reader.linkType()).isEqualTo(1);
            PcapReader.Record r = reader.next();
            assertThat(r.timeNs()).isEqualTo(2_500_000_000L);
            assertThat(r.originalLength()).isEqualTo(60);
            assertThat(r.data()).isEqualTo(HEX.parseHex("deadbeef"));
            assertThat(reader.next()).isNull();
        }
    }

    @Test
    void readerRejectsOtherFormatsAndTruncatedRecords() throws IOException {
        byte[] pcapng = HEX.parseHex("0a0d0d0a1c0000004d3c2b1a01000000ffffffffffffffff");
        assertThatThrownBy(() -> new PcapReader(new ByteArrayInputStream(pcapng)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("not a classic pcap file");

        byte[] file = capture(new long[] {0}, new byte[60]);
        byte[] cut = Arrays.copyOf(file, file.length - 1);
        try (PcapReader reader = new PcapReader(new ByteArrayInputStream(cut))) {
            assertThatThrownBy(reader::next).isInstanceOf(EOFException.class);
        }
    }

    private static List<PcapReader.Record> read(byte[] file) throws IOException {
        try (PcapReader reader = new PcapReader(new ByteArrayInputStream(file))) {
            List<PcapReader.Record> records = new ArrayList<>();
            for (PcapReader.Record r = reader.next(); r != null; r = reader.next()) {
                records.add(r);
            }
            return records;
        }
    }
}
