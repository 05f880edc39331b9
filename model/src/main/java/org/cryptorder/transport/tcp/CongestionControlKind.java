package org.cryptorder.transport.tcp;

/** The congestion control algorithm of a connection ({@code net.ipv4.tcp_congestion_control}). */
public enum CongestionControlKind {
    /** {@code net/ipv4/tcp_cubic.c}, Linux's default. */
    CUBIC,
    /** {@code tcp_reno_*} in {@code net/ipv4/tcp_cong.c}: halve on loss, one segment per RTT. */
    RENO
}
