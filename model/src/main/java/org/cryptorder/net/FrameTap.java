package org.cryptorder.net;

/**
 * A tap on one interface of a host, told of each frame where {@code tcpdump -i} on that interface
 * would see it ({@link InterfaceCapture} writes them to a pcap file). Components hold an optional
 * tap and call it with one null check per frame, so a run without taps pays nothing more.
 *
 * <p>Where the taps sit ({@link Host#capture}):
 * <ul>
 *   <li>the lower device ({@code eth0}): a frame sent when the NIC fetches it into its packet buffer,
 *       stamped with the instant its first bit goes onto the wire ({@link TxPacketBuffer}); a frame
 *       received when it enters an RX ring ({@link Nic#arrive}), stamped with its arrival. Frames
 *       the ring drops ({@code rx_missed}) never reach the host and are not seen.</li>
 *   <li>the MACsec device ({@code macsec0}): a frame sent as the sending context enters
 *       {@code macsec_start_xmit} with it, still in the clear (Linux's taps see it in
 *       {@code dev_hard_start_xmit}, just before); a frame received as its GRO cell takes it up
 *       the stack, decrypted and with SecTAG and ICV stripped ({@link GroCell}; Linux's taps see it
 *       in {@code __netif_receive_skb_core}).</li>
 * </ul>
 */
public interface FrameTap {
    /**
     * {@code p} passes the tapped interface at {@code timeNs}; its bytes are as the model holds them
     * at this call (later steps change them in place: copy what you keep).
     *
     * @param sent true for a frame the host sends, false for one it receives
     */
    void frame(double timeNs, Packet p, boolean sent);
}
