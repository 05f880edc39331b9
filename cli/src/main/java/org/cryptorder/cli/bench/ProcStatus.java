package org.cryptorder.cli.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Resident memory of a process, from Linux's {@code /proc/<pid>/status}: {@code VmRSS} (resident
 * now) and {@code VmHWM} (the peak of VmRSS, "high water mark"), in kB as the file gives them.
 */
public record ProcStatus(long vmRssKb, long vmHwmKb) {
    /** The file of this process. */
    public static final Path SELF = Path.of("/proc/self/status");

    /** Reads {@link #SELF}. */
    public static ProcStatus self() throws IOException {
        return parse(Files.readString(SELF, StandardCharsets.ISO_8859_1));
    }

    /**
     * The two fields of a status file's text, lines such as {@code VmRSS:\t  123456 kB}.
     *
     * @throws IllegalArgumentException when a field is missing or not a number of kB
     */
    public static ProcStatus parse(String text) {
        return new ProcStatus(field(text, "VmRSS"), field(text, "VmHWM"));
    }

    private static long field(String text, String name) {
        for (String line : text.split("\n")) {
            if (line.startsWith(name + ":")) {
                String[] words = line.substring(name.length() + 1).trim().split("\\s+");
                if (words.length != 2 || !words[1].equals("kB")) {
                    throw new IllegalArgumentException("/proc status: " + name + " is not a number of kB: '" + line + "'");
                }
                try {
                    return Long.parseLong(words[0]);
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException("/proc status: " + name + " is not a number of kB: '" + line + "'");
                }
            }
        }
        throw new IllegalArgumentException("/proc status: no " + name + " line (not Linux?)");
    }
}
