package org.cryptorder.wifi;

import javax.crypto.SecretKey;
import org.bouncycastle.crypto.InvalidCipherTextException;
import org.bouncycastle.crypto.engines.AESEngine;
import org.bouncycastle.crypto.modes.CCMBlockCipher;
import org.bouncycastle.crypto.modes.CCMModeCipher;
import org.bouncycastle.crypto.params.AEADParameters;
import org.bouncycastle.crypto.params.KeyParameter;

/**
 * AES-CCM through Bouncy Castle's lightweight {@code CCMBlockCipher} over its table-based Java AES.
 * The cross-check for {@link JdkCcmEngine}: written by other people from the same specification,
 * and several times slower (see {@code CcmBenchmark}), so it stays off the hot path.
 *
 * <p>Bouncy Castle buffers the whole message and returns the result in a scratch buffer, which
 * this engine copies back into the caller's buffer only when the MIC verified. Not thread-safe.
 */
public final class BouncyCastleCcmEngine extends CcmEngine {
    private final CCMModeCipher ccm = CCMBlockCipher.newInstance(AESEngine.newInstance());
    private SecretKey lastKey;
    private KeyParameter lastParam;
    private byte[] out = new byte[2 * 1024];

    @Override
    public void seal(SecretKey key, byte[] nonce, byte[] aad, int aadLen, byte[] buf, int off, int len, int micLen) {
        try {
            process(true, key, nonce, aad, aadLen, buf, off, len, micLen, len);
        } catch (InvalidCipherTextException e) {
            throw new IllegalStateException("Bouncy Castle CCM encryption failed", e);
        }
    }

    @Override
    public boolean open(SecretKey key, byte[] nonce, byte[] aad, int aadLen, byte[] buf, int off, int len, int micLen) {
        try {
            process(false, key, nonce, aad, aadLen, buf, off, len, micLen, len + micLen);
            return true;
        } catch (InvalidCipherTextException e) {
            return false;
        }
    }

    /**
     * One CCM pass over the {@code inLen} octets at {@code buf[off]} (the payload to seal, or the
     * ciphertext and MIC to open); the result replaces them only when it is complete.
     */
    private void process(boolean encrypt, SecretKey key, byte[] nonce, byte[] aad, int aadLen, byte[] buf, int off,
                         int len, int micLen, int inLen) throws InvalidCipherTextException {
        CcmEngine.checkArguments(key, nonce, aadLen, buf, off, len, micLen);
        init(encrypt, key, nonce, aad, aadLen, micLen);
        byte[] o = scratch(len + micLen);
        int n = ccm.processBytes(buf, off, inLen, o, 0);
        n += ccm.doFinal(o, n);
        System.arraycopy(o, 0, buf, off, n);
    }

    private void init(boolean encrypt, SecretKey key, byte[] nonce, byte[] aad, int aadLen, int micLen) {
        if (key != lastKey) {
            lastParam = new KeyParameter(key.getEncoded());
            lastKey = key;
        }
        ccm.init(encrypt, new AEADParameters(lastParam, micLen * 8, nonce));
        ccm.processAADBytes(aad, 0, aadLen);
    }

    private byte[] scratch(int size) {
        if (out.length < size) {
            out = new byte[Math.max(size, 2 * out.length)];
        }
        return out;
    }
}
