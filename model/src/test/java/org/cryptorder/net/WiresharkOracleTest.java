package org.cryptorder.net;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How the oracle fails before it runs Wireshark; these need neither node nor npm. */
class WiresharkOracleTest {

    @TempDir Path dir;

    @Test
    void onlyGcmAes128KeysAreAccepted() {
        WiresharkOracle oracle = new WiresharkOracle(dir);

        assertThatThrownBy(() -> oracle.verify(dir.resolve("none.pcap"), new byte[32]))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("GCM-AES-128");
    }

    @Test
    void missingNodeFailsNamingWhatToInstall() {
        WiresharkOracle oracle = new WiresharkOracle(dir, "cryptorder-no-such-node", "npm");

        assertThatThrownBy(() -> oracle.verify(dir.resolve("none.pcap"), new byte[16]))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("cannot run cryptorder-no-such-node")
                .hasMessageContaining("apt-get install nodejs npm")
                .hasMessageContaining("-Dcryptorder.excludedGroups=wireshark");
    }

    @Test
    void missingNpmFailsNamingWhatToInstallWhenThePackageIsNotThereYet() {
        WiresharkOracle oracle = new WiresharkOracle(dir.resolve("home"), "node", "cryptorder-no-such-npm");

        assertThatThrownBy(oracle::ensureInstalled)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("cannot run cryptorder-no-such-npm")
                .hasMessageContaining("apt-get install nodejs npm");
    }
}
