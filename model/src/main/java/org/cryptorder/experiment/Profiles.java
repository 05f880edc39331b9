package org.cryptorder.experiment;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.cryptorder.scenario.CpuProfile;

/**
 * The CPU cost profiles an experiment may name: the files {@code <name>.json} of one folder
 * ({@code data/profiles/}). Each is read once, on first use, and shared by every run (profiles are
 * immutable).
 */
public final class Profiles {
    private final Path folder;
    private final Map<String, CpuProfile> loaded = new ConcurrentHashMap<>();

    private Profiles(Path folder) {
        this.folder = folder;
    }

    /** The profiles in {@code folder}. */
    public static Profiles in(Path folder) {
        return new Profiles(folder);
    }

    public Path folder() {
        return folder;
    }

    /** The names of the profiles there, sorted. */
    public List<String> names() {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(folder)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json"))
                    .map(n -> n.substring(0, n.length() - ".json".length())).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * The profile called {@code name}.
     *
     * @throws CpuProfile.InvalidProfileException when the file is missing or invalid
     */
    public CpuProfile load(String name) throws CpuProfile.InvalidProfileException {
        CpuProfile p = loaded.get(name);
        if (p == null) {
            p = CpuProfile.load(folder.resolve(name + ".json"));
            loaded.putIfAbsent(name, p);
        }
        return p;
    }
}
