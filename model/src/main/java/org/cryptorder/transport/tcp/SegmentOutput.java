package org.cryptorder.transport.tcp;

/**
 * Where an endpoint puts a packet it sends: the host adapter, which charges the CPU time, pushes
 * the bytes through MACsec and onto the NIC.
 *
 * <p>The buffer is the endpoint's own and is reused for the next packet as soon as {@link
 * #transmit} returns: an implementation that keeps the packet copies it. It must not call back
 * into the endpoint from within {@code transmit} (schedule an event instead).
 */
@FunctionalInterface
public interface SegmentOutput {

    /** One IPv4 packet, {@code buf[off .. off+len)}. */
    void transmit(byte[] buf, int off, int len);

    /**
     * The next {@code segments} packets (two or more) are the segments of one GSO skb: TCP built
     * it once ({@code tcp_transmit_skb}), and the device cuts it ({@code skb_gso_segment}) into
     * the packets that follow, each a full IPv4 packet. By default nothing is done with it.
     */
    default void gsoSkb(int segments) {
    }

    /**
     * The next packet is a retransmission of the stream's octets {@code [seq, end)} (counted from
     * the first data octet), for {@code why} ({@code RACK}, {@code SACK}, {@code RTO}, {@code TLP}):
     * for captures' comments, told only when it is one. By default nothing is done with it.
     */
    default void retransmission(long seq, long end, String why) {
    }

    /**
     * The CPU whose context calls into the endpoint now, where a timer armed now will fire (Linux's
     * {@code __mod_timer} moves a timer to the CPU that arms it); null where no CPU is modelled.
     */
    default Object armingCpu() {
        return null;
    }

    /** Runs a timer's expiry as TIMER_SOFTIRQ on {@code cpu} (a value of {@link #armingCpu}) would. */
    default void fireOn(Object cpu, Runnable expiry) {
        expiry.run();
    }

    /**
     * Runs the pacing hrtimer's expiry ({@code tcp_pace_kick}, HRTIMER_SOFTIRQ) on {@code cpu}; on a
     * socket the application owns, {@code tcp_tsq_handler} defers it to {@code tcp_release_cb}.
     */
    default void paceOn(Object cpu, Runnable kick) {
        fireOn(cpu, kick);
    }
}
