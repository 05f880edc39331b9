package org.cryptorder.wifi;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import javax.crypto.spec.SecretKeySpec;
import org.cryptorder.testing.ProjectFiles;
import org.junit.jupiter.api.Named;
import org.junit.jupiter.params.provider.Arguments;

/** The AES-CCM and CCMP known-answer vectors in {@code data/vectors/ccmp.json}. */
final class CcmpVectors {
    private static final HexFormat HEX = HexFormat.of();

    /** One raw CCM vector: the expected output is the ciphertext followed by the MIC. */
    record Ccm(String name, byte[] key, byte[] nonce, byte[] aad, byte[] plaintext, byte[] ciphertextAndMic, int micLen) {
        /** The key as a {@link CcmEngine} takes it. */
        SecretKeySpec secretKey() {
            return new SecretKeySpec(key, "AES");
        }

        @Override
        public String toString() {
            return name;
        }
    }

    /** One whole-MPDU vector. */
    record Frame(String name, CcmpSuite suite, byte[] key, int keyId, long pn, int headerLen, byte[] plaintextMpdu,
                 byte[] protectedMpdu, byte[] nonce, byte[] aad, boolean currentRules) {
        CcmpKey ccmpKey() {
            return new CcmpKey(suite, key, keyId);
        }

        @Override
        public String toString() {
            return name;
        }
    }

    private CcmpVectors() {
    }

    private static JsonNode root() {
        try {
            return new ObjectMapper().readTree(ProjectFiles.resolve("data/vectors/ccmp.json").toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<Ccm> ccm() {
        List<Ccm> out = new ArrayList<>();
        for (JsonNode v : root().get("ccm_vectors")) {
            out.add(new Ccm(v.get("name").asText(), hex(v, "key_hex"), hex(v, "nonce_hex"), hex(v, "aad_hex"),
                    hex(v, "plaintext_hex"), hex(v, "ciphertext_and_mic_hex"), v.get("mic_len").asInt()));
        }
        return out;
    }

    static List<Frame> frames() {
        List<Frame> out = new ArrayList<>();
        for (JsonNode v : root().get("ccmp_frames")) {
            out.add(new Frame(v.get("name").asText(), CcmpSuite.fromName(v.get("suite").asText()), hex(v, "key_hex"),
                    v.get("key_id").asInt(), Long.parseLong(v.get("pn_hex").asText(), 16), v.get("header_len").asInt(),
                    hex(v, "plaintext_mpdu_hex"), hex(v, "protected_mpdu_hex"), hex(v, "nonce_hex"), hex(v, "aad_hex"),
                    v.get("current_rules").asBoolean()));
        }
        return out;
    }

    /** The frames that are valid under current 802.11 and mac80211 rules. */
    static List<Frame> currentFrames() {
        return frames().stream().filter(Frame::currentRules).toList();
    }

    /** Each of {@code vectors} twice, as arguments: with a new engine named "jdk", then one named "bouncycastle". */
    static Stream<Arguments> withBothEngines(List<?> vectors) {
        return vectors.stream().flatMap(v -> Stream.of(
                Arguments.of(v, Named.<CcmEngine>of("jdk", new JdkCcmEngine())),
                Arguments.of(v, Named.<CcmEngine>of("bouncycastle", new BouncyCastleCcmEngine()))));
    }

    private static byte[] hex(JsonNode v, String field) {
        return HEX.parseHex(v.get(field).asText());
    }
}
