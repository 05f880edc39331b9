package org.cryptorder.macsec;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.security.GeneralSecurityException;
import java.security.InvalidAlgorithmParameterException;
import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.IvParameterSpec;

/**
 * Real AES-GCM for MACsec frames, through the JDK's {@code AES/GCM/NoPadding} (AES-NI and
 * carry-less multiply in HotSpot), working in place on frame buffers.
 *
 * <p>One engine per thread: it holds {@link Cipher} instances and scratch space and is not
 * thread-safe. ICVs of 12 to 16 octets use the JDK directly; an 8-octet ICV (which Linux allows
 * and the JDK's GCM does not) is the leading 8 octets of the full tag, computed as GCM defines a
 * truncated tag.
 *
 * <p>The engine keeps one cipher per key it has seen (up to {@value #CIPHERS}, then the oldest is
 * reused): the JDK expands an AES key again whenever a cipher is given another key than its last,
 * and the two directions of a link, whose keys differ, share one engine.
 *
 * <p>Short frames (up to {@value #OWN_GHASH_MAX} octets of AAD and text: ACKs, small GMAC frames)
 * take the engine's own GCM instead, the same octets more cheaply: the JDK's GCM costs about 300 ns
 * per operation beyond its bytes, as each {@code Cipher.init} builds a new GCM state (hash subkey,
 * tables, buffers), and its API has no other way to take a new IV. The own GCM keeps one {@code
 * AES/ECB/NoPadding} cipher keyed per key (the JDK's AES intrinsic, which encrypts the counter
 * blocks J0, J0 + 1, ... in one call) and hashes with {@link Ghash}, in Java with a table per key,
 * as the JDK's carry-less-multiply GHASH is reachable only through its GCM. GHASH in Java costs
 * about 25 ns a block, so longer frames stay with the JDK's GCM.
 *
 * <p>An {@link Observer} may hear of every operation with its sizes (the benchmarks replay them to
 * time the crypto alone); without one, an operation costs one null check more.
 */
public final class GcmEngine {
    private static final int FULL_TAG = 16;
    /**
     * Octets of AAD and text up to which the engine's own GCM is cheaper than the JDK's: 6 blocks
     * of GHASH in Java cost about what a {@code Cipher.init} of the JDK's GCM does (a TCP ACK's
     * frame hashes 82 octets; a full frame's 1,482 stay with the JDK).
     */
    public static final int OWN_GHASH_MAX = 96;
    /** Ciphers kept, one per key (a replication has one SA per direction, a rekeyed one a few more). */
    static final int CIPHERS = 8;

    /** Hears of each AES-GCM operation of an engine, on the engine's thread, before it runs. */
    public interface Observer {
        /** An encryption (or GMAC when {@code textLen == 0}) with a {@code keyBytes}-octet key. */
        void sealed(int keyBytes, int aadLen, int textLen, int icvLen);

        /** A verification and decryption, whether or not the ICV then verifies. */
        void opened(int keyBytes, int aadLen, int textLen, int icvLen);
    }

    private Observer observer;

    private final SaKey[] cipherKeys = new SaKey[CIPHERS];
    private final Cipher[] ciphers = new Cipher[CIPHERS];
    private int oldest;
    /** The slot of the operation under way's key, chosen by {@link #select}. */
    private int slot;
    /** The cipher of the operation under way, chosen by {@link #select}. */
    private Cipher gcm;

