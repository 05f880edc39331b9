package org.cryptorder.experiment.file;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.cryptorder.experiment.records.Experiment;
import org.cryptorder.experiment.records.InvalidExperimentException;
import org.cryptorder.experiment.records.Problem;
import org.cryptorder.experiment.records.ResolvedRun;
import org.cryptorder.experiment.records.SweepPoint;

/**
 * A factorial sweep: the {@code sweep} object maps dotted paths to lists of values, and the
 * configurations are every combination, the first key outermost (it changes slowest), the last
 * innermost, in the order the file writes the keys and values.
 *
 * <p>Checks, each reported where it is in the file: the path must exist in the format (an array
 * index must exist in the file), may not be a name, description, the sweep itself, the replication
 * count or a precision target; every value must be valid at its path (the schema and the
 * consistency rules applied to the base with that one value in place); no value may repeat; the
 * product must stay below {@link #MAX_CONFIGURATIONS} configurations and {@link #MAX_RUNS} runs;
 * and every combination must satisfy the consistency rules.
 */
final class Sweep {
    static final int MAX_CONFIGURATIONS = 100_000;
    static final long MAX_RUNS = 1_000_000;
    /** Paths that describe the experiment rather than a configuration. */
    private static final List<String> NOT_SWEPT = List.of("name", "description", "sweep", "provenance",
            "run.replications", "run.targetHalfWidth");
    /** Problems reported about combinations of swept values, at most. */
    private static final int MAX_COMBINATION_PROBLEMS = 5;

    private Sweep() {
    }

    /** A path that cannot take a value in this document. */
    static final class PathError extends Exception {
        private static final long serialVersionUID = 1L;

        PathError(String message) {
            super(message);
        }
    }

    /** {@code base} with the value at {@code path} replaced (objects on the way are created). */
    static ObjectNode apply(JsonNode base, JsonPath path, JsonNode value) throws PathError {
        ObjectNode copy = base.deepCopy();
        JsonNode node = copy;
        JsonPath at = JsonPath.ROOT;
        List<String> segments = path.segments();
        for (int i = 0; i < segments.size(); i++) {
            String s = segments.get(i);
            boolean last = i == segments.size() - 1;
            if (node instanceof ArrayNode a) {
                int index = index(s);
                if (index < 0 || index >= a.size()) {
                    throw new PathError(at.dotted() + " has " + a.size() + (a.size() == 1 ? " entry" : " entries")
                            + (a.isEmpty() ? "" : " (0 to " + (a.size() - 1) + ")") + ", found index " + s);
                }
                if (last) {
                    a.set(index, value);
                } else {
                    node = a.get(index);
                }
            } else if (node instanceof ObjectNode o) {
                if (last) {
                    o.set(s, value);
                } else {
                    JsonNode next = o.get(s);
                    if (next == null) {
                        next = o.putObject(s);
                    }
                    node = next;
                }
            } else {
                throw new PathError(at.dotted() + " is " + SchemaCheck.describeValue(node) + ", not an object or a list");
            }
            at = at.child(s);
        }
        return copy;
    }

    private static int index(String s) {
        if (!s.matches("[0-9]{1,9}")) {
            return -1;
        }
        return Integer.parseInt(s);
    }

    /**
     * The sweep's problems, given the document's other findings (which are not repeated).
     *
     * @param known "path: message" of every problem already reported for the base
     */
    static List<Problem> check(JsonSource source, SchemaCheck schema, ConsistencyChecks rules, Set<String> known) {
        List<Problem> out = new ArrayList<>();
        JsonNode sweep = source.root().path("sweep");
        if (!sweep.isObject()) {
            return out;
        }
        JsonPath sweepPath = JsonPath.ROOT.child("sweep");
        long configurations = 1;
        for (Map.Entry<String, JsonNode> entry : sweep.properties()) {
            String key = entry.getKey();
            JsonPath keyPath = sweepPath.child(key);
            JsonPath target = JsonPath.parse(key);
            if (!entry.getValue().isArray() || !key.matches("^[A-Za-z0-9]+(\\.[A-Za-z0-9]+)*$")) {
                continue;  // the schema has said so
            }
            configurations *= Math.max(1, entry.getValue().size());
            String forbidden = NOT_SWEPT.stream().filter(f -> JsonPath.parse(f).contains(target)).findFirst().orElse(null);
            if (forbidden != null) {
                out.add(source.problem(keyPath, "expected a path to a configuration value, found " + key
                        + ", which cannot be swept (" + forbidden + " describes the experiment, not a configuration)"));
                continue;
            }
            checkValues(source, schema, rules, known, keyPath, target, (ArrayNode) entry.getValue(), out);
        }
        int replications = source.root().path("run").path("replications").asInt(5);
        if (configurations > MAX_CONFIGURATIONS || configurations * Math.max(1, replications) > MAX_RUNS) {
            out.add(source.problem(sweepPath, "expected at most " + MAX_CONFIGURATIONS + " configurations and "
                    + MAX_RUNS + " runs, found " + configurations + " configurations x " + replications
                    + " replications"));
        }
        return out;
    }

