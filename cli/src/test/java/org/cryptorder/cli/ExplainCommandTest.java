package org.cryptorder.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code explain}: the narrated timeline of an experiment's first frames, and its bad input. */
class ExplainCommandTest {
    @TempDir
    Path tmp;

    Path experiment(String policy) throws Exception {
        Path f = tmp.resolve("e.json");
        Files.writeString(f, "{\"name\": \"e\", \"crypto\": {\"policy\": \"" + policy + "\"},"
                + " \"hosts\": {\"cpus\": 1}, \"contention\": {\"kernelFpuBusy\": 0.3},"
                + " \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 2000}], \"run\": {\"durationS\": 0.005}}");
        return f;
    }

    @Test
    void narratesEveryFollowedFrameAndMarksTheOnesDeliveredLate() throws Exception {
        CliRun r = CliRun.of("explain", experiment("async-unordered").toString(), "--frames", "300");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("# e: first 300 frames", "MACsec TX: PN taken",
                "FPU unusable: softirq interrupted a kernel FPU section, so cryptd of cpu0, position",
                "up the stack from the GRO cell to the socket");
        long marked = r.out().lines().filter(l -> l.startsWith("!")).count();
        assertThat(marked).isPositive();
        assertThat(r.out()).contains("# " + marked + " of the followed frames were delivered after a later frame");
    }

    @Test
    void inOrderPoliciesMarkNothing() throws Exception {
        CliRun r = CliRun.of("explain", experiment("async").toString(), "--frames", "300");
        assertThat(r.status()).isZero();
        assertThat(r.out().lines().filter(l -> l.startsWith("!"))).isEmpty();
        assertThat(r.out()).contains("# 0 of the followed frames");
    }

    @Test
    void badInputExitsTwo() throws Exception {
        assertThat(CliRun.of("explain", experiment("async").toString(), "--frames", "0").status()).isEqualTo(2);
        assertThat(CliRun.of("explain", experiment("async").toString(), "--configuration", "1").status()).isEqualTo(2);
        Path bad = tmp.resolve("bad.json");
        Files.writeString(bad, "{\"name\": \"x\", \"traffic\": [], \"bogus\": 1}");
        CliRun r = CliRun.of("explain", bad.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).contains("bogus").doesNotContain("Exception");
    }
}
