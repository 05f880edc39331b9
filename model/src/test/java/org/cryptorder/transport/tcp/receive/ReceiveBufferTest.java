package org.cryptorder.transport.tcp.receive;

import static org.assertj.core.api.Assertions.assertThat;

import org.cryptorder.transport.tcp.ReadPath;
import org.cryptorder.transport.tcp.SocketLock;
import org.junit.jupiter.api.Test;

/**
 * {@link ReceiveBuffer} against Linux's arithmetic ({@code tcp_select_initial_window}, {@code
 * tcp_init_buffer_space}, {@code tcp_measure_rcv_mss}, {@code __tcp_select_window}, {@code
 * tcp_grow_window}, {@code tcp_rcv_space_adjust} / {@code tcp_rcvbuf_grow}), worked by hand from the
 * 6.18 source for a passive iperf3 server socket with default sysctls.
 */
class ReceiveBufferTest {
    private static final int TRUESIZE = SocketLock.RX_TRUESIZE;

    private static ReadPath linux618() {
        return ReadPath.builder().reader(131072, 0, 1).rmem(131072, 32L << 20).build();
    }

    /**
     * A passive 6.18 socket, MSS 1,448, once the first full segment (truesize {@link #TRUESIZE}) set
     * its scaling ratio, the window offered 65,160 ({@link
     * #theFirstFullSegmentSetsTheRatioAndRaisesTheClampToTheFullSpace}).
     */
    private static ReceiveBuffer measured618() {
        ReceiveBuffer b = new ReceiveBuffer(linux618(), 1448, 0);
        b.measureRatio(1448, TRUESIZE, 65160);
        return b;
    }

    private static ReadPath linux612() {
        return ReadPath.builder().reader(131072, 0, 1).rmem(131072, 6L << 20).drs(ReadPath.Drs.CUSHION)
                .rcvRtt(ReadPath.RcvRtt.EWMA).inqAware(false).passiveTsSpace(false).build();
    }

    private static ReadPath linux56() {
        return ReadPath.builder().reader(131072, 0, 1).rmem(131072, 6L << 20).drs(ReadPath.Drs.ADV_WIN_SCALE)
                .ackDeferred(false).rcvRtt(ReadPath.RcvRtt.EWMA).inqAware(false).passiveTsSpace(false).build();
    }

    /**
     * 5.6.4's {@code tcp_rcv_space_adjust}, by hand for an MSS of 1,448: after a receiver RTT in which
     * 100,000 octets were copied against {@code rcvq_space.space} 14,600, {@code rcvwin} = 200,000 +
     * 23,168 = 223,168, plus twice 223,168 x 85,400 / 14,600 = 2,610,816: 2,833,984; {@code rcvmem}
     * = SKB_TRUESIZE(1,448 + 320) = 2,344, raised by 128 five times to 2,984 (half of it 1,492, at
     * least an MSS); the buffer 2,833,984 / 1,448 = 1,957 segments of 2,984 = 5,839,688, under
     * {@code tcp_rmem[2]}; the window is half of it, whatever a segment's truesize.
     */
    @Test
    void before65TheWindowIsHalfTheBufferAndAutotuningCountsSegmentsOfRcvmem() {
        ReceiveBuffer b = new ReceiveBuffer(linux56(), 1448, 0);
        assertThat(b.initialWindow()).as("rounddown(131072 / 2, 1448)").isEqualTo(65160);
        b.measureRatio(1448, TRUESIZE, 65160);
        assertThat(b.scalingRatio()).as("no measured ratio before 6.5").isEqualTo(128);
        assertThat(b.rcvqSpace()).isEqualTo(14600);
        for (int i = 1; i <= 70; i++) {
            b.queueSegment(1448L * i, TRUESIZE);
        }
        b.read(100_000, 1448L * 70);
        b.spaceAdjust(2_000_000, 8_000_000, 1448L * 70, 0);
        assertThat(b.rcvbuf()).isEqualTo(1957L * 2984);
        assertThat(b.windowClamp()).isEqualTo(1957L * 2984 / 2);
    }

    @Test
    void aPassiveOpenOn618OffersAMultipleOfTheMssUnderHalfTheBufferAndScale10() {
        ReceiveBuffer b = new ReceiveBuffer(linux618(), 1448, 0);
        assertThat(b.initialWindow()).as("rounddown(131072 x 128/256, 1448)").isEqualTo(65160);
        assertThat(b.windowClamp()).as("full space less one segment").isEqualTo(65536 - 1448);
        assertThat(b.rcvSsthresh()).isEqualTo(64088);
        assertThat(b.wscale()).as("ilog2(32 MiB) - 15").isEqualTo(10);
        assertThat(new ReceiveBuffer(linux612(), 1448, 0).wscale()).as("ilog2(6 MiB) - 15").isEqualTo(7);
    }

