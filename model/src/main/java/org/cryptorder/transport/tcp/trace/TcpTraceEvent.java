package org.cryptorder.transport.tcp.trace;

import java.util.Locale;
import org.cryptorder.transport.tcp.congestion.CongestionWindow;
import org.cryptorder.transport.tcp.congestion.TcpCaState;

/**
 * One decision of a TCP sender's loss recovery, as a {@link TcpTraceObserver} receives it: what
 * Linux function decided what, and the sender's state just after. Segments are counted in MSS
 * units from the initial sequence number (segment 99 is octets 99 x MSS to 100 x MSS of the
 * stream); times are simulated nanoseconds.
 *
 * <p>The decisions, each after {@code net/ipv4/tcp_input.c} or {@code tcp_recovery.c}:
 * {@link CaStateChanged} ({@code tcp_set_ca_state}), {@link MarkedLost} ({@code
 * tcp_rack_detect_loss}, {@code tcp_mark_head_lost}), {@link Retransmitted} ({@code
 * tcp_retransmit_skb}), {@link DsackReceived} ({@code tcp_check_dsack}), {@link UndoTried} (the
 * {@code tcp_try_undo_*} procedures with {@code tcp_packet_delayed}'s verdict), {@link
 * ReorderingSeen} ({@code tcp_check_sack_reordering}) and {@link ReoWndStepsChanged} ({@code
 * tcp_rack_update_reo_wnd}).
 */
public sealed interface TcpTraceEvent {
    /** The sender's state just after the decision. */
    At at();

    /** What was decided, in the kernel's words: {@code tcp_rack_detect_loss: segment 99 lost, ...}. */
    String describe();

    /** Whether the decision is about segment {@code seg} (marks, retransmits or D-SACKs it). */
    default boolean names(long seg) {
        return false;
    }

    /**
     * When, and the sender's state just after the decision.
     *
     * @param timeNs   simulated time, ns
     * @param cwnd     {@code tp->snd_cwnd}, segments
     * @param ssthresh {@code tp->snd_ssthresh}, segments ({@link CongestionWindow#INFINITE_SSTHRESH} unset)
     * @param inFlight {@code tcp_packets_in_flight}, segments
     * @param una      SND.UNA, in segments
     * @param sndWnd   {@code tp->snd_wnd}, the receiver's last advertised window, in whole segments
     */
    record At(long timeNs, int cwnd, int ssthresh, int inFlight, long una, long sndWnd) {
        /** {@code cwnd 39 ssthresh 27 flight 41 una 99 wnd 55}. */
        public String state() {
            String ss = ssthresh >= CongestionWindow.INFINITE_SSTHRESH ? "inf" : Integer.toString(ssthresh);
            return "cwnd " + cwnd + " ssthresh " + ss + " flight " + inFlight + " una " + una + " wnd " + sndWnd;
        }
    }

    /**
     * {@code tcp_set_ca_state}: {@code icsk_ca_state} moved, by {@code function}.
     *
     * @param highSeq {@code high_seq} after the change, segments
     */
    record CaStateChanged(At at, TcpCaState from, TcpCaState to, String function, long highSeq)
            implements TcpTraceEvent {
        @Override
        public String describe() {
            return "tcp_set_ca_state " + linuxName(from) + " -> " + linuxName(to) + " (" + function + ")"
                    + (to == TcpCaState.RECOVERY || to == TcpCaState.LOSS ? ", high_seq " + highSeq : "");
        }
    }

    /**
     * A segment marked lost: by RACK ({@code tcp_rack_detect_loss}, {@code now - xmit >= rack.rtt +
     * reo_wnd}) or by the DUPACK threshold without RACK ({@code tcp_mark_head_lost}, times -1).
     */
    record MarkedLost(At at, long seg, String function, long ageNs, long rackRttNs, long reoWndNs)
            implements TcpTraceEvent {
        @Override
        public String describe() {
            if (ageNs < 0) {
                return function + ": segment " + seg + " lost";
            }
            return function + ": segment " + seg + " lost, sent " + us(ageNs) + " ago >= rack.rtt " + us(rackRttNs)
                    + " + reo_wnd " + us(reoWndNs);
        }

        @Override
        public boolean names(long s) {
            return s == seg;
        }
    }

