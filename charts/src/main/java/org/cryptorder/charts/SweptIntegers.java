package org.cryptorder.charts;

import com.fasterxml.jackson.databind.JsonNode;
import org.cryptorder.experiment.file.SchemaCheck;

/**
 * Whether a dotted path of an experiment file holds an integer by the bundled JSON Schema
 * ({@code traffic.0.flows}, {@code hosts.cpus}, {@code hosts.hz}): a count or a setting taken from
 * a few values, which a chart draws as categories, one per swept value, rather than on a
 * continuous axis whose ticks would fall between them (1.5 flows). A path the schema does not
 * know, or knows as a number ({@code traffic.0.rateMbps}, even when written 2000), is not one.
 */
final class SweptIntegers {
    private SweptIntegers() {
    }

    static boolean integer(String path) {
        JsonNode root = SchemaCheck.bundled().schemaJson();
        JsonNode node = root;
        for (String part : path.split("\\.")) {
            node = child(root, resolve(root, node), part);
            if (node == null) {
                return false;
            }
        }
        return resolve(root, node).path("type").asText("").equals("integer");
    }

    /** The schema of {@code part} under {@code node}: a property, an array's items, or a branch's property. */
    private static JsonNode child(JsonNode root, JsonNode node, String part) {
        JsonNode p = node.path("properties").get(part);
        if (p != null) {
            return p;
        }
        if (node.has("items") && part.chars().allMatch(Character::isDigit)) {
            return node.get("items");
        }
        for (JsonNode branch : node.path("allOf")) {
            JsonNode then = branch.get("then");
            JsonNode found = then == null ? null : child(root, resolve(root, then), part);
            if (found != null && resolve(root, found).path("type").asText("").equals("integer")) {
                return found;
            }
        }
        for (JsonNode branch : node.path("allOf")) {
            JsonNode then = branch.get("then");
            JsonNode found = then == null ? null : child(root, resolve(root, then), part);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    /** {@code node}, or what its {@code $ref} ({@code #/$defs/...}) names. */
    private static JsonNode resolve(JsonNode root, JsonNode node) {
        JsonNode ref = node.get("$ref");
        return ref != null && ref.isTextual() && ref.asText().startsWith("#/") ? root.at(ref.asText().substring(1)) : node;
    }
}
