package org.cryptorder.net;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.cryptorder.macsec.CipherSuite;
import org.cryptorder.macsec.GcmEngine;
import org.cryptorder.macsec.MacsecFrame;
import org.cryptorder.macsec.RxVerdict;
import org.cryptorder.macsec.SaKey;
import org.cryptorder.macsec.SecY;
import org.cryptorder.macsec.SecYConfig;
import org.cryptorder.macsec.TxVerdict;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Frames of all four cipher suites, encrypted and integrity-only, written to a capture and read
 * back: every frame validates and decrypts to what was sent. (Wireshark 4.4 can only verify
 * GCM-AES-128 frames; {@code WiresharkCaptureTest} does that.)
 */
class CaptureRoundTripTest {
    @TempDir
    Path dir;

    @Test
    void everySuiteAndModeSurvivesTheCaptureFile() throws IOException {
        SplittableRandom rnd = new SplittableRandom(7);
        long sci = 0x0200000000010001L;
        GcmEngine engine = new GcmEngine();
        List<SecY> senders = new ArrayList<>();
        List<SecY> receivers = new ArrayList<>();
        for (CipherSuite suite : CipherSuite.values()) {
            byte[] key = new byte[suite.keyBytes()];
            rnd.nextBytes(key);
            byte[] salt = new byte[SaKey.SALT_LEN];
            rnd.nextBytes(salt);
            SaKey k = suite.xpn() ? SaKey.ofXpn(suite, key, 0x11223344, salt) : SaKey.of(suite, key);
            for (boolean encrypt : new boolean[] {true, false}) {
                // XPN senders start just below the lower-half wrap, so the capture crosses it
                SecY tx = new SecY(SecYConfig.linuxDefaults(sci).withSuite(suite).withEncrypt(encrypt).withEncodingSa(1));
                tx.addTxSa(1, k, suite.xpn() ? 0xfffffff0L : 1, true);
                SecY rx = new SecY(SecYConfig.linuxDefaults(0x0200000000020001L).withSuite(suite));
                rx.addRxSc(sci);
                rx.addRxSa(sci, 1, k, suite.xpn() ? 0xfffffff0L : 1, true);
                senders.add(tx);
                receivers.add(rx);
            }
        }
        List<byte[]> sent = new ArrayList<>();
        Path file = dir.resolve("suites.pcap");
        try (PcapWriter w = PcapWriter.create(file)) {
            for (int i = 0; i < 1000; i++) {
                byte[] plain = new byte[14 + rnd.nextInt(1455)];
                rnd.nextBytes(plain);
                plain[12] = 0x08;
                plain[13] = 0x00;
                sent.add(plain);
                MacsecFrame f = MacsecFrame.copyOf(plain);
                assertThat(senders.get(i % senders.size()).protect(f, engine)).isEqualTo(TxVerdict.SENT);
                w.write(i * 1000L, f.bytes(), f.offset(), f.length());
            }
        }
        List<PcapReader.Record> records = PcapReader.readAll(file);
        assertThat(records).hasSize(1000);
        for (int i = 0; i < records.size(); i++) {
            MacsecFrame f = MacsecFrame.copyOf(records.get(i).data());
            RxVerdict v = receivers.get(i % receivers.size()).validate(f, engine);
            // the first XPN frame after the wrap is valid but counted InPktsDelayed, as Linux does
            assertThat(v).as("frame %d", i).isIn(RxVerdict.OK, RxVerdict.DELAYED);
            assertThat(f.valid()).isTrue();
            assertThat(f.toByteArray()).as("frame %d", i).isEqualTo(sent.get(i));
        }
    }
}
