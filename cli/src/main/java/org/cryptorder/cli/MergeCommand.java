package org.cryptorder.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import org.cryptorder.experiment.ExperimentRunner;
import org.cryptorder.experiment.ShardMerge;
import org.cryptorder.experiment.output.ResultsNotWrittenException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code cryptorder merge DIR...}: combines the shard tables written by {@code run --shard I/N}
 * (in one folder or several) into {@code runs.csv}, {@code summary.csv} and {@code
 * experiment.json}, as one {@code run} of the whole experiment would have written them, then
 * prints the same summary as {@code run} and draws the charts and report.
 */
@Command(name = "merge", mixinStandardHelpOptions = true,
        description = {"Combines the shards of an experiment into the tables of one run.",
            "The shards found in the folders DIR (runs.shard-I-of-N.csv, written by run --shard I/N) become the"
                + " tables runs.csv, summary.csv and experiment.json, identical apart from wall_seconds to those of"
                + " a run of the whole experiment; then the charts and report.html are drawn.",
            "Shards of different experiments or tool versions, and duplicate, missing or incomplete shards, are"
                + " refused.",
            "Exit status: 0 done, 1 charts or report not written (the tables stay), 2 shards that cannot be"
                + " merged, tables that cannot be written, or bad usage."})
final class MergeCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(arity = "1..*", paramLabel = "DIR", description = "Folders holding shard tables and experiment.json.")
    List<Path> folders;

    @Option(names = "--out", paramLabel = "DIR", description = "Where to write the tables (default: the first DIR).")
    Path out;

    @Option(names = "--quiet", description = "Do not print the summary.")
    boolean quiet;

    @Override
    public Integer call() throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        Path target = out == null ? folders.get(0) : out;
        ShardMerge.Result result;
        try {
            result = ShardMerge.merge(folders, target, ExperimentFiles.profiles());
        } catch (ShardMerge.RefusedException e) {
            err.println("cryptorder merge: " + e.getMessage());
            err.println("Try 'cryptorder merge --help'.");
            err.flush();
            return 2;
        } catch (ResultsNotWrittenException e) {
            err.println("cryptorder merge: " + e.getMessage());
            err.println("The shards in " + folders.stream().map(Path::toString).collect(Collectors.joining(", "))
                    + " are as they were; merge again with another --out or once " + e.folder() + " can be written.");
            err.flush();
            return 2;
        }
        PrintWriter out = spec.commandLine().getOut();
        if (!quiet) {
            TerminalSummary.print(result.file(), new ExperimentRunner.Report(result.folder(), 0, result.runs(), true,
                    result.summaries()), out);
        }
        return ChartRendering.afterTables("merge", result.folder(), err, quiet ? new PrintWriter(Writer.nullWriter()) : out);
    }
}
