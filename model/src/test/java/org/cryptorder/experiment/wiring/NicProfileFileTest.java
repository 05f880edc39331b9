package org.cryptorder.experiment.wiring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.cryptorder.net.NicProfile;
import org.cryptorder.testing.ProjectFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NicProfileFileTest {
    @Test
    void theBundled82599ProfileIsTheBuiltInOne() throws Exception {
        NicProfile p = NicProfileFile.load(ProjectFiles.resolve("data/nics/ixgbe-82599.json"));
        assertThat(p).isEqualTo(NicProfile.ixgbe82599());
        assertThat(p.roundRing(500)).as("ixgbe_set_ringparam rounds up to 8").isEqualTo(504);
    }

    @Test
    void aProfileMissingAParameterOrGivingAnUnknownOneIsRefusedNamingThem(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("x.json");
        Files.writeString(f, "{\"name\": \"x\", \"description\": \"d\", \"parameters\": {\"txDescriptors\":"
                + " {\"value\": 512, \"unit\": \"descriptors\", \"source\": \"cited\", \"provenance\": \"p\"},"
                + " \"rings\": {\"value\": 1, \"unit\": \"u\", \"source\": \"cited\", \"provenance\": \"p\"}}}");
        assertThatThrownBy(() -> NicProfileFile.load(f)).isInstanceOf(CpuProfile.InvalidProfileException.class)
                .hasMessageContaining("parameters.rings: not a parameter of a NIC profile")
                .hasMessageContaining("parameters.txPacketBufferOctets: missing");
    }
}
