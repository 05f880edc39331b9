package org.cryptorder.transport.tcp.send;

import org.cryptorder.transport.tcp.congestion.CaTransition;
import org.cryptorder.transport.tcp.congestion.CongestionWindow;
import org.cryptorder.transport.tcp.congestion.TcpCaState;
import org.cryptorder.transport.tcp.trace.TcpTraceEvent;
import org.cryptorder.transport.tcp.trace.TcpTraceObserver;

/**
 * The decision points of one sender's loss recovery, wired to a {@link TcpTraceObserver}: each
 * method builds the {@link TcpTraceEvent} for one decision, with the sender's state then, and
 * hands it on. The parts of the sender hold this only while an observer is attached ({@link
 * TcpSender#trace}), so a sender without one builds nothing.
 */
final class TcpTracePoints {
    private final TcpSender sk;
    private final TcpTraceObserver observer;

    TcpTracePoints(TcpSender sk, TcpTraceObserver observer) {
        this.sk = sk;
        this.observer = observer;
    }

    private TcpTraceEvent.At at() {
        CongestionWindow cw = sk.cwndControl.window();
        return new TcpTraceEvent.At(sk.clock.nowNs(), cw.cwnd(), cw.ssthresh(), sk.board.inFlight(),
                seg(sk.ack.sndUna()), seg(sk.ack.sndWnd()));
    }

    private long seg(long seq) {
        return seq / sk.mss;
    }

    /** {@code tcp_ack} done: the state it left. */
    void acked() {
        observer.acked(at());
    }

    /** {@code tcp_set_ca_state}, after the change. */
    void caState(TcpCaState from, TcpCaState to, CaTransition t, long highSeq) {
        observer.decided(new TcpTraceEvent.CaStateChanged(at(), from, to, t.kernelFunction(), seg(highSeq)));
    }

    /** Segment {@code n} marked lost by {@code function}; RACK's times, or -1. */
    void markedLost(long n, String function, long ageNs, long rackRttNs, long reoWndNs) {
        observer.decided(new TcpTraceEvent.MarkedLost(at(), n, function, ageNs, rackRttNs, reoWndNs));
    }

    /** {@code tcp_retransmit_skb} of segment {@code n}. */
    void retransmitted(long n, int tsVal, int retransStamp, TcpCaState state) {
        observer.decided(new TcpTraceEvent.Retransmitted(at(), n, wire(tsVal), wire(retransStamp), state));
    }

    /** {@code tcp_check_dsack} of the octets {@code [s, e)}. */
    void dsack(long s, long e, int dupSegs, int undoRetrans, boolean forRack) {
        observer.decided(new TcpTraceEvent.DsackReceived(at(), seg(s), seg(e + sk.mss - 1), dupSegs, undoRetrans,
                forRack));
    }

    /** An undo procedure's decision. */
    void undo(String function, boolean undone, String why, boolean undoMarker, int undoRetrans,
              boolean packetDelayed, int retransStamp) {
        observer.decided(new TcpTraceEvent.UndoTried(at(), function, undone, why, undoMarker, undoRetrans,
                packetDelayed, wire(sk.ack.tsEcr()), wire(retransStamp), sk.board.retransOut(),
                sk.rack.reoWndPersist()));
    }

    /** A timestamp as on the wire, the connection's offset added ({@code tp->tsoffset}); 0 stays 0 (none). */
    private int wire(int ts) {
        return ts == 0 ? 0 : ts + sk.cfg.tsOffset();
    }

    /** {@code tcp_check_sack_reordering} found {@code metric} octets of reordering. */
    void reordering(long metric, int from, int to, boolean ts) {
        observer.decided(new TcpTraceEvent.ReorderingSeen(at(), (metric + sk.mss - 1) / sk.mss, from, to, ts));
    }

    /** {@code tcp_rack_update_reo_wnd} changed {@code reo_wnd_steps}. */
    void reoWndSteps(int from, int to, int persist) {
        observer.decided(new TcpTraceEvent.ReoWndStepsChanged(at(), from, to, persist));
    }

    /** CUBIC's HyStart ended slow start. */
    void slowStartEnded(boolean train, long measuredNs, long limitNs) {
        observer.decided(new TcpTraceEvent.SlowStartEnded(at(), train, measuredNs, limitNs));
    }
}
