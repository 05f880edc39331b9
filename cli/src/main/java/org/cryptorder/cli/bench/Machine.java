package org.cryptorder.cli.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** The machine a benchmark ran on, in one line: processors, CPU model, load average, JDK. */
public final class Machine {
    private Machine() {
    }

    /** The 1-minute load average now (negative when the platform has none). */
    public static double loadAverage() {
        return ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    }

    /** One line: processors, CPU model, the load average before and now, Java version. */
    public static String describe(double loadBefore) {
        return String.format(Locale.ROOT, "machine: %d processors (%s), load average %.2f before, %.2f after; Java %s",
                Runtime.getRuntime().availableProcessors(), cpuModel(), loadBefore, loadAverage(), Runtime.version());
    }

    private static String cpuModel() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"), StandardCharsets.ISO_8859_1)) {
                if (line.startsWith("model name")) {
                    return line.substring(line.indexOf(':') + 1).strip().replaceAll("\\s+", " ");
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux: the architecture will do
        }
        return System.getProperty("os.arch");
    }
}
