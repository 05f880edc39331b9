package org.cryptorder.charts;

import java.util.List;

/** TCP retransmissions against the swept path: all of them (iperf3's Retr), and the spurious ones. */
final class TcpRetransmitsChart {
    static final String NAME = "tcp-retransmits";
    static final String TOTAL = "tcp_retransmits";
    static final String SPURIOUS = "tcp_spurious_retransmits";

    private TcpRetransmitsChart() {
    }

    static Drawn draw(ResultTables tables) {
        if (!tables.experiment().hasTcp()) {
            return new Drawn.Skipped(NAME, "TCP retransmissions", "no TCP traffic in this experiment");
        }
        if (!tables.has(TOTAL) || !tables.has(SPURIOUS)) {
            return new Drawn.Skipped(NAME, "TCP retransmissions",
                    ResultTables.SUMMARY + " lacks " + TOTAL + " or " + SPURIOUS);
        }
        return new Drawn.Chart(NAME, "TCP retransmissions",
                "Top: segments the TCP senders retransmitted after the warm-up (iperf3's Retr, spurious ones included)."
                        + " Bottom: those that D-SACK showed to be spurious (the segment had arrived, only late).",
                new SweepChart(tables).build("TCP retransmissions", List.of(
                        SweepChart.Panel.counts(TOTAL, "retransmitted (segments)", 1),
                        SweepChart.Panel.counts(SPURIOUS, "spurious (segments)", 1))));
    }
}
