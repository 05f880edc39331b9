package org.cryptorder.experiment.file;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.cryptorder.crypto.CryptoParameters;
import org.cryptorder.experiment.records.RunParameters;
import org.cryptorder.host.ContentionParameters;
import org.cryptorder.host.HostParameters;
import org.cryptorder.macsec.SecYParameters;
import org.cryptorder.net.DeviceParameters;
import org.cryptorder.net.LinkParameters;
import org.cryptorder.params.Parameter;
import org.cryptorder.params.ParameterGroup;
import org.cryptorder.transport.tcp.TcpParameters;
import org.cryptorder.transport.udp.UdpParameters;
import org.cryptorder.wifi.WifiParameters;

/**
 * The experiment file's format, assembled from the keys the components declare ({@link Parameter},
 * beside each component: {@code host.HostParameters}, {@code net.DeviceParameters},
 * {@code net.LinkParameters}, {@code macsec.SecYParameters}, {@code crypto.CryptoParameters},
 * {@code scenario.ContentionParameters}, {@code transport.udp.UdpParameters},
 * {@code transport.tcp.TcpParameters}, {@code scenario.WifiParameters}, {@code records.RunParameters})
 * and the file's own keys below. From it come {@code experiments/experiment.schema.json} (what
 * {@code validate} checks files against; {@link #text}, which {@code ExperimentSchemaTest} holds the
 * file to) and {@code docs/experiment-keys.md} ({@link KeyTable}).
 *
 * <p>The {@code hosts} section is the one whose keys come from several components: the CPUs and
 * scheduler, the network devices, and TCP's GSO switch.
 */
public final class ExperimentSchema {
    private ExperimentSchema() {
    }

    /** The file's name. */
    public static final Parameter NAME = Parameter.text("name",
            "Names the results folder results/<name>/: letters, digits, '.', '_' and '-'.")
            .with("pattern", "^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$")
            .mustBeGiven();

    /** One line for {@code list}. */
    public static final Parameter DESCRIPTION = Parameter.text("description",
            "One line saying what the experiment shows (shown by `cryptorder list`).")
            .byDefault("", "none: a file says what it shows");

    /** The sweep. */
    public static final Parameter SWEEP = Parameter.oneOf("sweep", List.of("object"), "",
            "Dotted paths (e.g. \"crypto.policy\", \"traffic.0.rateMbps\") to lists of values. The runs are the full"
                    + " factorial product, the first key outermost; each is repeated run.replications times.")
            .with("propertyNames", Parameter.object("pattern", "^[A-Za-z0-9]+(\\.[A-Za-z0-9]+)*$"))
            .with("additionalProperties", Parameter.object("type", "array", "minItems", 1, "maxItems", 1000,
                    "items", Parameter.object("type", List.of("string", "number", "boolean"),
                            "pattern", "^[^\\u0000-\\u001f]*$")))
            .byDefault(Map.of(), "none: one configuration");

    /** What {@code run} notes in the resolved file. */
    public static final Parameter PROVENANCE = Parameter.oneOf("provenance", List.of("object"), "",
            "Written by `cryptorder run` into results/<name>/experiment.json (tool version, random-number scheme,"
                    + " source file); ignored when read.")
            .with("additionalProperties", Parameter.object("type", "string"))
            .byDefault(Map.of(), "written by run, not by hand");

    /** The traffic entries' kinds, each with its group. */
    public static final Map<String, ParameterGroup> TRAFFIC_KINDS = kinds();

    private static Map<String, ParameterGroup> kinds() {
        Map<String, ParameterGroup> out = new LinkedHashMap<>();
        out.put("udp", UdpParameters.UDP);
        out.put("tcp", TcpParameters.TCP);
        return out;
    }

    /** The traffic list. */
    public static final Parameter TRAFFIC = Parameter.oneOf("traffic", List.of("array"), "",
            "The traffic from host a to host b: one or more UDP or TCP entries.")
            .with("minItems", 1)
            .with("maxItems", 64)
            .mustBeGiven();

    /** The {@code hosts} section: both hosts, built alike. */
    public static final ParameterGroup HOSTS = ParameterGroup.of("hosts",
            "Both hosts (a sends, b receives) are built alike.",
            HostParameters.CPUS, DeviceParameters.RX_QUEUES, DeviceParameters.TX_QUEUES, HostParameters.PROFILE,
            DeviceParameters.RX_RING_SIZE, DeviceParameters.TX_RING_SIZE, DeviceParameters.NAPI_BUDGET,
            DeviceParameters.RX_STEERING, HostParameters.APP_CPU, HostParameters.HZ, DeviceParameters.QDISC,
            DeviceParameters.BQL, DeviceParameters.NIC, HostParameters.KSOFTIRQD, TcpParameters.GSO,
            HostParameters.APP_WAKEUP_MEAN_US, HostParameters.APP_WAKEUP_DISTRIBUTION,
            HostParameters.APP_WAKEUP_PARETO_SHAPE, DeviceParameters.RX_USECS, DeviceParameters.GRO);

