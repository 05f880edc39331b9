package org.cryptorder.macsec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Linux's SecY rules (KERNEL-FACTS.md sections 2 and 3), each checked with exact counter values. */
class SecYTest {
    static final long TX_SCI = 0x001122334455_0001L;
    static final long RX_SCI = 0x00aabbccddee_0001L;
    static final byte[] KEY = new byte[16];
    static final byte[] KEY256 = new byte[32];
    static final byte[] SALT = new byte[12];

    static {
        Arrays.fill(KEY, (byte) 0x61);
        Arrays.fill(KEY256, (byte) 0x62);
        Arrays.fill(SALT, (byte) 0x5a);
    }

    final GcmEngine engine = new GcmEngine();

    /** An unprotected frame: DA, SA (the sender's MAC), IPv4 EtherType, payload. */
    static byte[] plainFrame(int payload, int seed) {
        byte[] f = new byte[14 + payload];
        byte[] da = {0x00, (byte) 0xaa, (byte) 0xbb, (byte) 0xcc, (byte) 0xdd, (byte) 0xee};
        System.arraycopy(da, 0, f, 0, 6);
        for (int i = 0; i < 6; i++) {
            f[6 + i] = (byte) (TX_SCI >>> (56 - 8 * i));
        }
        f[12] = 0x08;
        for (int i = 14; i < f.length; i++) {
            f[i] = (byte) (i * 31 + seed);
        }
        return f;
    }

    static SaKey key(CipherSuite suite) {
        byte[] k = suite.keyBytes() == 16 ? KEY : KEY256;
        return suite.xpn() ? SaKey.ofXpn(suite, k, 0x01020304, SALT) : SaKey.of(suite, k);
    }

    static SecY sender(SecYConfig cfg, long firstPn) {
        SecY s = new SecY(cfg);
        s.addTxSa(cfg.encodingSa(), key(cfg.suite()), firstPn, true);
        return s;
    }

    /** Frame {@code plainFrame(payload, seed)} as a sender with {@code cfg} and PN {@code firstPn} protects it. */
    MacsecFrame frameProtectedBy(SecYConfig cfg, long firstPn, int payload, int seed) {
        SecY tx = sender(cfg, firstPn);
        MacsecFrame f = MacsecFrame.copyOf(plainFrame(payload, seed));
        tx.protect(f, engine);
        return f;
    }

    static SecY receiver(SecYConfig txCfg, SecYConfig rxCfg, long nextPn) {
        SecY r = new SecY(rxCfg);
        r.addRxSc(txCfg.sci());
        r.addRxSa(txCfg.sci(), txCfg.encodingSa(), key(rxCfg.suite()), nextPn, true);
        return r;
    }

    static SecYConfig txConfig() {
        return SecYConfig.linuxDefaults(TX_SCI).withEncrypt(true);
    }

    static SecYConfig rxConfig() {
        return SecYConfig.linuxDefaults(RX_SCI);
    }

    /** Protects {@code n} frames and returns them in PN order. */
    MacsecFrame[] send(SecY tx, int n) {
        MacsecFrame[] out = new MacsecFrame[n];
        for (int i = 0; i < n; i++) {
            out[i] = MacsecFrame.copyOf(plainFrame(100 + i, i));
            assertThat(tx.protect(out[i], engine)).isEqualTo(TxVerdict.SENT);
        }
        return out;
    }

    @Nested
    class ReplayAndOrder {
        @Test
        void replayOffDeliversOutOfOrderFramesAndCountsThemDelayed() {
            SecY tx = sender(txConfig(), 1);
            SecY rx = receiver(txConfig(), rxConfig(), 1);
            MacsecFrame[] f = send(tx, 3);
            assertThat(rx.validate(f[0], engine)).isEqualTo(RxVerdict.OK);
            assertThat(rx.validate(f[2], engine)).isEqualTo(RxVerdict.OK);
            assertThat(rx.validate(f[1], engine)).isEqualTo(RxVerdict.DELAYED);
            assertThat(f[1].toByteArray()).isEqualTo(plainFrame(101, 1));
            assertThat(rx.counter(MacsecCounter.IN_PKTS_OK)).isEqualTo(2);
            assertThat(rx.counter(MacsecCounter.IN_PKTS_DELAYED)).isEqualTo(1);
            assertThat(rx.rxSc(TX_SCI).sa(0).nextPn()).as("high-water mark").isEqualTo(4);
        }

