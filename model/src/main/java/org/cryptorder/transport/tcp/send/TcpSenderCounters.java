package org.cryptorder.transport.tcp.send;

import java.util.List;
import java.util.function.ToDoubleFunction;
import org.cryptorder.metrics.Column;
import org.cryptorder.transport.tcp.congestion.TcpCaState;

/**
 * What a TCP sender counted since it started or since {@link TcpSender#resetCounters()}, with the
 * name Linux gives each figure ({@code tcp_info} fields as {@code ss -ti} and iperf3 read them,
 * and {@code nstat} MIB counters), plus a snapshot of its state.
 *
 * @param segsOut segments sent, retransmissions included ({@code tcpi_segs_out})
 * @param dataSegsOut segments of new data sent
 * @param bytesAcked stream octets cumulatively ACKed ({@code tcpi_bytes_acked})
 * @param totalRetrans segments retransmitted, spurious ones and loss probes that resent a segment
 *     included: iperf3's "Retr" ({@code tcpi_total_retrans}, {@code TcpRetransSegs})
 * @param fastRetrans retransmissions of segments marked lost outside the Loss state
 *     ({@code TCPFastRetrans})
 * @param slowStartRetrans retransmissions in the Loss state after a timeout, the timeout's own
 *     retransmission excluded ({@code TCPSlowStartRetrans})
 * @param dsackDups segments the receiver reported twice by D-SACK: retransmissions that proved
 *     spurious ({@code tcpi_dsack_dups})
 * @param dsackRecv ACKs with a D-SACK for data below the cumulative ACK ({@code TCPDSACKRecv})
 * @param dsackOfoRecv ACKs with a D-SACK for out-of-order data ({@code TCPDSACKOfoRecv})
 * @param reordSeen reordering events detected ({@code tcpi_reord_seen})
 * @param sackReorder of which from SACKs ({@code TCPSACKReorder})
 * @param tsReorder of which from timestamps during recovery ({@code TCPTSReorder})
 * @param fullUndo recoveries undone when they ended ({@code TCPFullUndo})
 * @param partialUndo recoveries undone on a partial ACK by timestamps ({@code TCPPartialUndo})
 * @param dsackUndo recoveries undone because D-SACKs covered every retransmission
 *     ({@code TCPDSACKUndo})
 * @param lossUndo timeouts undone ({@code TCPLossUndo})
 * @param spuriousRtos timeouts F-RTO found spurious ({@code TCPSpuriousRTOs})
 * @param timeouts retransmission timeouts ({@code TCPTimeouts})
 * @param lossProbes tail loss probes sent ({@code TCPLossProbes})
 * @param lossProbeRecoveries losses repaired by a loss probe ({@code TCPLossProbeRecovery})
 * @param sackRecoveries fast recovery episodes ({@code TCPSackRecovery})
 * @param lostRetransmits retransmissions found lost in turn ({@code TCPLostRetransmit})
 * @param lost segments marked lost ({@code tcpi_lost} counts those still out; this counts all)
 * @param reordering {@code tp->reordering} now ({@code tcpi_reordering})
 * @param cwnd congestion window after each ACK, segments ({@code tcpi_snd_cwnd})
 * @param rttNs RTT samples, ns
 * @param srttNs smoothed RTT now, ns
 * @param minRttNs windowed minimum RTT now, ns ({@code tcpi_min_rtt}); -1 before any sample
 * @param rtoNs retransmission timeout now, back-off included, ns ({@code tcpi_rto})
 * @param ssthresh slow start threshold now, segments
 * @param reoWndSteps RACK's reordering window in units of min_rtt/4 now
 * @param state congestion state now
 */
