package org.cryptorder.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.cryptorder.experiment.ExperimentRunner;
import org.cryptorder.experiment.records.ResolvedRun;

/**
 * How {@code run} shows progress: a progress bar with ETA on a terminal, a plain line every few
 * seconds otherwise (logs, CI), nothing with {@code --quiet}. Called from the worker threads.
 */
final class ProgressDisplay {
    private ProgressDisplay() {
    }

    /** The display for an experiment called {@code name}. */
    static ExperimentRunner.Progress of(String name, boolean quiet, PrintWriter err) {
        if (quiet) {
            return ExperimentRunner.Progress.NONE;
        }
        return Invocation.current().console() ? new Bar(name, Invocation.current()) : new Lines(name, err);
    }

    /** me.tongfei's progress bar on standard error. */
    private static final class Bar implements ExperimentRunner.Progress {
        private final String name;
        private final Invocation.Context invocation;
        private ProgressBar bar;

        Bar(String name, Invocation.Context invocation) {
            this.name = name;
            this.invocation = invocation;
        }

        @Override
        public synchronized void begin(long total, long alreadyDone) {
            bar = new ProgressBarBuilder().setTaskName(name).setInitialMax(total).setUnit(" runs", 1)
                    .setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(250)
                    .setConsumer(invocation.columns() > 0
                            ? new ConsoleProgressBarConsumer(invocation.stderr(), invocation.columns() - 1)
                            : new ConsoleProgressBarConsumer(invocation.stderr()))
                    .startsFrom(alreadyDone, Duration.ZERO).build();
        }

        @Override
        public synchronized void finished(ResolvedRun run, int replication, double wallSeconds) {
            bar.setExtraMessage(run.point().label());
            bar.step();
        }

        @Override
        public synchronized void end() {
            bar.setExtraMessage("");
            bar.close();
        }
    }

    /** A line when a run finishes, at most one every {@link #EVERY_NS}, and the last one. */
    private static final class Lines implements ExperimentRunner.Progress {
        private static final long EVERY_NS = 5_000_000_000L;
        private final String name;
        private final PrintWriter err;
        private long total;
        private long done;
        private long doneAtStart;
        private long startNs;
        private long lastNs;

        Lines(String name, PrintWriter err) {
            this.name = name;
            this.err = err;
        }

        @Override
        public synchronized void begin(long total, long alreadyDone) {
            this.total = total;
            this.done = alreadyDone;
            this.doneAtStart = alreadyDone;
            this.startNs = System.nanoTime();
            this.lastNs = startNs;
            err.printf(Locale.ROOT, "%s: %d runs%s%n", name, total,
                    alreadyDone > 0 ? ", " + alreadyDone + " already done" : "");
            err.flush();
        }

        @Override
        public synchronized void finished(ResolvedRun run, int replication, double wallSeconds) {
            done++;
            long now = System.nanoTime();
            if (now - lastNs < EVERY_NS && done < total) {
                return;
            }
            lastNs = now;
            double elapsed = (now - startNs) / 1e9;
            double eta = elapsed / (done - doneAtStart) * (total - done);
            err.printf(Locale.ROOT, "%s: %d/%d runs (%.0f%%), %s, elapsed %s, ETA %s%n", name, done, total,
                    100.0 * done / total, run.point().label(), clock(elapsed), clock(eta));
            err.flush();
        }

        @Override
        public void end() {
            // the last finished run has printed its line
        }

        private static String clock(double seconds) {
            long s = Math.round(seconds);
            return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                    : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
        }
    }
}
