package org.cryptorder.wifi;

import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

/**
 * An installed CCMP temporal key: the suite, the key octets (the TK of a PTKSA, or a GTK) and the
 * Key ID (0 to 3) carried in the CCMP header. Immutable and safe to share between threads; the
 * packet-number state lives in the {@link CcmpCodec} that uses the key.
 *
 * @param suite     the cipher suite, which fixes the key's length
 * @param secretKey the AES key for a {@link CcmEngine}
 * @param keyId     the Key ID subfield of the CCMP header
 */
public record CcmpKey(CcmpSuite suite, SecretKey secretKey, int keyId) {
    /** Checks the key's length against the suite and the Key ID's range. */
    public CcmpKey {
        checkLength(suite, secretKey.getEncoded().length);
        if (keyId < 0 || keyId > 3) {
            throw new IllegalArgumentException("a Key ID is 0 to 3, got " + keyId);
        }
    }

    /** The key of {@code suite} with these octets and Key ID. */
    public CcmpKey(CcmpSuite suite, byte[] key, int keyId) {
        this(suite, aesKey(suite, key), keyId);
    }

    /** The octets as an AES key, once their length fits the suite. */
    private static SecretKey aesKey(CcmpSuite suite, byte[] key) {
        checkLength(suite, key.length);
        return new SecretKeySpec(key, "AES");
    }

    private static void checkLength(CcmpSuite suite, int octets) {
        if (octets != suite.keyBytes()) {
            throw new IllegalArgumentException(suite + " needs a " + suite.keyBytes() + "-octet key, got "
                    + octets + " octets");
        }
    }

    /** Names the suite and Key ID only: key material never appears in logs. */
    @Override
    public String toString() {
        return suite + " key " + keyId;
    }
}
