package org.cryptorder.experiment.records;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The values one configuration of a sweep gives to the swept paths, in the order of the file's
 * {@code sweep} keys (empty for an experiment without a sweep).
 *
 * @param values sweep key (a dotted path) to the value it takes here
 */
public record SweepPoint(Map<String, JsonNode> values) {
    public SweepPoint {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** How a value is written in tables: strings bare, numbers and booleans as JSON writes them. */
    public static String text(JsonNode value) {
        return value.isTextual() ? value.asText() : value.toString();
    }

    /** The value of one key as tables write it. */
    public String text(String key) {
        return text(values.get(key));
    }

    /** {@code crypto.policy=async contention.kernelFpuBusy=0.3}, or {@code (base)} when nothing is swept. */
    public String label() {
        return values.isEmpty() ? "(base)" : values.entrySet().stream()
                .map(e -> e.getKey() + "=" + text(e.getValue())).collect(Collectors.joining(" "));
    }
}
