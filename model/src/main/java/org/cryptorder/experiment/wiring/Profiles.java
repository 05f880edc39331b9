package org.cryptorder.experiment.wiring;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.cryptorder.net.NicProfile;

/**
 * The CPU cost profiles an experiment may name: the files {@code <name>.json} of one folder
 * ({@code data/profiles/}); and the NIC profiles, in {@code nics/} beside it ({@code data/nics/}). Each is read once, on first use, and shared by every run (profiles are
 * immutable).
 */
public final class Profiles {
    private final Path folder;
    private final Map<String, CpuProfile> loaded = new ConcurrentHashMap<>();
    private final Map<String, NicProfile> nics = new ConcurrentHashMap<>();

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
        return names(folder);
    }

    /** The NIC profiles' folder: {@code nics/} beside this one ({@code data/nics/}). */
    public Path nicFolder() {
        return folder.resolveSibling("nics");
    }

    /** The names of the NIC profiles, sorted. */
    public List<String> nicNames() {
        return names(nicFolder());
    }

    /**
     * The NIC profile called {@code name}.
     *
     * @throws CpuProfile.InvalidProfileException when the file is missing or invalid
     */
    public NicProfile nic(String name) throws CpuProfile.InvalidProfileException {
        NicProfile p = nics.get(name);
        if (p == null) {
            p = NicProfileFile.load(nicFolder().resolve(name + ".json"));
            nics.putIfAbsent(name, p);
        }
        return p;
    }

    private static List<String> names(Path folder) {
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
