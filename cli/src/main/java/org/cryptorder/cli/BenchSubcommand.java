package org.cryptorder.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.cryptorder.cli.bench.Machine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * What the simulation benchmarks share around their measurement: the machine's load is read before
 * it, and the table it prints is followed by the targets (where the benchmark has one) and the
 * machine, as {@link BenchCommand} promises. A subcommand checks its options first in {@link
 * #measure}, so a bad value is one line and exit status 2 before anything is printed or run.
 */
abstract class BenchSubcommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    /** Checks the options, measures and prints the table to {@code out}; the exit status. */
    abstract int measure(PrintWriter out) throws Exception;

    /** Whether the targets line follows the table (the benchmarks that measure a target). */
    boolean hasTargets() {
        return true;
    }

    @Override
    public final Integer call() throws Exception {
        double load = Machine.loadAverage();
        PrintWriter out = spec.commandLine().getOut();
        int status = measure(out);
        if (hasTargets()) {
            out.println(BenchCommand.TARGETS);
        }
        out.println(Machine.describe(load));
        return status;
    }
}