        @Test
        void replayWindowZeroDropsAnyOverTakenFrameBeforeDecryption() {
            SecY tx = sender(txConfig(), 1);
            SecY rx = receiver(txConfig(), rxConfig().withReplay(true, 0), 1);
            MacsecFrame[] f = send(tx, 3);
            rx.validate(f[0], engine);
            rx.validate(f[2], engine);
            assertThat(rx.receive(f[1])).as("pre-decrypt check").isEqualTo(RxVerdict.LATE);
            assertThat(rx.counter(MacsecCounter.IN_PKTS_LATE)).isEqualTo(1);
            assertThat(rx.counter(MacsecCounter.RX_DROPPED)).isEqualTo(1);
            assertThat(rx.counter(MacsecCounter.IN_OCTETS_DECRYPTED)).as("only the two delivered frames decrypted")
                    .isEqualTo(102 + 104);
        }

        @ParameterizedTest(name = "window {0}")
        @ValueSource(ints = {1, 2, 3})
        void aFrameDisplacedByDSurvivesOnlyIfDIsWithinTheWindow(int window) {
            // deliver PN 1, then 4, then 2: frame 2 arrives 2 PNs behind the high-water mark 4
            SecY tx = sender(txConfig(), 1);
            SecY rx = receiver(txConfig(), rxConfig().withReplay(true, window), 1);
            MacsecFrame[] f = send(tx, 4);
            rx.validate(f[0], engine);
            rx.validate(f[3], engine);  // next_pn = 5
            RxVerdict v = rx.validate(f[1], engine);  // PN 2: lowest acceptable = 5 - window
            assertThat(v).isEqualTo(2 >= 5 - window ? RxVerdict.OK : RxVerdict.LATE);
        }

        @Test
        void theSecondReplayCheckCatchesAFrameThatBecameLateWhileQueued() {
            SecY tx = sender(txConfig(), 1);
            SecY rx = receiver(txConfig(), rxConfig().withReplay(true, 0), 1);
            MacsecFrame[] f = send(tx, 2);
            assertThat(rx.receive(f[0])).isEqualTo(RxVerdict.NEEDS_CRYPTO);  // PN 1 waits in "cryptd"
            assertThat(rx.validate(f[1], engine)).isEqualTo(RxVerdict.OK);   // PN 2 overtakes inline
            rx.decrypt(f[0], engine);
            assertThat(rx.completeReceive(f[0])).isEqualTo(RxVerdict.LATE);
            assertThat(rx.counter(MacsecCounter.IN_PKTS_LATE)).isEqualTo(1);
        }

        @Test
        void aQueuedFrameOvertakenWithReplayOffIsDeliveredDelayed() {
            SecY tx = sender(txConfig(), 1);
            SecY rx = receiver(txConfig(), rxConfig(), 1);
            MacsecFrame[] f = send(tx, 2);
            rx.receive(f[0]);
            rx.validate(f[1], engine);
            rx.decrypt(f[0], engine);
            assertThat(rx.completeReceive(f[0])).isEqualTo(RxVerdict.DELAYED);
        }

        @Test
        void invalidFramesNeverAdvanceNextPn() {
            SecY tx = sender(txConfig(), 1);
            SecY rx = receiver(txConfig(), rxConfig(), 1);
            MacsecFrame[] f = send(tx, 5);
            f[4].bytes()[f[4].offset() + 40] ^= 1;
            assertThat(rx.validate(f[4], engine)).isEqualTo(RxVerdict.NOT_VALID);
            assertThat(rx.rxSc(TX_SCI).sa(0).nextPn()).isEqualTo(1);
            assertThat(rx.validate(f[0], engine)).isEqualTo(RxVerdict.OK);
        }
    }

    @Nested
    class Validation {
        @Test
        void checkModeDeliversACorruptedIntegrityOnlyFrameAsInvalid() {
            SecYConfig txCfg = SecYConfig.linuxDefaults(TX_SCI);  // integrity only, ICV 16: no C bit
            SecY tx = sender(txCfg, 1);
            SecY rx = receiver(txCfg, rxConfig().withValidate(ValidateFrames.CHECK), 1);
            MacsecFrame[] f = send(tx, 1);
            f[0].bytes()[f[0].offset() + 30] ^= 1;
            assertThat(rx.validate(f[0], engine)).isEqualTo(RxVerdict.INVALID);
            assertThat(rx.counter(MacsecCounter.IN_PKTS_INVALID)).isEqualTo(1);
            assertThat(rx.counter(MacsecCounter.IN_OCTETS_VALIDATED)).as("EtherType + payload").isEqualTo(102);
        }

