package org.cryptorder.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * {@code docs/experiment-keys.md}: every key of an experiment file, a row each, with its type,
 * default, allowed values and description, generated from the schema ({@code
 * experiments/experiment.schema.json}), which is what {@code validate} checks files against. The
 * schema holds each key's words once; the page is their reading copy, and {@code KeysPageTest} fails
 * when it is stale.
 */
public final class KeyTable {
    private KeyTable() {
    }

    /** The page. */
    public static String markdown(JsonNode schema) {
        StringBuilder b = new StringBuilder();
        b.append("# Experiment keys\n\n")
                .append("Every key of an experiment file, generated from `experiments/experiment.schema.json`, the schema\n")
                .append("`validate` and `run` check files against (`KeysPageTest` fails when this page is stale; rewrite it\n")
                .append("with `mvn -q -B test -pl model -Dtest=KeysPageTest -Dcryptorder.updateDocs=true`). A key left out\n")
                .append("takes its default. [Experiment files](experiment-files.md) explains the format, sweeps and runs.\n");
        JsonNode defs = schema.path("$defs");
        Map<String, String> rendered = new HashMap<>();
        List<Row> top = new ArrayList<>();
        List<Section> sections = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = schema.path("properties").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String key = e.getKey();
            JsonNode node = e.getValue();
            JsonNode def = resolve(node, defs);
            if (def.has("properties")) {
                sections.add(section(key, node, def, defs, rendered));
            } else if (key.equals("traffic")) {
                JsonNode items = node.path("items");
                JsonNode entry = resolve(items, defs);
                for (JsonNode branch : entry.path("allOf")) {
                    JsonNode kind = resolve(branch.path("then"), defs);
                    String k = kind.path("properties").path("kind").path("const").asText();
                    sections.add(section("traffic[] (kind " + k + ")", kind, kind, defs, rendered));
                }
                top.add(row(key, node));
            } else {
                top.add(row(key, node));
            }
        }
        b.append("\n## The file\n\n");
        table(b, top);
        for (Section s : sections) {
            b.append("\n## `").append(s.path()).append("`\n\n");
            if (!s.description().isEmpty()) {
                b.append(s.description()).append("\n\n");
            }
            table(b, s.rows());
        }
        return b.toString();
    }

    private record Row(String key, String type, String dflt, String values, String description) {
    }

    private record Section(String path, String description, List<Row> rows) {
    }

    private static Section section(String path, JsonNode node, JsonNode def, JsonNode defs, Map<String, String> rendered) {
        List<Row> rows = new ArrayList<>();
        collect("", def, defs, rows, rendered, path);
        String description = node.path("description").asText(def.path("description").asText(""));
        return new Section(path, description, rows);
    }

    /** The rows of {@code def}'s properties, nested objects as dotted keys, a second use of one definition as a pointer. */
    private static void collect(String prefix, JsonNode def, JsonNode defs, List<Row> rows, Map<String, String> rendered,
                                String sectionPath) {
        for (Iterator<Map.Entry<String, JsonNode>> it = def.path("properties").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String key = prefix + e.getKey();
            JsonNode node = e.getValue();
            if (node.has("const")) {
                continue;  // a branch's own kind: the section's title says it
            }
            JsonNode target = resolve(node, defs);
            if (target.has("properties")) {
                String ref = node.path("$ref").asText("");
                String seen = ref.isEmpty() ? null : rendered.get(ref);
                String description = node.path("description").asText(target.path("description").asText(""));
                if (seen != null) {
                    rows.add(new Row("`" + key + "`", "object", "", "", description + " The same keys as `" + seen + "`."));
                    continue;
                }
                if (!ref.isEmpty()) {
                    rendered.put(ref, sectionPath + "." + key);
                }
                rows.add(new Row("`" + key + "`", "object", "", "", description));
                collect(key + ".", target, defs, rows, rendered, sectionPath);
            } else {
                rows.add(row(key, node));
            }
        }
    }

    private static Row row(String key, JsonNode node) {
        String type = node.has("enum") && !node.has("type") ? "string" : typeOf(node.path("type"));
        if (node.has("items")) {
            type = "list";
        }
        String dflt = !node.has("default") ? "" : node.get("default").isTextual() && node.get("default").asText().isEmpty()
                ? "empty" : "`" + node.get("default").toString().replace("\"", "") + "`";
        return new Row("`" + key + "`", type, dflt, values(node), node.path("description").asText(""));
    }

    private static String typeOf(JsonNode t) {
        if (t.isArray()) {
            List<String> names = new ArrayList<>();
            t.forEach(n -> names.add(n.asText()));
            return String.join(" or ", names);
        }
        return t.asText("");
    }

    private static String values(JsonNode node) {
        if (node.has("enum")) {
            List<String> v = new ArrayList<>();
            node.get("enum").forEach(n -> v.add("`" + n.asText() + "`"));
            return String.join(", ", v);
        }
        String low = node.has("exclusiveMinimum") ? "> " + number(node.get("exclusiveMinimum"))
                : node.has("minimum") ? number(node.get("minimum")) : null;
        String high = node.has("maximum") ? number(node.get("maximum")) : null;
        if (low == null && high == null) {
            return node.has("pattern") ? "`" + node.get("pattern").asText() + "`" : "";
        }
        if (low != null && high != null) {
            return low.startsWith(">") ? low + ", at most " + high : low + " to " + high;
        }
        return low != null ? (low.startsWith(">") ? low : "at least " + low) : "at most " + high;
    }

    private static String number(JsonNode n) {
        if (n.isIntegralNumber()) {
            return n.asText();
        }
        double d = n.asDouble();
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : n.asText();
    }

    private static JsonNode resolve(JsonNode node, JsonNode defs) {
        String ref = node.path("$ref").asText("");
        return ref.startsWith("#/$defs/") ? defs.path(ref.substring("#/$defs/".length())) : node;
    }

    private static void table(StringBuilder b, List<Row> rows) {
        b.append("| key | type | default | values | what it sets |\n|---|---|---|---|---|\n");
        for (Row r : rows) {
            b.append("| ").append(r.key()).append(" | ").append(r.type()).append(" | ").append(cell(r.dflt()))
                    .append(" | ").append(cell(r.values())).append(" | ").append(cell(r.description())).append(" |\n");
        }
    }

    private static String cell(String s) {
        return s.replace("|", "\\|").replace("\n", " ");
    }
}
