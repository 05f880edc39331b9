package org.cryptorder.experiment.replication;

import java.util.List;
import org.cryptorder.engine.Time;
import org.cryptorder.experiment.wiring.Datapath;
import org.cryptorder.metrics.ColumnKind;
import org.cryptorder.transport.tcp.socket.TcpSocket;
import org.cryptorder.transport.udp.UdpSink;

/**
 * The columns of {@code runs.csv} that belong to the run rather than to one component: its
 * simulated time, and what b's applications got over UDP and TCP together (goodput, reordering,
 * the merged send-to-delivery latency that {@link Replication} pools).
 */
final class RunColumns {
    private static final String WINDOW = ColumnKind.WINDOW.label();

    /** The simulated time. */
    static final List<OutputColumns.Column> SIM_SECONDS = List.of(
            new OutputColumns.Column("sim_seconds", "s", "simulated s", ColumnKind.WHOLE_RUN.label(),
                    "Simulated time of the run: `durationS` plus 5 ms in which frames in flight arrive.",
                    () -> end -> end.datapath().sim().time() / 1e9));

    /** The payload delivered over the measured window. */
    static final List<OutputColumns.Column> GOODPUT = List.of(
            new OutputColumns.Column("goodput_bps", "bit/s", "goodput", WINDOW,
                    "Payload delivered intact to b's applications from the warm-up's end to the traffic's (UDP"
                            + " datagrams, and the octets TCP delivered in order), bits per second of that window"
                            + " (`durationS - warmupS`), as iperf3's server counts what arrived within its interval:"
                            + " datagrams delivered in the 5 ms drain are in `udp_received`, not here, so the figure"
                            + " never exceeds what the link carried in the window.",
                    Goodput::new));

    /** RFC 4737 reordering over every flow. */
    static final List<OutputColumns.Column> REORDERING = List.of(
            new OutputColumns.Column("reordered_ratio", "1", "reordered", WINDOW,
                    "RFC 4737 Type-P-Reordered-Ratio-Stream over b's UDP sinks and TCP receivers (segments,"
                            + " first copies only).",
                    ReorderedRatio::new),
            new OutputColumns.Column("reorder_extent_max", "packets", "extent max", WINDOW,
                    "Largest RFC 4737 reordering extent of any flow.",
                    () -> end -> extentMax(end.datapath())));

    /** The send-to-delivery latency of every flow. */
    static final List<OutputColumns.Column> LATENCY = List.of(
            new OutputColumns.Column("latency_p50_us", "µs", "latency p50", WINDOW,
                    "Median send-to-delivery latency of the datagrams and segments delivered after the warm-up"
                            + " (`latency.csv` holds the histogram; bins are about 3% wide).",
                    () -> end -> Time.toUs(end.latency().percentile(0.5))),
            new OutputColumns.Column("latency_p99_us", "µs", "latency p99", WINDOW,
                    "99th percentile of the same latency.",
                    () -> end -> Time.toUs(end.latency().percentile(0.99))));

    private RunColumns() {
    }

    /** Payload octets b's UDP sinks and TCP receivers delivered since their windows began. */
    static long deliveredOctets(Datapath d) {
        long octets = 0;
        for (UdpSink s : d.sinks()) {
            octets += s.octets();
        }
        for (TcpSocket r : d.tcpReceivers()) {
            octets += r.receiver().counters().bytesDelivered();
        }
        return octets;
    }

    private static long extentMax(Datapath d) {
        long max = 0;
        for (UdpSink s : d.sinks()) {
            max = Math.max(max, s.reordering().extentMax());
        }
        for (TcpSocket r : d.tcpReceivers()) {
            max = Math.max(max, r.reordering().extentMax());
        }
        return max;
    }

    /**
     * UDP payload and TCP's in-order octets delivered from the warm-up's end to the traffic's, over
     * that window: iperf3's interval. What arrives in the drain is left out, as it is from the
     * divisor; counting it over the window alone gave rates above the link's.
     */
    private static final class Goodput implements OutputColumns.Recorder {
        private long octets;

        @Override
        public void trafficEnded(Datapath d) {
            octets = deliveredOctets(d);
        }

        @Override
        public double value(OutputColumns.End end) {
            return octets * 8.0 / end.measuredS();
        }
    }

    /** Reordered over first copies: the TCP receivers' when the traffic stops, the UDP sinks' at the drain's end. */
    private static final class ReorderedRatio implements OutputColumns.Recorder {
        private long tcpPackets;
        private long tcpReordered;

        @Override
        public void trafficEnded(Datapath d) {
            for (TcpSocket r : d.tcpReceivers()) {
                tcpPackets += r.reordering().packets();
                tcpReordered += r.reordering().reordered();
            }
        }

        @Override
        public double value(OutputColumns.End end) {
            long packets = 0;
            long reordered = 0;
            for (UdpSink s : end.datapath().sinks()) {
                packets += s.reordering().packets();
                reordered += s.reordering().reordered();
            }
            packets += tcpPackets;
            reordered += tcpReordered;
            return packets == 0 ? 0 : (double) reordered / packets;
        }
    }
}
