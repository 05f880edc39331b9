package org.cryptorder.experiment.wiring;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.cryptorder.net.NicProfile;

/**
 * A NIC profile file ({@code data/nics/*.json}): the {@link NicProfile} of one NIC and driver, each
 * parameter written as in a CPU profile, with its value, unit, source (measured, cited, fitted or
 * assumed) and provenance, which names the driver constant or datasheet section it comes from.
 */
public final class NicProfileFile {
    /** The parameters every NIC profile gives, in the order of {@link NicProfile}'s components. */
    static final List<String> KEYS = List.of("txDescriptors", "txDescriptorsMin", "txDescriptorsMax",
            "txDescriptorMultiple", "descNeeded", "txWakeThreshold", "txCleanBudget", "itrStartUs",
            "txPacketBufferOctets");

    private NicProfileFile() {
    }

    /** Reads and checks a NIC profile; reports every problem at once. */
    public static NicProfile load(Path file) throws CpuProfile.InvalidProfileException {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(Files.readString(file));
        } catch (JsonProcessingException e) {
            throw new CpuProfile.InvalidProfileException(file + ": not valid JSON: " + e.getOriginalMessage());
        } catch (IOException e) {
            throw new CpuProfile.InvalidProfileException(file + ": cannot read: " + e.getMessage());
        }
        List<String> problems = new ArrayList<>();
        String name = CpuProfile.text(root, "name", problems);
        CpuProfile.text(root, "description", problems);
        JsonNode params = root.path("parameters");
        Map<String, CpuProfile.Parameter> found = new LinkedHashMap<>();
        if (!params.isObject()) {
            problems.add("parameters: an object of named parameters expected");
        } else {
            for (Iterator<Map.Entry<String, JsonNode>> it = params.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (!KEYS.contains(e.getKey())) {
                    problems.add("parameters." + e.getKey() + ": not a parameter of a NIC profile");
                    continue;
                }
                CpuProfile.Parameter p = CpuProfile.parameter("parameters." + e.getKey(), e.getValue(), problems);
                if (p != null) {
                    found.put(e.getKey(), p);
                }
            }
            for (String k : KEYS) {
                if (!params.has(k)) {
                    problems.add("parameters." + k + ": missing");
                }
            }
        }
        if (!problems.isEmpty()) {
            throw new CpuProfile.InvalidProfileException(file + ": " + String.join("; ", problems));
        }
        double[] v = KEYS.stream().mapToDouble(k -> found.get(k).value()).toArray();
        try {
            return new NicProfile(name, (int) v[0], (int) v[1], (int) v[2], (int) v[3], (int) v[4], (int) v[5],
                    (int) v[6], v[7], (long) v[8]);
        } catch (IllegalArgumentException e) {
            throw new CpuProfile.InvalidProfileException(file + ": " + e.getMessage());
        }
    }
}