    // the own GCM's: per slot, the key its AES cipher and GHASH are of (null: none yet)
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());
    private final int ownGhashMax;
    private final SaKey[] ownKeys = new SaKey[CIPHERS];
    private final Cipher[] blockCiphers = new Cipher[CIPHERS];
    private final Ghash[] hashes = new Ghash[CIPHERS];
    /** The counter blocks, then E_K of them: E_K(J0), then the text's keystream. */
    private byte[] counters = new byte[16 * 8];
    private byte[] keystream = new byte[16 * 8];
    private final byte[] tag = new byte[16];
    private Cipher ctr;
    /** The CTR initial counter block of the truncated-ICV path: IV, then block counter 2. */
    private final byte[] counter = new byte[16];
    private final byte[] iv = new byte[12];
    private byte[] scratch = new byte[2048];

    /** An engine that takes its own GCM for up to {@value #OWN_GHASH_MAX} octets of AAD and text. */
    public GcmEngine() {
        this(OWN_GHASH_MAX);
    }

    /**
     * An engine that takes its own GCM for up to {@code ownGhashMax} octets of AAD and text, the
     * JDK's above: -1 for the JDK's always, {@link Integer#MAX_VALUE} for its own always (for
     * benchmarks and tests; the results are the same octets).
     */
    public GcmEngine(int ownGhashMax) {
        this.ownGhashMax = ownGhashMax;
        ciphers[0] = newCipher();
    }

    private static Cipher newCipher() {
        try {
            return Cipher.getInstance("AES/GCM/NoPadding");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this Java runtime has no AES/GCM/NoPadding", e);
        }
    }

    /** Makes {@link #gcm} the cipher of {@code key}, taking a new or the oldest one for a key not seen. */
    private void select(SaKey key) {
        for (int i = 0; i < CIPHERS; i++) {
            if (cipherKeys[i] == key) {
                gcm = ciphers[i];
                slot = i;
                return;
            }
        }
        int i = oldest;
        oldest = (oldest + 1) % CIPHERS;
        if (ciphers[i] == null) {
            ciphers[i] = newCipher();
        }
        cipherKeys[i] = key;
        gcm = ciphers[i];
        slot = i;
    }

    /** Tells {@code observer} of every later operation (null: none). */
    public void observe(Observer observer) {
        this.observer = observer;
    }

    /** The IV buffer the next {@link #seal} or {@link #open} uses; fill it with {@link SaKey#fillIv}. */
    byte[] iv() {
        return iv;
    }

    /**
     * Encrypts {@code buf[aadOff+aadLen, +textLen)} in place, authenticating {@code
     * buf[aadOff, +aadLen)} as well, and writes the {@code icvLen}-octet ICV right after the text.
     * With {@code textLen == 0} this is GMAC over the AAD (MACsec integrity only).
     */
    public void seal(SaKey key, byte[] ivBytes, byte[] buf, int aadOff, int aadLen, int textLen, int icvLen) {
        if (observer != null) {
            observer.sealed(key.suite().keyBytes(), aadLen, textLen, icvLen);
        }
        select(key);
        if (aadLen + textLen <= ownGhashMax) {
            ownSeal(key, ivBytes, buf, aadOff, aadLen, textLen, icvLen);
            return;
        }
        int textOff = aadOff + aadLen;
        try {
            initEncrypt(key, ivBytes, icvLen == 8 ? FULL_TAG : icvLen);
            gcm.updateAAD(buf, aadOff, aadLen);
            if (icvLen == 8) {
                byte[] out = scratch(textLen + FULL_TAG);
                gcm.doFinal(buf, textOff, textLen, out, 0);
                System.arraycopy(out, 0, buf, textOff, textLen + icvLen);
            } else {
                gcm.doFinal(buf, textOff, textLen, buf, textOff);
            }
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM encryption failed", e);
        }
    }

    /**
     * Verifies the ICV after {@code buf[aadOff+aadLen, +textLen)} and, when it holds, decrypts that
     * text in place. Returns whether the ICV verified; on failure the buffer is left as it was.
     */
    public boolean open(SaKey key, byte[] ivBytes, byte[] buf, int aadOff, int aadLen, int textLen, int icvLen) {
        if (observer != null) {
            observer.opened(key.suite().keyBytes(), aadLen, textLen, icvLen);
        }
        select(key);
        if (aadLen + textLen <= ownGhashMax) {
            return ownOpen(key, ivBytes, buf, aadOff, aadLen, textLen, icvLen);
        }
        if (icvLen == 8) {
            return openTruncated(key, ivBytes, buf, aadOff, aadLen, textLen);
        }
        int textOff = aadOff + aadLen;
        try {
            gcm.init(Cipher.DECRYPT_MODE, key.spec(), new GCMParameterSpec(icvLen * 8, ivBytes));
            gcm.updateAAD(buf, aadOff, aadLen);
            gcm.doFinal(buf, textOff, textLen + icvLen, buf, textOff);
            return true;
        } catch (AEADBadTagException e) {
            return false;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM decryption failed", e);
        }
    }

    /** 8-octet ICV: decrypt with CTR from counter 2, recompute the full tag, compare its first 8 octets. */
    private boolean openTruncated(SaKey key, byte[] ivBytes, byte[] buf, int aadOff, int aadLen, int textLen) {
        int textOff = aadOff + aadLen;
        try {
            byte[] work = scratch(2 * textLen + FULL_TAG);
            if (textLen > 0) {
                System.arraycopy(ivBytes, 0, counter, 0, 12);
                counter[15] = 2;
                if (ctr == null) {
                    ctr = Cipher.getInstance("AES/CTR/NoPadding");
                }
                ctr.init(Cipher.DECRYPT_MODE, key.spec(), new IvParameterSpec(counter));
                ctr.doFinal(buf, textOff, textLen, work, 0);
            }
            initEncrypt(key, ivBytes, FULL_TAG);
            gcm.updateAAD(buf, aadOff, aadLen);
            gcm.doFinal(work, 0, textLen, work, textLen);
            int diff = 0;
            for (int i = 0; i < 8; i++) {
                diff |= work[2 * textLen + i] ^ buf[textOff + textLen + i];
            }
            if (diff != 0) {
                return false;
            }
            System.arraycopy(work, 0, buf, textOff, textLen);
            return true;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM decryption failed", e);
        }
    }

    /**
     * The JDK refuses to encrypt twice in a row with the same key and IV (a guard against nonce
     * reuse). A SecY never reuses a PN, but tools that protect one frame twice on purpose (the
     * known-answer vectors, recomputing a tag to verify a truncated ICV) need it: step the guard
     * with a different IV, which encrypts nothing, and retry.
     */
    private void initEncrypt(SaKey key, byte[] ivBytes, int tagBytes) throws GeneralSecurityException {
        GCMParameterSpec spec = new GCMParameterSpec(tagBytes * 8, ivBytes);
        try {
            gcm.init(Cipher.ENCRYPT_MODE, key.spec(), spec);
        } catch (InvalidAlgorithmParameterException reused) {
            byte[] other = ivBytes.clone();
            other[11] ^= 1;
            gcm.init(Cipher.ENCRYPT_MODE, key.spec(), new GCMParameterSpec(tagBytes * 8, other));
            gcm.init(Cipher.ENCRYPT_MODE, key.spec(), spec);
        }
    }

    /** {@link #seal} by the own GCM: encrypt with the keystream, hash AAD and ciphertext, tag = E_K(J0) + GHASH. */
    private void ownSeal(SaKey key, byte[] ivBytes, byte[] buf, int aadOff, int aadLen, int textLen, int icvLen) {
        int textOff = aadOff + aadLen;
        keystream(key, ivBytes, textLen);
        xor(buf, textOff, textLen);
        Ghash h = hashes[slot];
        h.reset();
        h.update(buf, aadOff, aadLen);
        h.update(buf, textOff, textLen);
        h.finish(aadLen, textLen, tag, 0);
        for (int i = 0; i < icvLen; i++) {
            buf[textOff + textLen + i] = (byte) (tag[i] ^ keystream[i]);
        }
    }

    /** {@link #open} by the own GCM: the tag is checked before anything is decrypted. */
    private boolean ownOpen(SaKey key, byte[] ivBytes, byte[] buf, int aadOff, int aadLen, int textLen, int icvLen) {
        int textOff = aadOff + aadLen;
        keyed(key);
        Ghash h = hashes[slot];
        h.reset();
        h.update(buf, aadOff, aadLen);
        h.update(buf, textOff, textLen);
        h.finish(aadLen, textLen, tag, 0);
        keystream(key, ivBytes, textLen);
        int diff = 0;
        for (int i = 0; i < icvLen; i++) {
            diff |= tag[i] ^ keystream[i] ^ buf[textOff + textLen + i];
        }
        if (diff != 0) {
            return false;
        }
        xor(buf, textOff, textLen);
        return true;
    }

    /** Makes the slot's AES cipher and GHASH those of {@code key}. */
    private void keyed(SaKey key) {
        if (ownKeys[slot] == key) {
            return;
        }
        try {
            Cipher ecb = blockCiphers[slot];
            if (ecb == null) {
                ecb = Cipher.getInstance("AES/ECB/NoPadding");
                blockCiphers[slot] = ecb;
            }
            ecb.init(Cipher.ENCRYPT_MODE, key.spec());
            hashes[slot] = new Ghash(ecb.doFinal(new byte[16]), 0);
            ownKeys[slot] = key;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES failed", e);
        }
    }

    /** Fills {@link #keystream} with E(J0) then the keystream of {@code textLen} octets (counter 2 on). */
    private void keystream(SaKey key, byte[] ivBytes, int textLen) {
        keyed(key);
        int blocks = 1 + (textLen + 15) / 16;
        int len = 16 * blocks;
        if (keystream.length < len) {
            keystream = new byte[len];
            counters = new byte[len];
        }
        for (int b = 0; b < blocks; b++) {  // J0 = IV || 1, then the text's counters 2, 3, ...
            int at = 16 * b;
            System.arraycopy(ivBytes, 0, counters, at, 12);
            int n = b + 1;
            counters[at + 12] = (byte) (n >>> 24);
            counters[at + 13] = (byte) (n >>> 16);
            counters[at + 14] = (byte) (n >>> 8);
            counters[at + 15] = (byte) n;
        }
        try {
            blockCiphers[slot].update(counters, 0, len, keystream, 0);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES failed", e);
        }
    }

    /** XORs the keystream after E(J0) into {@code buf[off, +len)}. */
    private void xor(byte[] buf, int off, int len) {
        int i = 0;
        for (; i + 8 <= len; i += 8) {
            LONG.set(buf, off + i, (long) LONG.get(buf, off + i) ^ (long) LONG.get(keystream, 16 + i));
        }
        for (; i < len; i++) {
            buf[off + i] ^= keystream[16 + i];
        }
    }

    private byte[] scratch(int size) {
        if (scratch.length < size) {
            scratch = new byte[Math.max(size, 2 * scratch.length)];
        }
        return scratch;
    }
}
