/**
 * The congestion window and what sets it: the congestion control algorithms and the congestion
 * state machine, as {@code net/ipv4/tcp_cubic.c}, {@code tcp_cong.c} and {@code tcp_input.c} keep
 * them.
 *
 * <ul>
 *   <li>{@link org.cryptorder.transport.tcp.congestion.CongestionWindow}: cwnd and what Linux
 *       keeps beside it in {@code struct tcp_sock} (ssthresh, the additive-increase counter, the
 *       values saved for undo, PRR's counters), counted in segments; it changes only through
 *       methods named after the kernel step ({@code startReduction}, {@code
 *       proportionalRateReduction}, {@code lowerSsthreshForLoss}, {@code undo}, ...);
 *   <li>{@link org.cryptorder.transport.tcp.congestion.CongestionControl}: initial window 10, slow
 *       start, then CUBIC ({@link org.cryptorder.transport.tcp.congestion.CubicCongestionControl},
 *       the default, with HyStart on as Linux's default) or Reno ({@link
 *       org.cryptorder.transport.tcp.congestion.RenoCongestionControl}), reading their sender
 *       through a {@link org.cryptorder.transport.tcp.congestion.CongestionContext};
 *   <li>{@link org.cryptorder.transport.tcp.congestion.TcpCaState} is {@code icsk_ca_state}.
 *       The sender's {@code LossRecovery} owns it and changes it in one method that checks a
 *       {@link org.cryptorder.transport.tcp.congestion.CaTransition} (each named after the kernel
 *       function making the change, with the states it may start from and end in, e.g. Recovery
 *       is entered from any state but Recovery): a change Linux never makes throws {@link
 *       java.lang.IllegalStateException}.
 * </ul>
 * The glue that calls the algorithm on each ACK ({@code tcp_cong_control}, PRR, {@code
 * tcp_cwnd_validate}, the pacing rate) is the sender's {@code CwndControl}.
 *
 * <h2>How it was validated</h2>
 * Against closed forms: CUBIC's beta and fast convergence, its window against C (t - K)^3 + W_max;
 * Reno ({@code CongestionControlTest}); HyStart against {@code hystart_update}, ACK by ACK: the
 * ACK-train and delay thresholds and the round that restarts below the low window ({@code
 * HyStartTest}); both on a {@code ScriptedSender}. The legal congestion-state changes pass and the
 * ones Linux never makes throw ({@code CaTransitionTest}, in the sender's tests, as it drives a
 * sender).
 */
package org.cryptorder.transport.tcp.congestion;
