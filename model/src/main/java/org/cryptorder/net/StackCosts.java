package org.cryptorder.net;

import org.cryptorder.host.CycleCosts;

/**
 * CPU cost of the network stack around the crypto, per frame or packet, in cycles (ns at {@code
 * ghz}). The values come from a CPU profile, where each one says where it comes from.
 *
 * @param ghz              core clock, GHz
 * @param driverRxCycles   NIC driver work per received frame in the NAPI poll
 * @param macsecRxCycles   {@code macsec_handle_frame} besides the AEAD: checks, look-ups, request set-up
 * @param macsecTxCycles   {@code macsec_start_xmit}/{@code macsec_encrypt} besides the AEAD
 * @param udpTxCycles      one datagram from the application's {@code sendmsg} down to the device
 * @param udpRxCycles      one datagram from the MACsec device up to the socket and the application
 * @param tcpTxCycles      one TCP skb from the send path down to the device (one segment, or a GSO
 *                         skb of several: {@code tcp_transmit_skb}, {@code ip_queue_xmit}, the
 *                         MACsec device's {@code __dev_queue_xmit})
 * @param tcpRxCycles      one TCP segment up the stack to the socket (data or ACK)
 * @param gsoSegmentCycles one segment cut from a GSO skb at the MACsec device ({@code skb_gso_segment}:
 *                         {@code tcp_gso_segment}, {@code skb_segment}, the software checksum)
 * @param groSegmentCycles one segment taken by GRO at the MACsec device's GRO cell ({@code napi_gro_receive}:
 *                         {@code dev_gro_receive}'s list walk, {@code inet_gro_receive} and
 *                         {@code tcp_gro_receive}'s header compares, {@code skb_gro_receive}'s frag
 *                         append); a merged packet then pays {@code tcpRxCycles} once
 */
public record StackCosts(double ghz, double driverRxCycles, double macsecRxCycles, double macsecTxCycles,
                         double udpTxCycles, double udpRxCycles, double tcpTxCycles, double tcpRxCycles,
                         double gsoSegmentCycles, double groSegmentCycles) {
    public StackCosts {
        CycleCosts.check("stack costs", ghz, driverRxCycles, macsecRxCycles, macsecTxCycles, udpTxCycles, udpRxCycles,
                tcpTxCycles, tcpRxCycles, gsoSegmentCycles, groSegmentCycles);
    }

    public double ns(double cycles) {
        return cycles / ghz;
    }
}
