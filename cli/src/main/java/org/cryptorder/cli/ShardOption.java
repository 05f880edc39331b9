package org.cryptorder.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.cryptorder.experiment.file.ExperimentFile;
import org.cryptorder.experiment.ExperimentRunner;
import org.cryptorder.experiment.Shard;

/**
 * The value of {@code run --shard}: {@code I/N} (slice I of N, from 0), or {@code auto/N}, where
 * I is the array index the batch scheduler gives the task: {@code SLURM_ARRAY_TASK_ID} (Slurm job
 * arrays) or {@code JOB_COMPLETION_INDEX} (Kubernetes Indexed Jobs), in that order.
 */
final class ShardOption {
    /** The environment variables {@code auto} reads, in order. */
    static final String[] INDEX_VARIABLES = {"SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX"};

    private static final Pattern FORM = Pattern.compile("(auto|\\d{1,9})/(\\d{1,9})");

    private ShardOption() {
    }

    /** An option value that does not name a shard; the message says why. */
    static final class BadShardException extends Exception {
        private static final long serialVersionUID = 1L;

        BadShardException(String message) {
            super(message);
        }
    }

    /** The shard {@code value} names, reading {@code environment} for {@code auto}. */
    static Shard parse(String value, Map<String, String> environment) throws BadShardException {
        Matcher m = FORM.matcher(value);
        if (!m.matches()) {
            throw new BadShardException("--shard: expected I/N or auto/N (as in 0/4), got '" + value + "'");
        }
        int count = Integer.parseInt(m.group(2));
        if (count < 1) {
            throw new BadShardException("--shard " + value + ": at least one shard");
        }
        if (!m.group(1).equals("auto")) {
            int index = Integer.parseInt(m.group(1));
            if (index >= count) {
                throw new BadShardException(String.format(Locale.ROOT, "--shard %s: the shards of %d are numbered 0 to %d",
                        value, count, count - 1));
            }
            return new Shard(index, count);
        }
        for (String variable : INDEX_VARIABLES) {
            String v = environment.get(variable);
            if (v == null || v.isEmpty()) {
                continue;
            }
            int index;
            try {
                index = Integer.parseInt(v.trim());
            } catch (NumberFormatException e) {
                throw new BadShardException("--shard " + value + ": " + variable + "=" + v + " is not an index");
            }
            if (index < 0 || index >= count) {
                throw new BadShardException(String.format(Locale.ROOT,
                        "--shard %s: %s=%d is not a shard of %d (0 to %d); submit the array as 0-%d", value, variable,
                        index, count, count - 1, count - 1));
            }
            return new Shard(index, count);
        }
        throw new BadShardException("--shard " + value + ": neither " + String.join(" nor ", INDEX_VARIABLES)
                + " is set (auto is for Slurm array jobs and Kubernetes Indexed Jobs); give the index, as in --shard 0/"
                + count);
    }

    /** What {@code run --shard} prints when its slice is done (the summary waits for the merge). */
    static void printDone(ExperimentFile file, Shard shard, ExperimentRunner.Report report, PrintWriter out) {
        out.printf(Locale.ROOT, "%s: shard %d of %d done (%d runs now, %d found done)%ntable: %s%n"
                        + "when every shard is done: cryptorder merge %s%n", file.experiment().name(), shard.index(),
                shard.count(), report.ran(), report.skipped(), report.folder().resolve(shard.fileName()), report.folder());
        out.flush();
    }
}
