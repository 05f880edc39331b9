package org.cryptorder.macsec;

import java.util.Arrays;
import java.util.List;
import org.cryptorder.metrics.Column;

/**
 * A software MACsec Security Entity as {@code drivers/net/macsec.c} implements it: one TX secure
 * channel with up to four SAs, receive channels by SCI with up to four SAs each, the replay and
 * validation rules, and Linux's counters under their Linux names.
 *
 * <p>Transmission and reception are split where Linux hands the frame to the crypto API, so the
 * datapath model can decide when and on which CPU the AEAD request runs:
 * <ul>
 *   <li>TX: {@link #transmit} (PN taken, SecTAG written: {@code macsec_start_xmit} and {@code
 *       macsec_encrypt} up to {@code crypto_aead_encrypt}), then {@link #encrypt} (the AEAD
 *       operation), then {@link #transmitted} (counting, as in {@code macsec_encrypt_done}); or
 *       {@link #transmitFailed} when the request could not be queued.</li>
 *   <li>RX: {@link #receive} ({@code macsec_handle_frame}: SecTAG, SC and SA look-up, replay
 *       pre-check, IV with XPN PN recovery), then {@link #decrypt}, then {@link #completeReceive}
 *       ({@code macsec_post_decrypt}: replay re-check, counters, {@code next_pn}); or {@link
 *       #receiveFailed}.</li>
 * </ul>
 * {@link #protect} and {@link #validate} run the three steps at once. A received frame never
 * makes these methods throw: every frame ends in exactly one {@link RxVerdict}, whose counts are
 * kept beside the Linux counters so that the two can be reconciled.
 *
 * <p>Not modelled: hardware offload, per-SA copies of counters, several SecYs on one real device
 * (the frame's SCI inference assumes this SecY is the only one), VLAN tags in front of the SecTAG.
 */
public final class SecY {
    /** The SecY's columns of {@code runs.csv}: its Linux counters, as b's SecY keeps them. */
    public static final List<Column<SecY>> COLUMNS = List.of(
            count("in_pkts_ok", "InPktsOK", MacsecCounter.IN_PKTS_OK,
                    "b's MACsec InPktsOK (`ip -s macsec show`): frames validated and passed up."),
            count("in_pkts_delayed", "InPktsDelayed", MacsecCounter.IN_PKTS_DELAYED,
                    "b's MACsec InPktsDelayed: valid frames delivered although their PN was below"
                            + " `next_pn - replayWindow` (reachable only with replay protection off; with the window"
                            + " at 0, every frame that arrived after a higher PN): the SA's order broke."),
            count("in_pkts_late", "InPktsLate", MacsecCounter.IN_PKTS_LATE,
                    "b's MACsec InPktsLate: frames dropped by replay protection because their PN was below"
                            + " `next_pn - replayWindow`, at the check before or after decryption."),
            count("in_pkts_not_valid", "InPktsNotValid", MacsecCounter.IN_PKTS_NOT_VALID,
                    "b's MACsec InPktsNotValid: frames whose ICV failed (strict validation)."));

    private static Column<SecY> count(String name, String heading, MacsecCounter counter, String description) {
        return Column.count(name, "frames", heading, description, s -> s.counter(counter));
    }

    private static final long LOWER = 0xffffffffL;

    private final SecYConfig cfg;
    private final TxSa[] txSas = new TxSa[4];
    private RxSc[] rxScs = new RxSc[0];
    private final long[] secyCounters = new long[MacsecCounter.ALL.length];
    private final long[] txScCounters = new long[MacsecCounter.ALL.length];
    private final long[] rxVerdicts = new long[RxVerdict.values().length];
    private boolean operational;

    public SecY(SecYConfig cfg) {
        this.cfg = cfg;
    }

    public SecYConfig config() {
        return cfg;
    }

    /** Whether the SecY can transmit: an active TX SA on the encoding AN, PN not exhausted. */
    public boolean operational() {
        return operational;
    }

    // ---- configuration (ip macsec add ...) ----

    /** Installs a TX SA ({@code ip macsec add DEV tx sa AN pn PN on key ...}). */
    public TxSa addTxSa(int an, SaKey key, long nextPn, boolean active) {
        checkKey(key, an);
        checkPn(nextPn);
        TxSa sa = new TxSa(an, key, nextPn, active);
        txSas[an] = sa;
        if (an == cfg.encodingSa()) {
            operational = active;
        }
        return sa;
    }

