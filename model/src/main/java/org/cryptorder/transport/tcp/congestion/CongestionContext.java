package org.cryptorder.transport.tcp.congestion;

import org.cryptorder.transport.tcp.TcpClock;

/** What a congestion control algorithm reads from its sender. */
public interface CongestionContext {

    CongestionWindow window();

    TcpClock clock();

    /** SND.UNA, stream position. */
    long sndUna();

    /** SND.NXT, stream position. */
    long sndNxt();

    /** {@code tcp_is_cwnd_limited}. */
    boolean isCwndLimited();

    /** {@code sk_pacing_rate}, octets per second (computed even without pacing). */
    long pacingRate();

    /** The device's GSO size limit, octets. */
    long gsoMaxBytes();

    /**
     * HyStart ended slow start ({@code bictcp_hystart}'s exit): {@code train} whether by the ACK
     * train (else by delay), {@code measuredNs} the train's length or the round's least RTT,
     * {@code limitNs} what it exceeded. For traces; nothing by default.
     */
    default void slowStartEnded(boolean train, long measuredNs, long limitNs) {
    }
}
