package org.cryptorder.net;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.cryptorder.ProjectFiles;

/**
 * One IEEE 802.1AE Annex C known-answer vector from {@code data/vectors/ieee8021ae.json}: an
 * unprotected frame and the MACsec frame it becomes under a given key, SCI, AN and PN.
 *
 * @param name e.g. "C.1.1 GCM-AES-128 (54-octet frame integrity protection)"
 * @param cipherSuite GCM-AES-128, GCM-AES-256, GCM-AES-XPN-128 or GCM-AES-XPN-256
 * @param key the SAK
 * @param sci the secure channel identifier (MAC address and port)
 * @param pnHex the PN in hex: 32 bits, or the full 64 bits for the XPN suites
 * @param an the association number
 * @param encrypt whether the secure data is encrypted (E=1, C=1)
 * @param includeSci whether the SecTAG carries the SCI
 * @param plaintextFrame DA, SA, EtherType and payload
 * @param protectedFrame DA, SA, SecTAG, secure data and ICV
 */
public record Ieee8021aeVector(
    String name,
    String cipherSuite,
    byte[] key,
    byte[] sci,
    String pnHex,
    int an,
    boolean encrypt,
    boolean includeSci,
    byte[] plaintextFrame,
    byte[] protectedFrame) {

  /** Where the vectors live, relative to the project root. */
  public static final String FILE = "data/vectors/ieee8021ae.json";

  /** Returns the PN as carried in the SecTAG: the lower 32 bits. */
  public long sectagPn() {
    return Long.parseUnsignedLong(pnHex, 16) & 0xffff_ffffL;
  }

  /**
   * Reads every vector of {@link #FILE}.
   *
   * @return the vectors in file order
   * @throws IOException if the file cannot be read
   */
  public static List<Ieee8021aeVector> loadAll() throws IOException {
    HexFormat hex = HexFormat.of();
    Path file = ProjectFiles.resolve(FILE);
    List<Ieee8021aeVector> vectors = new ArrayList<>();
    for (JsonNode v : new ObjectMapper().readTree(file.toFile()).path("vectors")) {
      vectors.add(new Ieee8021aeVector(
          v.path("name").asText(),
          v.path("cipher_suite").asText(),
          hex.parseHex(v.path("key_hex").asText()),
          hex.parseHex(v.path("sci_hex").asText()),
          v.path("pn_hex").asText(),
          v.path("an").asInt(),
          v.path("encrypt").asBoolean(),
          v.path("include_sci").asBoolean(),
          hex.parseHex(v.path("plaintext_frame_hex").asText()),
          hex.parseHex(v.path("protected_frame_hex").asText())));
    }
    if (vectors.isEmpty()) {
      throw new IOException("no vectors in " + file);
    }
    return vectors;
  }
}
