package org.cryptorder.net;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReferenceMacsecTest {

  @Test
  void reproducesEveryGcmAes128VectorWithSci() throws IOException {
    List<Ieee8021aeVector> vectors = Ieee8021aeVector.loadAll().stream()
        .filter(v -> v.cipherSuite().equals("GCM-AES-128") && v.includeSci())
        .toList();
    assertThat(vectors).extracting(v -> v.name().substring(0, 5)).containsExactly("C.1.1", "C.6.1");

    for (Ieee8021aeVector v : vectors) {
      byte[] frame = ReferenceMacsec.protect(v.key(), v.sci(), v.an(), v.sectagPn(), v.encrypt(), v.plaintextFrame());
      assertThat(HexFormat.of().formatHex(frame)).as(v.name()).isEqualTo(HexFormat.of().formatHex(v.protectedFrame()));
    }
  }
}
