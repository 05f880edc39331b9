package org.cryptorder.macsec;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.cryptorder.testing.ProjectFiles;

/** The IEEE 802.1AE known-answer vectors in {@code data/vectors/ieee8021ae.json}. */
public final class Vectors {
    private static final HexFormat HEX = HexFormat.of();

    /** One vector: inputs and the expected protected frame. */
    public record Vector(String name, CipherSuite suite, byte[] key, long sci, long pn, int an, boolean encrypt,
                         boolean includeSci, boolean es, int tciAn, int shortLength, byte[] plaintext,
                         byte[] protectedFrame, int ssci, byte[] salt) {
        /** The key material as the SecY needs it. */
        public SaKey saKey() {
            return suite.xpn() ? SaKey.ofXpn(suite, key, ssci, salt) : SaKey.of(suite, key);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private Vectors() {
    }

    public static List<Vector> all() {
        try {
            JsonNode root = new ObjectMapper().readTree(ProjectFiles.resolve("data/vectors/ieee8021ae.json").toFile());
            List<Vector> out = new ArrayList<>();
            for (JsonNode v : root.get("vectors")) {
                CipherSuite suite = CipherSuite.fromName(v.get("cipher_suite").asText());
                out.add(new Vector(v.get("name").asText(), suite, HEX.parseHex(v.get("key_hex").asText()),
                        Sci.parse(v.get("sci_hex").asText()), new BigInteger(v.get("pn_hex").asText(), 16).longValue(),
                        v.get("an").asInt(), v.get("encrypt").asBoolean(), v.get("include_sci").asBoolean(),
                        v.get("es").asBoolean(), Integer.parseInt(v.get("tci_an_hex").asText(), 16),
                        v.get("short_length").asInt(), HEX.parseHex(v.get("plaintext_frame_hex").asText()),
                        HEX.parseHex(v.get("protected_frame_hex").asText()),
                        v.has("ssci_hex") ? (int) Long.parseLong(v.get("ssci_hex").asText(), 16) : 0,
                        v.has("salt_hex") ? HEX.parseHex(v.get("salt_hex").asText()) : new byte[SaKey.SALT_LEN]));
            }
            return out;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A SecY configured to send with the vector's parameters. */
    public static SecY sender(Vector v) {
        SecYConfig cfg = SecYConfig.linuxDefaults(v.sci()).withSuite(v.suite()).withEncrypt(v.encrypt())
                .withSendSci(v.includeSci()).withEndStation(v.es()).withEncodingSa(v.an());
        SecY secy = new SecY(cfg);
        secy.addTxSa(v.an(), v.saKey(), v.pn(), true);
        return secy;
    }

    /** A SecY configured to receive the vector's frame: its RX SA's next_pn is the vector's PN. */
    public static SecY receiver(Vector v) {
        SecYConfig cfg = SecYConfig.linuxDefaults(0x0200000000010001L).withSuite(v.suite());
        SecY secy = new SecY(cfg);
        secy.addRxSc(v.sci());
        secy.addRxSa(v.sci(), v.an(), v.saKey(), v.pn(), true);
        return secy;
    }
}