    /**
     * Before cd171461b90a (mainline 6.16, 6.12.35 in its stable tree) a passive open with
     * timestamps sized its first buffer with {@code advmss} 1,460, the timestamps taken off only
     * after {@code tcp_init_buffer_space}: {@code window_clamp} 65,536 - 1,460 and {@code
     * rcvq_space.space} 10 x 1,460; the first window is the SYN-ACK's either way.
     */
    @Test
    void beforeThePassiveTimestampFixTheFirstBufferIsSizedWithAnAdvmssOf1460() {
        ReceiveBuffer before = new ReceiveBuffer(linux612(), 1448, 0);
        assertThat(before.initialWindow()).isEqualTo(65160);
        assertThat(before.windowClamp()).isEqualTo(65536 - 1460);
        assertThat(before.rcvSsthresh()).isEqualTo(64076);
        assertThat(before.rcvqSpace()).isEqualTo(14600);
        ReadPath fixed = linux612().withRcvRtt(ReadPath.RcvRtt.MIN);
        ReceiveBuffer stable = new ReceiveBuffer(linux612().toBuilder().rcvRtt(ReadPath.RcvRtt.MIN).inqAware(true)
                .passiveTsSpace(true).build(), 1448, 0);
        assertThat(fixed.passiveTsSpace()).as("withRcvRtt changes nothing else").isFalse();
        assertThat(stable.windowClamp()).as("6.12.35 on").isEqualTo(64088);
        assertThat(stable.rcvqSpace()).isEqualTo(14480);
    }

    @Test
    void theFirstFullSegmentSetsTheRatioAndRaisesTheClampToTheFullSpace() {
        ReceiveBuffer b = new ReceiveBuffer(linux618(), 1448, 0);
        b.measureRatio(1448, TRUESIZE, 65160);
        assertThat(b.scalingRatio()).as("1448 x 256 / 2304").isEqualTo(160);
        assertThat(b.windowClamp()).as("131072 x 160 / 256").isEqualTo(81920);
        assertThat(b.rcvSsthresh()).as("raised to the window offered, within the clamp").isEqualTo(65160);
    }

    @Test
    void unreadDataOverHalfTheBufferStopsQuickAcksAndUnderASixteenthClosesTheWindow() {
        ReceiveBuffer b = measured618();
        long seq = 0;
        assertThat(b.selectWindow(1448, 0)).as("rcv_ssthresh, aligned up to 1 KiB").isEqualTo(65536);
        assertThat(b.quickOff).isFalse();
        for (int i = 0; i < 32; i++) {
            seq += 1448;
            b.queueSegment(seq, TRUESIZE);
        }
        // 32 segments: skbs of 17 and 15 (coalesced: 2304 for the first of each, 2048 for each other)
        assertThat(b.rmemAlloc()).isEqualTo(2 * 2304 + 30 * 2048);
        long free = (131072 - b.rmemAlloc()) * 160 / 256;
        assertThat(b.selectWindow(1448, 0)).as("the free space, below half: rounded down, then up").isEqualTo(free / 1024 * 1024);
        assertThat(b.quickOff).isTrue();
        for (int i = 0; i < 28; i++) {
            seq += 1448;
            b.queueSegment(seq, TRUESIZE);
        }
        assertThat(b.selectWindow(1448, 0)).as("under a sixteenth of the full space").isZero();
        assertThat(b.read(seq, seq)).isEqualTo(seq);
        assertThat(b.rmemAlloc()).as("every skb copied whole is freed").isZero();
    }

    @Test
    void aSegmentGrowsRcvSsthreshByTwoSegmentsUpToTheFreeSpace() {
        ReceiveBuffer b = measured618();
        long before = b.rcvSsthresh();
        assertThat(b.growWindow(1448, TRUESIZE, 1448, 0)).isTrue();
        assertThat(b.rcvSsthresh()).isEqualTo(Math.min(before + 2 * 1448, 81920));
        while (b.growWindow(1448, TRUESIZE, 1448, 0)) {
            assertThat(b.rcvSsthresh()).isLessThanOrEqualTo(81920);
        }
        assertThat(b.rcvSsthresh()).as("min(window_clamp, tcp_space)").isEqualTo(81920);
    }

    @Test
    void autotuningOn618SizesTheBufferForTwiceTheCopyPlusTwiceItsGrowth() {
        ReceiveBuffer b = measured618();
        long rtt8 = 8_000_000;
        b.queueSegment(100_000, TRUESIZE);
        b.read(100_000, 100_000);
        b.spaceAdjust(999_999, rtt8, 100_000, 0);
        assertThat(b.rcvbuf()).as("under one receiver RTT: not yet").isEqualTo(131072);
        b.spaceAdjust(1_000_000, rtt8, 100_000, 0);
        long rcvwin = 200_000 + 2 * (200_000L * (100_000 - 14480) / 14480);
        assertThat(b.rcvbuf()).isEqualTo((rcvwin << 8) / 160);
        assertThat(b.windowClamp()).isEqualTo(b.rcvbuf() * 160 / 256);
    }
}
