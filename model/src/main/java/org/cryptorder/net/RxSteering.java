package org.cryptorder.net;

/**
 * How received MACsec frames are spread over the NIC's RX queues, each mode named for the real
 * configuration it stands for (sources: docs/validation/2026-12-07-receive-path-sources.md,
 * section 6).
 *
 * <p>What Linux can do with one SA's frames: every MACsec frame carries EtherType 0x88E5 and no IP
 * header the 82599's RSS can hash ({@code ixgbe_rx_hash}: no RSS type, no hash), so they all land
 * on RX queue 0. RPS on the lower device does not spread them either: no kernel's flow dissector
 * knows 0x88E5 ({@code __skb_flow_dissect}), so 3.10 gives them no hash (RPS leaves them where they
 * are) and RHEL7 and later one constant hash per VLAN (RPS sends them all to one CPU). One SA's
 * frames are therefore decrypted on one CPU, as the seed thread's maintainers concluded; only
 * RPS on macsec0, after decryption, spreads the inner flows, which moves the stack's work, not the
 * AEAD.
 */
public enum RxSteering {
    /**
     * The 82599 with its RSS as Linux sets it up: every MACsec frame to RX queue 0, whatever its flow
     * (default). Further RX queues carry nothing.
     */
    NIC,
    /**
     * Hypothetical for one SA: each flow on the RX queue of its number (flow modulo the queue count),
     * as if the NIC hashed inside MACsec frames. The nearest Linux configuration is one SA per flow
     * on VLANs of their own, with RPS on the lower device spreading the VLANs (RHEL7 and later hash
     * the VLAN tag).
     */
    FLOW,
    /**
     * Hypothetical, no Linux configuration: one flow's frames spread over the queues in turn, for
     * teaching what decryption on several CPUs would do to one SA's order.
     */
    PER_FRAME
}
