package org.cryptorder.charts;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.cryptorder.crypto.KernelEra;
import org.cryptorder.experiment.file.JsonSyntax;

/**
 * What {@code experiment.json} of a results folder says: the experiment as it ran, with every
 * default filled in, its sweep and its provenance. Read as a JSON tree, not through the experiment
 * file parser, so that a folder written by an older or newer tool still charts.
 */
final class ExperimentDescription {
    static final String FILE = "experiment.json";

    private final JsonNode root;
    private final Map<String, List<String>> sweep;
    private final Set<String> sweptOverNumbers;

    private ExperimentDescription(JsonNode root, Map<String, List<String>> sweep, Set<String> sweptOverNumbers) {
        this.root = root;
        this.sweep = sweep;
        this.sweptOverNumbers = Set.copyOf(sweptOverNumbers);
    }

    static ExperimentDescription read(Path file) throws MalformedResultsException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new MalformedResultsException(file + ": no such file");
        } catch (IOException e) {
            throw new MalformedResultsException(file + ": cannot be read: " + e.getMessage());
        }
        return parse(file.toString(), text);
    }

    /** The description of an experiment given as the JSON text {@code experiment.json} holds. */
    static ExperimentDescription parse(String text) throws MalformedResultsException {
        return parse(FILE, text);
    }

    /** The same, naming the text {@code name} in messages. */
    private static ExperimentDescription parse(String name, String text) throws MalformedResultsException {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(text);
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            throw new MalformedResultsException(name + ":" + (at == null ? 1 : Math.max(1, at.getLineNr())) + ":"
                    + (at == null ? 1 : Math.max(1, at.getColumnNr())) + ": not valid JSON: " + JsonSyntax.reason(e));
        }
        if (root == null || !root.isObject()) {
            throw new MalformedResultsException(FILE + ": expected a JSON object (the experiment as it ran)");
        }
        if (!root.path("name").isTextual()) {
            throw new MalformedResultsException(FILE + ": no \"name\" (is this the experiment.json of a results folder?)");
        }
        JsonNode sweepNode = root.path("sweep");
        Map<String, List<String>> sweep = new LinkedHashMap<>();
        Set<String> sweptOverNumbers = new HashSet<>();
        if (!sweepNode.isMissingNode() && !sweepNode.isNull()) {
            if (!sweepNode.isObject()) {
                throw new MalformedResultsException(FILE + ": \"sweep\" is not an object");
            }
            for (Map.Entry<String, JsonNode> e : sweepNode.properties()) {
                if (!e.getValue().isArray()) {
                    throw new MalformedResultsException(FILE + ": sweep." + e.getKey() + " is not a list of values");
                }
                List<String> values = new ArrayList<>();
                e.getValue().forEach(v -> values.add(text(v)));
                sweep.put(e.getKey(), List.copyOf(values));
                boolean numbers = !e.getValue().isEmpty();
                for (JsonNode v : e.getValue()) {
                    numbers &= v.isNumber();
                }
                if (numbers) {
                    sweptOverNumbers.add(e.getKey());
                }
            }
        }
        return new ExperimentDescription(root, sweep, sweptOverNumbers);
    }

    /** A scalar as the tables write it: strings bare, numbers and booleans as JSON writes them. */
    private static String text(JsonNode v) {
        return v.isTextual() ? v.asText() : v.toString();
    }

    String name() {
        return root.path("name").asText();
    }

    String description() {
        return root.path("description").asText("");
    }

    /** The swept paths and their values, in file order (the first outermost). */
    Map<String, List<String>> sweep() {
        return sweep;
    }

    boolean swept(String path) {
        return sweep.containsKey(path);
    }

    /**
     * Whether the path is swept over JSON numbers ({@code [0, 0.1, 0.3]}), so that its values
     * have an order and a distance. Values written as strings ({@code ["5.6", "6.15"]}, kernel
     * versions) are names, however much they look like numbers.
     */
    boolean sweptOverNumbers(String path) {
        return sweptOverNumbers.contains(path);
    }

    /** A value of the resolved experiment by dotted path ({@code traffic.0.rateMbps}), or a missing node. */
    JsonNode at(String path) {
        JsonNode n = root;
        for (String part : path.split("\\.")) {
            n = n.isArray() && part.chars().allMatch(Character::isDigit) ? n.path(Integer.parseInt(part)) : n.path(part);
        }
        return n;
    }

    int replications() {
        return at("run.replications").asInt(0);
    }

    String seed() {
        JsonNode s = at("run.seed");
        return s.isMissingNode() ? "" : text(s);
    }

    double durationS() {
        return at("run.durationS").asDouble(Double.NaN);
    }

    double warmupS() {
        return at("run.warmupS").asDouble(0);
    }

    /** The provenance object written by {@code run}: tool, source, fingerprint, randomNumbers. */
    Map<String, String> provenance() {
        Map<String, String> out = new LinkedHashMap<>();
        root.path("provenance").properties().forEach(e -> out.put(e.getKey(), text(e.getValue())));
        return out;
    }

    private List<JsonNode> traffic() {
        List<JsonNode> out = new ArrayList<>();
        root.path("traffic").forEach(out::add);
        return out;
    }

    private boolean hasKind(String kind) {
        if (traffic().stream().anyMatch(t -> t.path("kind").asText().equals(kind))) {
            return true;
        }
        return sweep.entrySet().stream().anyMatch(e -> e.getKey().endsWith(".kind") && e.getValue().contains(kind));
    }

    boolean hasTcp() {
        return hasKind("tcp");
    }

    boolean hasUdp() {
        return hasKind("udp");
    }

    /** What the receivers count in order: {@code datagrams} (UDP), {@code segments} (TCP) or {@code packets}. */
    String packets() {
        return hasTcp() ? hasUdp() ? "packets" : "segments" : "datagrams";
    }

    /**
     * The offered UDP payload rate of all UDP entries, Mbit/s, when it is the same in every
     * configuration (no rate swept, no TCP beside it); NaN otherwise.
     */
    double offeredUdpMbps() {
        if (hasTcp() || sweep.keySet().stream().anyMatch(k -> k.startsWith("traffic."))) {
            return Double.NaN;
        }
        return traffic().stream().mapToDouble(t -> t.path("rateMbps").asDouble(0)).sum();
    }

    /** The crypto policy that runs in every configuration (from the policy or the kernel era), or null. */
    String fixedPolicy() {
        if (swept("crypto.policy") || swept("crypto.kernel")) {
            return null;
        }
        return policyOf(at("crypto.policy").asText(null), at("crypto.kernel").asText(null));
    }

    /** The policy that runs given crypto.policy and crypto.kernel (either may be null); null when unknown. */
    static String policyOf(String policy, String kernel) {
        if (policy != null) {
            return policy;
        }
        try {
            return KernelEra.policyFor(null, kernel).key();
        } catch (RuntimeException e) {
            return null;
        }
    }

    /**
     * Every parameter of the resolved experiment that is not swept, by dotted path, in file order
     * (name, description, sweep and provenance left out).
     */
    Map<String, String> fixedParameters() {
        Map<String, String> out = new LinkedHashMap<>();
        root.properties().forEach(e -> {
            if (!List.of("name", "description", "sweep", "provenance").contains(e.getKey())) {
                flatten(e.getKey(), e.getValue(), out);
            }
        });
        return out;
    }

    private void flatten(String path, JsonNode n, Map<String, String> out) {
        if (swept(path)) {
            return;
        }
        if (n.isObject() && n.size() > 0) {
            n.properties().forEach(e -> flatten(path + "." + e.getKey(), e.getValue(), out));
        } else if (n.isArray() && n.size() > 0) {
            for (int i = 0; i < n.size(); i++) {
                flatten(path + "." + i, n.get(i), out);
            }
        } else if (n.isObject() || n.isArray()) {
            out.put(path, "(none)");
        } else if (!n.isNull()) {
            out.put(path, n.isNumber() && !n.isIntegralNumber() ? Numbers.plain(n.asDouble()) : text(n));
        }
    }

    /**
     * The parameters that matter most, held fixed in every configuration, in a few words for chart
     * subtitles: {@code kernel FPU busy 30% in 40 µs sections, UDP 2000 Mbit/s in 1400 B datagrams,
     * 10 Gbit/s link, 4 CPUs with 1 RX queue, GCM-AES-128}. Swept parameters are left out.
     */
    String heldFixed() {
        List<String> parts = new ArrayList<>();
        if (!at("wifi").isMissingNode() && !at("wifi").isNull()) {
            // a WiFi station: no MACsec link, policy or contention; what it is instead
            add(parts, "WiFi station (" + at("hosts.profile").asText("?") + " profile)");
            add(parts, fixed("wifi.ccmp") ? (at("wifi.ccmp").asBoolean(true) ? "WPA2 (CCMP-128)" : "open network") : "");
            add(parts, fixed("wifi.ccm") ? "ccm " + at("wifi.ccm").asText() : "");
            add(parts, fixed("wifi.airMbps") ? "air at most " + Numbers.plain(at("wifi.airMbps").asDouble()) + " Mbit/s" : "");
            List<JsonNode> downloads = traffic();
            for (int i = 0; i < downloads.size(); i++) {
                add(parts, trafficEntry(i, downloads.get(i)));
            }
            return String.join(", ", parts);
        }
        String policy = fixedPolicy();
        if (policy != null) {
            String kernel = at("crypto.kernel").asText(null);
            parts.add(kernel == null ? "policy " + policy : "kernel " + kernel + " (" + policy + ")");
        }
        contention(parts);
        List<JsonNode> traffic = traffic();
        for (int i = 0; i < traffic.size(); i++) {
            String t = trafficEntry(i, traffic.get(i));
            if (!t.isEmpty()) {
                parts.add(t);
            }
        }
        String link = join(
                fixed("link.rateGbps") ? Numbers.plain(at("link.rateGbps").asDouble()) + " Gbit/s link" : "",
                fixed("link.delayUs") ? Numbers.plain(at("link.delayUs").asDouble()) + " µs delay" : "");
        add(parts, link);
        int rx = at("hosts.rxQueues").asInt(1);
        add(parts, join(fixed("hosts.cpus") ? at("hosts.cpus").asInt() + " CPUs" : "",
                fixed("hosts.rxQueues") ? rx + " RX queue" + (rx == 1 ? "" : "s") : ""));
        if (fixed("macsec.cipherSuite")) {
            boolean encrypt = at("macsec.encrypt").asBoolean(true);
            parts.add(at("macsec.cipherSuite").asText() + (encrypt ? "" : " integrity only"));
        }
        return String.join(", ", parts);
    }

    private boolean fixed(String path) {
        return !swept(path) && !at(path).isMissingNode();
    }

    private static void add(List<String> parts, String part) {
        if (!part.isEmpty()) {
            parts.add(part);
        }
    }

    private static String join(String a, String b) {
        return a.isEmpty() ? b : b.isEmpty() ? a : a + " with " + b;
    }

    private void contention(List<String> parts) {
        if (fixed("contention.kernelFpuBusy")) {
            double busy = at("contention.kernelFpuBusy").asDouble();
            if (busy == 0) {
                parts.add("no kernel FPU contention");
            } else {
                parts.add("kernel FPU busy " + Numbers.percent(busy) + (fixed("contention.meanSectionUs")
                        ? " in " + Numbers.plain(at("contention.meanSectionUs").asDouble()) + " µs sections" : ""));
            }
        } else if (fixed("contention.meanSectionUs")) {
            parts.add(Numbers.plain(at("contention.meanSectionUs").asDouble()) + " µs kernel FPU sections");
        }
        if (fixed("contention.userFpuLoad") && at("contention.userFpuLoad").asBoolean()) {
            parts.add("user FPU load");
        }
        if (fixed("contention.senderKernelFpuBusy") && at("contention.senderKernelFpuBusy").asDouble() > 0) {
            parts.add("sender kernel FPU busy " + Numbers.percent(at("contention.senderKernelFpuBusy").asDouble()));
        }
    }

    private String trafficEntry(int i, JsonNode t) {
        String p = "traffic." + i + ".";
        String kind = t.path("kind").asText();
        List<String> words = new ArrayList<>();
        int flows = t.path("flows").asInt(1);
        if (kind.equals("udp")) {
            words.add("UDP");
            if (fixed(p + "rateMbps")) {
                words.add(Numbers.plain(t.path("rateMbps").asDouble()) + " Mbit/s");
            }
            if (t.path("pattern").asText("constant").equals("poisson") && fixed(p + "pattern")) {
                words.add("Poisson");
            }
            if (fixed(p + "packetBytes")) {
                words.add("in " + t.path("packetBytes").asInt() + " B datagrams");
            }
        } else if (kind.equals("tcp")) {
            words.add("TCP");
            if (fixed(p + "congestionControl")) {
                words.add(t.path("congestionControl").asText());
            }
            if (fixed(p + "mode") && t.path("mode").asText().equals("textbook")) {
                words.add("textbook");
            }
        } else {
            return "";
        }
        if (fixed(p + "flows") && flows > 1) {
            words.add("(" + flows + " flows)");
        }
        return String.join(" ", words);
    }
}
