package org.cryptorder.testing;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Assumptions;

/**
 * A test's need for a tool outside the JDK and Maven (Chromium, tshark, Node.js and npm, Slurm). On
 * a machine without it the test is skipped with a notice, and {@link LeftOutSummary} names every
 * group left out, with the Debian package that brings it, when the module's tests end. Two
 * properties, which {@code .ci/run} sets, change that:
 * <ul>
 *   <li>{@code -Dcryptorder.requireTools=true}: a missing tool fails the test instead, so CI never
 *       skips one;</li>
 *   <li>{@code -Dcryptorder.installTools=true}: tests may install what they need themselves (the
 *       Wireshark oracle's npm package, Debian's Slurm packages); without it nothing is installed.</li>
 * </ul>
 */
public final class RequiredTool {
    private static final Map<String, String> LEFT_OUT = new TreeMap<>();

    private RequiredTool() {
    }

    /** Whether a missing tool fails the test ({@code cryptorder.requireTools}). */
    public static boolean required() {
        return Boolean.getBoolean("cryptorder.requireTools");
    }

    /** Whether tests may install what they need ({@code cryptorder.installTools}). */
    public static boolean installAllowed() {
        return Boolean.getBoolean("cryptorder.installTools");
    }

    /**
     * Goes on if {@code present}; else skips the test (or fails it under {@code requireTools}).
     *
     * @param group    the tests' group (their JUnit tag), e.g. {@code browser}
     * @param what     what is missing, for the notice
     * @param packages the Debian packages that bring it
     */
    public static void need(boolean present, String group, String what, String packages) {
        if (present) {
            return;
        }
        String why = what + " (Debian: apt-get install " + packages + ")";
        if (required()) {
            fail("the " + group + " tests need their tool and cryptorder.requireTools is set: " + why
                    + "; .ci/run installs it");
        }
        String notice = group + " tests left out: " + why;
        synchronized (LEFT_OUT) {
            LEFT_OUT.put(group, packages);
        }
        Assumptions.abort(notice);
    }

    /** Whether {@code name} is an executable on the PATH. */
    public static boolean onPath(String name) {
        return find(name) != null;
    }

    /** The executable {@code name} on the PATH, or null. */
    public static Path find(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, name))) {
                return Path.of(dir, name);
            }
        }
        return null;
    }

    /** The groups left out so far in this JVM, each with its Debian packages. */
    static Map<String, String> leftOut() {
        synchronized (LEFT_OUT) {
            return new TreeMap<>(LEFT_OUT);
        }
    }
}
