package org.cryptorder.experiment.file;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.cryptorder.experiment.records.Experiment;
import org.cryptorder.experiment.records.ExperimentJson;
import org.cryptorder.experiment.records.InvalidExperimentException;
import org.cryptorder.experiment.records.Problem;
import org.cryptorder.experiment.records.ResolvedRun;
import org.cryptorder.experiment.wiring.Profiles;

/**
 * An experiment file read, checked and expanded: the experiment with its defaults filled in, and
 * its configurations in sweep order.
 *
 * <p>Reading reports every problem of the file at once ({@link InvalidExperimentException}), each
 * as {@code file:line:column: dotted.path: what was expected, what was found}: first JSON syntax
 * (which stops reading), then the schema ({@code experiments/experiment.schema.json}: unknown
 * keys, types, ranges, enum values, required keys), then the {@link ConsistencyChecks} rules, then
 * the sweep ({@link Sweep}). Only a file without problems is bound to the {@link Experiment}
 * records, with Jackson set up strictly ({@link ExperimentJson}).
 *
 * @param file           the file as the user named it
 * @param source         the parsed document with the positions of its keys and values
 * @param experiment     the experiment, defaults filled in (its sweep as written)
 * @param configurations every configuration, in sweep order
 */
public record ExperimentFile(Path file, JsonSource source, Experiment experiment, List<ResolvedRun> configurations) {

    public ExperimentFile {
        configurations = List.copyOf(configurations);
    }

    /** Reads a file; {@code profiles} are the CPU profiles its {@code hosts.profile} may name. */
    public static ExperimentFile load(Path file, Profiles profiles) throws InvalidExperimentException {
        return load(file, profiles, List.of());
    }

    /** Reads a file with values set from the command line ({@code run --set}) over it. */
    public static ExperimentFile load(Path file, Profiles profiles, List<JsonSource.SetValue> sets)
            throws InvalidExperimentException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new InvalidExperimentException(List.of(new Problem(file.toString(), 1, 1, JsonPath.ROOT.dotted(),
                    "expected a readable experiment file, found " + describe(e))));
        }
        return parse(file, text, profiles, sets);
    }

    /** Reads an experiment from {@code text}; {@code file} names it in messages. */
    public static ExperimentFile parse(Path file, String text, Profiles profiles) throws InvalidExperimentException {
        return parse(file, text, profiles, List.of());
    }

    /** The same with values set from the command line over the text. */
    public static ExperimentFile parse(Path file, String text, Profiles profiles, List<JsonSource.SetValue> sets)
            throws InvalidExperimentException {
        JsonSource source;
        try {
            source = JsonSource.parse(file.toString(), text).overriding(sets);
        } catch (JsonSource.SyntaxError e) {
            throw new InvalidExperimentException(List.of(e.problem()));
        }
        // "$schema" names the JSON Schema for an editor (experiments/experiment.schema.json); the
        // tool reads the file against its own copy and ignores the key
        JsonNode editorsSchema = source.root().get("$schema");
        if (editorsSchema != null) {
            if (!editorsSchema.isTextual()) {
                throw new InvalidExperimentException(List.of(source.valueProblem(JsonPath.ROOT.child("$schema"),
                        "expected a string naming a JSON Schema for editors (it is ignored), found " + editorsSchema)));
            }
            ((ObjectNode) source.root()).remove("$schema");
        }
        ObjectMapper mapper = ExperimentJson.mapper();
        SchemaCheck schema = SchemaCheck.bundled();
        ConsistencyChecks rules = new ConsistencyChecks(mapper, profiles);
        List<Problem> problems = new ArrayList<>();
        Set<String> known = new HashSet<>();
        Set<JsonPath> broken = new HashSet<>();
        for (SchemaCheck.Finding f : schema.check(source.root())) {
            problems.add(f.atKey() ? source.problem(f.path(), f.message()) : source.valueProblem(f.path(), f.message()));
            known.add(f.path().dotted() + ": " + f.message());
            broken.add(f.path());
        }
        for (ConsistencyChecks.Finding f : rules.check(source.root(), broken)) {
            problems.add(source.valueProblem(f.path(), f.message()));
            known.add(f.path().dotted() + ": " + f.message());
        }
        problems.addAll(Sweep.check(source, schema, rules, known));
        if (!problems.isEmpty()) {
            throw new InvalidExperimentException(inFileOrder(problems));
        }
        Experiment experiment;
        try {
            experiment = mapper.treeToValue(source.root(), Experiment.class);
        } catch (JsonMappingException e) {
            JsonPath at = JsonPath.ROOT;
            for (JsonMappingException.Reference r : e.getPath()) {
                at = r.getFieldName() != null ? at.child(r.getFieldName()) : at.child(r.getIndex());
            }
            throw new InvalidExperimentException(List.of(source.valueProblem(at, "expected a value the model accepts, found"
                    + " one it does not: " + e.getOriginalMessage())));
        } catch (JsonProcessingException | IllegalArgumentException e) {
            throw new InvalidExperimentException(List.of(source.problem(JsonPath.ROOT, e.getMessage())));
        }
        return new ExperimentFile(file, source, experiment, Sweep.expand(source, mapper, rules));
    }

    private static List<Problem> inFileOrder(List<Problem> problems) {
        Map<String, Problem> distinct = new LinkedHashMap<>();
        for (Problem p : problems) {
            distinct.putIfAbsent(p.toString(), p);
        }
        List<Problem> sorted = new ArrayList<>(distinct.values());
        sorted.sort(Comparator.comparingInt(Problem::line).thenComparingInt(Problem::column));
        return sorted;
    }

    private static String describe(IOException e) {
        return e instanceof java.nio.file.NoSuchFileException ? "no such file"
                : e.getClass().getSimpleName() + ": " + e.getMessage();
    }

    /** Replications per configuration. */
    public int replications() {
        return experiment.run().replications();
    }

    /** Configurations times replications. */
    public long runCount() {
        return (long) configurations.size() * replications();
    }

    /** The index of the configuration {@code paired.csv} compares the others with ({@code run.baseline}, else 0). */
    public int baseline() {
        return Baseline.index(experiment.sweep(), experiment.run().baseline());
    }

    /** The sweep keys, in file order: the extra columns of the result tables. */
    public List<String> sweepKeys() {
        return List.copyOf(experiment.sweep().keySet());
    }

    /**
     * The resolved experiment as JSON (defaults filled in, the sweep as written), with the given
     * provenance notes.
     */
    public String resolvedJson(Map<String, String> provenance) {
        try {
            return ExperimentJson.mapper().writeValueAsString(experiment.withProvenance(provenance)) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("an experiment record could not be written as JSON", e);
        }
    }

    /**
     * SHA-256 of the resolved experiment without provenance: two result folders with the same
     * fingerprint come from the same configurations, seeds and horizons.
     */
    public String fingerprint() {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256")
                    .digest(resolvedJson(Map.of()).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform must provide SHA-256", e);
        }
    }

    /** A problem at a dotted path of this file (a missing path points at its nearest ancestor). */
    public Problem problem(String dottedPath, String message) {
        return source.valueProblem(JsonPath.parse(dottedPath), message);
    }
}
