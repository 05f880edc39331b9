package org.cryptorder.experiment;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.cryptorder.experiment.file.ExperimentFile;
import org.cryptorder.engine.EventListKind;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.experiment.records.Experiment;
import org.cryptorder.experiment.records.InvalidExperimentException;
import org.cryptorder.experiment.records.Problem;
import org.cryptorder.experiment.records.ResolvedRun;
import org.cryptorder.experiment.wiring.Datapath;
import org.cryptorder.experiment.wiring.DatapathBuilder;
import org.cryptorder.experiment.wiring.Profiles;
import org.cryptorder.macsec.GcmEngine;
import org.cryptorder.experiment.wiring.CpuProfile;
import org.cryptorder.testing.ProjectFiles;

/** Test helpers: the project's profiles and bundled experiments, experiments from text, and their datapaths. */
public final class Experiments {
    public static final Profiles PROFILES = Profiles.in(ProjectFiles.resolve("data/profiles"));

    private Experiments() {
    }

    /** The bundled experiment files ({@code experiments/**}{@code /*.json} but the schema). */
    public static List<Path> bundled() {
        try (Stream<Path> s = Files.walk(ProjectFiles.resolve("experiments"))) {
            return s.filter(p -> p.toString().endsWith(".json") && !p.toString().endsWith(".schema.json")).sorted()
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads an experiment from text named {@code name}. */
    public static ExperimentFile parse(String name, String json) throws InvalidExperimentException {
        return ExperimentFile.parse(Path.of(name), json, PROFILES);
    }

    /** The configurations of the bundled experiment {@code experiments/<file>}, as {@code run} resolves them. */
    static List<ResolvedRun> configurations(String file) throws IOException, InvalidExperimentException {
        Path path = ProjectFiles.resolve("experiments/" + file);
        return parse(path.getFileName().toString(), Files.readString(path)).configurations();
    }

    /**
     * The datapath of {@code e} as the runner wires replication 0 of seed 1 (hosts of its CPU profile,
     * the default event list, the JDK's AES-GCM), for a test to watch or change before it runs it.
     */
    public static Datapath wired(Experiment e) throws CpuProfile.InvalidProfileException {
        CpuProfile profile = PROFILES.load(e.hosts().profile());
        return DatapathBuilder.build(EventListKind.DEFAULT.newSimulator(), e, DatapathBuilder.hostSpec(e, profile),
                new StreamRegistry(1).replication(0), new GcmEngine(), profile.tcpCopyCyclesPerByte());
    }

    /** The problems of an experiment that must not read, as printed. */
    public static List<String> problems(String json) {
        try {
            parse("bad.json", json);
        } catch (InvalidExperimentException e) {
            return e.problems().stream().map(Problem::toString).toList();
        }
        throw new AssertionError("expected problems in " + json);
    }

    /**
     * A bundled experiment with a short horizon: {@code durationS} simulated seconds (a tenth of it
     * warm-up) and {@code replications} replications.
     */
    static ExperimentFile shortened(String file, double durationS, int replications) {
        try {
            ObjectMapper m = new ObjectMapper();
            JsonNode root = m.readTree(ProjectFiles.resolve("experiments/" + file).toFile());
            ObjectNode run = (ObjectNode) root.get("run");
            run.put("durationS", durationS).put("warmupS", durationS / 10).put("replications", replications);
            return parse(file, m.writeValueAsString(root));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InvalidExperimentException e) {
            throw new AssertionError(e.problems().toString(), e);
        }
    }

    /** A minimal valid experiment with the given extra top-level members (JSON text without braces). */
    public static String minimal(String extra) {
        return "{\"name\": \"t\", \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 100}]"
                + (extra.isEmpty() ? "" : ", " + extra) + "}";
    }
}