    /** Adds an active RX SC for a peer's SCI ({@code ip macsec add DEV rx sci SCI on}). */
    public RxSc addRxSc(long sci) {
        if (sci == 0) {
            throw new IllegalArgumentException("SCI 0 is reserved");
        }
        if (rxSc(sci) != null) {
            throw new IllegalArgumentException("an RX SC for SCI " + Sci.toHex(sci) + " exists already");
        }
        RxSc sc = new RxSc(sci);
        rxScs = Arrays.copyOf(rxScs, rxScs.length + 1);
        rxScs[rxScs.length - 1] = sc;
        return sc;
    }

    /** Installs an RX SA ({@code ip macsec add DEV rx sci SCI sa AN pn PN on key ...}). */
    public RxSa addRxSa(long sci, int an, SaKey key, long nextPn, boolean active) {
        checkKey(key, an);
        checkPn(nextPn);
        RxSc sc = rxSc(sci);
        if (sc == null) {
            throw new IllegalArgumentException("no RX SC for SCI " + Sci.toHex(sci));
        }
        RxSa sa = new RxSa(sc, an, key, nextPn, active);
        sc.install(sa);
        return sa;
    }

    public TxSa txSa(int an) {
        return txSas[an];
    }

    /** The RX SC for an SCI, or null. */
    public RxSc rxSc(long sci) {
        for (RxSc sc : rxScs) {
            if (sc.sci() == sci) {
                return sc;
            }
        }
        return null;
    }

    private void checkKey(SaKey key, int an) {
        if (an < 0 || an > 3) {
            throw new IllegalArgumentException("AN must be 0 to 3, got " + an);
        }
        if (key.suite() != cfg.suite()) {
            throw new IllegalArgumentException("SA key is for " + key.suite() + " but the SecY uses " + cfg.suite());
        }
    }

    private void checkPn(long pn) {
        if (!cfg.suite().xpn() && (pn <= 0 || pn > LOWER)) {
            throw new IllegalArgumentException("PN must be 1 to 2^32-1 without XPN, got " + Long.toUnsignedString(pn));
        }
    }

    // ---- transmit ----

    /**
     * First step of transmission: takes the PN and writes the SecTAG. Returns {@link
     * TxVerdict#NEEDS_CRYPTO} when the frame is ready for {@link #encrypt}, or the final verdict.
     */
    public TxVerdict transmit(MacsecFrame f) {
        if (f.length() < SecTag.ETH_HLEN) {
            throw new IllegalArgumentException("an Ethernet frame has at least 14 octets, got " + f.length());
        }
        if (!cfg.protectFrames()) {
            return tx(TxVerdict.SENT_UNTAGGED, MacsecCounter.OUT_PKTS_UNTAGGED);
        }
        TxSa sa = txSas[cfg.encodingSa()];
        if (!operational || sa == null || !sa.active) {
            operational = false;
            return tx(TxVerdict.NOT_OPERATIONAL, MacsecCounter.TX_DROPPED);
        }
        int unprotectedLen = f.length();
        boolean sciPresent = cfg.sendSci();
        f.insertAfterAddresses(SecTag.extraLen(sciPresent), cfg.icvLen());
        long pn = takePn(sa);
        if (pn == 0) {
            return tx(TxVerdict.NOT_OPERATIONAL, MacsecCounter.TX_DROPPED);
        }
        SecTag.write(f.bytes(), f.offset(), cfg.sci(), sciPresent, cfg.endStation(), cfg.scb(), cfg.encrypt(),
                cfg.icvLen(), cfg.encodingSa(), pn, unprotectedLen - SecTag.MAC_ADDRS_LEN);
        if (f.length() - SecTag.ETH_HLEN > cfg.lowerMtu()) {
            secyCounters[MacsecCounter.OUT_PKTS_TOO_LONG.ordinal()]++;
            return tx(TxVerdict.TOO_LONG, MacsecCounter.TX_DROPPED);
        }
        f.txSa = sa;
        f.pn = pn;
        f.sci = cfg.sci();
        f.hasSci = sciPresent;
        return TxVerdict.NEEDS_CRYPTO;
    }

