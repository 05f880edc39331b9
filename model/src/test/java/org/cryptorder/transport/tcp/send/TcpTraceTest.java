package org.cryptorder.transport.tcp.send;

import static org.assertj.core.api.Assertions.assertThat;
import static org.cryptorder.transport.tcp.send.TcpUndoTest.MS;

import java.util.ArrayList;
import java.util.List;
import org.cryptorder.transport.tcp.TcpConfig;
import org.cryptorder.transport.tcp.congestion.CongestionWindow;
import org.cryptorder.transport.tcp.congestion.TcpCaState;
import org.cryptorder.transport.tcp.trace.TcpTrace;
import org.cryptorder.transport.tcp.trace.TcpTraceEvent;
import org.cryptorder.transport.tcp.trace.TcpTraceObserver;
import org.junit.jupiter.api.Test;

/**
 * The decisions a {@link TcpTraceObserver} sees on the scripted ACK sequences of {@link
 * TcpUndoTest} (segment 0 held, segments 1 to 7 SACKed from 2 ms, segment 0 retransmitted at the
 * third SACK), in the order {@code tcp_input.c} makes them, and a trace that changes nothing.
 */
class TcpTraceTest {

    /** {@link TcpUndoTest#holdSegmentZero} with an observer attached from the start. */
    private static ScriptedAcks traced(List<TcpTraceEvent> seen) {
        ScriptedAcks s = TcpUndoTest.holdSegmentZero(TcpConfig.linux(ScriptedAcks.MSS));
        s.sender.trace(seen::add);
        return s;
    }

    /** The retransmission fills the hole at 2.5 ms (its TSval echoed), the original's D-SACK comes at 3 ms. */
    private static void retransmissionFillsTheHoleThenItsDsack(ScriptedAcks s) {
        s.ack(2_500_000, 8, () -> s.retransmittedTsValOf(0));
        s.ack(3 * MS, 8, () -> s.retransmittedTsValOf(0), 0, 1);
        s.runUntil(3_100_000);
    }

    private static <T extends TcpTraceEvent> List<T> only(List<TcpTraceEvent> seen, Class<T> kind) {
        return seen.stream().filter(kind::isInstance).map(kind::cast).toList();
    }

