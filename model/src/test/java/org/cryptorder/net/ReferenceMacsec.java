package org.cryptorder.net;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * A deliberately plain, test-only IEEE 802.1AE transmit path (GCM-AES-128, SecTAG with SCI,
 * 16-octet ICV, as Linux sends with its defaults), used to make many distinct MACsec frames for
 * checking the Wireshark oracle at scale. It is checked byte for byte against the Annex C
 * vectors in {@code ReferenceMacsecTest}; it is not the model's MACsec implementation.
 */
final class ReferenceMacsec {

  private static final int ADDRESSES = 12;
  private static final int SECTAG_WITH_SCI = 2 + 1 + 1 + 4 + 8;
  private static final int ICV = 16;
  private static final int MIN_NON_SHORT_LEN = 48;

  private ReferenceMacsec() {}

  /**
   * Protects an Ethernet frame.
   *
   * @param key the 16-octet SAK
   * @param sci the 8-octet SCI, carried in the SecTAG
   * @param an the association number, 0 to 3
   * @param pn the 32-bit packet number, not 0
   * @param encrypt whether to encrypt (E=1, C=1) or only protect integrity
   * @param frame DA, SA, EtherType and payload
   * @return DA, SA, SecTAG, secure data and ICV
   */
  static byte[] protect(byte[] key, byte[] sci, int an, long pn, boolean encrypt, byte[] frame) {
    int secureLength = frame.length - ADDRESSES;
    ByteBuffer out = ByteBuffer.allocate(ADDRESSES + SECTAG_WITH_SCI + secureLength + ICV);
    out.put(frame, 0, ADDRESSES);
    out.putShort((short) 0x88e5);
    out.put((byte) (0x20 | (encrypt ? 0x0c : 0) | an));
    out.put((byte) (secureLength < MIN_NON_SHORT_LEN ? secureLength : 0));
    out.putInt((int) pn);
    out.put(sci);
    int headerLength = out.position();
    out.put(frame, ADDRESSES, secureLength);

    byte[] iv = ByteBuffer.allocate(12).put(sci).putInt((int) pn).array();
    try {
      Cipher gcm = Cipher.getInstance("AES/GCM/NoPadding");
      gcm.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(key, "AES"), new GCMParameterSpec(ICV * 8, iv));
      byte[] buf = out.array();
      if (encrypt) {
        gcm.updateAAD(buf, 0, headerLength);
        gcm.doFinal(buf, headerLength, secureLength, buf, headerLength);
      } else {
        gcm.updateAAD(buf, 0, headerLength + secureLength);
        gcm.doFinal(buf, 0, 0, buf, headerLength + secureLength);
      }
      return buf;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("AES-GCM is part of every JDK", e);
    }
  }
}
