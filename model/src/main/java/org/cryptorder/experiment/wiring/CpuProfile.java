package org.cryptorder.experiment.wiring;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.cryptorder.crypto.CryptoCosts;
import org.cryptorder.net.StackCosts;

/**
 * A CPU cost profile ({@code data/profiles/*.json}): the crypto and stack costs of one kind of
 * machine, each parameter with its unit, where its value comes from (measured, cited, fitted or
 * assumed) and a sentence of provenance.
 */
public record CpuProfile(String name, String description, CryptoCosts crypto, StackCosts stack,
                         Map<String, Parameter> parameters) {

    /** Where a value comes from. */
    public enum Source { MEASURED, CITED, FITTED, ASSUMED }

    /** One parameter as the profile states it. */
    public record Parameter(double value, String unit, Source source, String provenance) {
    }

    /** The parameters every profile must give, in the order of the cost records. */
    static final List<String> CRYPTO_KEYS = List.of("ghz", "aesniCyclesPerByte", "aesniAuthCyclesPerByte",
            "aesniCyclesPerRequest", "simdWrapperCycles", "fpuBeginEndCycles", "xsaveCycles", "fallbackBlockCycles",
            "ghashGenericCyclesPerByte", "genericAesCyclesPerByte", "fallbackCyclesPerRequest", "cryptdEnqueueCycles",
            "cryptdInvocationCycles");
    static final List<String> STACK_KEYS = List.of("driverRxCycles", "macsecRxCycles", "macsecTxCycles",
            "udpTxCycles", "udpRxCycles", "tcpTxCycles", "tcpRxCycles", "gsoSegmentCycles",
            "groSegmentCycles");
    /** The sending application's costs besides the stack's ({@link #tcpCopyCyclesPerByte}). */
    static final List<String> SEND_KEYS = List.of("tcpCopyCyclesPerByte");
    /** The parameters of a machine that can be a WiFi station ({@link WifiStation}): all or none. */
    static final List<String> WIFI_KEYS = List.of("wifiRxCycles", "ccmRequestCycles", "aesniCtrCyclesPerByte",
            "aesniCbcmacCyclesPerByte");

    /** A profile file that cannot be used; the message names the file and the parameter. */
    public static final class InvalidProfileException extends Exception {
        private static final long serialVersionUID = 1L;

        InvalidProfileException(String message) {
            super(message);
        }
    }

    /** Reads and checks a profile file; reports every problem at once. */
    public static CpuProfile load(Path file) throws InvalidProfileException {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(Files.readString(file));
        } catch (JsonProcessingException e) {
            throw new InvalidProfileException(file + ": not valid JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new InvalidProfileException(file + ": cannot read: " + e.getMessage());
        }
        List<String> problems = new ArrayList<>();
        String name = text(root, "name", problems);
        String description = text(root, "description", problems);
        JsonNode params = root.path("parameters");
        Map<String, Parameter> found = new LinkedHashMap<>();
        if (!params.isObject()) {
            problems.add("parameters: an object of named parameters expected");
        } else {
            for (Iterator<Map.Entry<String, JsonNode>> it = params.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (!CRYPTO_KEYS.contains(e.getKey()) && !STACK_KEYS.contains(e.getKey())
                        && !SEND_KEYS.contains(e.getKey()) && !WIFI_KEYS.contains(e.getKey())) {
                    problems.add("parameters." + e.getKey() + ": not a parameter of a CPU profile");
                    continue;
                }
                Parameter p = parameter("parameters." + e.getKey(), e.getValue(), problems);
                if (p != null) {
                    found.put(e.getKey(), p);
                }
            }
            for (String k : CRYPTO_KEYS) {
                if (!params.has(k)) {
                    problems.add("parameters." + k + ": missing");
                }
            }
            for (String k : SEND_KEYS) {
                if (!params.has(k)) {
                    problems.add("parameters." + k + ": missing");
                }
            }
            for (String k : STACK_KEYS) {
                if (!params.has(k)) {
                    problems.add("parameters." + k + ": missing");
                }
            }
            boolean anyWifi = WIFI_KEYS.stream().anyMatch(params::has);
            for (String k : WIFI_KEYS) {
                if (anyWifi && !params.has(k)) {
                    problems.add("parameters." + k + ": missing (a WiFi station's parameters come all together)");
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new InvalidProfileException(file + ": " + String.join("; ", problems));
        }
        double[] c = CRYPTO_KEYS.stream().mapToDouble(k -> found.get(k).value()).toArray();
        double[] s = STACK_KEYS.stream().mapToDouble(k -> found.get(k).value()).toArray();
        try {
            CryptoCosts crypto = new CryptoCosts(c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9], c[10],
                    c[11], c[12]);
            StackCosts stack = new StackCosts(c[0], s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8]);
            return new CpuProfile(name, description, crypto, stack, Map.copyOf(found));
        } catch (IllegalArgumentException e) {
            throw new InvalidProfileException(file + ": " + e.getMessage());
        }
    }

    /** CPU cycles per octet a TCP write copies from user space into the socket's skbs. */
    public double tcpCopyCyclesPerByte() {
        return value("tcpCopyCyclesPerByte");
    }

    /** Whether this machine can be a WiFi station: its profile gives the station's parameters. */
    public boolean hasWifi() {
        return parameters.containsKey(WIFI_KEYS.get(0));
    }

    /** The WiFi station's costs; only when {@link #hasWifi()}. */
    public WifiStation.WifiCosts wifi() {
        if (!hasWifi()) {
            throw new IllegalStateException("profile " + name + " gives no WiFi station parameters");
        }
        return new WifiStation.WifiCosts(crypto.ghz(), value("wifiRxCycles"), crypto.fpuBeginEndCycles(),
                crypto.fallbackBlockCycles(), crypto.fallbackCyclesPerRequest(), value("ccmRequestCycles"),
                crypto.simdWrapperCycles(), value("aesniCtrCyclesPerByte"), value("aesniCbcmacCyclesPerByte"));
    }

    private double value(String key) {
        return parameters.get(key).value();
    }

    static String text(JsonNode root, String key, List<String> problems) {
        JsonNode n = root.get(key);
        if (n == null || !n.isTextual() || n.asText().isBlank()) {
            problems.add(key + ": a non-empty string expected");
            return "";
        }
        return n.asText();
    }

    static Parameter parameter(String path, JsonNode n, List<String> problems) {
        if (!n.isObject()) {
            problems.add(path + ": an object with value, unit, source and provenance expected");
            return null;
        }
        JsonNode v = n.get("value");
        JsonNode unit = n.get("unit");
        JsonNode source = n.get("source");
        JsonNode prov = n.get("provenance");
        int before = problems.size();
        if (v == null || !v.isNumber() || !(v.asDouble() >= 0)) {
            problems.add(path + ".value: a non-negative number expected");
        }
        if (unit == null || !unit.isTextual()) {
            problems.add(path + ".unit: a string expected");
        }
        Source src = null;
        if (source == null || !source.isTextual()) {
            problems.add(path + ".source: one of measured, cited, fitted, assumed expected");
        } else {
            try {
                src = Source.valueOf(source.asText().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                problems.add(path + ".source: one of measured, cited, fitted, assumed expected, found '"
                        + source.asText() + "'");
            }
        }
        if (prov == null || !prov.isTextual() || prov.asText().isBlank()) {
            problems.add(path + ".provenance: a sentence saying where the value comes from expected");
        }
        for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!List.of("value", "unit", "source", "provenance").contains(f)) {
                problems.add(path + "." + f + ": unknown key (expected value, unit, source, provenance)");
            }
        }
        return problems.size() > before ? null : new Parameter(v.asDouble(), unit.asText(), src, prov.asText());
    }
}
