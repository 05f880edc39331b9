package org.cryptorder.experiment.file;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import com.networknt.schema.path.NodePath;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.cryptorder.engine.Names;
import org.cryptorder.experiment.output.Csv;

/**
 * Checks a document against {@code experiments/experiment.schema.json} (JSON Schema draft 2020-12,
 * through networknt's validator) and turns each error into one sentence of the form "expected ...,
 * found ...", with a "did you mean" for misspelt keys and enum values. At most one finding per
 * path: a value that is both of the wrong type and out of range is reported once.
 */
public final class SchemaCheck {
    /** Where the schema is inside the model jar (copied there from {@code experiments/} by the build). */
    public static final String RESOURCE = "/org/cryptorder/experiment/experiment.schema.json";

    private final JsonNode schemaJson;
    private final Schema schema;

    /** One schema error, said for people. */
    public record Finding(JsonPath path, boolean atKey, String message) {
    }

    private SchemaCheck(JsonNode schemaJson) {
        this.schemaJson = schemaJson;
        this.schema = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(schemaJson);
    }

    /** The bundled schema, read and compiled once (a compiled schema is immutable and thread-safe). */
    public static SchemaCheck bundled() {
        return Bundled.SCHEMA;
    }

    private static final class Bundled {
        static final SchemaCheck SCHEMA = load();
    }

