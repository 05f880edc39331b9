package org.cryptorder.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/**
 * The values a numeric option accepts, {@code min} to {@code max} inclusive, and the one line a
 * value outside them gets: {@code --runs: 1 to 100, got 0}, or with a qualifier after the range,
 * {@code --sim-seconds: 0.001 to 100 simulated seconds, got 0}. The check throws picocli's
 * {@link ParameterException}, which {@link Main} prints as that line and a hint, exit status 2.
 * NaN is outside every range.
 *
 * @param option the option's name as typed, {@code --runs}
 * @param qualifier words after the range in the message ({@code simulated seconds}), or empty
 */
record OptionRange(String option, double min, double max, String qualifier) {
    /** A range whose message has nothing after it. */
    OptionRange(String option, double min, double max) {
        this(option, min, max, "");
    }

    /** Whether {@code value} is accepted. */
    boolean contains(double value) {
        return value >= min && value <= max;
    }

    /** {@code value}, or the bad-usage exception naming the range when it is outside. */
    int check(CommandSpec spec, int value) {
        check(spec, (double) value);
        return value;
    }

    /** {@code value}, or the bad-usage exception naming the range when it is outside. */
    double check(CommandSpec spec, double value) {
        if (!contains(value)) {
            throw new ParameterException(spec.commandLine(), option + ": " + number(min) + " to " + number(max)
                    + (qualifier.isEmpty() ? "" : " " + qualifier) + ", got " + number(value));
        }
        return value;
    }

    /** A number as short as it reads, as a user would type it: 1, 0.25, 10, NaN. */
    static String number(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }
}
