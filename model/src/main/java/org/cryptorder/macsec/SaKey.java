package org.cryptorder.macsec;

import javax.crypto.spec.SecretKeySpec;

/**
 * The keying material of one secure association: the SAK, and for XPN suites the short SCI
 * (SSCI) and the 12-octet salt, which together build the GCM IV (KERNEL-FACTS.md 3.4).
 *
 * <p>Immutable and safe to share between threads.
 */
public final class SaKey {
    /** Length of the XPN salt ({@code MACSEC_SALT_LEN}). */
    public static final int SALT_LEN = 12;

    private final CipherSuite suite;
    private final SecretKeySpec key;
    private final int ssci;
    private final byte[] salt;

    private SaKey(CipherSuite suite, byte[] key, int ssci, byte[] salt) {
        if (key.length != suite.keyBytes()) {
            throw new IllegalArgumentException(suite + " needs a " + suite.keyBytes() + "-octet key, got "
                    + key.length + " octets");
        }
        if (salt.length != SALT_LEN) {
            throw new IllegalArgumentException("the XPN salt is 12 octets, got " + salt.length);
        }
        this.suite = suite;
        this.key = new SecretKeySpec(key, "AES");
        this.ssci = ssci;
        this.salt = salt.clone();
    }

    /** A key for GCM-AES-128 or GCM-AES-256. */
    public static SaKey of(CipherSuite suite, byte[] key) {
        if (suite.xpn()) {
            throw new IllegalArgumentException(suite + " needs an SSCI and a salt");
        }
        return new SaKey(suite, key, 0, new byte[SALT_LEN]);
    }

    /** A key for GCM-AES-XPN-128 or GCM-AES-XPN-256. */
    public static SaKey ofXpn(CipherSuite suite, byte[] key, int ssci, byte[] salt) {
        if (!suite.xpn()) {
            throw new IllegalArgumentException(suite + " takes no SSCI or salt");
        }
        return new SaKey(suite, key, ssci, salt);
    }

    public CipherSuite suite() {
        return suite;
    }

    SecretKeySpec spec() {
        return key;
    }

    /** The SAK's octets, for a capture's keys file (Wireshark's {@code macsec.psk}); a copy. */
    public byte[] sak() {
        return key.getEncoded();
    }

    public int ssci() {
        return ssci;
    }

    public byte[] salt() {
        return salt.clone();
    }

    /**
     * Fills the 12-octet GCM IV: SCI || PN32 for the non-XPN suites ({@code macsec_fill_iv}), and
     * (SSCI || PN64) XOR salt for XPN ({@code macsec_fill_iv_xpn}).
     *
     * @param pn the 32-bit PN, or for XPN the full (recovered) 64-bit PN
     */
    void fillIv(byte[] iv, long sci, long pn) {
        if (!suite.xpn()) {
            Sci.write(sci, iv, 0);
            iv[8] = (byte) (pn >>> 24);
            iv[9] = (byte) (pn >>> 16);
            iv[10] = (byte) (pn >>> 8);
            iv[11] = (byte) pn;
            return;
        }
        iv[0] = (byte) ((ssci >>> 24) ^ salt[0]);
        iv[1] = (byte) ((ssci >>> 16) ^ salt[1]);
        iv[2] = (byte) ((ssci >>> 8) ^ salt[2]);
        iv[3] = (byte) (ssci ^ salt[3]);
        for (int i = 0; i < 8; i++) {
            iv[4 + i] = (byte) ((pn >>> (56 - 8 * i)) ^ salt[4 + i]);
        }
    }

    /** Names the suite only: key material never appears in logs. */
    @Override
    public String toString() {
        return suite + " key";
    }
}
