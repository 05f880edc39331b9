package org.cryptorder.cli.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** {@link ProcStatus} reads VmRSS and VmHWM from a status file. */
class ProcStatusTest {
    private static final String STATUS = """
            Name:\tjava
            VmPeak:\t 8977064 kB
            VmSize:\t 8977064 kB
            VmHWM:\t  541232 kB
            VmRSS:\t  539300 kB
            RssAnon:\t  503196 kB
            Threads:\t27
            """;

    @Test
    void readsBothFieldsInKilobytes() {
        assertThat(ProcStatus.parse(STATUS)).isEqualTo(new ProcStatus(539300, 541232));
    }

    @Test
    void aMissingOrMalformedFieldIsAnError() {
        assertThatThrownBy(() -> ProcStatus.parse(STATUS.replace("VmHWM", "VmXXX")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no VmHWM line");
        assertThatThrownBy(() -> ProcStatus.parse(STATUS.replace("539300 kB", "539300 MB")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("VmRSS is not a number of kB");
        assertThatThrownBy(() -> ProcStatus.parse(STATUS.replace("539300", "5393x0")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("VmRSS");
    }

    @Test
    void thisProcessIsResidentAndItsPeakIsAtLeastItsCurrentSize() throws Exception {
        Assumptions.assumeTrue(Files.isReadable(ProcStatus.SELF), "Linux only");
        ProcStatus s = ProcStatus.self();
        assertThat(s.vmRssKb()).isPositive();
        assertThat(s.vmHwmKb()).isGreaterThanOrEqualTo(s.vmRssKb());
    }
}
