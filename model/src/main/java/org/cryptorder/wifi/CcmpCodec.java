package org.cryptorder.wifi;

/**
 * CCMP encapsulation and decapsulation of 802.11 data frames under one installed temporal key, as
 * mac80211 does it in software ({@code net/mac80211/wpa.c}: {@code ieee80211_crypto_ccmp_encrypt}
 * and {@code ieee80211_crypto_ccmp_decrypt}), with the key's packet-number state ({@code
 * key->conf.tx_pn}, {@code key->u.ccmp.rx_pn[]}) and its receive counters.
 *
 * <p>Transmission and reception are split where mac80211 calls into the crypto API, so a datapath
 * model can decide when and on which CPU the CCM request runs:
 * <ul>
 *   <li>TX: {@link #transmit} (Protected bit set, PN taken, CCMP header inserted and MIC space
 *       added), then {@link #encrypt} (the CCM request). {@link #protect} does both.</li>
 *   <li>RX: {@link #receive} (length, Protected and ExtIV checks, Key ID, replay check against the
 *       queue's counter), then {@link #decrypt}, then {@link #completeReceive} (MIC verdict, replay
 *       counter advanced, CCMP header and MIC removed). {@link #unprotect} does all three.</li>
 * </ul>
 * A received frame never makes these methods throw: every frame ends in exactly one {@link
 * CcmpRxVerdict}, counted beside the MIB counters so that the two can be reconciled. Frames the
 * caller transmits are the caller's responsibility: a non-data frame or a short one is refused with
 * an exception.
 *
 * <p>Replay detection follows mac80211: one counter per TID for QoS data frames, non-QoS data
 * frames sharing TID 0's ({@code rx->security_idx}); a frame is a replay when its PN is not above
 * the counter, and the counter takes the PN of each frame that verifies. mac80211 runs the three
 * receive steps in one go; when a model runs the CCM request later, {@link #completeReceive}
 * checks the PN again, so a frame overtaken by a later one of its queue is still refused.
 *
 * <p>Not thread-safe: the PN state and the nonce and AAD scratch belong to one thread at a time.
 */
public final class CcmpCodec {
    /** Replay counters: one per TID ({@code IEEE80211_NUM_TIDS}). */
    public static final int QUEUES = 16;

    private final CcmpKey key;
    private final int micLen;
    private long txPn;
    private final long[] rxPn = new long[QUEUES];
    private final long[] counters = new long[CcmpCounter.values().length];
    private final long[] verdicts = new long[CcmpRxVerdict.values().length];
    private final byte[] nonce = new byte[CcmpNonce.LEN];
    private final byte[] aad = new byte[CcmpAad.MAX_LEN];

    /** A codec for a freshly installed key: transmit PN 0 (the first frame gets PN 1), receive counters 0. */
    public CcmpCodec(CcmpKey key) {
        this.key = key;
        this.micLen = key.suite().micBytes();
    }

    public CcmpKey key() {
        return key;
    }

    /** The last PN transmitted (0 before the first frame). */
    public long txPn() {
        return txPn;
    }

    /** Sets the last transmitted PN, so the next frame gets {@code pn + 1}. */
    public void setTxPn(long pn) {
        checkPn(pn);
        txPn = pn;
    }

    /** The replay counter of a queue: the highest PN accepted so far (0 at installation). */
    public long rxPn(int queue) {
        return rxPn[queue];
    }

    /** Sets a queue's replay counter, as installing a key with a receive sequence counter does. */
    public void setRxPn(int queue, long pn) {
        checkPn(pn);
        rxPn[queue] = pn;
    }

    private static void checkPn(long pn) {
        if (pn < 0 || pn > CcmpHeader.MAX_PN) {
            throw new IllegalArgumentException("a PN has 48 bits, got " + pn);
        }
    }

    // ---- transmit ----

    /**
     * First step of transmission ({@code ccmp_encrypt_skb} up to the CCM request): sets the
     * Protected bit, takes the next PN, inserts the CCMP header after the MAC header and makes room
     * for the MIC. Returns the PN.
     *
     * @throws IllegalArgumentException if the frame is not a data frame or is shorter than its header
     * @throws IllegalStateException if the 48-bit PN space is used up (the key must be replaced)
     */
    public long transmit(Mpdu f) {
        byte[] b = f.bytes();
        int o = f.offset();
        if (f.length() < 2 || !Ieee80211Header.isData(Ieee80211Header.frameControl(b, o))) {
            throw new IllegalArgumentException("CCMP protects data frames here; management frame protection is not modelled");
        }
        int fc = Ieee80211Header.frameControl(b, o);
        int hdr = Ieee80211Header.length(fc);
        if (f.length() < hdr) {
            throw new IllegalArgumentException("a frame of " + f.length() + " octets is shorter than its " + hdr + "-octet header");
        }
        if (txPn >= CcmpHeader.MAX_PN) {
            throw new IllegalStateException("the 48-bit PN space of " + key + " is exhausted: install a new key");
        }
        long pn = ++txPn;
        f.insertCcmp(hdr, CcmpHeader.LEN, micLen);
        b = f.bytes();
        o = f.offset();
        Ieee80211Header.setProtected(b, o);
        CcmpHeader.write(b, o + hdr, pn, key.keyId());
        f.pn = pn;
        f.headerLen = hdr;
        return pn;
    }

