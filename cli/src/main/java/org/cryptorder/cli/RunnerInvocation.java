package org.cryptorder.cli;

import java.io.PrintWriter;
import org.cryptorder.experiment.file.ExperimentFile;
import org.cryptorder.experiment.ExperimentRunner;
import org.cryptorder.experiment.RunModel;
import org.cryptorder.experiment.output.ResultsNotWrittenException;

/**
 * One experiment file through {@link ExperimentRunner}, as {@code run} and {@code compare} run it,
 * and its outcome as an exit status. The runner's failures are printed to {@code err} the same way
 * for both: the problems of a file the model cannot run (status 1), a run that failed, as
 * {@code cryptorder run: FILE: message} (status 1, the cause's stack trace too when
 * {@code CRYPTORDER_DEBUG} is set); a runner that stopped short (interrupted) gives 1; a complete
 * report is the command's to judge. A folder whose runs cannot be resumed, and one that cannot be
 * written, are thrown on to the command, which answers them in its own way.
 *
 * @param command the command's name in messages: {@code cryptorder run}
 * @param rerunHint whether a failed run's message goes on to say where the finished runs are and
 *     to rerun with {@code --resume} ({@code run}; {@code compare} resumes by itself)
 */
record RunnerInvocation(String command, RunModel model, PrintWriter err, boolean rerunHint) {
    /** What a command makes of a complete report: its exit status. */
    @FunctionalInterface
    interface Completed {
        int status(ExperimentRunner.Report report);
    }

    /**
     * Runs {@code file} with {@code options}; the exit status as said above.
     *
     * @throws ExperimentRunner.NotResumableException the folder holds runs the options cannot resume
     * @throws ResultsNotWrittenException the results folder cannot be written
     */
    int status(ExperimentFile file, ExperimentRunner.Options options, ExperimentRunner.Progress progress,
               Completed completed) throws ExperimentRunner.NotResumableException, ResultsNotWrittenException {
        try {
            ExperimentRunner.Report report = new ExperimentRunner(model, options).run(file, progress);
            return report.complete() ? completed.status(report) : 1;
        } catch (ExperimentRunner.UnsupportedException e) {
            e.problems().forEach(err::println);
            err.flush();
            return 1;
        } catch (ExperimentRunner.RunFailedException e) {
            err.println(command + ": " + file.file() + ": " + e.getMessage());
            if (rerunHint) {
                err.println("The runs that finished are in " + options.folder().resolve(options.tableName())
                        + "; rerun with --resume to do the rest.");
            }
            if (Invocation.debug() && e.getCause() != null) {
                e.getCause().printStackTrace(err);
            }
            err.flush();
            return 1;
        }
    }
}
