package org.cryptorder.cli;

import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import org.cryptorder.experiment.file.ExperimentFile;
import org.cryptorder.experiment.records.Experiment;
import org.cryptorder.net.FrameTrace;
import org.cryptorder.transport.tcp.congestion.TcpCaState;
import org.cryptorder.transport.tcp.trace.TcpTrace;
import org.cryptorder.transport.tcp.trace.TcpTraceEvent;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * {@code --tcp [--tcp-events N] [--tcp-around-seq S]} of {@code explain}: the TCP senders'
 * loss-recovery decisions ({@link TcpTrace}), one line each in the kernel's function names, with
 * the sender's cwnd, ssthresh, packets in flight and SND.UNA just after; interleaved by time with
 * the frame narration when {@code --frames} is given too.
 */
final class TcpTraceOptions {
    /** Decisions kept unless {@code --tcp-events} says otherwise. */
    static final int DEFAULT_EVENTS = 200;
    /** The most decisions {@code --tcp-events} may ask for (each is held in memory until printed). */
    static final int MAX_EVENTS = 1_000_000;

    @Option(names = "--tcp",
            description = "Narrate the TCP senders' loss-recovery decisions (tcp_set_ca_state, tcp_rack_detect_loss,"
                    + " tcp_retransmit_skb, tcp_check_dsack, the tcp_try_undo_* with tcp_packet_delayed,"
                    + " tcp_check_sack_reordering, tcp_rack_update_reo_wnd) instead of frames; with --frames, both,"
                    + " interleaved by time.")
    boolean on;

    @Option(names = "--tcp-events", paramLabel = "N",
            description = "With --tcp: how many decisions to print, from --from-us on (1 to " + MAX_EVENTS
                    + "; default: " + DEFAULT_EVENTS + ").")
    Integer events;

    @Option(names = "--tcp-around-seq", paramLabel = "S",
            description = "With --tcp: only the decisions from the first that names segment S (MSS units from the"
                    + " ISN: marks it lost, retransmits it or D-SACKs it) to the last that does, within --tcp-events.")
    Long aroundSeq;

    /** Whether the TCP trace was asked for; checks the options' values (bad usage: exit 2). */
    boolean on(CommandSpec spec) {
        if (!on && (events != null || aroundSeq != null)) {
            throw new ParameterException(spec.commandLine(), (events != null ? "--tcp-events" : "--tcp-around-seq")
                    + " needs --tcp");
        }
        if (events != null) {
            new OptionRange("--tcp-events", 1, MAX_EVENTS).check(spec, events);
        }
        if (aroundSeq != null && aroundSeq < 0) {
            throw new ParameterException(spec.commandLine(), "--tcp-around-seq: a segment number of at least 0, got "
                    + aroundSeq);
        }
        return on;
    }

    /** Refuses the TCP trace of an experiment without TCP traffic (bad usage: exit 2). */
    void checkTraceable(CommandSpec spec, ExperimentFile f) {
        if (on && f.experiment().traffic().stream().noneMatch(t -> t instanceof Experiment.TcpTraffic)) {
            throw new ParameterException(spec.commandLine(), "--tcp: " + f.file() + " has no TCP traffic");
        }
    }

    /** The trace as asked, from {@code fromNs} on. */
    TcpTrace newTrace(double fromNs) {
        return new TcpTrace(events == null ? DEFAULT_EVENTS : events, fromNs,
                aroundSeq == null ? TcpTrace.ANY_SEGMENT : aroundSeq);
    }

    /**
     * Prints the decisions and the frames' steps merged by time (at one instant the frame's step
     * first: the ACK is delivered, then processed), and a closing line on what was printed.
     */
    void print(TcpTrace trace, FrameTrace frames, PrintWriter out) {
        out.println("# TCP: time since start, sender, its state just after the decision (cwnd, ssthresh and packets"
                + " in flight in segments, SND.UNA as a segment number: MSS units from the ISN, the receiver's"
                + " window snd_wnd in whole segments), Linux function: decision");
        List<TcpTrace.Line> lines = trace.lines();
        List<FrameTrace.Step> steps = frames.steps();
        int i = 0;
        for (FrameTrace.Step s : steps) {
            while (i < lines.size() && lines.get(i).timeNs() < s.timeNs()) {
                out.println(" " + lines.get(i++).format());
            }
            out.println((ExplainCommand.delayed(s) ? "!" : " ") + s.format());
        }
        while (i < lines.size()) {
            out.println(" " + lines.get(i++).format());
        }
        long recoveries = lines.stream().filter(l -> l.event() instanceof TcpTraceEvent.CaStateChanged c
                && c.to() == TcpCaState.RECOVERY).count();
        int bound = events == null ? DEFAULT_EVENTS : events;
        out.println(String.format(Locale.ROOT, "# %d TCP decisions%s, %d of them entering Recovery%s", lines.size(),
                aroundSeq == null ? "" : " around segment " + aroundSeq, recoveries,
                !trace.full() ? "" : aroundSeq == null ? "; the bound was reached (--tcp-events " + bound
                        + "): later decisions not printed"
                        : "; looked for it in the " + bound + " decisions from its first mention (--tcp-events)"));
        if (lines.isEmpty() && aroundSeq != null) {
            out.println("# no decision named segment " + aroundSeq + " from the start given: it was neither marked"
                    + " lost, nor retransmitted, nor D-SACKed");
        }
    }
}
