package org.cryptorder.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.cryptorder.experiment.file.ExperimentFile;
import org.cryptorder.experiment.replication.DatapathRunModel;
import org.cryptorder.testing.ProjectFiles;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Trajectory fingerprints of every bundled experiment, as INET keeps them: each experiment runs at a
 * short horizon ({@value #DURATION_S} simulated seconds, a tenth of it warm-up, {@value #REPLICATIONS}
 * replications), and a SHA-256 of every runs.csv column (but {@code wall_seconds}), of latency.csv and of
 * each file of {@code series/} (comment lines left out: they carry the tool version) is compared with
 * {@value #FILE}.
 *
 * <p>A refactor keeps every fingerprint. A change of behaviour changes some, and the failure names
 * each experiment, table and column that moved, so the update is deliberate: run
 * {@code mvn -pl model test -Dtest=FingerprintTest -Dcryptorder.updateFingerprints=true}, and say in the
 * commit why those fingerprints moved. A new column is reported as not fingerprinted until the file is
 * updated; a column that disappeared as missing.
 */
@Tag("extensive")
class FingerprintTest {
    static final String FILE = "model/src/test/resources/fingerprints.csv";
    static final double DURATION_S = 0.05;
    static final int REPLICATIONS = 2;

    @TempDir
    Path tmp;

    @Test
    void everyBundledExperimentKeepsItsFingerprints() throws Exception {
        Map<String, String> measured = new TreeMap<>();
        for (Path file : Experiments.bundled()) {
            String relative = ProjectFiles.resolve("experiments").relativize(file).toString().replace('\\', '/');
            Path out = tmp.resolve(relative.replace('/', '_'));
            ExperimentFile f = Experiments.shortened(relative, DURATION_S, REPLICATIONS);
            new ExperimentRunner(new DatapathRunModel(Experiments.PROFILES),
                    new ExperimentRunner.Options(out, 2, false, "fingerprint")).run(f, ExperimentRunner.Progress.NONE);
            measured.putAll(fingerprints(relative, out));
        }
        Path expectedFile = ProjectFiles.resolve(FILE);
        if (Boolean.getBoolean("cryptorder.updateFingerprints")) {
            write(expectedFile, measured);
            System.out.println("FingerprintTest: wrote " + measured.size() + " fingerprints to " + FILE);
            return;
        }
        Map<String, String> expected = read(expectedFile);
        List<String> moved = new ArrayList<>();
        for (Map.Entry<String, String> m : measured.entrySet()) {
            String old = expected.get(m.getKey());
            if (old == null) {
                moved.add(m.getKey() + ": not fingerprinted (new)");
            } else if (!old.equals(m.getValue())) {
                moved.add(m.getKey() + ": changed");
            }
        }
        for (String k : expected.keySet()) {
            if (!measured.containsKey(k)) {
                moved.add(k + ": missing (no longer produced)");
            }
        }
        assertThat(moved).as("fingerprints that moved (if on purpose: -Dcryptorder.updateFingerprints=true, "
                + "and say why in the commit)").isEmpty();
    }

    /** Key {@code <experiment> <table> [<column>]} to the SHA-256 of its content. */
    static Map<String, String> fingerprints(String experiment, Path folder) throws IOException {
        Map<String, String> out = new TreeMap<>();
        List<String> runs = data(folder.resolve("runs.csv"));
        String[] header = runs.get(0).split(",", -1);
        List<String[]> rows = runs.stream().skip(1).map(l -> l.split(",", -1)).toList();
        for (int c = 0; c < header.length; c++) {
            if (header[c].equals(ExperimentRunner.WALL_SECONDS)) {
                continue;
            }
            StringBuilder column = new StringBuilder();
            for (String[] row : rows) {
                column.append(row[c]).append('\n');
            }
            out.put(experiment + " runs.csv " + header[c], sha256(column.toString()));
        }
        out.put(experiment + " latency.csv", sha256(String.join("\n", data(folder.resolve("latency.csv")))));
        Path series = folder.resolve(QueueSeriesFile.FOLDER);
        if (Files.isDirectory(series)) {
            try (Stream<Path> s = Files.list(series)) {
                for (Path p : s.sorted().toList()) {
                    out.put(experiment + " series/" + p.getFileName(), sha256(String.join("\n", data(p))));
                }
            }
        }
        return out;
    }

    /** The lines of a table but its comments. */
    private static List<String> data(Path table) throws IOException {
        return Files.readAllLines(table, StandardCharsets.UTF_8).stream().filter(l -> !l.startsWith("#")).toList();
    }

    private static String sha256(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)))
                    .substring(0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static Map<String, String> read(Path file) throws IOException {
        Map<String, String> m = new TreeMap<>();
        if (!Files.exists(file)) {
            return m;
        }
        for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            int tab = line.lastIndexOf('\t');
            m.put(line.substring(0, tab), line.substring(tab + 1));
        }
        return m;
    }

    private static void write(Path file, Map<String, String> m) throws IOException {
        StringBuilder b = new StringBuilder();
        b.append("# Fingerprints of the bundled experiments (FingerprintTest): key <TAB> first 64 bits of SHA-256.\n");
        b.append("# Each experiment at ").append(DURATION_S).append(" s simulated, ").append(REPLICATIONS)
                .append(" replications. Update only on purpose: -Dcryptorder.updateFingerprints=true\n");
        m.forEach((k, v) -> b.append(k).append('\t').append(v).append('\n'));
        Files.createDirectories(file.getParent());
        Files.writeString(file, b.toString(), StandardCharsets.UTF_8);
    }

    @Test
    void aColumnIsFingerprintedByItsValuesInRowOrder(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("runs.csv"), "# c\na,wall_seconds,b\n1,9,2\n3,8,4\n");
        Files.writeString(dir.resolve("latency.csv"), "x\n1\n");
        Map<String, String> f = fingerprints("e", dir);
        assertThat(f).containsOnlyKeys("e runs.csv a", "e runs.csv b", "e latency.csv");
        Files.writeString(dir.resolve("runs.csv"), "# other comment\na,wall_seconds,b\n1,7,2\n3,6,5\n");
        Map<String, String> g = fingerprints("e", dir);
        assertThat(g.get("e runs.csv a")).as("comments and wall time do not count").isEqualTo(f.get("e runs.csv a"));
        assertThat(g.get("e runs.csv b")).isNotEqualTo(f.get("e runs.csv b"));
    }
}