    /**
     * {@code tcp_retransmit_skb}: segment {@code seg} sent again with {@code tsVal} (as on the wire),
     * in {@code state} (outside Loss a fast retransmission, TCPFastRetrans).
     *
     * @param retransStamp {@code retrans_stamp} after it, as a TSval on the wire: the first
     *     retransmission's since Open
     */
    record Retransmitted(At at, long seg, int tsVal, int retransStamp, TcpCaState state) implements TcpTraceEvent {
        @Override
        public String describe() {
            return "tcp_retransmit_skb: segment " + seg + " again, TSval " + tsVal + ", retrans_stamp " + retransStamp
                    + (state == TcpCaState.LOSS ? " (in Loss)" : " (fast retransmit, TCPFastRetrans)");
        }

        @Override
        public boolean names(long s) {
            return s == seg;
        }
    }

    /**
     * {@code tcp_check_dsack}: a D-SACK for segments {@code [from, to)}.
     *
     * @param dupSegs     duplicates counted by {@code tcp_dsack_seen}, 0 if it found the D-SACK dubious
     * @param undoRetrans {@code undo_retrans} after it (-1: no {@code undo_marker}, nothing to undo)
     * @param forRack     whether {@code tcp_dsack_seen} told RACK ({@code rack.dsack_seen}; only once
     *                    {@code tp->reord_seen} is not 0)
     */
    record DsackReceived(At at, long from, long to, int dupSegs, int undoRetrans, boolean forRack)
            implements TcpTraceEvent {
        @Override
        public String describe() {
            String which = to - from == 1 ? "segment " + from : "segments " + from + "-" + (to - 1);
            if (dupSegs == 0) {
                return "tcp_check_dsack: D-SACK of " + which + ", dubious (tcp_dsack_seen): ignored";
            }
            return "tcp_check_dsack: D-SACK of " + which + " (" + dupSegs + " spurious), "
                    + (undoRetrans < 0 ? "no undo_marker" : "undo_retrans " + undoRetrans) + (forRack ? "; tcp_dsack_seen: rack.dsack_seen" : "; reord_seen 0, so not for RACK");
        }

        @Override
        public boolean names(long s) {
            return s >= from && s < to;
        }
    }

    /**
     * One of the undo procedures decided: {@code tcp_try_undo_partial}, {@code tcp_try_undo_dsack},
     * {@code tcp_try_undo_recovery} or {@code tcp_try_undo_loss}, with what {@code tcp_may_undo}
     * looks at, as it was before the undo.
     *
     * @param undone        whether {@code tcp_undo_cwnd_reduction} ran
     * @param why           the counter it raised ({@code TCPPartialUndo}) or why not
     * @param undoMarker    whether {@code undo_marker} was set
     * @param undoRetrans   {@code undo_retrans}
     * @param packetDelayed {@code tcp_packet_delayed}: the ACK's TSecr predates {@code retrans_stamp}
     * @param tsEcr         the ACK's TSecr as on the wire (0: none)
     * @param retransStamp  {@code retrans_stamp}, as the TSval it was on the wire (0: none)
     * @param retransOut    {@code retrans_out} after the decision
     * @param reoWndPersist RACK's {@code reo_wnd_persist} after the decision
     */
    record UndoTried(At at, String function, boolean undone, String why, boolean undoMarker, int undoRetrans,
                     boolean packetDelayed, int tsEcr, int retransStamp, int retransOut, int reoWndPersist)
            implements TcpTraceEvent {
        @Override
        public String describe() {
            String delayed = "tcp_packet_delayed " + packetDelayed + " (TSecr " + tsEcr
                    + (retransStamp == 0 ? ", no " : packetDelayed ? " < " : " >= ") + "retrans_stamp"
                    + (retransStamp == 0 ? "" : " " + retransStamp) + ")";
            String marker = undoMarker ? "undo_retrans " + undoRetrans : "no undo_marker";
            return function + ": " + (undone ? "undone" : "not undone") + " (" + why + "); " + marker + ", "
                    + delayed + ", retrans_out " + retransOut + ", reo_wnd_persist " + reoWndPersist;
        }
    }