    /** {@code tx_sa_update_pn}: returns the current PN and advances; a wrap retires the SA. */
    private long takePn(TxSa sa) {
        long pn = sa.nextPn;
        sa.nextPn = cfg.suite().xpn() ? pn + 1 : (pn + 1) & LOWER;
        if (sa.nextPn == 0) {
            sa.active = false;
            if (cfg.protectFrames()) {
                operational = false;
            }
        }
        return pn;
    }

    /** The AEAD request of a frame that {@link #transmit} prepared: real AES-GCM, in place. */
    public void encrypt(MacsecFrame f, GcmEngine engine) {
        SaKey key = f.txSa.key();
        key.fillIv(engine.iv(), cfg.sci(), f.pn);
        int hdr = SecTag.headerLen(f.hasSci);
        int icv = cfg.icvLen();
        if (cfg.encrypt()) {
            engine.seal(key, engine.iv(), f.bytes(), f.offset(), hdr, f.length() - hdr - icv, icv);
        } else {
            engine.seal(key, engine.iv(), f.bytes(), f.offset(), f.length() - icv, 0, icv);
        }
    }

    /** Counts a protected frame once its AEAD request completed ({@code macsec_count_tx}). */
    public TxVerdict transmitted(MacsecFrame f) {
        long msdu = f.length() - SecTag.headerLen(f.hasSci) - cfg.icvLen();
        if (cfg.encrypt()) {
            txScCounters[MacsecCounter.OUT_OCTETS_ENCRYPTED.ordinal()] += msdu;
            return tx(TxVerdict.SENT, MacsecCounter.OUT_PKTS_ENCRYPTED);
        }
        txScCounters[MacsecCounter.OUT_OCTETS_PROTECTED.ordinal()] += msdu;
        return tx(TxVerdict.SENT, MacsecCounter.OUT_PKTS_PROTECTED);
    }

    /** The AEAD request could not be queued (cryptd full): dropped, tx_dropped; the PN stays spent. */
    public TxVerdict transmitFailed(MacsecFrame f) {
        return tx(TxVerdict.CRYPTO_FAILED, MacsecCounter.TX_DROPPED);
    }

    /** All of transmission at once, synchronously. */
    public TxVerdict protect(MacsecFrame f, GcmEngine engine) {
        TxVerdict v = transmit(f);
        if (v != TxVerdict.NEEDS_CRYPTO) {
            return v;
        }
        encrypt(f, engine);
        return transmitted(f);
    }

    private TxVerdict tx(TxVerdict v, MacsecCounter c) {
        long[] scope = c.scope() == MacsecCounter.Scope.TX_SC ? txScCounters : secyCounters;
        scope[c.ordinal()]++;
        return v;
    }

    // ---- receive ----

