package org.cryptorder.experiment;

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
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A JSON document read strictly (no comments, no duplicate keys, nothing after the document) into
 * a Jackson tree, remembering the line and column of every key and value so that problems can be
 * reported where they are.
 *
 * @param file the file name as the user wrote it (used in messages)
 * @param root the document
 */
public record JsonSource(String file, JsonNode root, Map<JsonPath, Position> keys, Map<JsonPath, Position> values) {

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
        Position at = position(path);
        return new Problem(file, at.line(), at.column(), path.dotted(), message);
    }

    /** A problem about {@code path}'s value (pointing at the value rather than its key). */
    public Problem valueProblem(JsonPath path, String message) {
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
