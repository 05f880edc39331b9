package org.cryptorder.experiment.file;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.cryptorder.experiment.file.ExperimentSchema;
import org.cryptorder.experiment.ExperimentRunner;
import org.cryptorder.experiment.replication.DatapathRunModel;
import org.cryptorder.params.Parameter;
import org.cryptorder.params.ParameterGroup;
import org.cryptorder.testing.ProjectFiles;
import org.junit.jupiter.api.Test;

/**
 * {@code experiments/experiment.schema.json} is what {@link ExperimentSchema} makes of the components'
 * declarations, byte for byte; with {@code -Dcryptorder.updateSchema=true} the file is written from
 * them instead. And every declaration carries what the key table promises: a description, and for
 * every default where it comes from.
 */
class ExperimentSchemaTest {
    private static final String SCHEMA = "experiments/experiment.schema.json";
    /** What a precision target may name: the catalog's metric columns, then the runner's wall_seconds. */
    private static final List<String> METRICS = Stream.concat(DatapathRunModel.METRICS.stream(),
            Stream.of(ExperimentRunner.WALL_SECONDS)).toList();

    @Test
    void theSchemaFileIsWhatTheDeclarationsMake() throws IOException {
        Path file = ProjectFiles.resolve(SCHEMA);
        String generated = ExperimentSchema.text(METRICS);
        if (Boolean.getBoolean("cryptorder.updateSchema")) {
            Files.writeString(file, generated, StandardCharsets.UTF_8);
            return;
        }
        assertThat(Files.readString(file, StandardCharsets.UTF_8))
                .as("%s is stale: regenerate it with mvn -q -B -o test -pl model -Dtest=ExperimentSchemaTest"
                        + " -Dcryptorder.updateSchema=true -Dsurefire.failIfNoSpecifiedTests=false", SCHEMA)
                .isEqualTo(generated);
    }

    @Test
    void theTextIsTheTree() throws IOException {
        JsonNode reread = new ObjectMapper().readTree(ExperimentSchema.text(METRICS));
        // numbers compare by value: a long default (131072L) reads back as an int
        assertThat(reread.equals((a, b) -> a.isNumber() && b.isNumber()
                ? Double.compare(a.doubleValue(), b.doubleValue()) : a.equals(b) ? 0 : 1, ExperimentSchema.tree(METRICS)))
                .as("the text reads back as the tree").isTrue();
        assertThat(reread.at("/$defs/run/properties/targetHalfWidth/propertyNames/enum").size())
                .isEqualTo(METRICS.size());
    }

    @Test
    void everyKeyIsDescribedAndEveryDefaultSaysWhereItComesFromAndKeepsItsOwnLimits() {
        List<String> problems = new ArrayList<>();
        check(ExperimentSchema.FILE, "", problems);
        ExperimentSchema.TRAFFIC_KINDS.forEach((kind, group) -> check(group, "traffic[" + kind + "].", problems));
        assertThat(problems).isEmpty();
    }

    private static void check(ParameterGroup group, String path, List<String> problems) {
        assertThat(group.description()).as("%s's description", group.name()).isNotBlank();
        for (Parameter p : group.parameters()) {
            if (p.group() != null) {
                check(p.group(), path + p.key() + ".", problems);
                continue;
            }
            if (p.description().isBlank()) {
                problems.add(path + p.key() + " has no description");
            }
            if (p.defaultValue() != null && p.source().isBlank()) {
                problems.add(path + p.key() + " has a default but no source");
            }
            if (p.required() && p.defaultValue() != null) {
                problems.add(path + p.key() + " is required and has a default");
            }
            if (p.defaultValue() != null) {
                String bad = outsideItsOwnLimits(p);
                if (bad != null) {
                    problems.add(path + p.key() + "'s default " + p.defaultValue() + " " + bad);
                }
            }
        }
    }

    /** Why a declared default breaks its own declaration (its values, range or pattern), or null. */
    private static String outsideItsOwnLimits(Parameter p) {
        Object d = p.defaultValue();
        if (!p.values().isEmpty() && p.values().stream().noneMatch(v -> String.valueOf(v).equals(String.valueOf(d)))) {
            return "is none of " + p.values();
        }
        if (d instanceof Number n) {
            double x = n.doubleValue();
            Object min = p.limits().get("minimum");
            Object above = p.limits().get("exclusiveMinimum");
            Object max = p.limits().get("maximum");
            if (min instanceof Number m && x < m.doubleValue() || above instanceof Number a && x <= a.doubleValue()
                    || max instanceof Number M && x > M.doubleValue()) {
                return "is outside " + p.limits();
            }
            if (p.type().equals(List.of("integer")) && x != Math.rint(x)) {
                return "is not a whole number";
            }
        }
        if (d instanceof String s && p.limits().get("pattern") instanceof String pattern && !s.matches(pattern)) {
            return "does not match " + pattern;
        }
        return null;
    }
}
