package org.cryptorder.net;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.IntStream;
import org.cryptorder.macsec.CipherSuite;
import org.cryptorder.macsec.GcmEngine;
import org.cryptorder.macsec.MacsecFrame;
import org.cryptorder.macsec.SaKey;
import org.cryptorder.macsec.Sci;
import org.cryptorder.macsec.SecY;
import org.cryptorder.macsec.SecYConfig;
import org.cryptorder.macsec.TxVerdict;
import org.cryptorder.macsec.Vectors;
import org.cryptorder.net.WiresharkOracle.AuthStatus;
import org.cryptorder.net.WiresharkOracle.Detail;
import org.cryptorder.net.WiresharkOracle.FrameVerdict;
import org.cryptorder.net.WiresharkOracle.Report;
import org.cryptorder.testing.RequiredTool;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Captures written by {@link PcapWriter} checked by Wireshark 4.4's MACsec dissector (see
 * {@link WiresharkOracle} for what it can judge): genuine IEEE 802.1AE frames must verify,
 * tampered ones and ones read with the wrong key must not.
 */
@Tag("wireshark")
class WiresharkCaptureTest {

    private static final HexFormat HEX = HexFormat.of();

    @TempDir Path dir;

    private final WiresharkOracle oracle = WiresharkOracle.atDefaultHome();

    /** Node.js and npm must be here, and the npm package installed or allowed to be (cryptorder.installTools). */
    @org.junit.jupiter.api.BeforeEach
    void theOracleIsHere() throws IOException {
        RequiredTool.need(oracle.toolsPresent(), "wireshark", "node 18 or later and npm are not on the PATH", "nodejs npm");
        RequiredTool.need(oracle.packageInstalled() || RequiredTool.installAllowed(), "wireshark",
                "the npm package " + WiresharkOracle.PACKAGE + " is not installed in " + oracle.home()
                        + " and -Dcryptorder.installTools=true (which installs it, 39 MB) is not set", "nodejs npm");
    }

    /** The vectors Wireshark can verify: GCM-AES-128 with the SCI in the SecTAG (C.1.1, C.6.1). */
    private static List<Vectors.Vector> verifiableVectors() {
        List<Vectors.Vector> vectors = Vectors.all().stream()
                .filter(v -> v.suite() == CipherSuite.GCM_AES_128 && v.includeSci())
                .toList();
        assertThat(vectors).hasSize(2);
        // one integrity-only, one encrypted, both under one key, so one capture holds both
        assertThat(vectors).extracting(Vectors.Vector::encrypt).containsExactly(false, true);
        assertThat(vectors.get(0).key()).isEqualTo(vectors.get(1).key());
        return vectors;
    }

    private Path capture(String name, List<byte[]> frames) throws IOException {
        Path file = dir.resolve(name);
        try (PcapWriter writer = PcapWriter.create(file)) {
            long timeNs = 0;
            for (byte[] frame : frames) {
                timeNs += 1_234;
                writer.write(timeNs, frame);
            }
        }
        return file;
    }

    private static byte[] flipBit(byte[] frame, int index) {
        byte[] copy = frame.clone();
        copy[index] ^= 0x01;
        return copy;
    }

    @Test
    void vectorFramesWithSciVerifyGoodAndShowTheirSecTagAndPlaintext() throws IOException {
        List<Vectors.Vector> vectors = verifiableVectors();
        Path pcap = capture("vectors.pcap", vectors.stream().map(Vectors.Vector::protectedFrame).toList());

        Report report = oracle.verify(pcap, vectors.get(0).key());

        assertThat(report.wiresharkVersion()).isEqualTo("4.4.5");
        assertThat(report.fileType()).contains("nanosecond pcap");
        assertThat(report.frames()).isEqualTo(2);
        assertThat(report.macsec()).isEqualTo(2);
        assertThat(report.good()).isEqualTo(2);
        assertThat(report.bad()).isZero();
        assertThat(report.unverified()).isZero();
        assertThat(report.decrypted()).as("only the encrypted vector is decrypted").isEqualTo(1);
        assertThat(report.verdicts()).hasSize(2);
        for (int i = 0; i < vectors.size(); i++) {
            Vectors.Vector v = vectors.get(i);
            byte[] wire = v.protectedFrame();
            String secureData = HEX.formatHex(wire, 12 + 16, wire.length - 16);
            String plaintext = HEX.formatHex(v.plaintext(), 12, v.plaintext().length);
            FrameVerdict verdict = report.verdict(i + 1).orElseThrow();

            assertThat(verdict.auth()).as(v.name()).isEqualTo(AuthStatus.GOOD);
            assertThat(verdict.pn()).as(v.name()).isEqualTo(v.pn() & 0xffffffffL);
            assertThat(verdict.sciHex()).as(v.name()).isEqualTo(Sci.toHex(v.sci()));
            assertThat(verdict.tciAn()).as(v.name()).isEqualTo(wire[14] & 0xff);
            assertThat(verdict.an()).as(v.name()).isEqualTo(v.an());
            assertThat(verdict.encrypted()).as(v.name()).isEqualTo(v.encrypt());
            assertThat(verdict.changed()).as(v.name()).isEqualTo(v.encrypt());
            assertThat(verdict.shortLength()).as(v.name()).isEqualTo(wire[15] & 0xff);
            assertThat(verdict.icvHex()).as(v.name()).isEqualTo(HEX.formatHex(wire, wire.length - 16, wire.length));
            assertThat(verdict.secureDataHex()).as(v.name()).isEqualTo(secureData);
            assertThat(verdict.decryptedHex()).as(v.name()).isEqualTo(v.encrypt() ? plaintext : "");
            assertThat(verdict.plaintextHex()).as(v.name()).isEqualTo(plaintext);
            assertThat(verdict.innerEtherType()).as(v.name()).isEqualTo(0x0800);
            // the vectors' payload is not a real IPv4 packet, and Wireshark says so
            assertThat(verdict.dissected("ip")).as(v.name()).isTrue();
            assertThat(verdict.expertErrors()).as(v.name()).contains("Bogus IPv4 version");
        }
    }

