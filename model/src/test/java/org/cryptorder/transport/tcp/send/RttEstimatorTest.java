package org.cryptorder.transport.tcp.send;

import static org.assertj.core.api.Assertions.assertThat;

import org.cryptorder.transport.ManualClock;
import org.cryptorder.transport.tcp.TcpClock;
import org.cryptorder.transport.tcp.TcpTimers;
import org.junit.jupiter.api.Test;

/** The RTT estimators and the RTO bounds, in jiffies as Linux keeps them. */
class RttEstimatorTest {
    final ManualClock sim = new ManualClock();

    @Test
    void initialRtoIsOneSecond() {
        RttEstimator e = new RttEstimator(TcpTimers.linux(), new TcpClock(sim, TcpTimers.linux()));
        assertThat(e.hasSample()).isFalse();
        assertThat(e.rtoJiffies() * 4_000_000L).isEqualTo(1_000_000_000L);
        assertThat(e.minRttNs()).isEqualTo(RttEstimator.NO_SAMPLE);
    }

    /** Linux: RTO = SRTT + rttvar, rttvar never below 200 ms, in 4 ms jiffies rounded up. */
    @Test
    void linuxRtoNeverBelowSrttPlus200Ms() {
        RttEstimator e = new RttEstimator(TcpTimers.linux(), new TcpClock(sim, TcpTimers.linux()));
        e.sample(100_000, 0, 1000);
        assertThat(e.srttNs()).isEqualTo(100_000);
        assertThat(e.rtoJiffies()).as("ceil(200.1 ms / 4 ms)").isEqualTo(51);
        for (int i = 0; i < 10_000; i++) {
            e.sample(40_000 + (i % 7) * 1_000, i * 1000L, i * 1000L + 1000);
            assertThat(e.rtoJiffies() * 4_000_000L).isGreaterThanOrEqualTo(200_000_000L);
        }
        assertThat(e.srttNs()).isBetween(40_000L, 47_000L);
        e.sample(1_000_000_000L, 20_000_000, 20_001_000);
        assertThat(e.rtoJiffies() * 4_000_000L).as("a 1 s sample").isGreaterThan(300_000_000L);
    }

    /** RFC 6298 (ns-3): first sample R gives SRTT R, RTTVAR R/2, RTO R + 4 R/2, at least 200 ms. */
    @Test
    void plainRfc6298() {
        TcpTimers t = TcpTimers.textbook();
        RttEstimator e = new RttEstimator(t, new TcpClock(sim, t));
        e.sample(300_000_000L, 0, 1);
        assertThat(e.srttNs()).isEqualTo(300_000_000L);
        assertThat(e.rtoJiffies() * 4_000_000L).isEqualTo(900_000_000L);
        e.sample(100_000_000L, 2, 3);
        assertThat(e.srttNs()).as("7/8 x 300 + 1/8 x 100").isEqualTo(275_000_000L);
        RttEstimator f = new RttEstimator(t, new TcpClock(sim, t));
        f.sample(50_000, 0, 1);
        assertThat(f.rtoJiffies() * 4_000_000L).as("floor at the minimum RTO").isEqualTo(200_000_000L);
    }

    @Test
    void minRttSkipsLikelyDelayedAcks() {
        RttEstimator e = new RttEstimator(TcpTimers.linux(), new TcpClock(sim, TcpTimers.linux()));
        e.updateMin(50_000, false);
        e.updateMin(40_000, false);
        e.updateMin(45_000, true);
        assertThat(e.minRttNs()).isEqualTo(40_000);
        e.updateMin(30_000, true);
        assertThat(e.minRttNs()).as("a delayed ACK's sample below the minimum counts").isEqualTo(30_000);
    }

    @Test
    void windowedMinForgetsOldMinima() {
        WindowedMinFilter f = new WindowedMinFilter(100, 0, Long.MAX_VALUE);
        assertThat(f.update(0, 10)).isEqualTo(10);
        assertThat(f.update(50, 20)).isEqualTo(10);
        assertThat(f.update(90, 30)).isEqualTo(10);
        assertThat(f.update(120, 40)).as("10 expired, 20 is the best left").isEqualTo(20);
        assertThat(f.update(300, 50)).as("all expired").isEqualTo(50);
    }
}
