/**
 * A TCP endpoint on a simulated host: {@link org.cryptorder.transport.tcp.socket.TcpSocket}
 * charges the CPU time and sends each segment from softirq, the application's task or a timer as
 * Linux would ({@link org.cryptorder.transport.tcp.socket.SendContext}); its two sides are {@code
 * TcpSenderSocket} and {@code TcpReceiverSocket} (records the RFC 4737 reordering and the latency
 * of data frames). Where an endpoint lives on its host (CPUs, application CPU, MACsec device,
 * flow, MAC addresses) is a {@link org.cryptorder.transport.tcp.socket.TcpEndpoint}. The
 * application's code runs as steps of its task ({@code TaskSteps}).
 *
 * <p>The sending side is Linux's socket layer:
 * <ul>
 *   <li>iperf3's writes ({@code TcpSendmsg}, {@code tcp_sendmsg}; {@code SendPath}: 128 KiB each
 *       by default) own the socket ({@code lock_sock} ... {@code release_sock}), copy into skbs of
 *       {@code size_goal} octets and push from the application's task;
 *   <li>an ACK arriving while the socket is owned goes to the backlog ({@code SocketLock}, {@code
 *       tcp_add_backlog}) and is processed on the application's CPU by {@code __release_sock}
 *       (every 16 skbs of a write, before the writer sleeps, at the end of the write); an ACK to
 *       an unowned socket is processed in softirq on the CPU that received it;
 *   <li>TSQ's deferred write and the timers that fire while the socket is owned run in {@code
 *       tcp_release_cb}; otherwise the TSQ handler runs in the tasklet of the CPU that freed the
 *       skb (the one that sent it, where MACsec's copy frees it);
 *   <li>the send buffer ({@code SendBuffer}): {@code sk_wmem_queued} as the truesize of the write
 *       and retransmit queues, {@code sk_sndbuf} from 2 x 10 per-MSS truesizes autotuned with cwnd
 *       ({@code tcp_sndbuf_expand}) up to {@code tcp_wmem[2]} = 4 MiB; the writer sleeps without
 *       room and wakes with half of what is queued free ({@code sk_stream_write_space}).
 * </ul>
 * With {@code writeBytes} 0 none of this is modelled: the first window goes from the task, every
 * later segment from softirq, and the send buffer of {@code sendBufferBytes} is always full.
 *
 * <p>The receiving side reads as iperf3 -s does ({@code TcpRecvmsg}, {@code tcp_recvmsg}): it
 * copies, frees, autotunes the receive buffer and may ACK, on the application's CPU.
 *
 * <p>{@link org.cryptorder.transport.tcp.socket.SocketCounters} counts where data segments were
 * first sent from, the ACKs the backlog took and the send buffer now; its columns of {@code
 * runs.csv} are {@code SocketCounters.COLUMNS}.
 *
 * <h2>How it was validated</h2>
 * iperf3 -s's reads on a 6.18 receiver: it sleeps until in-order data is readable, reads until
 * EAGAIN, and what it copies whole is freed ({@code TcpRecvmsgTest}); {@code tcp_pace_kick} on an
 * owned socket defers the TSQ write to {@code tcp_release_cb} without touching the write timer's
 * flag ({@code PacingKickOwnedTest}); the backlog and the send order on a datapath ({@code
 * SocketBacklogTest}, {@code SenderOrderTest}, experiment tests).
 */
package org.cryptorder.transport.tcp.socket;