    /**
     * First step of reception ({@code macsec_handle_frame} up to {@code crypto_aead_decrypt}).
     * Returns {@link RxVerdict#NEEDS_CRYPTO} when the frame must be decrypted, or the final verdict.
     */
    public RxVerdict receive(MacsecFrame f) {
        byte[] b = f.bytes();
        int o = f.offset();
        int len = f.length();
        if (len < SecTag.ETH_HLEN) {
            return rx(RxVerdict.TRUNCATED, null);
        }
        if (SecTag.etherType(b, o) != SecTag.ETHERTYPE) {
            if (cfg.validate() == ValidateFrames.STRICT) {
                secyCounters[MacsecCounter.RX_DROPPED.ordinal()]++;
                return rx(RxVerdict.NO_TAG, null);
            }
            return rx(RxVerdict.UNTAGGED, null);
        }
        boolean sciPulled = len >= SecTag.ETH_HLEN + SecTag.extraLen(true);
        if (!sciPulled && len < SecTag.ETH_HLEN + SecTag.extraLen(false)) {
            return rx(RxVerdict.TRUNCATED, null);
        }
        int tci = SecTag.tciAn(b, o);
        if ((tci & (SecTag.TCI_C | SecTag.TCI_E)) == SecTag.TCI_E) {
            return rx(RxVerdict.NOT_FOR_CONTROLLED_PORT, null);
        }
        boolean hasSci = (tci & SecTag.TCI_SC) != 0;
        if (hasSci && !sciPulled) {
            return rx(RxVerdict.TRUNCATED, null);
        }
        boolean cbit = (tci & SecTag.TCI_C) != 0;
        boolean strict = cfg.validate() == ValidateFrames.STRICT;
        long sci = frameSci(b, o, tci, hasSci);
        if (sci == 0) {
            return rx(RxVerdict.NO_SCI_INFERRED, null);
        }
        RxSc sc = rxSc(sci);
        if (sc == null) {
            if (cbit || strict) {
                secyCounters[MacsecCounter.RX_ERRORS.ordinal()]++;
                return rx(RxVerdict.UNKNOWN_SCI_DROPPED, null);
            }
            stripTag(f, hasSci, SecTag.DEFAULT_ICV_LEN);
            return rx(RxVerdict.UNKNOWN_SCI, null);
        }
        if (!SecTag.wellFormed(b, o, len, cfg.icvLen(), cfg.suite().xpn())) {
            secyCounters[MacsecCounter.RX_ERRORS.ordinal()]++;
            return rx(RxVerdict.BAD_TAG, null);
        }
        RxSa sa = sc.sa(tci & SecTag.AN_MASK);
        if (sa == null || !sa.active) {
            if (cbit || strict) {
                secyCounters[MacsecCounter.RX_ERRORS.ordinal()]++;
                return rx(RxVerdict.NOT_USING_SA, sc);
            }
            stripTag(f, hasSci, cfg.icvLen());
            return rx(RxVerdict.UNUSED_SA, sc);
        }
        long hdrPn = SecTag.pn(b, o);
        if (cfg.replayProtect() && latePreCheck(sa, hdrPn)) {
            secyCounters[MacsecCounter.RX_DROPPED.ordinal()]++;
            return rx(RxVerdict.LATE, sc);
        }
        f.rxSa = sa;
        f.sci = sci;
        f.hasSci = hasSci;
        f.valid = false;
        f.pn = cfg.suite().xpn() ? recoverPn(sa, hdrPn) : hdrPn;
        if (cbit || cfg.validate() != ValidateFrames.DISABLED) {
            return RxVerdict.NEEDS_CRYPTO;
        }
        return completeReceive(f);
    }

    /**
     * {@code macsec_frame_sci}: the SCI from the SecTAG, inferred for a single RX SC, or from the source MAC.
     * Linux infers only from an active RX SC; every RX SC here is active (none is ever turned off).
     */
    private long frameSci(byte[] b, int o, int tci, boolean hasSci) {
        if (hasSci) {
            return SecTag.sci(b, o);
        }
        if ((tci & (SecTag.TCI_ES | SecTag.TCI_SC)) == 0) {
            return rxScs.length == 1 ? rxScs[0].sci() : 0;
        }
        return Sci.of(b, o + 6, Sci.PORT_ES);
    }

    private boolean latePreCheck(RxSa sa, long hdrPn) {
        long next = sa.nextPnLower();
        boolean late = next >= cfg.replayWindow() && hdrPn < next - cfg.replayWindow();
        return cfg.suite().xpn() ? late && sameHalf(next, hdrPn) : late;
    }

    /** XPN: the upper PN half from next_pn, plus one when the lower half wrapped. */
    private static long recoverPn(RxSa sa, long hdrPn) {
        long next = sa.nextPnLower();
        long upper = sa.nextPn >>> 32;
        if (hdrPn < next && !sameHalf(hdrPn, next)) {
            upper++;
        }
        return (upper << 32) | hdrPn;
    }

    private static boolean sameHalf(long a, long b) {
        return ((a >>> 31) ^ (b >>> 31)) == 0;
    }

    /** The AEAD request of a frame that {@link #receive} accepted: verifies the ICV and decrypts in place. */
    public void decrypt(MacsecFrame f, GcmEngine engine) {
        SaKey key = f.rxSa.key();
        key.fillIv(engine.iv(), f.sci, f.pn);
        byte[] b = f.bytes();
        int o = f.offset();
        int icv = cfg.icvLen();
        int hdr = SecTag.headerLen(f.hasSci);
        if ((SecTag.tciAn(b, o) & SecTag.TCI_E) != 0) {
            f.valid = engine.open(key, engine.iv(), b, o, hdr, f.length() - hdr - icv, icv);
        } else {
            f.valid = engine.open(key, engine.iv(), b, o, f.length() - icv, 0, icv);
        }
    }