        @Test
        void checkModeStillDropsACorruptedEncryptedFrameBecauseItsCBitIsSet() {
            SecY tx = sender(txConfig(), 1);
            SecY rx = receiver(txConfig(), rxConfig().withValidate(ValidateFrames.CHECK), 1);
            MacsecFrame[] f = send(tx, 1);
            f[0].bytes()[f[0].offset() + 30] ^= 1;
            assertThat(rx.validate(f[0], engine)).isEqualTo(RxVerdict.NOT_VALID);
            assertThat(rx.counter(MacsecCounter.RX_ERRORS)).isEqualTo(1);
        }

        @Test
        void disabledValidationSkipsTheIcvOfIntegrityOnlyFrames() {
            SecYConfig txCfg = SecYConfig.linuxDefaults(TX_SCI);
            SecY tx = sender(txCfg, 1);
            SecY rx = receiver(txCfg, rxConfig().withValidate(ValidateFrames.DISABLED), 1);
            MacsecFrame[] f = send(tx, 1);
            f[0].bytes()[f[0].offset() + 30] ^= 1;
            assertThat(rx.receive(f[0])).as("no crypto request at all").isEqualTo(RxVerdict.UNCHECKED);
            assertThat(rx.counter(MacsecCounter.IN_OCTETS_VALIDATED)).isZero();
        }

        @Test
        void unknownSciIsDroppedWhenStrictAndDeliveredOtherwise() {
            SecY tx = sender(SecYConfig.linuxDefaults(TX_SCI), 1);
            SecY strict = new SecY(rxConfig());
            strict.addRxSc(0x0000000000990001L);
            MacsecFrame[] f = send(tx, 2);
            assertThat(strict.validate(f[0], engine)).isEqualTo(RxVerdict.UNKNOWN_SCI_DROPPED);
            assertThat(strict.counter(MacsecCounter.IN_PKTS_NO_SCI)).isEqualTo(1);
            SecY check = new SecY(rxConfig().withValidate(ValidateFrames.CHECK));
            check.addRxSc(0x0000000000990001L);
            assertThat(check.validate(f[1], engine)).isEqualTo(RxVerdict.UNKNOWN_SCI);
            assertThat(check.counter(MacsecCounter.IN_PKTS_UNKNOWN_SCI)).isEqualTo(1);
            assertThat(f[1].toByteArray()).as("SecTAG and ICV removed").isEqualTo(plainFrame(101, 1));
        }

        @Test
        void aFrameForAnAnWithoutActiveSaIsNotUsingSaOrUnusedSa() {
            SecYConfig txCfg = SecYConfig.linuxDefaults(TX_SCI).withEncodingSa(2);
            SecY tx = sender(txCfg, 1);
            SecY strict = receiver(SecYConfig.linuxDefaults(TX_SCI), rxConfig(), 1);  // RX SA on AN 0 only
            MacsecFrame[] f = send(tx, 2);
            assertThat(strict.validate(f[0], engine)).isEqualTo(RxVerdict.NOT_USING_SA);
            assertThat(strict.counter(MacsecCounter.IN_PKTS_NOT_USING_SA)).isEqualTo(1);
            SecY check = receiver(SecYConfig.linuxDefaults(TX_SCI), rxConfig().withValidate(ValidateFrames.CHECK), 1);
            assertThat(check.validate(f[1], engine)).isEqualTo(RxVerdict.UNUSED_SA);
            assertThat(check.counter(MacsecCounter.IN_PKTS_UNUSED_SA)).isEqualTo(1);
        }

