package org.cryptorder.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

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

    /**
     * Writes it in {@code dir} and explains it, following {@code frames} frames, the timeline chart in
     * {@code dir/t.png}, with {@code options} (the output under test); checks that explain succeeded.
     */
    static CliRun explain(Path dir, String frames, String... options) throws IOException {
        List<String> args = new ArrayList<>(List.of("explain", in(dir).toString(), "--frames", frames, "--chart",
                dir.resolve("t.png").toString()));
        args.addAll(List.of(options));
        CliRun r = CliRun.of(args.toArray(String[]::new));
        assertThat(r.status()).as(r.err()).isZero();
        return r;
    }
}
