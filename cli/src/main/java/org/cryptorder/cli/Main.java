package org.cryptorder.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Entry point of {@code ./cryptorder}: dispatches to the subcommands. */
@Command(name = "cryptorder",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = "Simulates how asynchronous crypto in a MACsec datapath reorders frames, and what that costs TCP and UDP.",
        subcommands = {CommandLine.HelpCommand.class})
public final class Main implements Runnable {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command line and returns its exit status (0 ok, 1 failure, 2 bad usage or input). */
    public static int run(String... args) {
        return new CommandLine(new Main()).execute(args);
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required");
    }

    /** Reads the version from the jar manifest (set by the build). */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Main.class.getPackage().getImplementationVersion();
            return new String[] {"cryptorder " + (v == null ? "(development build)" : v)};
        }
    }
}
