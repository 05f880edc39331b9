package org.cryptorder.experiment.wiring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.cryptorder.testing.ProjectFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every bundled profile loads and says where each value comes from; broken ones are refused with reasons. */
class CpuProfileTest {
    static List<Path> profiles() throws IOException {
        try (Stream<Path> s = Files.list(ProjectFiles.resolve("data/profiles"))) {
            return s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
    }

    @Test
    void everyBundledProfileLoadsWithProvenanceForEveryParameter() throws Exception {
        List<Path> files = profiles();
        assertThat(files).hasSizeGreaterThanOrEqualTo(3);
        for (Path f : files) {
            CpuProfile p = CpuProfile.load(f);
            assertThat(p.name() + ".json").isEqualTo(f.getFileName().toString());
            assertThat(p.parameters()).hasSize(CpuProfile.CRYPTO_KEYS.size() + CpuProfile.STACK_KEYS.size()
                    + CpuProfile.SEND_KEYS.size() + (p.hasWifi() ? CpuProfile.WIFI_KEYS.size() : 0));
            p.parameters().forEach((k, v) -> {
                assertThat(v.provenance()).as("%s %s", f, k).hasSizeGreaterThan(20);
                if (v.source() == CpuProfile.Source.FITTED) {
                    assertThat(v.provenance()).as("%s %s names the figure it is fitted to", f, k).containsPattern("S\\d+");
                }
            });
        }
    }

    @Test
    void theApu2GcmCostReproducesTheFittedTcryptPointsAndPredictsTheThird() throws Exception {
        CpuProfile apu = CpuProfile.load(ProjectFiles.resolve("data/profiles/amd-apu2.json"));
        var c = apu.crypto();
        double wrapper = c.ns(c.simdWrapperCycles());
        // S14: 16 B 1.343 us/op and 8192 B 21.50 us/op fitted within 2%, 1024 B 4.185 us predicted within 12%
        assertThat(c.aesniNs(16, 0, false) + wrapper).isCloseTo(1343, org.assertj.core.data.Percentage.withPercentage(2));
        assertThat(c.aesniNs(8192, 0, false) + wrapper).isCloseTo(21500, org.assertj.core.data.Percentage.withPercentage(2));
        assertThat(c.aesniNs(1024, 0, false) + wrapper).isCloseTo(4185, org.assertj.core.data.Percentage.withPercentage(12));
    }

    @Test
    void aProfileWithoutProvenanceOrWithUnknownKeysIsRefusedWithEveryReason(@TempDir Path dir) throws IOException {
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, """
                {"name": "bad", "description": "x", "parameters": {
                  "ghz": {"value": 2, "unit": "GHz", "source": "guessed", "provenance": "x"},
                  "aesniCyclesPerBite": {"value": 1, "unit": "c", "source": "cited", "provenance": "a sentence long enough"}
                }}""");
        assertThatThrownBy(() -> CpuProfile.load(bad))
                .hasMessageContaining("parameters.ghz.source")
                .hasMessageContaining("parameters.aesniCyclesPerBite: not a parameter")
                .hasMessageContaining("parameters.aesniCyclesPerByte: missing");
    }

    @Test
    void aWifiStationsParametersComeAllTogether(@TempDir Path dir) throws Exception {
        Path partial = dir.resolve("partial.json");
        String apu = Files.readString(ProjectFiles.resolve("data/profiles/amd-apu2.json"));
        Files.writeString(partial, apu.replaceFirst("\"ccmRequestCycles\"", "\"ccmRequestCyclez\""));
        assertThatThrownBy(() -> CpuProfile.load(partial))
                .hasMessageContaining("parameters.ccmRequestCycles: missing (a WiFi station's parameters come all together)");
        CpuProfile server = CpuProfile.load(ProjectFiles.resolve("data/profiles/xeon-skylake-sp.json"));
        assertThat(server.hasWifi()).isFalse();
        assertThatThrownBy(server::wifi).hasMessageContaining("gives no WiFi station parameters");
        CpuProfile station = CpuProfile.load(ProjectFiles.resolve("data/profiles/amd-apu2.json"));
        assertThat(station.wifi().rxCycles()).isEqualTo(44440.0);
        assertThat(station.wifi().blockCycles()).isEqualTo(station.crypto().fallbackBlockCycles());
    }
}
