package org.cryptorder.transport.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import org.cryptorder.transport.tcp.TcpTimers.TimerFloor;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import umontreal.ssj.simevents.Simulator;

/**
 * The tail loss probe's and RACK reorder timer's timeouts for each kernel era and HZ, against
 * Linux's two formulas written out here by hand (tcp_schedule_loss_probe, tcp_rack_mark_lost):
 * before 6.6 {@code usecs_to_jiffies(t) + TCP_TIMEOUT_MIN} (2 jiffies) or {@code + TCP_RTO_MIN}
 * (HZ/5 jiffies) for one packet out; from 6.6 (commit 1c2709cfff1d) {@code usecs_to_jiffies(t +
 * 2000)} or {@code usecs_to_jiffies(t + rto_min_us)}.
 */
class TcpTimerFloorTest {

    /** usecs_to_jiffies: rounds up. */
    private static long jiffies(long us, int hz) {
        long jiffyUs = 1_000_000L / hz;
        return (us + jiffyUs - 1) / jiffyUs;
    }

    @ParameterizedTest(name = "HZ={0}, srtt {1} us")
    @CsvSource({"100, 50", "100, 3000", "250, 50", "250, 100", "250, 1000", "250, 2500", "250, 40000",
            "1000, 50", "1000, 100", "1000, 1000", "1000, 7777"})
    void theLossProbeTimeoutIsLinuxsFormulaOfEachEra(int hz, long srttUs) {
        TcpClock clock = new TcpClock(new Simulator(), TcpTimers.linux(hz, TimerFloor.TWO_JIFFIES));
        long twoSrttNs = 2 * srttUs * 1000;
        long before66 = jiffies(2 * srttUs, hz) + 2;
        long before66OneOut = jiffies(2 * srttUs, hz) + hz / 5;
        long from66 = jiffies(2 * srttUs + 2000, hz);
        long from66OneOut = jiffies(2 * srttUs + 200_000, hz);
        assertThat(TcpTimers.linux(hz, TimerFloor.TWO_JIFFIES).lossProbeJiffies(twoSrttNs, false, clock))
                .isEqualTo(before66);
        assertThat(TcpTimers.linux(hz, TimerFloor.TWO_JIFFIES).lossProbeJiffies(twoSrttNs, true, clock))
                .isEqualTo(before66OneOut);
        assertThat(TcpTimers.linux(hz, TimerFloor.TWO_MILLISECONDS).lossProbeJiffies(twoSrttNs, false, clock))
                .isEqualTo(from66);
        assertThat(TcpTimers.linux(hz, TimerFloor.TWO_MILLISECONDS).lossProbeJiffies(twoSrttNs, true, clock))
                .isEqualTo(from66OneOut);
        assertThat(before66).as("before 6.6 the probe is at least 3 jiffies away").isGreaterThanOrEqualTo(3);
    }

    @ParameterizedTest(name = "HZ={0}, remaining {1} us")
    @CsvSource({"250, 1", "250, 25", "250, 3999", "250, 4001", "1000, 1", "1000, 250", "100, 9000"})
    void theReorderTimerFloorIsLinuxsFormulaOfEachEra(int hz, long remainingUs) {
        TcpClock clock = new TcpClock(new Simulator(), TcpTimers.linux(hz, TimerFloor.TWO_JIFFIES));
        assertThat(TcpTimers.linux(hz, TimerFloor.TWO_JIFFIES).reorderTimerJiffies(remainingUs * 1000, clock))
                .isEqualTo(jiffies(remainingUs, hz) + 2);
        assertThat(TcpTimers.linux(hz, TimerFloor.TWO_MILLISECONDS).reorderTimerJiffies(remainingUs * 1000, clock))
                .isEqualTo(jiffies(remainingUs + 2000, hz));
    }

    @ParameterizedTest(name = "HZ={0}")
    @CsvSource({"100, 10000000", "250, 4000000", "1000, 1000000"})
    void aJiffyIsOneTickOfHz(int hz, long jiffyNs) {
        assertThat(TcpTimers.linux(hz, TimerFloor.TWO_JIFFIES).jiffyNs()).isEqualTo(jiffyNs);
    }
}
