package org.cryptorder.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.cryptorder.experiment.file.ExperimentFile;
import org.cryptorder.experiment.file.JsonSource;
import org.cryptorder.experiment.records.InvalidExperimentException;
import org.cryptorder.experiment.records.Problem;
import org.cryptorder.experiment.replication.Plausibility;
import org.cryptorder.experiment.wiring.Profiles;

/** Reads the experiment files named on a command line, printing every problem of every file. */
final class ExperimentFiles {
    private ExperimentFiles() {
    }

    /** The CPU profiles of this checkout ({@code data/profiles}). */
    static Profiles profiles() {
        return Profiles.in(ProjectPaths.data("profiles"));
    }

    /** A file that was read, or the problems that stopped it. */
    record Loaded(Path path, ExperimentFile file, List<Problem> problems) {
        boolean ok() {
            return file != null;
        }
    }

    /**
     * The plausibility notices of a file ({@link Plausibility}), as {@code warning: FILE:LINE:COL:
     * path: why} lines: inputs the model runs but that are unlikely to be what the file means.
     */
    static List<String> warnings(ExperimentFile f) {
        return Plausibility.of(f).stream().map(n -> "warning: " + f.problem(n.path(), n.message())).toList();
    }

    /** Reads each file; problems are printed to {@code err}, one per line, in file order. */
    static List<Loaded> load(List<Path> paths, PrintWriter err) {
        return load(paths, List.of(), err);
    }

    /** The same with values set over every file ({@code --set}). */
    static List<Loaded> load(List<Path> paths, List<JsonSource.SetValue> sets, PrintWriter err) {
        Profiles profiles = profiles();
        List<Loaded> out = new ArrayList<>();
        for (Path p : paths) {
            try {
                out.add(new Loaded(p, ExperimentFile.load(p, profiles, sets), List.of()));
            } catch (InvalidExperimentException e) {
                e.problems().forEach(err::println);
                out.add(new Loaded(p, null, e.problems()));
            }
        }
        err.flush();
        return out;
    }
}