        @Test
        void frameWithoutSciTakesTheSciOfTheOnlyRxScOrIsDroppedSilently() {
            SecYConfig txCfg = txConfig().withSendSci(false);
            SecY tx = sender(txCfg, 1);
            MacsecFrame[] f = send(tx, 2);
            SecY one = receiver(txCfg, rxConfig(), 1);
            assertThat(one.validate(f[0], engine)).isEqualTo(RxVerdict.OK);
            SecY two = receiver(txCfg, rxConfig(), 1);
            two.addRxSc(0x0000000000990001L);
            assertThat(two.validate(f[1], engine)).isEqualTo(RxVerdict.NO_SCI_INFERRED);
            assertThat(Arrays.stream(MacsecCounter.values()).mapToLong(two::counter).sum())
                    .as("no counter for this drop").isZero();
        }

        @Test
        void endStationFramesTakeTheirSciFromTheSourceAddress() {
            SecYConfig txCfg = SecYConfig.linuxDefaults(TX_SCI).withEncrypt(true).withSendSci(false).withEndStation(true);
            SecY tx = sender(txCfg, 1);
            MacsecFrame[] f = send(tx, 1);
            assertThat(SecTag.tciAn(f[0].bytes(), f[0].offset())).isEqualTo(SecTag.TCI_ES | SecTag.TCI_E | SecTag.TCI_C);
            SecY rx = receiver(txCfg, rxConfig(), 1);
            rx.addRxSc(0x0000000000990001L);  // two RX SCs: only the ES rule can find the channel
            assertThat(rx.validate(f[0], engine)).isEqualTo(RxVerdict.OK);
        }
    }

    @Nested
    class BadFrames {
        MacsecFrame protectedFrame(SecYConfig cfg, int payload) {
            return frameProtectedBy(cfg, 1, payload, 7);
        }

        RxVerdict receiveMutated(int index, int orMask, int andMask) {
            MacsecFrame f = protectedFrame(txConfig(), 100);
            byte[] b = f.bytes();
            b[f.offset() + index] = (byte) ((b[f.offset() + index] | orMask) & andMask);
            return receiver(txConfig(), rxConfig(), 1).validate(f, engine);
        }

        @Test
        void versionBitSetIsBadTag() {
            assertThat(receiveMutated(14, SecTag.TCI_V, 0xff)).isEqualTo(RxVerdict.BAD_TAG);
        }

        @Test
        void endStationWithSciIsBadTag() {
            assertThat(receiveMutated(14, SecTag.TCI_ES, 0xff)).isEqualTo(RxVerdict.BAD_TAG);
        }

        @Test
        void reservedShortLengthBitsAreBadTag() {
            assertThat(receiveMutated(15, 0x40, 0xff)).isEqualTo(RxVerdict.BAD_TAG);
        }

        @Test
        void shortLengthThatDoesNotMatchIsBadTag() {
            assertThat(receiveMutated(15, 0x05, 0xff)).isEqualTo(RxVerdict.BAD_TAG);
        }

        @Test
        void pnZeroIsBadTagWithoutXpn() {
            MacsecFrame f = protectedFrame(txConfig(), 100);
            Arrays.fill(f.bytes(), f.offset() + 16, f.offset() + 20, (byte) 0);
            SecY rx = receiver(txConfig(), rxConfig(), 1);
            assertThat(rx.validate(f, engine)).isEqualTo(RxVerdict.BAD_TAG);
            assertThat(rx.counter(MacsecCounter.IN_PKTS_BAD_TAG)).isEqualTo(1);
        }

        @Test
        void pnZeroIsWellFormedWithXpn() {
            SecYConfig cfg = txConfig().withSuite(CipherSuite.GCM_AES_XPN_128);
            MacsecFrame f = frameProtectedBy(cfg, 1L << 32, 100, 1);  // lower half 0
            assertThat(SecTag.pn(f.bytes(), f.offset())).isZero();
            SecY rx = receiver(cfg, rxConfig().withSuite(CipherSuite.GCM_AES_XPN_128), 1L << 32);
            assertThat(rx.validate(f, engine)).isEqualTo(RxVerdict.OK);
        }

        @Test
        void encryptedBitWithoutChangedTextIsNotForTheControlledPort() {
            assertThat(receiveMutated(14, 0, ~SecTag.TCI_C)).isEqualTo(RxVerdict.NOT_FOR_CONTROLLED_PORT);
        }

        @Test
        void framesTooShortForTheirSecTagAreDroppedSilently() {
            MacsecFrame full = protectedFrame(txConfig(), 100);
            for (int len : new int[] {0, 5, 13, 14, 21, 29}) {
                SecY rx = receiver(txConfig(), rxConfig(), 1);
                MacsecFrame f = MacsecFrame.wrap(full.toByteArray(), 0, len);
                assertThat(rx.validate(f, engine)).as("length %d", len).isEqualTo(RxVerdict.TRUNCATED);
            }
        }