    /** The CCM request of a frame {@link #transmit} prepared: real AES-CCM, in place. */
    public void encrypt(Mpdu f, CcmEngine engine) {
        byte[] b = f.bytes();
        int o = f.offset();
        int aadLen = blocks(b, o, f.pn);
        int body = o + f.headerLen + CcmpHeader.LEN;
        engine.seal(key.secretKey(), nonce, aad, aadLen, b, body, f.length() - f.headerLen - CcmpHeader.LEN - micLen, micLen);
    }

    /** All of transmission at once. Returns the PN used. */
    public long protect(Mpdu f, CcmEngine engine) {
        long pn = transmit(f);
        encrypt(f, engine);
        return pn;
    }

    // ---- receive ----

    /**
     * First step of reception ({@code ieee80211_crypto_ccmp_decrypt} up to the CCM request).
     * Returns {@link CcmpRxVerdict#NEEDS_CRYPTO} when the frame must be decrypted, or the final verdict.
     */
    public CcmpRxVerdict receive(Mpdu f) {
        byte[] b = f.bytes();
        int o = f.offset();
        int len = f.length();
        if (len < 2) {
            return rx(CcmpRxVerdict.TRUNCATED);
        }
        int fc = Ieee80211Header.frameControl(b, o);
        if (!Ieee80211Header.isData(fc)) {
            return rx(CcmpRxVerdict.NOT_DATA);
        }
        int hdr = Ieee80211Header.length(fc);
        if (len < hdr) {
            return rx(CcmpRxVerdict.TRUNCATED);
        }
        if (!Ieee80211Header.isProtected(fc)) {
            return rx(CcmpRxVerdict.UNPROTECTED);
        }
        if (len < hdr + CcmpHeader.LEN + micLen || !CcmpHeader.extIv(b, o + hdr)) {
            return rx(CcmpRxVerdict.FORMAT_ERROR);
        }
        if (CcmpHeader.keyId(b, o + hdr) != key.keyId()) {
            return rx(CcmpRxVerdict.NO_KEY);
        }
        long pn = CcmpHeader.pn(b, o + hdr);
        int queue = Ieee80211Header.tid(b, o, fc);
        if (pn <= rxPn[queue]) {
            return rx(CcmpRxVerdict.REPLAY);
        }
        f.pn = pn;
        f.queue = queue;
        f.headerLen = hdr;
        f.micValid = false;
        return CcmpRxVerdict.NEEDS_CRYPTO;
    }

    /** The CCM request of a frame {@link #receive} accepted: verifies the MIC and decrypts in place. */
    public void decrypt(Mpdu f, CcmEngine engine) {
        byte[] b = f.bytes();
        int o = f.offset();
        int aadLen = blocks(b, o, f.pn);
        int body = o + f.headerLen + CcmpHeader.LEN;
        f.micValid = engine.open(key.secretKey(), nonce, aad, aadLen, b, body,
                f.length() - f.headerLen - CcmpHeader.LEN - micLen, micLen);
    }

    /**
     * Last step of reception, once the CCM request completed: a bad MIC is a decrypt error; a PN no
     * longer above the queue's counter (a later frame of the queue completed first) is a replay;
     * otherwise the counter takes the PN and the CCMP header and MIC are removed. The Protected bit
     * stays set, as in mac80211. A frame refused here as a replay was already decrypted in place
     * by {@link #decrypt}; it is dropped all the same.
     */
    public CcmpRxVerdict completeReceive(Mpdu f) {
        if (!f.micValid) {
            return rx(CcmpRxVerdict.DECRYPT_ERROR);
        }
        if (f.pn <= rxPn[f.queue]) {
            return rx(CcmpRxVerdict.REPLAY);
        }
        rxPn[f.queue] = f.pn;
        f.strip(f.headerLen, CcmpHeader.LEN, micLen);
        return rx(CcmpRxVerdict.OK);
    }

    /** All of reception at once. */
    public CcmpRxVerdict unprotect(Mpdu f, CcmEngine engine) {
        CcmpRxVerdict v = receive(f);
        if (v != CcmpRxVerdict.NEEDS_CRYPTO) {
            return v;
        }
        decrypt(f, engine);
        return completeReceive(f);
    }

    /** Nonce and AAD of the frame at {@code b[o...]} into the scratch buffers; returns the AAD length. */
    private int blocks(byte[] b, int o, long pn) {
        int fc = Ieee80211Header.frameControl(b, o);
        CcmpNonce.write(b, o, fc, pn, nonce);
        return CcmpAad.write(b, o, fc, aad);
    }

    private CcmpRxVerdict rx(CcmpRxVerdict v) {
        verdicts[v.ordinal()]++;
        if (v.counter() != null) {
            counters[v.counter().ordinal()]++;
        }
        return v;
    }

    // ---- counters ----

    /** A MIB counter of this key. */
    public long counter(CcmpCounter c) {
        return counters[c.ordinal()];
    }

    /** How many received frames ended with a verdict. */
    public long rxVerdicts(CcmpRxVerdict v) {
        return verdicts[v.ordinal()];
    }
}