    /** The file's keys in order: its own, and a group per section. */
    public static final ParameterGroup FILE = new ParameterGroup("experiment",
            "One experiment: a base configuration of two hosts joined by a MACsec link, the traffic between them,"
                    + " how long and how often to run it, and an optional factorial sweep. Keys are camelCase with"
                    + " their unit in the name. Every key except name and traffic has a default (shown as"
                    + " \"default\"). Checked by `cryptorder validate FILE`.",
            List.of(NAME, DESCRIPTION, Parameter.group("hosts", HOSTS), Parameter.group("link", LinkParameters.LINK),
                    Parameter.group("macsec", SecYParameters.MACSEC), Parameter.group("crypto", CryptoParameters.CRYPTO),
                    Parameter.group("contention", ContentionParameters.CONTENTION), TRAFFIC,
                    Parameter.group("wifi", WifiParameters.WIFI), Parameter.group("run", RunParameters.RUN), SWEEP,
                    PROVENANCE),
            true);

    /**
     * The schema as a JSON tree, with {@code metrics} as the names a precision target may name
     * ({@code run.targetHalfWidth}): the run model's metric columns and the runner's
     * {@code wall_seconds}, both of layers above this package, so the caller says them.
     */
    public static ObjectNode tree(List<String> metrics) {
        ObjectMapper m = new ObjectMapper();
        ObjectNode root = m.createObjectNode();
        root.put("$schema", "https://json-schema.org/draft/2020-12/schema");
        root.put("$id", "https://github.com/cryptorder/cryptorder/experiments/experiment.schema.json");
        root.put("title", "cryptorder experiment");
        root.put("description", FILE.description());
        root.put("type", "object");
        root.put("additionalProperties", false);
        ArrayNode required = root.putArray("required");
        FILE.parameters().stream().filter(Parameter::required).forEach(p -> required.add(p.key()));
        ObjectNode properties = root.putObject("properties");
        Map<String, ObjectNode> defs = new LinkedHashMap<>();
        for (Parameter p : FILE.parameters()) {
            if (p == TRAFFIC) {
                ObjectNode traffic = property(m, p, metrics);
                traffic.putObject("items").put("$ref", "#/$defs/traffic");
                properties.set(p.key(), traffic);
                defs.put("traffic", trafficDefinition(m));
                TRAFFIC_KINDS.forEach((kind, group) -> defs.put(group.name(), definition(m, group, kind, defs,
                        metrics)));
            } else {
                properties.set(p.key(), p.group() == null ? property(m, p, metrics)
                        : reference(m, p.group(), defs, metrics));
            }
        }
        ObjectNode out = root.putObject("$defs");
        defs.forEach(out::set);
        return root;
    }

    private static ObjectNode reference(ObjectMapper m, ParameterGroup group, Map<String, ObjectNode> defs,
                                        List<String> metrics) {
        if (!defs.containsKey(group.name())) {
            defs.put(group.name(), null);  // its place, in the order of first mention
            defs.put(group.name(), definition(m, group, null, defs, metrics));
        }
        ObjectNode ref = m.createObjectNode();
        ref.put("$ref", "#/$defs/" + group.name());
        return ref;
    }

    private static ObjectNode definition(ObjectMapper m, ParameterGroup group, String kind,
                                         Map<String, ObjectNode> defs, List<String> metrics) {
        ObjectNode def = m.createObjectNode();
        def.put("description", group.description());
        def.put("type", "object");
        def.put("additionalProperties", false);
        List<String> required = new ArrayList<>();
        if (kind != null) {
            required.add("kind");
        }
        group.parameters().stream().filter(Parameter::required).forEach(p -> required.add(p.key()));
        if (!required.isEmpty()) {
            ArrayNode r = def.putArray("required");
            required.forEach(r::add);
        }
        if (group.absentIsEmpty() && kind == null) {
            def.putObject("default");
        }
        ObjectNode properties = def.putObject("properties");
        if (kind != null) {
            properties.putObject("kind").put("const", kind);
        }
        for (Parameter p : group.parameters()) {
            properties.set(p.key(), p.group() == null ? property(m, p, metrics)
                    : reference(m, p.group(), defs, metrics));
        }
        return def;
    }

