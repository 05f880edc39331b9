package org.cryptorder.experiment;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One of {@code count} slices of an experiment's runs: the runs of the sweep-ordered list of
 * (configuration, replication) pairs whose position k has {@code k mod count == index}. The
 * slices are deterministic and balanced (their sizes differ by at most one), and a shard's rows
 * are exactly the rows a whole run would write for the same runs, since replication r always uses
 * substream r.
 *
 * <p>A shard writes its rows to {@code runs.shard-<index>-of-<count>.csv} (see {@link #fileName}),
 * with the comment lines of {@code runs.csv} followed by {@link #commentLine}; {@link ShardMerge}
 * puts the slices back together.
 *
 * @param index which slice, from 0
 * @param count how many slices
 */
public record Shard(int index, int count) {
    private static final Pattern FILE = Pattern.compile("runs\\.shard-(\\d{1,9})-of-(\\d{1,9})\\.csv");
    private static final Pattern COMMENT = Pattern.compile("# shard (\\d{1,9}) of (\\d{1,9})");

    public Shard {
        if (count < 1) {
            throw new IllegalArgumentException("at least one shard, got " + count);
        }
        if (index < 0 || index >= count) {
            throw new IllegalArgumentException("a shard of " + count + " is numbered 0 to " + (count - 1) + ", got " + index);
        }
    }

    /** Whether the run at position {@code k} of the sweep-ordered list of runs is in this slice. */
    public boolean holds(long k) {
        return k % count == index;
    }

    /** The table this shard writes its rows to, in the results folder. */
    public String fileName() {
        return String.format(Locale.ROOT, "runs.shard-%d-of-%d.csv", index, count);
    }

    /** The comment line that ends the header comments of this shard's table. */
    public String commentLine() {
        return String.format(Locale.ROOT, "# shard %d of %d", index, count);
    }

    /** {@code i/N}, as given on the command line. */
    @Override
    public String toString() {
        return index + "/" + count;
    }

    /** The shard a table's file name stands for, if it is a shard's. */
    public static Optional<Shard> ofFileName(String name) {
        return parse(FILE.matcher(name));
    }

    /** The shard a comment line stands for, if it is a shard's. */
    static Optional<Shard> ofCommentLine(String line) {
        return parse(COMMENT.matcher(line));
    }

    private static Optional<Shard> parse(Matcher m) {
        if (!m.matches()) {
            return Optional.empty();
        }
        int i = Integer.parseInt(m.group(1));
        int n = Integer.parseInt(m.group(2));
        return n >= 1 && i < n ? Optional.of(new Shard(i, n)) : Optional.empty();
    }
}
