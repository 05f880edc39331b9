package org.cryptorder.wifi;

import javax.crypto.SecretKey;

/**
 * AES-CCM (NIST SP 800-38C, RFC 3610): CTR encryption and a CBC-MAC over a formatted B0 block,
 * the AAD and the payload, with the MAC encrypted by the first keystream block. It works in place
 * on a buffer: the payload is replaced by ciphertext and the MIC written right after it, and the
 * reverse.
 *
 * <p>Nonces of 7 to 13 octets (length field L = 15 - nonce length), MICs of 4 to 16 octets (even),
 * AAD shorter than 65280 octets. CCMP uses 13-octet nonces (L = 2) and MICs of 8 or 16 octets.
 *
 * <p>Two implementations exist so that each checks the other: {@link JdkCcmEngine}, built on the
 * JDK's AES (AES-NI in HotSpot), which is the faster and the one a {@link CcmpCodec} uses on the
 * hot path, and {@link BouncyCastleCcmEngine}, Bouncy Castle's {@code CCMBlockCipher}. An engine
 * holds scratch space and is not thread-safe: one engine per thread.
 */
public abstract sealed class CcmEngine permits JdkCcmEngine, BouncyCastleCcmEngine {
    /** The largest payload an engine accepts: the 2304-octet 802.11 MSDU plus room to spare. */
    public static final int MAX_PAYLOAD = 8192;

    CcmEngine() {
    }

    /**
     * Encrypts {@code buf[off, off+len)} in place and writes the {@code micLen}-octet MIC at
     * {@code buf[off+len, off+len+micLen)}, authenticating {@code aad[0, aadLen)} as well.
     */
    public abstract void seal(SecretKey key, byte[] nonce, byte[] aad, int aadLen, byte[] buf, int off, int len, int micLen);

    /**
     * Verifies the MIC at {@code buf[off+len, off+len+micLen)} over the decryption of {@code
     * buf[off, off+len)} and {@code aad[0, aadLen)}. When it holds, the payload is decrypted in
     * place and the result is true; otherwise the buffer is left exactly as it was.
     */
    public abstract boolean open(SecretKey key, byte[] nonce, byte[] aad, int aadLen, byte[] buf, int off, int len, int micLen);

    /** The engine for the hot path: the faster of the two by measurement ({@code CcmBenchmark}). */
    public static CcmEngine fastest() {
        return new JdkCcmEngine();
    }

    /** Checks the arguments both implementations share; a caller's mistake, so it throws. */
    static void checkArguments(SecretKey key, byte[] nonce, int aadLen, byte[] buf, int off, int len, int micLen) {
        if (!"AES".equals(key.getAlgorithm())) {
            throw new IllegalArgumentException("CCM needs an AES key, got " + key.getAlgorithm());
        }
        if (nonce.length < 7 || nonce.length > 13) {
            throw new IllegalArgumentException("a CCM nonce has 7 to 13 octets, got " + nonce.length);
        }
        if (micLen < 4 || micLen > 16 || (micLen & 1) != 0) {
            throw new IllegalArgumentException("a CCM MIC has 4, 6, ..., 16 octets, got " + micLen);
        }
        if (aadLen < 0 || aadLen >= 0xff00) {
            throw new IllegalArgumentException("AAD length " + aadLen + " outside [0, 65280)");
        }
        int lengthOctets = 15 - nonce.length;
        if (len < 0 || len > MAX_PAYLOAD || (lengthOctets < 4 && len >>> (8 * lengthOctets) != 0)) {
            throw new IllegalArgumentException("payload length " + len + " does not fit a " + nonce.length
                    + "-octet nonce's length field, or exceeds " + MAX_PAYLOAD);
        }
        if (off < 0 || (long) off + len + micLen > buf.length) {
            throw new IllegalArgumentException("payload [" + off + ", " + (off + len) + ") and MIC outside a buffer of "
                    + buf.length);
        }
    }
}
