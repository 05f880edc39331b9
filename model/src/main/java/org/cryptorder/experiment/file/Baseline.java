package org.cryptorder.experiment.file;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.cryptorder.experiment.records.SweepPoint;

/**
 * The paired comparison's baseline, {@code run.baseline}: the configuration {@code paired.csv}
 * compares every other one with, named by its index in the sweep's order or by the swept values
 * that pick it out. A file that names none, or names a configuration the sweep does not have, is
 * refused when it is read ({@link ConsistencyChecks}), before anything runs.
 */
public final class Baseline {
    private Baseline() {
    }

    /**
     * The index of the baseline configuration {@code run.baseline} names, in the sweep's order
     * (first key outermost): configuration 0 when it names none.
     *
     * @throws IllegalArgumentException when it names no configuration, or more than one
     */
    public static int index(Map<String, List<JsonNode>> sweep, JsonNode baseline) {
        int configurations = 1;
        for (List<JsonNode> values : sweep.values()) {
            configurations *= values.size();
        }
        if (baseline == null || baseline.isNull()) {
            return 0;
        }
        if (baseline.isIntegralNumber()) {
            int i = baseline.asInt();
            if (!baseline.canConvertToInt() || i < 0 || i >= configurations) {
                throw new IllegalArgumentException("expected a configuration's index, 0 to " + (configurations - 1)
                        + ", found " + baseline);
            }
            return i;
        }
        if (!baseline.isObject()) {
            throw new IllegalArgumentException("expected a configuration's index or an object of swept values, found "
                    + baseline);
        }
        int index = 0;
        List<String> unnamed = new ArrayList<>();
        for (Map.Entry<String, List<JsonNode>> key : sweep.entrySet()) {
            List<JsonNode> values = key.getValue();
            JsonNode given = baseline.get(key.getKey());
            int at = 0;
            if (given == null) {
                if (values.size() > 1) {
                    unnamed.add(key.getKey());
                }
            } else {
                List<String> texts = values.stream().map(SweepPoint::text).toList();
                at = texts.indexOf(SweepPoint.text(given));
                if (at < 0) {
                    throw new IllegalArgumentException("expected one of the values sweep." + key.getKey() + " takes ("
                            + String.join(", ", texts) + ") for " + key.getKey() + ", found " + given);
                }
            }
            index = index * values.size() + at;
        }
        List<String> strays = new ArrayList<>();
        baseline.fieldNames().forEachRemaining(k -> {
            if (!sweep.containsKey(k)) {
                strays.add(k);
            }
        });
        if (!strays.isEmpty()) {
            throw new IllegalArgumentException("expected swept keys (" + String.join(", ", sweep.keySet())
                    + "), found " + strays.stream().map(k -> "\"" + k + "\"").collect(Collectors.joining(", "))
                    + Suggestion.didYouMean(strays.get(0), List.copyOf(sweep.keySet())));
        }
        if (!unnamed.isEmpty()) {
            throw new IllegalArgumentException("expected values that name one configuration, found none for "
                    + String.join(", ", unnamed) + ", which the sweep varies");
        }
        return index;
    }
}