    private static SchemaCheck load() {
        try (InputStream in = SchemaCheck.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the experiment schema " + RESOURCE + " is missing from the jar");
            }
            return new SchemaCheck(new ObjectMapper().readTree(in));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The schema document itself. */
    public JsonNode schemaJson() {
        return schemaJson;
    }

    /**
     * Every schema error in {@code document}, at most one per path, in the validator's order; and,
     * stricter than JSON Schema (for which 8.0 is an integer), a number with a fraction or an
     * exponent where an integer is expected.
     */
    public List<Finding> check(JsonNode document) {
        Map<JsonPath, Finding> byPath = new LinkedHashMap<>();
        for (Error e : schema.validate(document)) {
            Finding f = translate(e);
            byPath.putIfAbsent(f.path(), f);
        }
        List<JsonPath> written = new ArrayList<>();
        JsonNode probe = withIntegralFractionsMoved(document, JsonPath.ROOT, written);
        if (!written.isEmpty()) {
            for (Error e : schema.validate(probe)) {
                JsonPath at = path(e.getInstanceLocation());
                if (e.getKeyword().equals("type") && written.contains(at) && !byPath.containsKey(at)) {
                    JsonNode parent = schemaNodeAt(e.getSchemaLocation().getFragment().getParent());
                    byPath.put(at, new Finding(at, false, "expected " + describe(parent) + ", found "
                            + valueAt(document, at) + " (integers are written without a decimal point or exponent)"));
                }
            }
        }
        return List.copyOf(byPath.values());
    }

    /**
     * A copy of {@code node} in which every floating-point number with an integral value (8.0,
     * 1e3) is moved by a half, so that the schema says where such numbers stand for integers.
     */
    private static JsonNode withIntegralFractionsMoved(JsonNode node, JsonPath at, List<JsonPath> moved) {
        if (node.isFloatingPointNumber() && node.doubleValue() == Math.rint(node.doubleValue())
                && Double.isFinite(node.doubleValue())) {
            moved.add(at);
            return DoubleNode.valueOf(node.doubleValue() + 0.5);
        }
        if (node.isObject()) {
            ObjectNode copy = ((ObjectNode) node).objectNode();
            for (Map.Entry<String, JsonNode> e : node.properties()) {
                copy.set(e.getKey(), withIntegralFractionsMoved(e.getValue(), at.child(e.getKey()), moved));
            }
            return copy;
        }
        if (node.isArray()) {
            ArrayNode copy = ((ArrayNode) node).arrayNode();
            for (int i = 0; i < node.size(); i++) {
                copy.add(withIntegralFractionsMoved(node.get(i), at.child(i), moved));
            }
            return copy;
        }
        return node;
    }

    private static JsonNode valueAt(JsonNode document, JsonPath at) {
        JsonNode n = document;
        for (String s : at.segments()) {
            n = n.isArray() ? n.path(Integer.parseInt(s)) : n.path(s);
        }
        return n;
    }

    private Finding translate(Error e) {
        JsonPath at = path(e.getInstanceLocation());
        JsonNode found = e.getInstanceNode();
        JsonNode keywordParent = schemaNodeAt(e.getSchemaLocation().getFragment().getParent());
        String keyword = e.getKeyword();
        return switch (keyword) {
            case "additionalProperties" -> {
                List<String> known = names(keywordParent.path("properties"));
                String key = e.getProperty();
                yield new Finding(at.child(key), true, "expected " + (known.isEmpty() ? "no key here"
                        : "one of the keys " + String.join(", ", known)) + ", found unknown key \"" + key + "\""
                        + Suggestion.didYouMean(key, known));
            }
            case "propertyNames" -> {
                JsonNode rule = keywordParent.path("propertyNames");
                String key = e.getProperty();
                if (rule.has("enum")) {
                    List<String> known = texts(rule.get("enum"));
                    yield new Finding(at.child(key), true, "expected one of " + String.join(", ", known)
                            + ", found \"" + key + "\"" + Suggestion.didYouMean(key, known));
                }
                yield new Finding(at.child(key), true, "expected a dotted path such as crypto.policy or traffic.0.rateMbps,"
                        + " found \"" + key + "\"");
            }
            case "required" -> {
                String key = e.getProperty();
                JsonNode property = resolve(keywordParent.path("properties").path(key));
                yield new Finding(at.child(key), false, "expected " + describe(property) + " (required), found nothing");
            }
            case "type", "enum", "const", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "pattern",
                 "minLength", "minItems", "maxItems" -> {
                String suggestion = "";
                if (found != null && found.isTextual() && keywordParent.has("enum")) {
                    suggestion = Suggestion.didYouMean(found.asText(), texts(keywordParent.get("enum")));
                }
                if (keyword.equals("maximum") && found != null && found.isNumber() && found.asDouble() >= 2
                        && found.asDouble() <= 100
                        && keywordParent.path("maximum").asDouble() == 1 && keywordParent.path("minimum").asDouble(-1) == 0) {
                    // a fraction given as a percentage: kernelFpuBusy 30 for 30%
                    suggestion = "; it is a fraction: " + Csv.number(found.asDouble() / 100) + " for " + number(found) + "%";
                } else if (keyword.contains("imum") && found != null && found.isNumber() && found.asDouble() != 0
                        && !at.isRoot() && unitOfKey(at.last()) != null) {
                    // a number out of range by orders of magnitude is most often in another unit
                    suggestion = "; " + at.last() + " is in " + unitOfKey(at.last());
                }
                yield new Finding(at, false, "expected " + describe(keywordParent) + ", found " + describeValue(found)
                        + suggestion);
            }
            default -> new Finding(at, false, e.getMessage());
        };
    }

    private static JsonPath path(NodePath p) {
        List<String> segments = new ArrayList<>();
        for (int i = 0; i < p.getNameCount(); i++) {
            segments.add(String.valueOf(p.getElement(i)));
        }
        return new JsonPath(segments);
    }

    private JsonNode schemaNodeAt(NodePath fragment) {
        JsonNode n = schemaJson;
        for (int i = 0; i < fragment.getNameCount(); i++) {
            Object element = fragment.getElement(i);
            n = element instanceof Integer index ? n.path(index) : n.path(String.valueOf(element));
        }
        return n;
    }

    /** Follows a local {@code $ref} ("#/$defs/hosts"). */
    JsonNode resolve(JsonNode node) {
        JsonNode n = node;
        while (n.has("$ref")) {
            n = schemaJson.at(n.get("$ref").asText().substring(1));
        }
        return n;
    }

    /** What a schema node accepts, in words: "an integer from 1 to 1024", "one of flow, per-frame". */
    String describe(JsonNode schemaNode) {
        JsonNode s = resolve(schemaNode);
        if (s.has("const")) {
            return s.get("const").toString();
        }
        if (s.has("enum")) {
            return "one of " + String.join(", ", texts(s.get("enum")));
        }
        JsonNode type = s.path("type");
        if (type.isArray()) {
            List<String> kinds = new ArrayList<>();
            type.forEach(t -> kinds.add(t.asText().equals("boolean") ? "true/false" : typeWord(t.asText())));
            return kinds.size() == 1 ? kinds.get(0) : String.join(", ", kinds.subList(0, kinds.size() - 1))
                    + " or " + kinds.get(kinds.size() - 1);
        }
        String t = type.asText("");
        StringBuilder b = new StringBuilder(typeWord(t));
        if (t.equals("integer") || t.equals("number")) {
            b.append(range(s));
        } else if (t.equals("string") && s.has("pattern")) {
            b.append(patternWords(s.get("pattern").asText()));
        } else if (t.equals("array") && s.path("minItems").asInt(0) > 0) {
            b.setLength(0);
            b.append("a non-empty list");
        }
        return b.toString();
    }

    private static String range(JsonNode s) {
        String low = s.has("minimum") ? number(s.get("minimum")) : null;
        String lowExclusive = s.has("exclusiveMinimum") ? number(s.get("exclusiveMinimum")) : null;
        String high = s.has("maximum") ? number(s.get("maximum")) : null;
        if (low != null && high != null) {
            return " from " + low + " to " + high;
        }
        List<String> parts = new ArrayList<>();
        if (low != null) {
            parts.add("at least " + low);
        }
        if (lowExclusive != null) {
            parts.add("greater than " + lowExclusive);
        }
        if (high != null) {
            parts.add("at most " + high);
        }
        return parts.isEmpty() ? "" : " " + String.join(" and ", parts);
    }

    private static String number(JsonNode n) {
        return n.isIntegralNumber() ? n.asText() : String.format(Locale.ROOT, "%s", n.asDouble());
    }

    private static String patternWords(String pattern) {
        return switch (pattern) {
            case "^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$" ->
                    " of letters, digits, '.', '_' and '-' starting with a letter or digit (at most 100)";
            case "^[a-z0-9][a-z0-9._-]*$" -> " of lower-case letters, digits, '.', '_' and '-'";
            case "^[^\\u0000-\\u001f]*$" -> " without control characters";
            default -> " matching " + pattern;
        };
    }

    private static String typeWord(String type) {
        return switch (type) {
            case "integer" -> "an integer";
            case "number" -> "a number";
            case "string" -> "a string";
            case "boolean" -> "true or false";
            case "array" -> "a list";
            case "object" -> "an object";
            case "null" -> "null";
            default -> "a value";
        };
    }

    /** The units of {@link #unitOfKey} by the ending of the key (the seconds of {@code durationS} aside). */
    private static final List<Map.Entry<String, String>> KEY_UNITS = List.of(
            Map.entry("Mbps", "Mbit/s"),
            Map.entry("Gbps", "Gbit/s"),
            Map.entry("Us", "microseconds (us)"),
            Map.entry("Bytes", "octets"),
            Map.entry("Frames", "frames"));

    /**
     * The unit a key's name ends in ({@code rateMbps}: Mbit/s; {@code meanSectionUs}: microseconds),
     * or null: what a number out of range is counted in.
     */
    static String unitOfKey(String key) {
        boolean seconds = key.endsWith("S") && key.length() > 1 && Character.isLowerCase(key.charAt(key.length() - 2));
        return Names.byEnding(key, KEY_UNITS, seconds ? "seconds" : null);
    }

    /** The found value in words: {@code "8" (a string)}, {@code 8.9}, {@code an object}. */
    static String describeValue(JsonNode v) {
        if (v == null || v.isMissingNode()) {
            return "nothing";
        }
        if (v.isTextual()) {
            return v.toString() + " (a string)";
        }
        if (v.isNumber() && !Double.isFinite(v.doubleValue())) {
            return "a number too large to represent";
        }
        if (v.isFloatingPointNumber() && v.doubleValue() != 0
                && (Math.abs(v.doubleValue()) >= 1e7 || Math.abs(v.doubleValue()) < 1e-3)) {
            return v.decimalValue().stripTrailingZeros().toPlainString();  // 5000000000, not 5.0E9
        }
        if (v.isObject()) {
            return v.isEmpty() ? "an empty object" : "an object";
        }
        if (v.isArray()) {
            return v.isEmpty() ? "an empty list" : "a list";
        }
        return v.toString();
    }

    private static List<String> names(JsonNode object) {
        List<String> out = new ArrayList<>();
        for (Iterator<String> it = object.fieldNames(); it.hasNext(); ) {
            out.add(it.next());
        }
        return out;
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
