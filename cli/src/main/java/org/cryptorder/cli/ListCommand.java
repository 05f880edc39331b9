package org.cryptorder.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.cryptorder.experiment.file.ExperimentFile;
import org.cryptorder.experiment.records.InvalidExperimentException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code cryptorder list}: the bundled experiments, one line each (the path, the first sentence of
 * the description cut to the line, the runs); {@code --long} gives each description whole.
 */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = {"Lists the bundled experiments (experiments/, seeds/ and tutorial/ included), one line each:"
                + " the file, the first sentence of its description (cut to fit 120 columns) and its runs.",
            "--long gives each description whole, under its file."})
final class ListCommand implements Callable<Integer> {
    /** The width of a line of the list. */
    static final int WIDTH = 120;

    @Spec
    CommandSpec spec;

    @Option(names = "--long", description = "Each experiment's whole description, under its file and runs.")
    boolean longForm;

    /**
     * The first sentence of {@code description} (to its first ". " or the end); when longer than
     * {@code room} characters, its first clause (to ": ", "; " or " (") if that fits and fills at
     * least half the room, else cut at a word, with "...".
     */
    static String firstSentence(String description, int room) {
        String d = description.strip();
        int end = d.indexOf(". ");
        String first = end < 0 ? d : d.substring(0, end + 1);
        if (first.length() <= room) {
            return first;
        }
        for (String stop : new String[] {": ", "; ", " ("}) {  // the sentence's first clause, when it fits
            int clause = first.indexOf(stop);
            if (clause >= room / 2 && clause <= room - 3) {  // a short one is a label ("Tutorial 1: ...")
                return first.substring(0, clause) + "...";
            }
        }
        int cut = first.lastIndexOf(' ', room - 3);
        return (cut > 0 ? first.substring(0, cut) : first.substring(0, room - 3)).replaceAll("[,:;]$", "") + "...";
    }

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
        int nameWidth = files.stream().mapToInt(p -> home.relativize(p).toString().length()).max().orElse(0);
        for (Path p : files) {
            Path shown = home.relativize(p);
            try {
                ExperimentFile f = ExperimentFile.load(p, ExperimentFiles.profiles());
                String runs = " (" + f.runCount() + " runs)";
                if (longForm) {
                    out.printf(Locale.ROOT, "%s%s%n", shown, runs);
                    TerminalSummary.wrapped("   ", "   ", f.experiment().description(), out);
                } else {
                    String name = String.format(Locale.ROOT, "%-" + (nameWidth + 1) + "s", shown);
                    out.println(name + firstSentence(f.experiment().description(),
                            Math.max(20, WIDTH - name.length() - runs.length())) + runs);
                }
            } catch (InvalidExperimentException e) {
                out.printf(Locale.ROOT, "%-40s (invalid: %s)%n", shown, e.problems().get(0));
                status = 1;
            }
        }
        out.flush();
        return status;
    }
}
