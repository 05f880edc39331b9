package org.cryptorder.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The small experiment the trace and capture tests share: one receiving CPU under 30% kernel FPU
 * busy, policy async-unordered, UDP at 2 Gbit/s for 5 ms, so frames go to cryptd and some are
 * counted InPktsDelayed.
 */
final class ReorderingExperiment {
    private ReorderingExperiment() {
    }

    /** Writes it as {@code e.json} in {@code dir} and returns its path. */
    static Path in(Path dir) throws IOException {
        Path f = dir.resolve("e.json");
        Files.writeString(f, "{\"name\": \"e\", \"crypto\": {\"policy\": \"async-unordered\"},"
                + " \"hosts\": {\"cpus\": 1}, \"contention\": {\"kernelFpuBusy\": 0.3},"
                + " \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 2000}], \"run\": {\"durationS\": 0.005}}");
        return f;
    }
}
