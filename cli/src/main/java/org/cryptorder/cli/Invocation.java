package org.cryptorder.cli;

import java.io.PrintStream;
import java.util.Map;

/**
 * What a command may know of the process that asked for it: its environment, whether it runs on a
 * terminal, and the stream a progress bar draws on. A fresh process is its own invocation; the
 * warm background process ({@link org.cryptorder.cli.daemon.DaemonServer}) sets the client's for
 * the one command it runs at a time, so that a command reads the client's {@code CRYPTORDER_HOME},
 * {@code CRYPTORDER_DEBUG} and Slurm variables, never its own.
 */
public final class Invocation {
    /** The environment, whether standard input and output are a terminal, its width (0: unknown), and standard error. */
    public record Context(Map<String, String> environment, boolean console, int columns, PrintStream stderr) {
    }

    private static volatile Context current;

    private Invocation() {
    }

    /** The invocation a command runs for: the one set, else this process's own. */
    static Context current() {
        Context c = current;
        return c != null ? c : new Context(System.getenv(), System.console() != null, 0, System.err);
    }

    /** A variable of the invocation's environment, or null. */
    static String env(String name) {
        return current().environment().get(name);
    }

    /** Whether CRYPTORDER_DEBUG is set: failures print their stack trace. */
    static boolean debug() {
        return env("CRYPTORDER_DEBUG") != null;
    }

    /** Sets the invocation of the command about to run in this process; {@code null} restores the process's own. */
    public static void set(Context c) {
        current = c;
    }
}
