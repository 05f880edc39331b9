package org.cryptorder.transport.tcp;

/**
 * When a TCP receiver sends ACKs, and what it puts in them. Durations in ns.
 *
 * @param dsack send D-SACK blocks for duplicate data ({@code net.ipv4.tcp_dsack}, on)
 * @param maxQuickAcks ACKs sent at once at the start and after a duplicate ("quick ACK" mode,
 *     TCP_MAX_QUICKACKS = 16); 0 disables quick ACKs
 * @param adaptiveAto Linux's adaptive delayed-ACK timeout ({@code icsk_ack.ato}, from
 *     {@code delackMinNs} up, following the inter-arrival time); if false the delayed ACK timer is
 *     always {@code delackMinNs}, as ns-3's DelAckTimeout
 * @param delackMinNs TCP_ATO_MIN, 40 ms (ns-3: DelAckTimeout, 200 ms)
 * @param delackMaxNs TCP_DELACK_MAX, 200 ms
 * @param compSackNr {@code net.ipv4.tcp_comp_sack_nr}, 44: how many ACKs for out-of-order data
 *     after the first three may be held back and merged; 0 sends every one at once
 * @param compSackDelayMaxNs {@code net.ipv4.tcp_comp_sack_delay_ns}, 1 ms: the most a compressed
 *     ACK waits (it waits 5 % of the receiver's RTT estimate if that is less)
 * @param compSackSlackNs {@code net.ipv4.tcp_comp_sack_slack_ns}, 100 us: the timer's slack, the
 *     model fires it at the end of the slack
 * @param paws PAWS (RFC 7323 section 5) as Linux runs it: a data segment whose TSval is more than
 *     {@code TCP_PAWS_WINDOW} (1) tick older than {@code ts_recent} is dropped with a duplicate ACK
 *     ({@code tcp_paws_discard} in {@code tcp_validate_incoming}); ns-3 has no PAWS
 */
public record AckPolicy(boolean dsack, int maxQuickAcks, boolean adaptiveAto, long delackMinNs,
        long delackMaxNs, int compSackNr, long compSackDelayMaxNs, long compSackSlackNs, boolean paws) {

    public AckPolicy {
        if (maxQuickAcks < 0 || delackMinNs <= 0 || delackMaxNs < delackMinNs || compSackNr < 0
                || compSackDelayMaxNs < 0 || compSackSlackNs < 0) {
            throw new IllegalArgumentException("bad ACK policy: " + this);
        }
    }

    /** Linux 6.12 defaults. */
    public static AckPolicy linux() {
        return new AckPolicy(true, 16, true, 40_000_000L, 200_000_000L, 44, 1_000_000L, 100_000L, true);
    }

    /** ns-3's TcpSocketBase: DelAckCount 2, DelAckTimeout 200 ms, no D-SACK, out of order ACKed at once. */
    public static AckPolicy textbook() {
        return new AckPolicy(false, 0, false, 200_000_000L, 200_000_000L, 0, 0L, 0L, false);
    }

    /** The same policy with another {@code tcp_comp_sack_nr} (0: every ACK for out-of-order data at once). */
    public AckPolicy withCompSackNr(int nr) {
        return new AckPolicy(dsack, maxQuickAcks, adaptiveAto, delackMinNs, delackMaxNs, nr,
                compSackDelayMaxNs, compSackSlackNs, paws);
    }
}