    /**
     * Last step of reception ({@code macsec_post_decrypt}), run when the AEAD request completes:
     * the replay re-check against the then-current next_pn, octet and outcome counters, next_pn
     * advanced by valid frames only, and for delivered frames the SecTAG and ICV stripped.
     */
    public RxVerdict completeReceive(MacsecFrame f) {
        RxSa sa = f.rxSa;
        RxSc sc = sa.sc();
        long pn = f.pn & LOWER;
        long next = sa.nextPnLower();
        long lowest = next >= cfg.replayWindow() ? next - cfg.replayWindow() : 0;
        boolean xpn = cfg.suite().xpn();
        if (cfg.replayProtect() && pn < lowest && (!xpn || sameHalf(pn, lowest))) {
            secyCounters[MacsecCounter.RX_DROPPED.ordinal()]++;
            return rx(RxVerdict.LATE, sc);
        }
        byte[] b = f.bytes();
        int tci = SecTag.tciAn(b, f.offset());
        if (cfg.validate() != ValidateFrames.DISABLED) {
            long msdu = f.length() - SecTag.headerLen(f.hasSci) - cfg.icvLen();
            MacsecCounter octets = (tci & SecTag.TCI_E) != 0
                    ? MacsecCounter.IN_OCTETS_DECRYPTED : MacsecCounter.IN_OCTETS_VALIDATED;
            sc.counters[octets.ordinal()] += msdu;
        }
        RxVerdict v;
        if (!f.valid) {
            if ((tci & SecTag.TCI_C) != 0 || cfg.validate() == ValidateFrames.STRICT) {
                secyCounters[MacsecCounter.RX_ERRORS.ordinal()]++;
                return rx(RxVerdict.NOT_VALID, sc);
            }
            v = cfg.validate() == ValidateFrames.CHECK ? RxVerdict.INVALID
                    : pn < lowest ? RxVerdict.DELAYED : RxVerdict.UNCHECKED;
        } else {
            v = pn < lowest ? RxVerdict.DELAYED : RxVerdict.OK;
            long pnPlusOne = (pn + 1) & LOWER;
            if (pnPlusOne > next) {
                sa.nextPn = (sa.nextPn & ~LOWER) | pnPlusOne;
            } else if (xpn && !sameHalf(pn, next)) {
                sa.nextPn = (((sa.nextPn >>> 32) + 1) << 32) | pnPlusOne;
            }
        }
        stripTag(f, f.hasSci, cfg.icvLen());
        return rx(v, sc);
    }

    /** The AEAD request could not be queued (cryptd full): Linux frees the frame and counts nothing. */
    public RxVerdict receiveFailed(MacsecFrame f) {
        return rx(RxVerdict.CRYPTO_FAILED, f.rxSa.sc());
    }

    /** All of reception at once, synchronously. */
    public RxVerdict validate(MacsecFrame f, GcmEngine engine) {
        RxVerdict v = receive(f);
        if (v != RxVerdict.NEEDS_CRYPTO) {
            return v;
        }
        decrypt(f, engine);
        return completeReceive(f);
    }

    /** {@code macsec_finalize_skb}: removes SecTAG and ICV (never more than the frame holds). */
    private static void stripTag(MacsecFrame f, boolean hasSci, int icvLen) {
        int head = SecTag.extraLen(hasSci);
        int tail = Math.max(0, Math.min(icvLen, f.length() - head - SecTag.MAC_ADDRS_LEN));
        f.strip(head, tail);
    }

    private RxVerdict rx(RxVerdict v, RxSc sc) {
        rxVerdicts[v.ordinal()]++;
        MacsecCounter c = v.counter();
        if (c != null) {
            long[] scope = c.scope() == MacsecCounter.Scope.RX_SC ? sc.counters : secyCounters;
            scope[c.ordinal()]++;
        }
        return v;
    }

    // ---- counters ----

    /** A Linux counter; for RX SC counters the sum over this SecY's RX SCs. */
    public long counter(MacsecCounter c) {
        return switch (c.scope()) {
            case SECY -> secyCounters[c.ordinal()];
            case TX_SC -> txScCounters[c.ordinal()];
            case RX_SC -> {
                long sum = 0;
                for (RxSc sc : rxScs) {
                    sum += sc.counters[c.ordinal()];
                }
                yield sum;
            }
        };
    }

    /** How many received frames ended with a verdict (silent drops included). */
    public long rxVerdicts(RxVerdict v) {
        return rxVerdicts[v.ordinal()];
    }
}
