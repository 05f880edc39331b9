package org.cryptorder.transport;

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

    /** Retransmissions proved spurious by the receiver's D-SACKs. */
    public long spuriousRetransmits() {
        return dsackDups;
    }

    /** Congestion window reductions taken back, all ways. */
    public long undos() {
        return fullUndo + partialUndo + dsackUndo + lossUndo;
    }
}
