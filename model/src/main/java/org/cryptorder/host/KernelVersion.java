package org.cryptorder.host;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a kernel version such as {@code "5.10"}, {@code "6.12.117"}, {@code "6.6-6.14"} (an era
 * key, by its first version) or {@code "3.10-rhel7"}: the one reading every versioned rule of the
 * model uses, {@code crypto.KernelEra} included.
 */
public final class KernelVersion {
    private static final Pattern STABLE = Pattern.compile("^\\d+\\.\\d+\\.(\\d+)");

    private KernelVersion() {
    }

    /**
     * The version as {@code major * 1000 + minor} ({@code "6.6"} is 6006).
     *
     * @throws IllegalArgumentException for a version that cannot be read
     */
    public static int code(String version) {
        String[] parts = version.trim().split("[.-]");
        try {
            int minor = parts.length > 1 ? Integer.parseInt(parts[1].replaceAll("[^0-9].*$", "")) : 0;
            return Integer.parseInt(parts[0]) * 1000 + minor;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("cannot read kernel version '" + version + "'");
        }
    }

    /** Whether {@code version} is {@code major.minor} or later. */
    public static boolean atLeast(String version, int major, int minor) {
        return atLeast(version, major, minor, 0);
    }

    /** The same to the stable release: {@code "6.12.117"} is 6.12.117 or later, {@code "6.12"} is 6.12.0. */
    public static boolean atLeast(String version, int major, int minor, int patch) {
        int code = code(version);
        int wanted = major * 1000 + minor;
        if (code != wanted) {
            return code > wanted;
        }
        Matcher m = STABLE.matcher(version.trim());
        return (m.find() ? Integer.parseInt(m.group(1)) : 0) >= patch;
    }
}