    private static ObjectNode trafficDefinition(ObjectMapper m) {
        ObjectNode def = m.createObjectNode();
        def.put("type", "object");
        def.putArray("required").add("kind");
        ObjectNode kind = def.putObject("properties").putObject("kind");
        kind.put("description", "udp: datagrams at a configured rate, as iperf3 -u; tcp: a Linux TCP bulk flow,"
                + " as iperf3.");
        ArrayNode kinds = kind.putArray("enum");
        TRAFFIC_KINDS.keySet().forEach(kinds::add);
        ArrayNode all = def.putArray("allOf");
        TRAFFIC_KINDS.forEach((k, group) -> {
            ObjectNode branch = all.addObject();
            ObjectNode cond = branch.putObject("if");
            cond.putObject("properties").putObject("kind").put("const", k);
            cond.putArray("required").add("kind");
            branch.putObject("then").put("$ref", "#/$defs/" + group.name());
        });
        return def;
    }

    private static ObjectNode property(ObjectMapper m, Parameter p, List<String> metrics) {
        ObjectNode out = m.createObjectNode();
        out.put("description", p.description());
        if (p.type().size() == 1) {
            out.put("type", p.type().get(0));
        } else if (!p.type().isEmpty()) {
            ArrayNode types = out.putArray("type");
            p.type().forEach(types::add);
        }
        if (!p.values().isEmpty()) {
            out.set("enum", m.valueToTree(p.values()));
        }
        p.limits().forEach((name, value) -> out.set(name, m.valueToTree(value)));
        if (p == RunParameters.TARGET_HALF_WIDTH) {
            out.putObject("propertyNames").set("enum", m.valueToTree(metrics));
        }
        if (p.defaultValue() != null) {
            out.set("default", m.valueToTree(p.defaultValue()));
        }
        return out;
    }

    /** The schema file's text: two-space indents, each key's schema on one line. */
    public static String text(List<String> metrics) {
        StringBuilder b = new StringBuilder();
        write(b, tree(metrics), 0, true);
        return b.append('\n').toString();
    }

    /** Members whose value is written over several lines: a list of keys, definitions or branches. */
    private static final Set<String> NESTING = Set.of("properties", "$defs", "allOf");

    private static boolean oneLine(JsonNode n) {
        if (n.isArray()) {
            for (JsonNode e : n) {
                if (e.isContainerNode() && !oneLine(e)) {
                    return false;
                }
            }
            return true;
        }
        if (!n.isObject()) {
            return true;
        }
        for (Map.Entry<String, JsonNode> e : n.properties()) {
            if (NESTING.contains(e.getKey()) || e.getKey().equals("propertyNames") || !oneLine(e.getValue())) {
                return false;
            }
        }
        return true;
    }

    private static void write(StringBuilder b, JsonNode n, int depth, boolean severalLines) {
        if (!n.isContainerNode()) {
            b.append(n.toString());
        } else if (!severalLines && oneLine(n) || n.isEmpty()) {
            inline(b, n);
        } else if (n.isArray()) {
            b.append("[\n");
            int i = 0;
            for (JsonNode e : n) {
                b.append("  ".repeat(depth + 1));
                write(b, e, depth + 1, false);
                b.append(++i < n.size() ? ",\n" : "\n");
            }
            b.append("  ".repeat(depth)).append(']');
        } else {
            b.append("{\n");
            int i = 0;
            for (Map.Entry<String, JsonNode> e : n.properties()) {
                b.append("  ".repeat(depth + 1)).append(JsonNodeFactory.instance.textNode(e.getKey()))
                        .append(": ");
                write(b, e.getValue(), depth + 1, NESTING.contains(e.getKey()));
                b.append(++i < n.size() ? ",\n" : "\n");
            }
            b.append("  ".repeat(depth)).append('}');
        }
    }

    private static void inline(StringBuilder b, JsonNode n) {
        if (n.isArray()) {
            b.append('[');
            int i = 0;
            for (JsonNode e : n) {
                inline(b, e);
                b.append(++i < n.size() ? ", " : "");
            }
            b.append(']');
        } else if (n.isObject()) {
            if (n.isEmpty()) {
                b.append("{}");
                return;
            }
            b.append("{ ");
            int i = 0;
            for (Map.Entry<String, JsonNode> e : n.properties()) {
                b.append(JsonNodeFactory.instance.textNode(e.getKey())).append(": ");
                inline(b, e.getValue());
                b.append(++i < n.size() ? ", " : " ");
            }
            b.append('}');
        } else {
            b.append(n.toString());
        }
    }
}
