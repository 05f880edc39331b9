package org.cryptorder.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code cryptorder bench}: performance benchmarks. Each checks its flags before it prints or runs
 * anything, and prints its figures as one Markdown table, followed by the targets and the machine.
 * This is the parent command alone: each benchmark is its own class ({@link BenchDatapathCommand},
 * {@link BenchMemoryCommand}, {@link BenchScaleCommand}, {@link BenchSweepCommand},
 * {@link BenchEventListCommand}, {@link BenchCodecCommand}), the options they share are in
 * {@link BenchOptions}.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = {"Performance benchmarks of the simulation and the frame codec.",
            "The simulation benchmarks run one fixed scenario through the experiment runner's model: one"
                + " Linux TCP flow (or UDP at line rate) over 10 Gbit/s GCM-AES-128 MACsec, 2 CPUs per host, kernel"
                + " FPU busy 0.3 on the receiver.",
            "Each prints one Markdown table, then the targets and the machine. Run them on a quiet machine:"
                + " other processes slow every figure, and a loaded machine takes 2 to 3 times longer. All of them:"
                + " about 3.5 minutes on a quiet 2-core machine."},
        subcommands = {BenchDatapathCommand.class, BenchMemoryCommand.class, BenchScaleCommand.class,
            BenchSweepCommand.class, BenchEventListCommand.class, BenchCodecCommand.class})
final class BenchCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "name a benchmark: datapath, memory, scale, sweep, event-list or codec");
    }

    /** The performance targets, printed under the simulation benchmarks' tables. */
    static final String TARGETS = "targets (docs/performance.md): at least 300000 data frames per CPU-second, wall/floor at most 1.5,"
            + " memory of 10 s simulated within 10% of 1 s, time per simulated second within 15% across 0.1, 1 and 10 s,"
            + " a sweep of 8 runs at least 1.8 times faster on 2 threads than on 1.";
}
