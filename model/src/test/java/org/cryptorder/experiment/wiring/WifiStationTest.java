package org.cryptorder.experiment.wiring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.cryptorder.wifi.CcmFpuUse;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.host.SchedulerParams;
import org.cryptorder.host.SoftirqDeferral;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The WiFi station: a saturated CPU delivers one frame per per-frame cost, an unsaturated one
 * delivers what is offered, every frame is decrypted and verified for real, and the two ccm(aes)
 * implementations differ by their FPU sections.
 */
class WifiStationTest {
    /** Round numbers at 1 GHz: a frame costs 40 us of stack, a block 200 cycles with its FPU pair. */
    static final WifiStation.WifiCosts COSTS = new WifiStation.WifiCosts(1.0, 40_000, 80, 120, 900, 1000, 70, 1.0, 3.0);
    static final int PAYLOAD = 1472;
    static final int BODY = 8 + 20 + 8 + PAYLOAD;

    private static final SchedulerParams NO_KSOFTIRQD = SchedulerParams.linuxDefaults(1);

    private static WifiStation.Outcome run(boolean ccmp, CcmFpuUse ccm, double offeredMbps) {
        return run(ccmp, ccm, offeredMbps, NO_KSOFTIRQD);
    }

    private static WifiStation.Outcome run(boolean ccmp, CcmFpuUse ccm, double offeredMbps, SchedulerParams s) {
        return WifiStation.run(WifiStation.Config.builder(COSTS, s).protection(ccmp, ccm).offered(offeredMbps, PAYLOAD)
                .airMbps(1000).rx(1024, 64).run(0.1, 0.01).build(), new StreamRegistry(1).stream("keys", 0));
    }

    /** With no other task on the station, ksoftirqd has its CPU to itself: the same frames per second. */
    @ParameterizedTest
    @EnumSource(value = SoftirqDeferral.class, names = {"KSOFTIRQD_ONLY", "INLINE_AT_IRQ_EXIT"})
    void ksoftirqdAloneOnTheStationLeavesItsThroughput(SoftirqDeferral d) {
        WifiStation.Outcome without = run(true, CcmFpuUse.PER_BLOCK, 600);
        WifiStation.Outcome with = run(true, CcmFpuUse.PER_BLOCK, 600, NO_KSOFTIRQD.withSoftirqDeferral(d));
        assertThat(with.goodputBps()).isCloseTo(without.goodputBps(), within(0.005 * without.goodputBps()));
        assertThat(with.missed()).isPositive();
    }

    @ParameterizedTest
    @EnumSource(CcmFpuUse.class)
    void aSaturatedStationDeliversOneFramePerFrameCost(CcmFpuUse ccm) {
        WifiStation.Outcome o = run(true, ccm, 600);
        double perFrameNs = 40_000 + COSTS.ccmpNs(ccm, BODY);
        assertThat(o.goodputBps()).isCloseTo(PAYLOAD * 8 / (perFrameNs * 1e-9), within(0.005 * o.goodputBps()));
        assertThat(o.missed()).as("the rest overflows the RX ring").isPositive();
        assertThat(o.softirqSeconds()).as("the CPU is busy all the measured time").isCloseTo(0.09, within(0.001));
        assertThat(o.micFailures()).isZero();
        assertThat(o.payloadErrors()).isZero();
        assertThat(o.fpuSections()).isEqualTo(o.received() * WifiStation.WifiCosts.sections(ccm, BODY));
    }

    @Test
    void perBlockCcmRunsTwoFpuSectionsPerBlockAndTheAadAndB0() {
        int blocks = (BODY + 15) / 16;
        assertThat(WifiStation.WifiCosts.sections(CcmFpuUse.PER_BLOCK, BODY)).isEqualTo((blocks + 1) + (1 + 2 + blocks));
        assertThat(WifiStation.WifiCosts.sections(CcmFpuUse.PER_REQUEST, BODY)).isEqualTo(1);
        assertThat(COSTS.ccmpNs(CcmFpuUse.PER_BLOCK, BODY)).isEqualTo(900 + (2 * blocks + 4) * 200.0);
        assertThat(COSTS.ccmpNs(CcmFpuUse.PER_REQUEST, BODY))
                .isEqualTo(1000 + 70 + 80 + (BODY + 16) * 1.0 + 16.0 * (3 + blocks) * 3.0);
    }

    @Test
    void belowItsCapacityTheStationDeliversWhatIsOffered() {
        WifiStation.Outcome o = run(true, CcmFpuUse.PER_BLOCK, 50);
        assertThat(o.missed()).isZero();
        assertThat(o.received()).isEqualTo(o.sent());
        assertThat(o.goodputBps()).isCloseTo(50e6, within(0.01 * 50e6));
    }

    @Test
    void anOpenNetworkCostsOnlyTheStackAndRunsNoFpuSection() {
        WifiStation.Outcome o = run(false, CcmFpuUse.PER_BLOCK, 600);
        assertThat(o.goodputBps()).isCloseTo(PAYLOAD * 8 / 40e-6, within(0.005 * o.goodputBps()));
        assertThat(o.fpuSections()).isZero();
        assertThat(o.fpuShare()).isZero();
    }

    @Test
    void theAirBoundsWhatTheStationReceives() {
        WifiStation.Outcome o = WifiStation.run(WifiStation.Config.builder(COSTS, NO_KSOFTIRQD)
                .protection(false, CcmFpuUse.PER_BLOCK).offered(600, PAYLOAD).airMbps(100).rx(1024, 64)
                .run(0.1, 0.01).build(), new StreamRegistry(1).stream("keys", 0));
        double mpdu = 26 + BODY;
        assertThat(o.goodputBps()).isCloseTo(100e6 * PAYLOAD / mpdu, within(0.01 * o.goodputBps()));
        assertThat(o.missed()).isZero();
    }
}
