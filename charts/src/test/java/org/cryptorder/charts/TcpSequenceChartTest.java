package org.cryptorder.charts;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.cryptorder.transport.tcp.trace.TcpSequenceTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The time-sequence chart holds one item per segment of the window, however many land on the same
 * pixels, with retransmissions and spurious ones apart; its files are what was asked for, the
 * SVG's text is text, and a long window stays a small file.
 */
class TcpSequenceChartTest {
    @TempDir
    Path tmp;

    /**
     * {@code bursts} bursts of 40 segments of 8948 octets every 20 us (each burst at one instant, as
     * a TSO burst leaves), an ACK after each, every 50th segment retransmitted and every other
     * retransmission spurious, and a SACK block and an out-of-order arrival per retransmission.
     */
    static TcpSequenceTrace.Graph bursts(int bursts) {
        List<TcpSequenceTrace.Segment> segs = new ArrayList<>();
        List<TcpSequenceTrace.Ack> acks = new ArrayList<>();
        List<TcpSequenceTrace.SackBlock> sacks = new ArrayList<>();
        List<TcpSequenceTrace.OutOfOrder> ooo = new ArrayList<>();
        int mss = 8948;
        long seq = 0;
        int n = 0;
        for (int b = 0; b < bursts; b++) {
            long t = 1_000_000L + b * 20_000L;
            for (int k = 0; k < 40; k++, n++) {
                segs.add(new TcpSequenceTrace.Segment(t, seq, mss, false, false));
                if (n % 50 == 49) {
                    segs.add(new TcpSequenceTrace.Segment(t, seq - 10L * mss, mss, true, (n / 50) % 2 == 0));
                    sacks.add(new TcpSequenceTrace.SackBlock(t + 5_000, seq - 9L * mss, seq));
                    ooo.add(new TcpSequenceTrace.OutOfOrder(t + 2_000, seq - 9L * mss, seq - 8L * mss));
                }
                seq += mss;
            }
            acks.add(new TcpSequenceTrace.Ack(t + 10_000, seq - 20L * mss, seq + 300L * mss));
        }
        return new TcpSequenceTrace.Graph(1_000_000L, 1_000_000L + bursts * 20_000L, false, segs, acks,
                new TcpSequenceTrace.Ack(900_000, 0, 300L * mss), sacks, ooo);
    }

    @Test
    void theChartHoldsOneItemPerSegmentAndMarksWhatTheDataMark() {
        TcpSequenceTrace.Graph g = bursts(100);
        TcpSequenceChart.Counts c = TcpSequenceChart.counts(g);
        assertThat(c).isEqualTo(TcpSequenceChart.expected(g));
        assertThat(c.segments()).isEqualTo(4000 + 80);
        assertThat(c.retransmissions()).isEqualTo(80);
        assertThat(c.spurious()).isEqualTo(40);
        assertThat(c.sackBlocks()).isEqualTo(80);
        assertThat(c.outOfOrder()).isEqualTo(80);
    }

    @Test
    void pngSvgOrBothAndALongWindowStaysSmall() throws Exception {
        TcpSequenceTrace.Graph g = bursts(15_000);  // 600,000 segments over 0.3 s
        TcpSequenceChart.Written both = TcpSequenceChart.write(g, "t", "s", tmp.resolve("g.png"), tmp.resolve("g.svg"));
        assertThat(both.counts().segments()).isEqualTo(600_000 + 12_000);
        assertThat(Files.size(tmp.resolve("g.svg"))).isLessThan(1_000_000);
        String svg = Files.readString(tmp.resolve("g.svg"));
        assertThat(svg).contains("<text").contains("queued out of order at the receiver")
                .contains("retransmitted, spurious (D-SACK)").contains("simulated time (ms)");
        TcpSequenceChart.write(bursts(10), "t", "s", tmp.resolve("only.png"), null);
        assertThat(tmp.resolve("only.png")).exists();
        assertThat(tmp.resolve("only.svg")).doesNotExist();
        TcpSequenceChart.write(bursts(10), "t", "s", null, tmp.resolve("sub/only.svg"));
        assertThat(tmp.resolve("sub/only.svg")).exists();
        assertThat(tmp.resolve("sub/only.png")).doesNotExist();
    }
}