public record TcpSenderCounters(long segsOut, long dataSegsOut, long bytesAcked, long totalRetrans,
        long fastRetrans, long slowStartRetrans, long dsackDups, long dsackRecv, long dsackOfoRecv,
        long reordSeen, long sackReorder, long tsReorder, long fullUndo, long partialUndo,
        long dsackUndo, long lossUndo, long spuriousRtos, long timeouts, long lossProbes,
        long lossProbeRecoveries, long sackRecoveries, long lostRetransmits, long lost,
        int reordering, SampleStats.Summary cwnd, SampleStats.Summary rttNs, long srttNs,
        long minRttNs, long rtoNs, int ssthresh, int reoWndSteps, TcpCaState state) {

    /** iperf3's retransmissions and those D-SACK proved spurious, summed over the senders when the traffic stops. */
    public static final List<Column<TcpSenderCounters>> RETRANSMISSION_COLUMNS = List.of(
            sum("tcp_retransmits", "segments", "TCP Retr",
                    "iperf3's `Retr`: segments retransmitted, spurious ones included; 0 without TCP traffic.",
                    TcpSenderCounters::totalRetrans),
            sum("tcp_spurious_retransmits", "segments", "spurious",
                    "Retransmissions D-SACK proved spurious (Linux's `tcpi_dsack_dups`). D-SACKs count as they"
                            + " arrive, so one for a segment retransmitted just before the warm-up ended counts while"
                            + " its retransmission does not: with few retransmissions this can exceed"
                            + " `tcp_retransmits`.",
                    TcpSenderCounters::spuriousRetransmits));

    /** Tail loss probes. */
    public static final List<Column<TcpSenderCounters>> LOSS_PROBE_COLUMNS = List.of(
            sum("tcp_loss_probes", "probes", "loss probes",
                    "Tail loss probes the TCP senders sent (Linux's `TCPLossProbes` in `nstat`).",
                    TcpSenderCounters::lossProbes));

    /** Loss recovery: its undos, reordering and entries, and the D-SACKs received. */
    public static final List<Column<TcpSenderCounters>> RECOVERY_COLUMNS = List.of(
            sum("tcp_partial_undo", "undos", "partial undos",
                    "Recoveries whose cwnd cut the TCP senders undid on a partial ACK whose timestamp echo proved the"
                            + " original got through (`tcp_try_undo_partial`; Linux's `TCPPartialUndo` in `nstat`).",
                    TcpSenderCounters::partialUndo),
            sum("tcp_dsack_undo", "undos", "D-SACK undos",
                    "Cwnd cuts the TCP senders undid once D-SACKs had shown every retransmission spurious"
                            + " (`tcp_try_undo_dsack`; Linux's `TCPDSACKUndo`).",
                    TcpSenderCounters::dsackUndo),
            sum("tcp_ts_reorder", "events", "TS reorder",
                    "Reordering the TCP senders detected by timestamps, in `tcp_try_undo_partial` (Linux's"
                            + " `TCPTSReorder`).",
                    TcpSenderCounters::tsReorder),
            sum("tcp_sack_recovery", "recoveries", "SACK recoveries",
                    "Fast recoveries the TCP senders entered with SACK (`tcp_enter_recovery`; Linux's"
                            + " `TCPSackRecovery`).",
                    TcpSenderCounters::sackRecoveries),
            sum("tcp_reordering", "segments", "tp->reordering",
                    "The reordering degree `tp->reordering` when the traffic stops (`tcpi_reordering` of `ss -ti`),"
                            + " summed over the TCP senders: with one flow, that flow's; 3 until reordering is seen,"
                            + " at most `tcp_max_reordering` (300).",
                    TcpSenderCounters::reordering),
            sum("tcp_dsack_recv", "D-SACKs", "D-SACKs received",
                    "ACKs whose first SACK block reported data below their cumulative ACK: D-SACKs of data the"
                            + " receiver already had (`tcp_check_dsack`; Linux's `TCPDSACKRecv` in `nstat`), over"
                            + " the TCP senders. Counted before `tcp_dsack_seen` judges them, so dubious ones count"
                            + " too; D-SACKs of out-of-order data (`TCPDSACKOfoRecv`) do not.",
                    TcpSenderCounters::dsackRecv));

    /** Retransmissions proved spurious by the receiver's D-SACKs. */
    public long spuriousRetransmits() {
        return dsackDups;
    }

    /** Congestion window reductions taken back, all ways. */
    public long undos() {
        return fullUndo + partialUndo + dsackUndo + lossUndo;
    }

    /** A window statistic of the senders, summed when the traffic stops. */
    private static Column<TcpSenderCounters> sum(String name, String unit, String heading, String description,
                                                 ToDoubleFunction<TcpSenderCounters> of) {
        return Column.window(name, unit, heading, description, Column.At.TRAFFIC_END, of);
    }
}
