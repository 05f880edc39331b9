package org.cryptorder.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.cryptorder.experiment.ExperimentFile;
import org.cryptorder.experiment.InvalidExperimentException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code cryptorder list}: the bundled experiments, each with its one-line description. */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = "Lists the bundled experiments (experiments/, seeds/ and tutorial/ included) with their one-line descriptions.")
final class ListCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    /** The bundled experiment files, sorted by path (the schema left out). */
    static List<Path> bundled() throws IOException {
        Path folder = ProjectPaths.home().resolve("experiments");
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(folder)) {
            return s.filter(p -> p.toString().endsWith(".json"))
                    .filter(p -> !p.getFileName().toString().endsWith(".schema.json")).sorted().toList();
        }
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        Path home = ProjectPaths.home();
        List<Path> files = bundled();
        if (files.isEmpty()) {
            spec.commandLine().getErr().println("cryptorder list: no experiments in " + home.resolve("experiments"));
            return 1;
        }
        int status = 0;
        for (Path p : files) {
            Path shown = home.relativize(p);
            try {
                ExperimentFile f = ExperimentFile.load(p, ExperimentFiles.profiles());
                out.printf(Locale.ROOT, "%-40s %s (%d runs)%n", shown, f.experiment().description(), f.runCount());
            } catch (InvalidExperimentException e) {
                out.printf(Locale.ROOT, "%-40s (invalid: %s)%n", shown, e.problems().get(0));
                status = 1;
            }
        }
        out.flush();
        return status;
    }
}