    /**
     * {@code tcp_check_sack_reordering}: reordering detected, {@code fack - low_seq} = {@code
     * metric} segments; {@code tp->reordering} went from {@code from} to {@code to} (raised to the
     * metric when it is larger, up to {@code tcp_max_reordering}).
     *
     * @param ts found by timestamps in {@code tcp_try_undo_partial} (TCPTSReorder), not by SACK
     */
    record ReorderingSeen(At at, long metric, int from, int to, boolean ts) implements TcpTraceEvent {
        @Override
        public String describe() {
            return "tcp_check_sack_reordering (" + (ts ? "timestamps, TCPTSReorder" : "SACK, TCPSACKReorder")
                    + "): fack - low_seq " + metric + " segments, tp->reordering " + from + " -> " + to;
        }
    }

    /** {@code tcp_rack_update_reo_wnd}: RACK's {@code reo_wnd_steps} changed, {@code reo_wnd_persist} now {@code persist}. */
    record ReoWndStepsChanged(At at, int from, int to, int persist) implements TcpTraceEvent {
        @Override
        public String describe() {
            return "tcp_rack_update_reo_wnd: reo_wnd_steps " + from + " -> " + to
                    + (to > from ? " (a D-SACK in the last round trip)" : " (reo_wnd_persist ran out)")
                    + ", reo_wnd_persist " + persist;
        }
    }

    /**
     * HyStart ended slow start ({@code bictcp_hystart}, {@code tcp_cubic.c}): ssthresh is now cwnd.
     *
     * @param train      by the ACK train (else by delay)
     * @param measuredNs the train's length from the round's start, or the round's least RTT
     * @param limitNs    what it exceeded: {@code delay_min + hystart_ack_delay} (halved unpaced), or
     *                   {@code delay_min} plus an eighth of it, clamped to 4-16 ms
     */
    record SlowStartEnded(At at, boolean train, long measuredNs, long limitNs) implements TcpTraceEvent {
        @Override
        public String describe() {
            return train
                    ? "bictcp_hystart: ACK train, " + us(measuredNs) + " since the round's start > " + us(limitNs)
                            + " (HYSTART_ACK_TRAIN): ssthresh = cwnd"
                    : "bictcp_hystart: delay, the round's least RTT " + us(measuredNs) + " > " + us(limitNs)
                            + " (HYSTART_DELAY): ssthresh = cwnd";
        }

        private static String us(long ns) {
            return String.format(Locale.ROOT, "%.1f us", ns / 1e3);
        }
    }

    /** Linux's name of a state: {@code TCP_CA_Recovery}. */
    static String linuxName(TcpCaState s) {
        return switch (s) {
            case OPEN -> "TCP_CA_Open";
            case DISORDER -> "TCP_CA_Disorder";
            case CWR -> "TCP_CA_CWR";
            case RECOVERY -> "TCP_CA_Recovery";
            case LOSS -> "TCP_CA_Loss";
        };
    }

    /** {@code 1.710 ms} or {@code 61.5 us}. */
    static String us(long ns) {
        return ns >= 1_000_000 ? String.format(Locale.ROOT, "%.3f ms", ns / 1e6)
                : String.format(Locale.ROOT, "%.1f us", ns / 1e3);
    }
}
