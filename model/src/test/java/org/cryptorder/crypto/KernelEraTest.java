package org.cryptorder.crypto;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** A kernel version, however it is written, falls in the era its major and minor number name. */
class KernelEraTest {

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource({
        "3.10-rhel7, RHEL7_BACKPORT",
        "3.10.0-1160, RHEL7_BACKPORT",
        "4.6, V4_6_TO_5_6",
        "4.6-5.6, V4_6_TO_5_6",
        "5.6.19, V4_6_TO_5_6",
        "5.7, V5_7_TO_6_5",
        "5.10-rc3, V5_7_TO_6_5",
        "' 5.10 ', V5_7_TO_6_5",
        "5.7-6.5, V5_7_TO_6_5",
        "6.5.13, V5_7_TO_6_5",
        "6.6, V6_6_TO_6_14",
        "6.6-6.14, V6_6_TO_6_14",
        "6.12.117, V6_6_TO_6_14",
        "6.14, V6_6_TO_6_14",
        "6.15, V6_15",
        "6.15.2, V6_15",
        "6.16, V6_16_ON",
        "6.16+, V6_16_ON",
        "6.18, V6_16_ON",
        "7, V6_16_ON",
        "7.0-rc1, V6_16_ON",
    })
    void aVersionFallsInItsEra(String version, KernelEra era) {
        assertThat(KernelEra.of(version)).isEqualTo(era);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"", "six", "6.x", "v6.6", "6-rc1", ".6"})
    void anUnreadableVersionIsRefusedByName(String version) {
        assertThatThrownBy(() -> KernelEra.of(version)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot read kernel version '" + version + "'");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"4.5", "4.4.302", "2.6.32"})
    void aVersionBeforeMacsecIsRefused(String version) {
        assertThatThrownBy(() -> KernelEra.of(version)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("MACsec appeared in Linux 4.6; '" + version + "' has none");
    }
}
