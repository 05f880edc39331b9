package org.cryptorder.transport.tcp;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@code tcp_tso_autosize} and {@code tcp_cwnd_test} against their closed forms, for an MSS of
 * 1,416 octets (MTU 1500 over MACsec): {@code sk_gso_max_size} = 65,536 - 321 = 65,215 octets,
 * 46 segments.
 */
class GsoTest {
    static final int MSS = 1416;

    @Test
    void theCapIsSixtyFourKilobytesLessMaxTcpHeader() {
        assertThat(Gso.SK_GSO_MAX_BYTES).isEqualTo(65_215);
        assertThat(Gso.SK_GSO_MAX_BYTES / MSS).isEqualTo(46);
    }

    @Test
    void beforeLinux518TheSkbIsAboutOneMillisecondAtThePacingRate() {
        Gso old = Gso.PACING_SIZED;
        assertThat(old.tsoRttLog()).isFalse();
        // 1 Gbit/s = 125e6 octets/s: 125e6 >> 10 = 122,070 octets, capped at 65,215: 46 segments
        assertThat(old.autosize(125_000_000L, MSS, 40)).isEqualTo(46);
        // 20 Mbit/s = 2.5e6 octets/s: 2,441 octets, 1 segment, raised to min_tso_segs 2
        assertThat(old.autosize(2_500_000L, MSS, 40)).isEqualTo(2);
        // 100 Mbit/s = 12.5e6 octets/s: 12,207 octets, 8 segments (12,207 / 1,416 = 8.6)
        assertThat(old.autosize(12_500_000L, MSS, 40)).isEqualTo(8);
    }

    @Test
    void from518AShortMinimumRttAddsTheWholeSkb() {
        Gso now = Gso.PACING_SIZED.withTsoRttLog(true);
        // min_rtt 40 us >> 9 = 0: + 65,215 >> 0, so the cap: 46 even at 20 Mbit/s
        assertThat(now.autosize(2_500_000L, MSS, 40)).isEqualTo(46);
        // min_rtt 600 us >> 9 = 1: 2,441 + 32,607 = 35,048 octets, 24 segments
        assertThat(now.autosize(2_500_000L, MSS, 600)).isEqualTo(24);
        // min_rtt 5 ms >> 9 = 9: 2,441 + 127 = 2,568 octets: 1 segment, the floor 2
        assertThat(now.autosize(2_500_000L, MSS, 5_000)).isEqualTo(2);
        // no sample yet (Linux's ~0U): nothing added
        assertThat(now.autosize(2_500_000L, MSS, -1)).isEqualTo(2);
    }

    @Test
    void offIsOneSegmentPerSkb() {
        assertThat(Gso.OFF.autosize(1_250_000_000L, MSS, 40)).isEqualTo(1);
        assertThat(Gso.OFF.tsoSegs(1_250_000_000L, MSS, 40)).isEqualTo(1);
    }

    @Test
    void cwndTestKeepsTwoSkbsInFlight() {
        assertThat(Gso.cwndQuota(10, 0)).as("half of cwnd").isEqualTo(5);
        assertThat(Gso.cwndQuota(10, 7)).as("the room left").isEqualTo(3);
        assertThat(Gso.cwndQuota(10, 10)).isZero();
        assertThat(Gso.cwndQuota(1, 0)).as("at least one").isEqualTo(1);
        assertThat(Gso.cwndQuota(200, 0)).isEqualTo(100);
    }
}
