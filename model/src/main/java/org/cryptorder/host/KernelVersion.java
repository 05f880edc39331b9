package org.cryptorder.host;

/** Reads a kernel version such as {@code "5.10"}, {@code "6.6-6.14"} (an era key, by its first version) or {@code "3.10-rhel7"}. */
final class KernelVersion {
    private KernelVersion() {
    }

    /**
     * The version as {@code major * 1000 + minor} ({@code "6.6"} is 6006).
     *
     * @throws IllegalArgumentException for a version that cannot be read
     */
    static int code(String version) {
        String[] parts = version.trim().split("[.-]");
        try {
            int minor = parts.length > 1 ? Integer.parseInt(parts[1].replaceAll("[^0-9].*$", "")) : 0;
            return Integer.parseInt(parts[0]) * 1000 + minor;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("cannot read kernel version '" + version + "'");
        }
    }
}
