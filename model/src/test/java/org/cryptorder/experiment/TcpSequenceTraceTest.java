package org.cryptorder.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.experiment.file.ExperimentFile;
import org.cryptorder.experiment.output.Metrics;
import org.cryptorder.experiment.output.Recording;
import org.cryptorder.experiment.records.ResolvedRun;
import org.cryptorder.experiment.replication.DatapathRunModel;
import org.cryptorder.experiment.replication.Replication;
import org.cryptorder.experiment.wiring.Datapath;
import org.cryptorder.transport.tcp.send.TcpSenderCounters;
import org.cryptorder.transport.tcp.trace.TcpSequenceTrace;
import org.junit.jupiter.api.Test;

/**
 * The time-sequence record of a TCP flow, counted against the sender's own counters: tutorial 4's
 * async-unordered run under 30% FPU contention, shortened, reorders, retransmits and gets D-SACKs.
 * A window from the warm-up's end past the drain holds exactly what the counters count after
 * their reset: every segment sent, every retransmission, and as many spurious marks as
 * {@code tcpi_dsack_dups}. Attaching the record changes nothing (the fingerprints check it too).
 */
class TcpSequenceTraceTest {
    private static ResolvedRun reordering() {
        ExperimentFile f = Experiments.shortened("tutorial/4-what-it-costs-tcp.json", 0.03, 1);
        return f.configurations().stream().filter(r -> r.point().label().contains("async-unordered")
                && r.point().label().contains("0.3")).findFirst().orElseThrow();
    }

    @Test
    void aWindowPastTheWarmUpCountsWhatTheSenderCounts() throws Exception {
        ResolvedRun run = reordering();
        Datapath d = new DatapathRunModel(Experiments.PROFILES).macsecDatapath(run,
                new StreamRegistry(run.experiment().run().seed()), 0);
        long warmupNs = Math.round(run.experiment().run().warmupS() * 1e9);
        TcpSequenceTrace seq = TcpSequenceTrace.window(warmupNs, Long.MAX_VALUE);
        d.tcpSenders().get(0).sender().sequence(seq);
        d.tcpReceivers().get(0).receiver().sequence(seq);
        new Replication(d, run.experiment().run(), null, null).run();
        TcpSenderCounters c = d.tcpSenders().get(0).sender().counters();
        List<TcpSequenceTrace.Segment> s = seq.segments();
        assertThat(s).hasSize((int) c.segsOut());
        assertThat(s.stream().filter(TcpSequenceTrace.Segment::retransmission).count()).isEqualTo(c.totalRetrans())
                .isPositive();
        assertThat(s.stream().filter(TcpSequenceTrace.Segment::spurious).count()).isEqualTo(c.dsackDups())
                .isPositive();
        assertThat(s.stream().filter(x -> x.spurious() && !x.retransmission())).isEmpty();
        assertThat(seq.outOfOrder()).isNotEmpty();
        assertThat(seq.acks()).isNotEmpty().allSatisfy(a -> assertThat(a.windowEnd()).isGreaterThan(a.una()));
        assertThat(seq.sackBlocks()).isNotEmpty();
    }

    @Test
    void theDefaultWindowStartsJustBeforeTheFirstSegmentQueuedOutOfOrder() throws Exception {
        ResolvedRun run = reordering();
        DatapathRunModel model = new DatapathRunModel(Experiments.PROFILES);
        TcpSequenceTrace all = TcpSequenceTrace.window(0, Long.MAX_VALUE);
        Recording everything = Recording.latencyOnly().withTcpSequence(all);
        Metrics plain = model.run(run, new StreamRegistry(1), 0);
        Metrics traced = model.run(run, new StreamRegistry(1), 0, everything);
        assertThat(traced.toString()).isEqualTo(plain.toString());
        long first = all.outOfOrder().get(0).timeNs();
        TcpSequenceTrace around = TcpSequenceTrace.aroundFirstOutOfOrder(200_000, 1_000_000);
        model.run(run, new StreamRegistry(1), 0, Recording.latencyOnly().withTcpSequence(around));
        assertThat(around.aroundOutOfOrder()).isTrue();
        assertThat(around.fromNs()).isEqualTo(Math.max(0, first - 200_000));
        assertThat(around.toNs()).isEqualTo(around.fromNs() + 1_000_000);
        long expected = all.segments().stream().filter(x -> x.timeNs() >= around.fromNs()
                && x.timeNs() < around.toNs()).count();
        assertThat(around.segments()).hasSize((int) expected);
        assertThat(around.outOfOrder().get(0).timeNs()).isEqualTo(first);
        assertThat(around.ackBefore()).isNotNull();
    }
}