        @Test
        void untaggedFramesAreNoTagWhenStrictAndUntaggedOtherwise() {
            SecY strict = new SecY(rxConfig());
            assertThat(strict.validate(MacsecFrame.copyOf(plainFrame(60, 0)), engine)).isEqualTo(RxVerdict.NO_TAG);
            assertThat(strict.counter(MacsecCounter.IN_PKTS_NO_TAG)).isEqualTo(1);
            SecY check = new SecY(rxConfig().withValidate(ValidateFrames.CHECK));
            assertThat(check.validate(MacsecFrame.copyOf(plainFrame(60, 0)), engine)).isEqualTo(RxVerdict.UNTAGGED);
        }

        @Test
        void aCorruptedIcvIsNotValid() {
            MacsecFrame f = protectedFrame(txConfig(), 100);
            f.bytes()[f.offset() + f.length() - 1] ^= (byte) 0x80;
            SecY rx = receiver(txConfig(), rxConfig(), 1);
            assertThat(rx.validate(f, engine)).isEqualTo(RxVerdict.NOT_VALID);
        }
    }

    @Nested
    class Transmit {
        @Test
        void pnExhaustionRetiresTheSaAndStopsTheSecY() {
            SecY tx = sender(txConfig(), 0xffffffffL);
            MacsecFrame last = MacsecFrame.copyOf(plainFrame(100, 0));
            assertThat(tx.protect(last, engine)).isEqualTo(TxVerdict.SENT);
            assertThat(SecTag.pn(last.bytes(), last.offset())).isEqualTo(0xffffffffL);
            assertThat(tx.operational()).isFalse();
            assertThat(tx.txSa(0).active()).isFalse();
            assertThat(tx.protect(MacsecFrame.copyOf(plainFrame(100, 1)), engine)).isEqualTo(TxVerdict.NOT_OPERATIONAL);
            assertThat(tx.counter(MacsecCounter.TX_DROPPED)).isEqualTo(1);
        }

        @Test
        void xpnExhaustsOnlyAtTheEndOfThe64BitSpace() {
            SecYConfig cfg = txConfig().withSuite(CipherSuite.GCM_AES_XPN_256);
            SecY tx = sender(cfg, 0xffffffffL);
            assertThat(tx.protect(MacsecFrame.copyOf(plainFrame(100, 0)), engine)).isEqualTo(TxVerdict.SENT);
            assertThat(tx.txSa(0).nextPn()).isEqualTo(1L << 32);
            assertThat(tx.operational()).isTrue();
            SecY end = sender(cfg, -1L);
            assertThat(end.protect(MacsecFrame.copyOf(plainFrame(100, 0)), engine)).isEqualTo(TxVerdict.SENT);
            assertThat(end.operational()).isFalse();
        }

        @Test
        void aProtectedFrameLongerThanTheLowerMtuIsTooLongAndSpendsItsPn() {
            SecY tx = sender(txConfig().withLowerMtu(1500), 1);
            // on the wire: 14 + 16 (SecTAG with SCI) + 2 (EtherType) + payload + 16 (ICV); Linux compares
            // that minus 14 with the MTU, so 1468 octets of payload is the most that fits
            MacsecFrame f = MacsecFrame.copyOf(plainFrame(1469, 0));
            assertThat(tx.protect(f, engine)).isEqualTo(TxVerdict.TOO_LONG);
            assertThat(tx.counter(MacsecCounter.OUT_PKTS_TOO_LONG)).isEqualTo(1);
            assertThat(tx.counter(MacsecCounter.TX_DROPPED)).isEqualTo(1);
            assertThat(tx.txSa(0).nextPn()).isEqualTo(2);
            MacsecFrame fits = MacsecFrame.copyOf(plainFrame(1468, 0));
            assertThat(tx.protect(fits, engine)).isEqualTo(TxVerdict.SENT);
            assertThat(fits.length()).isEqualTo(1514);
        }