    @Test
    void partialUndoOnTimestampsIsTracedInTheKernelsOrder() {
        List<TcpTraceEvent> seen = new ArrayList<>();
        ScriptedAcks s = traced(seen);
        s.ack(2_500_000, 8, () -> s.tsValOf(0));
        s.runUntil(2_600_000);

        TcpTraceEvent.MarkedLost lost = only(seen, TcpTraceEvent.MarkedLost.class).get(0);
        assertThat(lost.seg()).isZero();
        assertThat(lost.function()).isEqualTo("tcp_rack_detect_loss");
        assertThat(lost.reoWndNs()).as("reord_seen 0, sacked_out 3 >= tp->reordering 3").isZero();
        assertThat(lost.ageNs()).as("sent at 0, marked at the third SACK, 2.02 ms").isEqualTo(2_020_000);
        assertThat(lost.ageNs()).isGreaterThanOrEqualTo(lost.rackRttNs());

        TcpTraceEvent.CaStateChanged entry = only(seen, TcpTraceEvent.CaStateChanged.class).stream()
                .filter(c -> c.to() == TcpCaState.RECOVERY).findFirst().orElseThrow();
        assertThat(entry.function()).isEqualTo("tcp_enter_recovery");
        assertThat(entry.highSeq()).as("SND.NXT at entry: 10 sent, 1 more on the first SACK, the second's room "
                + "deferred (tcp_tso_should_defer: the last skb 10 us before, the head's ACK due)").isEqualTo(11);
        assertThat(entry.at().ssthresh()).isLessThan(entry.at().cwnd());

        TcpTraceEvent.Retransmitted rexmit = only(seen, TcpTraceEvent.Retransmitted.class).get(0);
        assertThat(rexmit.seg()).isZero();
        assertThat(rexmit.state()).isEqualTo(TcpCaState.RECOVERY);
        assertThat(rexmit.retransStamp()).isEqualTo(s.retransmittedTsValOf(0));

        TcpTraceEvent.ReorderingSeen reo = only(seen, TcpTraceEvent.ReorderingSeen.class).get(0);
        assertThat(reo.ts()).as("found by tcp_try_undo_partial").isTrue();
        assertThat(reo.from()).isEqualTo(3);
        assertThat(reo.to()).as("fack 8 - prior snd_una 0").isEqualTo(8);

        TcpTraceEvent.UndoTried undo = only(seen, TcpTraceEvent.UndoTried.class).get(0);
        assertThat(undo.function()).isEqualTo("tcp_try_undo_partial");
        assertThat(undo.undone()).isTrue();
        assertThat(undo.packetDelayed()).as("TSecr of the original < retrans_stamp").isTrue();
        assertThat(undo.tsEcr()).isEqualTo(s.tsValOf(0));
        assertThat(undo.retransStamp()).isEqualTo(s.retransmittedTsValOf(0));
        assertThat(undo.at().ssthresh()).as("prior_ssthresh restored")
                .isEqualTo(CongestionWindow.INFINITE_SSTHRESH);

        TcpTraceEvent.CaStateChanged open = only(seen, TcpTraceEvent.CaStateChanged.class).stream()
                .reduce((a, b) -> b).orElseThrow();
        assertThat(open.from()).isEqualTo(TcpCaState.RECOVERY);
        assertThat(open.to()).isEqualTo(TcpCaState.OPEN);
        assertThat(open.function()).isEqualTo("tcp_try_keep_open");

        assertThat(seen).as("mark, entry, retransmission, then reordering raised, undo, Open")
                .containsSubsequence(lost, entry, rexmit, reo, undo, open);
        assertThat(seen.stream().mapToLong(e -> e.at().timeNs())).isSorted();
        assertThat(undo.describe()).contains("tcp_try_undo_partial: undone (TCPPartialUndo)",
                "tcp_packet_delayed true (TSecr " + s.tsValOf(0) + " < retrans_stamp " + s.retransmittedTsValOf(0));
    }

    @Test
    void holeFilledByTheRetransmissionIsAPartialAckWithoutUndoThenADsackUndo() {
        List<TcpTraceEvent> seen = new ArrayList<>();
        ScriptedAcks s = traced(seen);
        retransmissionFillsTheHoleThenItsDsack(s);

        List<TcpTraceEvent.UndoTried> undos = only(seen, TcpTraceEvent.UndoTried.class);
        assertThat(undos).as("ACK 8 is below high_seq 12: partial").extracting(TcpTraceEvent.UndoTried::function)
                .containsExactly("tcp_try_undo_partial", "tcp_try_undo_dsack");
        TcpTraceEvent.UndoTried partial = undos.get(0);
        assertThat(partial.undone()).isFalse();
        assertThat(partial.packetDelayed()).as("the retransmission's TSval echoed").isFalse();
        assertThat(partial.undoRetrans()).isEqualTo(1);
        assertThat(partial.describe()).contains("not undone (tcp_force_fast_retransmit false)", "undo_retrans 1",
                "tcp_packet_delayed false (TSecr " + s.retransmittedTsValOf(0) + " >= retrans_stamp");
        TcpTraceEvent.DsackReceived dsack = only(seen, TcpTraceEvent.DsackReceived.class).get(0);
        assertThat(dsack.from()).isZero();
        assertThat(dsack.to()).isEqualTo(1);
        assertThat(dsack.dupSegs()).isEqualTo(1);
        assertThat(dsack.undoRetrans()).isZero();
        assertThat(dsack.forRack()).as("reord_seen 0").isFalse();
        assertThat(dsack.names(0)).isTrue();
        assertThat(dsack.names(1)).isFalse();
        TcpTraceEvent.UndoTried dsackUndo = undos.get(1);
        assertThat(dsackUndo.undone()).isTrue();
        assertThat(dsackUndo.at().cwnd()).isGreaterThan(partial.at().cwnd());
        assertThat(seen).containsSubsequence(partial, dsack, dsackUndo);
        assertThat(only(seen, TcpTraceEvent.ReorderingSeen.class)).isEmpty();
    }

