package org.cryptorder.wifi;

import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * An installed CCMP temporal key: the suite, the key octets (the TK of a PTKSA, or a GTK) and the
 * Key ID (0 to 3) carried in the CCMP header. Immutable and safe to share between threads; the
 * packet-number state lives in the {@link CcmpCodec} that uses the key.
 */
public final class CcmpKey {
    private final CcmpSuite suite;
    private final SecretKeySpec key;
    private final int keyId;

    public CcmpKey(CcmpSuite suite, byte[] key, int keyId) {
        if (key.length != suite.keyBytes()) {
            throw new IllegalArgumentException(suite + " needs a " + suite.keyBytes() + "-octet key, got "
                    + key.length + " octets");
        }
        if (keyId < 0 || keyId > 3) {
            throw new IllegalArgumentException("a Key ID is 0 to 3, got " + keyId);
        }
        this.suite = suite;
        this.key = new SecretKeySpec(key, "AES");
        this.keyId = keyId;
    }

    public CcmpSuite suite() {
        return suite;
    }

    /** The Key ID subfield of the CCMP header. */
    public int keyId() {
        return keyId;
    }

    /** The AES key for a {@link CcmEngine}. */
    public SecretKey secretKey() {
        return key;
    }

    /** Names the suite and Key ID only: key material never appears in logs. */
    @Override
    public String toString() {
        return suite + " key " + keyId;
    }
}