        @Test
        void wireSizeIsPayloadPlus32WithSciAnd24Without() {
            for (boolean sci : new boolean[] {true, false}) {
                MacsecFrame f = frameProtectedBy(txConfig().withSendSci(sci), 1, 1000, 0);
                assertThat(f.length()).isEqualTo(14 + 1000 + (sci ? 32 : 24));
            }
        }

        @Test
        void integrityOnlyWithAShortIcvSetsTheCBitAndRoundTrips() {
            for (int icv : new int[] {8, 12, 13, 14, 15}) {
                SecYConfig cfg = SecYConfig.linuxDefaults(TX_SCI).withIcvLen(icv);
                MacsecFrame f = frameProtectedBy(cfg, 1, 200, icv);
                assertThat(SecTag.tciAn(f.bytes(), f.offset()) & (SecTag.TCI_C | SecTag.TCI_E)).isEqualTo(SecTag.TCI_C);
                SecY rx = receiver(cfg, rxConfig().withIcvLen(icv), 1);
                assertThat(rx.validate(f, engine)).as("ICV %d", icv).isEqualTo(RxVerdict.OK);
                assertThat(f.toByteArray()).isEqualTo(plainFrame(200, icv));
            }
        }

        @Test
        void aFailedCryptoRequestCountsTxDroppedAndSpendsThePn() {
            SecY tx = sender(txConfig(), 1);
            MacsecFrame f = MacsecFrame.copyOf(plainFrame(100, 0));
            assertThat(tx.transmit(f)).isEqualTo(TxVerdict.NEEDS_CRYPTO);
            assertThat(tx.transmitFailed(f)).isEqualTo(TxVerdict.CRYPTO_FAILED);
            assertThat(tx.counter(MacsecCounter.TX_DROPPED)).isEqualTo(1);
            assertThat(tx.txSa(0).nextPn()).isEqualTo(2);
        }

        @Test
        void framesWithoutHeadroomAreCopiedAndStillCorrect() {
            SecY tx = sender(txConfig(), 1);
            byte[] tight = plainFrame(100, 3);
            MacsecFrame f = MacsecFrame.wrap(tight, 0, tight.length);
            tx.protect(f, engine);
            SecY rx = receiver(txConfig(), rxConfig(), 1);
            assertThat(rx.validate(f, engine)).isEqualTo(RxVerdict.OK);
            assertThat(f.toByteArray()).isEqualTo(plainFrame(100, 3));
        }
    }

    @Nested
    class ExtendedPacketNumbers {
        final SecYConfig cfg = txConfig().withSuite(CipherSuite.GCM_AES_XPN_128);
        final SecYConfig rxCfg = rxConfig().withSuite(CipherSuite.GCM_AES_XPN_128);

        @Test
        void theUpperHalfIsRecoveredAcrossTheLowerHalfWrap() {
            MacsecFrame after = frameProtectedBy(cfg, 0x2_0000_0005L, 100, 1);
            SecY rx = receiver(cfg, rxCfg, 0x1_ffff_fff0L);
            // the IV uses the recovered PN, so the ICV verifies; but macsec_post_decrypt compares the
            // 32-bit halves (5 < 0xfffffff0), so Linux counts this in-order frame InPktsDelayed
            assertThat(rx.validate(after, engine)).isEqualTo(RxVerdict.DELAYED);
            assertThat(after.valid()).isTrue();
            assertThat(after.pn()).isEqualTo(0x2_0000_0005L);
            assertThat(rx.rxSc(TX_SCI).sa(0).nextPn()).isEqualTo(0x2_0000_0006L);
        }

        @Test
        void aFrameFromBeforeTheWrapArrivingAfterItGetsTheWrongIvAndFails() {
            MacsecFrame old = frameProtectedBy(cfg, 0x1_ffff_fff8L, 100, 1);
            SecY rx = receiver(cfg, rxCfg, 0x2_0000_0006L);
            assertThat(rx.validate(old, engine)).isEqualTo(RxVerdict.NOT_VALID);
        }

        @Test
        void aFrameJustBeforeNextPnInTheSameHalfIsDelayed() {
            MacsecFrame f = frameProtectedBy(cfg, 0x7_0000_0010L, 100, 1);
            SecY rx = receiver(cfg, rxCfg, 0x7_0000_0020L);
            assertThat(rx.validate(f, engine)).isEqualTo(RxVerdict.DELAYED);
            assertThat(f.pn()).isEqualTo(0x7_0000_0010L);
        }
    }
}
