package org.cryptorder.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.cryptorder.experiment.ExperimentFile;
import org.cryptorder.experiment.RunModel;
import org.cryptorder.experiment.DatapathRunModel;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code cryptorder validate FILE...}: checks experiment files without running them. */
@Command(name = "validate", mixinStandardHelpOptions = true,
        description = {"Checks experiment files without running them.",
            "Every problem of every file is printed, one per line, as FILE:LINE:COLUMN: dotted.path: what was"
                + " expected, what was found.",
            "Exit status: 0 all valid, 2 a file has problems."})
final class ValidateCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    SetOption set = new SetOption();

    @Parameters(arity = "1..*", paramLabel = "FILE", description = "Experiment files (JSON).")
    List<Path> files;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        List<ExperimentFiles.Loaded> loaded = ExperimentFiles.load(files, set.values(spec.commandLine()),
                spec.commandLine().getErr());
        RunModel model = new DatapathRunModel(ExperimentFiles.profiles());
        for (ExperimentFiles.Loaded l : loaded) {
            if (!l.ok()) {
                continue;
            }
            ExperimentFile f = l.file();
            out.printf(Locale.ROOT, "%s: ok, %s: %d configuration%s x %d replication%s = %d runs%n", l.path(),
                    f.experiment().name(), f.configurations().size(), f.configurations().size() == 1 ? "" : "s",
                    f.replications(), f.replications() == 1 ? "" : "s", f.runCount());
            f.configurations().stream().flatMap(r -> model.unsupported(r).stream()).distinct()
                    .forEach(u -> out.println("  note: " + f.problem(u.path(), u.reason())
                            + "; `run` will refuse this file for now"));
        }
        out.flush();
        return loaded.stream().allMatch(ExperimentFiles.Loaded::ok) ? 0 : 2;
    }
}
