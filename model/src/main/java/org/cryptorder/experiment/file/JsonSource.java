package org.cryptorder.experiment.file;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.io.IOException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.cryptorder.experiment.records.ExperimentJson;
import org.cryptorder.experiment.records.InvalidExperimentException;
import org.cryptorder.experiment.records.Problem;

/**
 * A JSON document read strictly (no comments, no duplicate keys, nothing after the document) into
 * a Jackson tree, remembering the line and column of every key and value so that problems can be
 * reported where they are.
 *
 * @param file the file name as the user wrote it (used in messages)
 * @param root the document
 */
public record JsonSource(String file, JsonNode root, Map<JsonPath, Position> keys, Map<JsonPath, Position> values,
                         Map<JsonPath, String> overrides) {

    public JsonSource(String file, JsonNode root, Map<JsonPath, Position> keys, Map<JsonPath, Position> values) {
        this(file, root, keys, values, Map.of());
    }

    /**
     * The document with values set from the command line ({@code run --set PATH=VALUE}): problems
     * at or under a value set this way name the {@code --set} that gave it instead of a line of
     * the file.
     *
     * @throws InvalidExperimentException when a path cannot be set (an index past a list's end,
     *     a key under a number...)
     */
    public JsonSource overriding(List<SetValue> sets) throws InvalidExperimentException {
        if (sets.isEmpty()) {
            return this;
        }
        JsonNode doc = root;
        Map<JsonPath, String> labels = new LinkedHashMap<>(overrides);
        for (SetValue o : sets) {
            if (!(doc instanceof ObjectNode) || o.path().isRoot()) {
                throw new InvalidExperimentException(List.of(new Problem(o.label(), 0, 0, o.path().dotted(),
                        "expected a path to a value inside the experiment")));
            }
            try {
                doc = o.value().isNull() ? unset(doc, o.path()) : Sweep.apply(doc, o.path(), o.value());
            } catch (Sweep.PathError e) {
                throw new InvalidExperimentException(List.of(new Problem(o.label(), 0, 0, o.path().dotted(),
                        "expected a path the experiment can hold: " + e.getMessage())));
            }
            labels.put(o.path(), o.label());
        }
        return new JsonSource(file, doc, keys, values, java.util.Collections.unmodifiableMap(labels));
    }

    /** A copy of {@code doc} without the key at {@code path} ({@code --set PATH=null}: back to its default). */
    private static JsonNode unset(JsonNode doc, JsonPath path) {
        JsonNode copy = doc.deepCopy();
        JsonNode parent = copy;
        List<String> segments = path.segments();
        for (String s : segments.subList(0, segments.size() - 1)) {
            parent = parent.isArray() ? parent.path(Integer.parseInt(s)) : parent.path(s);
        }
        if (parent instanceof ObjectNode o) {
            o.remove(segments.get(segments.size() - 1));
        }
        return copy;
    }

    /** The {@code --set} that gave the value at {@code path} or one of its ancestors, if any. */
    private Optional<String> overriddenBy(JsonPath path) {
        for (Map.Entry<JsonPath, String> e : overrides.entrySet()) {
            if (e.getKey().contains(path)) {
                return Optional.of(e.getValue());
            }
        }
        return Optional.empty();
    }

    /**
     * A value set from the command line: {@code PATH=VALUE}, the path dotted as sweep keys are,
     * the value JSON ({@code 8}, {@code true}, {@code "5.4"}, {@code [1, 2]}) or, when it is not
     * JSON, a string. {@code null} unsets the key, so that its default applies ({@code --set
     * crypto.policy=null} before {@code --set crypto.kernel=6.6}); a number given for
     * {@code crypto.kernel} is the version as written ({@code 6.10} stays 6.10).
     */
    public record SetValue(String label, JsonPath path, JsonNode value) {
        /**
         * Reads {@code PATH=VALUE}.
         *
         * @throws IllegalArgumentException when there is no {@code =} or no path before it
         */
        public static SetValue parse(String text) {
            int eq = text.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("--set " + text + ": expected PATH=VALUE, such as hosts.cpus=8");
            }
            String path = text.substring(0, eq).trim();
            String raw = text.substring(eq + 1);
            JsonNode value;
            try {
                value = ExperimentJson.mapper().readTree(raw);
                if (value == null || value.isMissingNode()) {
                    value = TextNode.valueOf(raw);
                }
            } catch (IOException e) {
                value = TextNode.valueOf(raw);
            }
            if (value.isNumber() && path.equals("crypto.kernel")) {
                value = TextNode.valueOf(raw.trim());  // a version, as written
            }
            return new SetValue("--set " + text, JsonPath.parse(path), value);
        }
    }

    /** A 1-based line and column. */
    public record Position(int line, int column) {
        static Position of(JsonLocation l) {
            return new Position(Math.max(1, l.getLineNr()), Math.max(1, l.getColumnNr()));
        }
    }

    /** A document that is not JSON: where and why (one problem; parsing stops there). */
    public static final class SyntaxError extends Exception {
        private static final long serialVersionUID = 1L;
        private final transient Problem problem;

        SyntaxError(Problem problem) {
            super(problem.toString());
            this.problem = problem;
        }

        public Problem problem() {
            return problem;
        }
    }

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();

    /** Parses {@code text}; {@code file} names it in messages. */
    public static JsonSource parse(String file, String text) throws SyntaxError {
        Map<JsonPath, Position> keys = new HashMap<>();
        Map<JsonPath, Position> values = new HashMap<>();
        Builder b = new Builder(keys, values);
        try (JsonParser p = FACTORY.createParser(text)) {
            if (p.nextToken() == null) {
                throw new SyntaxError(new Problem(file, 1, 1, JsonPath.ROOT.dotted(),
                        "expected a JSON object, found an empty file"));
            }
            JsonNode root = b.value(p, JsonPath.ROOT);
            JsonToken extra = p.nextToken();
            if (extra != null) {
                Position at = Position.of(p.currentTokenLocation());
                throw new SyntaxError(new Problem(file, at.line(), at.column(), JsonPath.ROOT.dotted(),
                        "expected the end of the file after the experiment object, found more: '" + p.getText() + "'"));
            }
            return new JsonSource(file, root, Map.copyOf(keys), Map.copyOf(values));
        } catch (JsonProcessingException e) {
            JsonLocation l = e.getLocation();
            Position at = l == null ? new Position(1, 1) : Position.of(l);
            throw new SyntaxError(new Problem(file, at.line(), at.column(), null,
                    "not valid JSON: " + JsonSyntax.reason(e)));
        } catch (IOException e) {
            throw new SyntaxError(new Problem(file, 1, 1, JsonPath.ROOT.dotted(), "cannot read: " + e.getMessage()));
        }
    }

    /**
     * Where to point for a path: its key if it has one, else its value, else the nearest ancestor
     * that is in the file (a missing key points at the object that lacks it).
     */
    public Position position(JsonPath path) {
        for (JsonPath p = path; ; p = p.parent()) {
            Position k = keys.get(p);
            if (k != null) {
                return k;
            }
            Position v = values.get(p);
            if (v != null) {
                return v;
            }
            if (p.isRoot()) {
                return new Position(1, 1);
            }
        }
    }

    /** Where the value at a path starts, if the file has it. */
    public Optional<Position> valuePosition(JsonPath path) {
        return Optional.ofNullable(values.get(path));
    }

    /** A problem at {@code path}. */
    public Problem problem(JsonPath path, String message) {
        Optional<String> set = overriddenBy(path);
        if (set.isPresent()) {
            return new Problem(set.get(), 0, 0, path.dotted(), message);
        }
        Position at = position(path);
        return new Problem(file, at.line(), at.column(), path.dotted(), message);
    }

    /** A problem about {@code path}'s value (pointing at the value rather than its key). */
    public Problem valueProblem(JsonPath path, String message) {
        Optional<String> set = overriddenBy(path);
        if (set.isPresent()) {
            return new Problem(set.get(), 0, 0, path.dotted(), message);
        }
        Position at = valuePosition(path).orElseGet(() -> position(path));
        return new Problem(file, at.line(), at.column(), path.dotted(), message);
    }

    private static final class Builder {
        private final Map<JsonPath, Position> keys;
        private final Map<JsonPath, Position> values;

        Builder(Map<JsonPath, Position> keys, Map<JsonPath, Position> values) {
            this.keys = keys;
            this.values = values;
        }

        JsonNode value(JsonParser p, JsonPath path) throws IOException {
            values.put(path, Position.of(p.currentTokenLocation()));
            JsonNodeFactory f = JsonNodeFactory.instance;
            JsonToken t = p.currentToken();
            return switch (t) {
                case START_OBJECT -> object(p, path);
                case START_ARRAY -> array(p, path);
                case VALUE_STRING -> f.textNode(p.getText());
                case VALUE_NUMBER_INT -> switch (p.getNumberType()) {
                    case INT -> f.numberNode(p.getIntValue());
                    case LONG -> f.numberNode(p.getLongValue());
                    default -> f.numberNode(p.getBigIntegerValue());
                };
                case VALUE_NUMBER_FLOAT -> f.numberNode(p.getDoubleValue());
                case VALUE_TRUE -> f.booleanNode(true);
                case VALUE_FALSE -> f.booleanNode(false);
                case VALUE_NULL -> f.nullNode();
                default -> throw new com.fasterxml.jackson.core.JsonParseException(p, "unexpected " + t);
            };
        }

        private ObjectNode object(JsonParser p, JsonPath path) throws IOException {
            ObjectNode o = JsonNodeFactory.instance.objectNode();
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String key = p.currentName();
                JsonPath child = path.child(key);
                keys.put(child, Position.of(p.currentTokenLocation()));
                p.nextToken();
                o.set(key, value(p, child));
            }
            return o;
        }

        private ArrayNode array(JsonParser p, JsonPath path) throws IOException {
            ArrayNode a = JsonNodeFactory.instance.arrayNode();
            int i = 0;
            while (p.nextToken() != JsonToken.END_ARRAY) {
                a.add(value(p, path.child(i++)));
            }
            return a;
        }
    }
}
