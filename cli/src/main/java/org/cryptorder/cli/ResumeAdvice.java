package org.cryptorder.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.cryptorder.experiment.file.ExperimentFile;
import org.cryptorder.experiment.records.ExperimentJson;

/**
 * What to do when {@code run --resume} refuses a results folder, from the provenance of the
 * folder's {@code experiment.json}: when the folder's runs come from another resolution of the
 * experiment (a file since edited, or run without the {@code --set}s it was run with), the
 * commands that resume them as they ran, rather than advice that throws the finished runs away;
 * when they come from another tool version, that this version cannot complete them.
 */
final class ResumeAdvice {
    private ResumeAdvice() {
    }

    /** The lines to print after the refusal, for results in {@code folder} and the file given. */
    static String of(Path folder, ExperimentFile file, String toolVersion) {
        String restart = "Run without --resume to start again (the runs in " + folder + " are replaced).";
        JsonNode provenance = provenance(folder.resolve(RunCommand.EXPERIMENT_JSON));
        if (provenance == null) {
            return restart;
        }
        String tool = provenance.path("tool").asText("");
        if (!tool.isEmpty() && !tool.equals("cryptorder " + toolVersion)) {
            return "The runs in " + folder + " were made by " + tool + "; this is cryptorder " + toolVersion
                    + ", which cannot complete them. " + restart;
        }
        if (provenance.path("fingerprint").asText("").equals("sha256:" + file.fingerprint())) {
            return restart;
        }
        String set = provenance.path("set").asText("");
        Path json = folder.resolve(RunCommand.EXPERIMENT_JSON);
        return "The runs in " + folder + " were made from " + provenance.path("source").asText("another file")
                + (set.isEmpty() ? "" : " with " + set) + "; " + json + " holds that experiment as it ran."
                + " To resume them, run\n  cryptorder run --resume " + folder + "\nor\n  cryptorder run --resume --out "
                + folder + " " + json + "\n" + restart;
    }

    /** The provenance object of an experiment.json, or null when there is none to read. */
    private static JsonNode provenance(Path experimentJson) {
        if (!Files.isRegularFile(experimentJson)) {
            return null;
        }
        try {
            JsonNode p = ExperimentJson.mapper().readTree(experimentJson.toFile()).get("provenance");
            return p != null && p.isObject() ? p : null;
        } catch (IOException e) {
            return null;
        }
    }
}
