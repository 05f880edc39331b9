package org.cryptorder.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of {@code ./cryptorder}: dispatches to the subcommands. */
@Command(name = "cryptorder",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = "Simulates how asynchronous crypto in a MACsec datapath reorders frames, and what that costs TCP and UDP.",
        subcommands = {RunCommand.class, MergeCommand.class, ValidateCommand.class, ChartCommand.class, ListCommand.class,
            ExplainCommand.class, CompareCommand.class, FrameCommand.class,
            BenchCommand.class,
            CommandLine.HelpCommand.class})
public final class Main implements Runnable {

    /** Columns of --help text: room for a sentence a line, fewer words cut at a dot (report.html). */
    static final int USAGE_WIDTH = 100;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command line and returns its exit status (0 ok, 1 failure, 2 bad usage or input). */
    public static int run(String... args) {
        return commandLine().execute(args);
    }

    /** As {@link #run}, printing to {@code out} and {@code err} (the warm background process's client streams). */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cl = commandLine();
        cl.setOut(out);
        cl.setErr(err);
        try {
            return cl.execute(args);
        } finally {
            out.flush();
            err.flush();
        }
    }

    /**
     * The command line with the project's error handling: bad usage or input prints one line naming
     * the problem and a hint, exit status 2; a failure while running prints one line, exit status 1
     * (with the stack trace only when CRYPTORDER_DEBUG is set).
     */
    static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Main());
        cl.setUsageHelpWidth(USAGE_WIDTH);
        cl.setParameterExceptionHandler((ex, args) -> {
            CommandLine c = ex.getCommandLine();
            if (ex instanceof CommandLine.UnmatchedArgumentException u && c.getParent() == null
                    && !u.getUnmatched().isEmpty() && !u.getUnmatched().get(0).startsWith("-")) {
                // a misspelled command: name it, and the one most likely meant
                String word = u.getUnmatched().get(0);
                c.getErr().println(c.getCommandSpec().qualifiedName() + ": no command '" + word + "'; the commands are "
                        + String.join(", ", c.getSubcommands().keySet()) + org.cryptorder.experiment.file.Suggestion
                        .didYouMean(word, c.getSubcommands().keySet()));
                c.getErr().println("Try '" + c.getCommandSpec().qualifiedName() + " --help'.");
                return 2;
            }
            c.getErr().println(c.getCommandSpec().qualifiedName() + ": " + ex.getMessage());
            c.getErr().println("Try '" + c.getCommandSpec().qualifiedName() + " --help'.");
            return 2;
        });
        cl.setExecutionExceptionHandler((ex, c, parsed) -> {
            c.getErr().println(c.getCommandSpec().qualifiedName() + ": " + ex);
            if (Invocation.debug()) {
                ex.printStackTrace(c.getErr());
            }
            return 1;
        });
        return cl;
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required");
    }

    /** The version from the jar manifest (set by the build), or "(development build)" outside the jar. */
    static String version() {
        String v = Main.class.getPackage().getImplementationVersion();
        return v == null ? "(development build)" : v;
    }

    /** Reads the version from the jar manifest (set by the build). */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"cryptorder " + version()};
        }
    }
}
