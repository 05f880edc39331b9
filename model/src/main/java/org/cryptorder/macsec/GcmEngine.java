package org.cryptorder.macsec;

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
 * <p>An {@link Observer} may hear of every operation with its sizes (the benchmarks replay them to
 * time the crypto alone); without one, an operation costs one null check more.
 */
public final class GcmEngine {
    private static final int FULL_TAG = 16;
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
    /** The cipher of the operation under way, chosen by {@link #select}. */
    private Cipher gcm;
    private Cipher ctr;
    /** The CTR initial counter block of the truncated-ICV path: IV, then block counter 2. */
    private final byte[] counter = new byte[16];
    private final byte[] iv = new byte[12];
    private byte[] scratch = new byte[2048];

    public GcmEngine() {
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

    private byte[] scratch(int size) {
        if (scratch.length < size) {
            scratch = new byte[Math.max(size, 2 * scratch.length)];
        }
        return scratch;
    }
}