    private static void checkValues(JsonSource source, SchemaCheck schema, ConsistencyChecks rules, Set<String> known,
                                    JsonPath keyPath, JsonPath target, ArrayNode values, List<Problem> out) {
        boolean pathReported = false;
        List<JsonNode> seen = new ArrayList<>();
        for (int j = 0; j < values.size(); j++) {
            JsonNode v = values.get(j);
            JsonPath valuePath = keyPath.child(j);
            if (!v.isValueNode() || v.isNull()) {
                continue;  // the schema has said so
            }
            if (seen.stream().anyMatch(s -> same(s, v))) {
                out.add(source.valueProblem(valuePath, "expected values that differ from each other, found "
                        + SweepPoint.text(v) + " again"));
                continue;
            }
            seen.add(v);
            ObjectNode point;
            try {
                point = apply(source.root(), target, v);
            } catch (PathError e) {
                if (!pathReported) {
                    out.add(source.problem(keyPath, "expected a path to a value in the experiment, found none: "
                            + e.getMessage()));
                    pathReported = true;
                }
                continue;
            }
            Set<JsonPath> broken = new HashSet<>();
            for (SchemaCheck.Finding f : schema.check(point)) {
                broken.add(f.path());
                if (known.contains(f.path().dotted() + ": " + f.message())) {
                    continue;
                }
                if (f.atKey() && f.path().contains(target)) {
                    if (!pathReported) {
                        out.add(source.problem(keyPath, "expected a path to a value in the experiment, found none: "
                                + f.path().dotted() + ": " + f.message()));
                        pathReported = true;
                    }
                } else if (target.contains(f.path())) {
                    out.add(source.valueProblem(valuePath, f.message()));
                } else {
                    out.add(source.valueProblem(valuePath, "with this value, " + f.path().dotted() + ": " + f.message()));
                }
            }
            for (ConsistencyChecks.Finding f : rules.check(point, broken)) {
                if (!known.contains(f.path().dotted() + ": " + f.message())) {
                    out.add(source.valueProblem(valuePath, target.equals(f.path()) ? f.message()
                            : "with this value, " + f.path().dotted() + ": " + f.message()));
                }
            }
        }
    }

    private static boolean same(JsonNode a, JsonNode b) {
        if (a.isNumber() && b.isNumber()) {
            return a.decimalValue().compareTo(b.decimalValue()) == 0;
        }
        return a.equals(b);
    }

    /**
     * Every configuration of a document that has passed {@link #check}, in sweep order, each bound
     * and checked against the consistency rules as a whole.
     *
     * @throws InvalidExperimentException when some combination of values breaks a rule
     */
    static List<ResolvedRun> expand(JsonSource source, ObjectMapper mapper, ConsistencyChecks rules)
            throws InvalidExperimentException {
        JsonNode sweep = source.root().path("sweep");
        List<String> keys = new ArrayList<>();
        List<ArrayNode> lists = new ArrayList<>();
        if (sweep.isObject()) {
            sweep.properties().forEach(e -> {
                keys.add(e.getKey());
                lists.add((ArrayNode) e.getValue());
            });
        }
        ObjectNode base = source.root().deepCopy();
        base.remove("sweep");
        base.remove("provenance");
        List<ResolvedRun> runs = new ArrayList<>();
        List<Problem> problems = new ArrayList<>();
        int[] at = new int[keys.size()];
        int total = 1;
        for (ArrayNode l : lists) {
            total *= l.size();
        }
        for (int index = 0; index < total; index++) {
            int rest = index;
            for (int k = keys.size() - 1; k >= 0; k--) {
                at[k] = rest % lists.get(k).size();
                rest /= lists.get(k).size();
            }
            Map<String, JsonNode> values = new LinkedHashMap<>();
            ObjectNode tree = base;
            try {
                for (int k = 0; k < keys.size(); k++) {
                    JsonNode v = lists.get(k).get(at[k]);
                    values.put(keys.get(k), v);
                    tree = apply(tree, JsonPath.parse(keys.get(k)), v);
                }
            } catch (PathError e) {
                throw new IllegalStateException("a checked sweep path failed: " + e.getMessage(), e);
            }
            SweepPoint point = new SweepPoint(values);
            if (keys.size() > 1) {
                for (ConsistencyChecks.Finding f : rules.check(tree, Set.of())) {
                    if (problems.size() < MAX_COMBINATION_PROBLEMS) {
                        problems.add(source.problem(JsonPath.ROOT.child("sweep"), "at " + point.label() + ": "
                                + f.path().dotted() + ": " + f.message()));
                    }
                }
            }
            if (problems.isEmpty()) {
                try {
                    runs.add(new ResolvedRun(index, mapper.treeToValue(tree, Experiment.class), point));
                } catch (JsonProcessingException | IllegalArgumentException e) {
                    problems.add(source.problem(JsonPath.ROOT.child("sweep"), "at " + point.label()
                            + ": the configuration cannot be built: " + e.getMessage()));
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new InvalidExperimentException(problems);
        }
        return List.copyOf(runs);
    }
}