    @Test
    void oneFlippedBitInIcvOrSecureDataMakesAFrameBad() throws IOException {
        List<Vectors.Vector> vectors = verifiableVectors();
        List<byte[]> frames = new ArrayList<>();
        for (Vectors.Vector v : vectors) {
            byte[] wire = v.protectedFrame();
            frames.add(flipBit(wire, wire.length - 1)); // last ICV octet
            frames.add(flipBit(wire, wire.length - 16)); // first ICV octet
            frames.add(flipBit(wire, 12 + 16 + 5)); // inside the secure data
        }
        Path pcap = capture("tampered.pcap", frames);

        Report report = oracle.verify(pcap, vectors.get(0).key());

        assertThat(report.frames()).isEqualTo(6);
        assertThat(report.bad()).isEqualTo(6);
        assertThat(report.good()).isZero();
        assertThat(report.decrypted()).isZero();
        assertThat(report.verdicts()).extracting(FrameVerdict::auth).containsOnly(AuthStatus.BAD);
        assertThat(report.verdicts()).filteredOn(FrameVerdict::encrypted)
                .extracting(FrameVerdict::plaintextHex).containsOnly("");
    }

    @Test
    void aKeyOneBitOffMakesEveryFrameBad() throws IOException {
        List<Vectors.Vector> vectors = verifiableVectors();
        Path pcap = capture("vectors.pcap", vectors.stream().map(Vectors.Vector::protectedFrame).toList());
        byte[] wrongKey = flipBit(vectors.get(0).key(), 15);

        Report report = oracle.verify(pcap, wrongKey);

        assertThat(report.bad()).isEqualTo(2);
        assertThat(report.good()).isZero();
        assertThat(report.decrypted()).isZero();
        assertThat(report.verdicts()).extracting(FrameVerdict::auth).containsOnly(AuthStatus.BAD);
    }

    @Test
    void framesWithoutSciCannotBeVerifiedByThisDissector() throws IOException {
        // a limit of Wireshark 4.4, not of the frames: C.2.1 and C.5.1 are genuine (ES=1, no SCI)
        List<Vectors.Vector> noSci = Vectors.all().stream()
                .filter(v -> v.suite() == CipherSuite.GCM_AES_128 && !v.includeSci())
                .toList();
        assertThat(noSci).hasSize(2);
        Path pcap = capture("no-sci.pcap", noSci.stream().map(Vectors.Vector::protectedFrame).toList());

        Report report = oracle.verify(pcap, noSci.get(0).key());

        assertThat(report.macsec()).isEqualTo(2);
        assertThat(report.good()).isZero();
        assertThat(report.verdicts()).extracting(FrameVerdict::sciHex).containsOnly("");
        assertThat(report.verdicts()).extracting(FrameVerdict::pn)
                .containsExactlyElementsOf(noSci.stream().map(v -> v.pn() & 0xffffffffL).toList());
    }

