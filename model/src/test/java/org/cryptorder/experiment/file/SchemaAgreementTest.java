package org.cryptorder.experiment.file;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.cryptorder.experiment.Experiments;
import org.cryptorder.experiment.records.Experiment;
import org.cryptorder.experiment.records.ExperimentJson;
import org.cryptorder.testing.ProjectFiles;
import org.junit.jupiter.api.Test;

/**
 * The schema file and the records describe the same format: walking both from the top, every
 * object has the same keys, every key the same kind of value and enum values, and every default
 * in the schema is the record's.
 */
class SchemaAgreementTest {
    private static final ObjectMapper MAPPER = ExperimentJson.mapper();
    private final JsonNode schema = read();
    private final List<String> walked = new ArrayList<>();

    private static final String SCHEMA = "experiments/experiment.schema.json";

    private static JsonNode read() {
        try {
            return new ObjectMapper().readTree(ProjectFiles.resolve(SCHEMA).toFile());
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private JsonNode resolve(JsonNode n) {
        JsonNode out = n;
        while (out.has("$ref")) {
            out = schema.at(out.get("$ref").asText().substring(1));
        }
        return out;
    }

    private static Set<String> keys(JsonNode properties) {
        Set<String> out = new TreeSet<>();
        for (Iterator<String> it = properties.fieldNames(); it.hasNext(); ) {
            out.add(it.next());
        }
        return out;
    }

    @Test
    void theKeysOfEveryObjectAgree() {
        walk(schema, Experiment.class, "");
        assertThat(walked).contains("hosts", "link", "macsec", "crypto", "crypto.offload", "contention",
                "traffic[udp]", "traffic[tcp]", "run");
    }

    private void walk(JsonNode objectSchema, Class<?> record, String path) {
        walked.add(path);
        JsonNode s = resolve(objectSchema);
        Set<String> components = new TreeSet<>();
        for (RecordComponent c : record.getRecordComponents()) {
            components.add(c.getName());
        }
        if (Experiment.Traffic.class.isAssignableFrom(record)) {
            components.add("kind");
        }
        assertThat(keys(s.path("properties"))).as("keys of %s", path.isEmpty() ? "the top level" : path)
                .isEqualTo(components);
        assertThat(s.path("additionalProperties").asBoolean(true)).as("%s refuses unknown keys", path).isFalse();
        for (RecordComponent c : record.getRecordComponents()) {
            JsonNode p = resolve(s.path("properties").path(c.getName()));
            String at = path.isEmpty() ? c.getName() : path + "." + c.getName();
            Class<?> type = c.getType();
            if (type.isRecord()) {
                assertThat(p.path("type").asText()).as(at).isEqualTo("object");
                walk(p, type, at);
            } else if (type.isEnum()) {
                List<String> keys = Arrays.stream(type.getEnumConstants()).map(e -> ExperimentJson.key((Enum<?>) e))
                        .toList();
                assertThat(texts(p.path("enum"))).as("values of %s", at).containsExactlyInAnyOrderElementsOf(keys);
            } else if (c.getName().equals("traffic")) {
                assertThat(p.path("type").asText()).isEqualTo("array");
                JsonNode item = resolve(p.path("items"));
                assertThat(texts(item.path("properties").path("kind").path("enum"))).containsExactly("udp", "tcp");
                walk(item.path("allOf").path(0).path("then"), Experiment.UdpTraffic.class, "traffic[udp]");
                walk(item.path("allOf").path(1).path("then"), Experiment.TcpTraffic.class, "traffic[tcp]");
                assertThat(item.path("allOf").path(0).path("if").toString()).contains("\"udp\"");
                assertThat(item.path("allOf").path(1).path("if").toString()).contains("\"tcp\"");
            } else if (type == JsonNode.class || type == Object.class) {
                // a value of several kinds (run.baseline: an index or swept values): the schema lists them
                assertThat(texts(p.path("type"))).as("types of %s", at).isNotEmpty();
            } else {
                String expected = type == Integer.class || type == Long.class ? "integer"
                        : type == Double.class ? "number" : type == Boolean.class ? "boolean"
                        : type == String.class ? "string" : Map.class.isAssignableFrom(type) ? "object" : "?";
                assertThat(p.path("type").asText()).as("type of %s", at).isEqualTo(expected);
            }
        }
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    @Test
    void theSchemasDefaultsAreTheRecordsDefaults() throws Exception {
        Experiment e = MAPPER.readValue(Experiments.minimal(""), Experiment.class);
        JsonNode written = MAPPER.valueToTree(e);
        List<String> withoutDefault = new ArrayList<>();
        compareDefaults(schema, written, "", withoutDefault);
        JsonNode udp = written.path("traffic").path(0);
        compareDefaults(schema.at("/$defs/udpTraffic"), udp, "traffic[udp]", withoutDefault);
        ObjectNode tcpOnly = (ObjectNode) MAPPER.readTree(Experiments.minimal(""));
        tcpOnly.putArray("traffic").addObject().put("kind", "tcp");
        JsonNode tcp = MAPPER.valueToTree(MAPPER.treeToValue(tcpOnly, Experiment.class)).path("traffic").path(0);
        compareDefaults(schema.at("/$defs/tcpTraffic"), tcp, "traffic[tcp]", withoutDefault);
        assertThat(withoutDefault).as("optional keys without a schema default (documented in the schema)")
                .containsExactlyInAnyOrder("hosts.appCpu", "hosts.gso", "hosts.appWakeupMeanUs", "hosts.appWakeupDistribution", "hosts.appWakeupParetoShape", "hosts.rxUsecs", "hosts.gro", "traffic[tcp].reverse", "wifi", "crypto.policy", "crypto.kernel", "crypto.cryptdQueueLength", "run.baseline");
    }

    private void compareDefaults(JsonNode objectSchema, JsonNode value, String path, List<String> withoutDefault)
            throws Exception {
        JsonNode s = resolve(objectSchema);
        Set<String> required = new TreeSet<>(texts(s.path("required")));
        for (Map.Entry<String, JsonNode> p : s.path("properties").properties()) {
            String at = path.isEmpty() ? p.getKey() : path + "." + p.getKey();
            JsonNode ps = resolve(p.getValue());
            if (required.contains(p.getKey()) || p.getKey().equals("traffic")) {
                continue;
            }
            JsonNode def = p.getValue().has("default") ? p.getValue().get("default") : ps.get("default");
            if (at.equals("wifi")) {
                // absent means MACsec peers, not a station with defaults: compare inside a given "wifi": {}
                withoutDefault.add(at);
                Experiment station = MAPPER.readValue(Experiments.minimal("\"wifi\": {}"), Experiment.class);
                compareDefaults(ps, MAPPER.valueToTree(station).path("wifi"), at, withoutDefault);
                continue;
            }
            if (ps.path("type").asText().equals("object") && ps.has("properties")) {
                assertThat(def).as("%s defaults to {}", at).isNotNull();
                compareDefaults(ps, value.path(p.getKey()), at, withoutDefault);
            } else if (def == null) {
                withoutDefault.add(at);
            } else if (def.isNumber()) {
                assertThat(value.path(p.getKey()).doubleValue()).as("default of %s", at).isEqualTo(def.doubleValue());
            } else {
                assertThat(value.path(p.getKey())).as("default of %s", at).isEqualTo(def);
            }
        }
    }
}
