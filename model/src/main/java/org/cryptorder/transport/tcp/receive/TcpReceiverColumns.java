package org.cryptorder.transport.tcp.receive;

import java.util.List;
import java.util.function.ToDoubleFunction;
import org.cryptorder.engine.Time;
import org.cryptorder.metrics.Column;
import org.cryptorder.metrics.LatencyHistogram;

/**
 * The TCP receivers' columns of {@code runs.csv}, beside {@link TcpReceiver} (whose file has no room
 * for them) and its {@link TcpReceiverCounters}: the ACKs they sent, their receive buffer and the
 * delay before the application read. Each is read over b's receivers when the traffic stops.
 */
public final class TcpReceiverColumns {

    /** ACKs, the receive buffer and the read delay. */
    public static final List<Column<TcpReceiver>> COLUMNS = List.of(
            Column.windowRatio("tcp_acks_per_segment", "1", "ACKs per segment",
                    "ACKs the TCP receivers sent per data segment they received (Linux on bench/linux-relay,"
                            + " 500 us: 0.43-0.50 clean, 0.61-0.62 with tcp-heavy-reordering's holds); NaN without"
                            + " TCP traffic.",
                    Column.At.TRAFFIC_END, r -> r.counters().acksSent(), r -> r.counters().segmentsIn()),
            Column.windowRatio("tcp_read_acks_share", "1", "ACKs after reads",
                    "Of the ACKs the TCP receivers sent, the share `tcp_cleanup_rbuf` sent after the receiving"
                            + " application's reads (`traffic[].readBytes`; 0 without it): the ACKs that"
                            + " `__tcp_ack_snd_check` held back while unread data would have shrunk the window"
                            + " (Linux on bench/linux-relay: 58-60 % with the holds, 68-76 % clean); NaN without"
                            + " TCP traffic.",
                    Column.At.TRAFFIC_END, r -> r.counters().readAcks(), r -> r.counters().acksSent()),
            Column.windowMeanOfPositive("tcp_rcvbuf", "octets", "sk_rcvbuf",
                    "The TCP receivers' `sk_rcvbuf` when the traffic stops, as autotuning left it, averaged over"
                            + " the flows (`skmem` rb of `ss -tm`); NaN without a modelled reader"
                            + " (`traffic[].readBytes` 0: the window is fixed).",
                    Column.At.TRAFFIC_END, TcpReceiver::receiveBufferBytes),
            readDelay("tcp_read_delay_p50_us", "read delay p50",
                    "Median time from an in-order segment's arrival at the TCP receiver to the application's read"
                            + " that copied it (`traffic[].readBytes`; segments a hole's filling released are not"
                            + " counted), over the receivers; NaN without a modelled reader. Linux on"
                            + " bench/linux-relay (iperf3 -s, 500 us): 16-32 us.",
                    h -> h.percentile(0.5)),
            readDelay("tcp_read_delay_mean_us", "read delay mean",
                    "Mean of the same delay (Linux on bench/linux-relay: 44-47 us).",
                    h -> h.mean()));

    private TcpReceiverColumns() {
    }

    /** A statistic of the receivers' arrival-to-read delays, pooled, in us. */
    private static Column<TcpReceiver> readDelay(String name, String heading, String description,
                                                 ToDoubleFunction<LatencyHistogram> statistic) {
        return Column.windowPooled(name, "µs", heading, description, Column.At.TRAFFIC_END, TcpReceiver::readDelay,
                h -> Time.toUs(statistic.applyAsDouble(h)));
    }
}