    @Test
    void aThousandFramesProtectedByTheModelsSecYVerifyDecryptAndDecodeAsUdp() throws IOException {
        byte[] key = HEX.parseHex("8f2b61a4c01d3e5f7a9b0c1d2e3f4051");
        long sci = 0x0200000000010001L;  // source MAC, port 1: what Linux sends
        SaKey saKey = SaKey.of(CipherSuite.GCM_AES_128, key);
        SecY encrypting = new SecY(SecYConfig.linuxDefaults(sci).withEncrypt(true));
        SecY integrityOnly = new SecY(SecYConfig.linuxDefaults(sci));
        encrypting.addTxSa(0, saKey, 1, true);
        integrityOnly.addTxSa(0, saKey, 1, true);
        GcmEngine engine = new GcmEngine();
        int count = 1000;
        List<byte[]> plaintexts = new ArrayList<>();
        List<byte[]> frames = new ArrayList<>();
        List<Long> pns = new ArrayList<>();
        List<Integer> tampered = new ArrayList<>();
        for (int n = 1; n <= count; n++) {
            byte[] plain = udpFrame(n);
            MacsecFrame f = MacsecFrame.copyOf(plain);
            SecY secy = n % 2 == 1 ? encrypting : integrityOnly;
            assertThat(secy.protect(f, engine)).isEqualTo(TxVerdict.SENT);
            byte[] wire = f.toByteArray();
            if (n % 100 == 50 || n % 100 == 51) {  // one integrity-only, one encrypted
                wire = flipBit(wire, wire.length - 1);
                tampered.add(n);
            }
            plaintexts.add(plain);
            frames.add(wire);
            pns.add(f.pn());
        }
        Path pcap = capture("thousand.pcap", frames);

        Report report = oracle.verify(pcap, key);

        assertThat(report.frames()).isEqualTo(count);
        assertThat(report.good()).isEqualTo(count - tampered.size());
        assertThat(report.bad()).isEqualTo(tampered.size());
        assertThat(report.expertErrors()).as("frames with an error-severity expert message").isZero();
        assertThat(report.verdicts()).hasSize(count);
        for (FrameVerdict v : report.verdicts()) {
            int n = v.number();
            assertThat(v.pn()).isEqualTo(pns.get(n - 1));
            assertThat(v.encrypted()).isEqualTo(n % 2 == 1);
            if (tampered.contains(n)) {
                assertThat(v.auth()).as("frame %d", n).isEqualTo(AuthStatus.BAD);
                continue;
            }
            byte[] plain = plaintexts.get(n - 1);
            assertThat(v.auth()).as("frame %d", n).isEqualTo(AuthStatus.GOOD);
            assertThat(v.plaintextHex()).as("frame %d", n).isEqualTo(HEX.formatHex(plain, 12, plain.length));
            assertThat(v.dissected("udp")).as("frame %d: %s", n, v.protocols()).isTrue();
        }

        Report failures = oracle.verify(pcap, key, Detail.FRAMES_NOT_GOOD);

        assertThat(failures.good()).isEqualTo(report.good());
        assertThat(failures.verdicts()).extracting(FrameVerdict::number).containsExactlyElementsOf(tampered);
    }

    /**
     * An Ethernet frame carrying IPv4 and UDP with valid checksums, 10.0.0.1:40000 to
     * 10.0.0.2:50000, with a UDP payload of 0 to 1440 octets depending on {@code seq}: a quarter of
     * the frames fill the MACsec device's MTU (1468 = 1500 - 32 for SecTAG with SCI and ICV), so
     * their protected frames are as long as a 1500-octet lower MTU allows.
     */
    private static byte[] udpFrame(int seq) {
        byte[] payload = new byte[seq % 8 <= 1 ? 1440 : (seq * 37) % 1441];
        Arrays.fill(payload, (byte) seq);
        int udpLength = 8 + payload.length;
        int ipLength = 20 + udpLength;
        ByteBuffer b = ByteBuffer.allocate(14 + ipLength);
        b.put(HEX.parseHex("020000000002" + "020000000001" + "0800"));
        int ip = b.position();
        b.put((byte) 0x45).put((byte) 0).putShort((short) ipLength).putShort((short) seq)
                .putShort((short) 0x4000).put((byte) 64).put((byte) 17).putShort((short) 0)
                .put(new byte[] {10, 0, 0, 1}).put(new byte[] {10, 0, 0, 2});
        b.putShort(ip + 10, (short) checksum(b.array(), ip, 20, 0));
        int udp = b.position();
        b.putShort((short) 40000).putShort((short) 50000).putShort((short) udpLength).putShort((short) 0)
                .put(payload);
        long pseudo = sum(b.array(), ip + 12, 8) + 17 + udpLength;
        int udpChecksum = checksum(b.array(), udp, udpLength, pseudo);
        b.putShort(udp + 6, (short) (udpChecksum == 0 ? 0xffff : udpChecksum));
        return b.array();
    }

    private static long sum(byte[] data, int off, int len) {
        return IntStream.range(0, (len + 1) / 2)
                .mapToLong(i -> ((data[off + 2 * i] & 0xff) << 8) | (2 * i + 1 < len ? data[off + 2 * i + 1] & 0xff : 0))
                .sum();
    }

    /** The Internet checksum (RFC 1071) of {@code data[off..off+len)}, plus {@code extra}. */
    private static int checksum(byte[] data, int off, int len, long extra) {
        long s = sum(data, off, len) + extra;
        while ((s >> 16) != 0) {
            s = (s & 0xffff) + (s >> 16);
        }
        return (int) (~s & 0xffff);
    }
}
