package org.cryptorder.transport.tcp;

/**
 * Whether TCP paces the connection itself ({@code sk->sk_pacing_status}).
 *
 * <p>Linux paces a socket in TCP ({@code tcp_needs_internal_pacing}: {@code SK_PACING_NEEDED}) when
 * something asked for pacing and no {@code fq} qdisc does it: {@code bbr_init} sets it
 * ({@code net/ipv4/tcp_bbr.c}), and so does {@code SO_MAX_PACING_RATE} ({@code sock_setsockopt}).
 * Nothing sets it back: a socket that BBR initialised stays paced after {@code TCP_CONGESTION}
 * switches it to CUBIC ({@code tcp_reinit_congestion_control} leaves {@code sk_pacing_status}).
 * iperf3 (3.12 measured here, with strace) sets {@code -C} after {@code connect}, so on a host whose
 * {@code net.ipv4.tcp_congestion_control} is {@code bbr}, {@code iperf3 -C cubic} runs a paced
 * CUBIC flow; on a host whose default is {@code cubic} it runs an unpaced one. Pacing changes two
 * things the model follows: each skb's departure time ({@code tcp_update_skb_after_send},
 * {@code tcp_pacing_check}, the pacing hrtimer's {@code tcp_pace_kick}), and HyStart's ACK-train
 * threshold, which is halved only for an unpaced socket ({@code hystart_update}).
 */
public enum TcpPacing {
    /** {@code SK_PACING_NONE}: no pacing, as for a socket that started with CUBIC or Reno. */
    NONE,
    /** {@code SK_PACING_NEEDED}: TCP's own pacing at {@code sk_pacing_rate}. */
    INTERNAL
}