    @Test
    void dsackAfterReorderingWasSeenWidensReoWndSteps() {
        List<TcpTraceEvent> seen = new ArrayList<>();
        ScriptedAcks s = traced(seen);
        s.ack(2_500_000, 8, () -> s.tsValOf(0));
        s.ack(3 * MS, 8, () -> s.retransmittedTsValOf(0), 0, 1);
        s.at(3_500_000, () -> s.ackNow(s.highestSent() + 1, s.sent.get(s.sent.size() - 1).tsVal()));
        s.runUntil(3_600_000);

        TcpTraceEvent.DsackReceived dsack = only(seen, TcpTraceEvent.DsackReceived.class).get(0);
        assertThat(dsack.forRack()).as("tcp_dsack_seen after reord_seen 1").isTrue();
        List<TcpTraceEvent.ReoWndStepsChanged> steps = only(seen, TcpTraceEvent.ReoWndStepsChanged.class);
        assertThat(steps).hasSize(1);
        assertThat(steps.get(0).from()).isEqualTo(1);
        assertThat(steps.get(0).to()).isEqualTo(2);
        assertThat(steps.get(0).persist()).isEqualTo(RackLossDetector.RECOVERY_THRESH);
        assertThat(steps.get(0).at().timeNs()).isEqualTo(3_500_000);
    }

    @Test
    void aTracedSenderDoesWhatAnUntracedOneDoes() {
        ScriptedAcks plain = TcpUndoTest.holdSegmentZero(TcpConfig.linux(ScriptedAcks.MSS));
        List<TcpTraceEvent> seen = new ArrayList<>();
        ScriptedAcks traced = traced(seen);
        for (ScriptedAcks s : List.of(plain, traced)) {
            retransmissionFillsTheHoleThenItsDsack(s);
        }
        assertThat(seen).isNotEmpty();
        assertThat(traced.sent).isEqualTo(plain.sent);
        assertThat(traced.sender.counters()).isEqualTo(plain.sender.counters());
    }

    @Test
    void aTraceAroundASegmentKeepsFromItsFirstMentionToItsLastInstant() {
        TcpTrace around = new TcpTrace(1000, 0, 0);
        TcpTrace all = new TcpTrace(1000, 0, TcpTrace.ANY_SEGMENT);
        TcpTrace late = new TcpTrace(2, 2_400_000, TcpTrace.ANY_SEGMENT);
        ScriptedAcks s = TcpUndoTest.holdSegmentZero(TcpConfig.linux(ScriptedAcks.MSS));
        s.sender.trace(e -> {
            around.flow(0).decided(e);
            all.flow(0).decided(e);
            late.flow(3).decided(e);
        });
        retransmissionFillsTheHoleThenItsDsack(s);

        List<TcpTrace.Line> lines = around.lines();
        assertThat(lines.get(0).event()).as("the first event naming segment 0: RACK marks it")
                .isInstanceOf(TcpTraceEvent.MarkedLost.class);
        TcpTrace.Line last = lines.get(lines.size() - 1);
        assertThat(lines.get(lines.size() - 2).event()).as("the D-SACK undo, at the D-SACK's instant")
                .isInstanceOf(TcpTraceEvent.UndoTried.class);
        assertThat(last.event()).as("then tcp_try_keep_open, the same instant")
                .isInstanceOf(TcpTraceEvent.CaStateChanged.class);
        assertThat(last.timeNs()).isEqualTo(3 * MS);
        assertThat(lines.stream().filter(l -> l.event().names(0)).count()).as("marked, retransmitted, D-SACKed")
                .isEqualTo(3);
        assertThat(all.lines().size()).isGreaterThan(lines.size() - 1);
        assertThat(all.lines().get(0).event()).as("the first SACK moves Open to Disorder")
                .isInstanceOf(TcpTraceEvent.CaStateChanged.class);

        assertThat(late.lines()).hasSize(2);
        assertThat(late.full()).isTrue();
        assertThat(late.lines().get(0).timeNs()).isEqualTo(2_500_000);
        assertThat(late.lines().get(0).format()).startsWith("    2500.000 us  a TCP flow 3 ")
                .contains("cwnd ", " ssthresh ", ": tcp_try_undo_partial: not undone");
    }
}
