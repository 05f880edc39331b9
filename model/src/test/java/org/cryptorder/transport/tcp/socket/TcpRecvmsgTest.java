package org.cryptorder.transport.tcp.socket;

import static org.assertj.core.api.Assertions.assertThat;

import org.cryptorder.experiment.records.Experiment;
import org.cryptorder.experiment.replication.Replication;
import org.cryptorder.experiment.wiring.Datapath;
import org.cryptorder.experiment.Experiments;
import org.cryptorder.transport.tcp.TcpConfig;
import org.cryptorder.transport.tcp.receive.TcpReceiver;
import org.junit.jupiter.api.Test;

/**
 * iperf3 -s's reads ({@link TcpRecvmsg}) on a 6.18 receiver: it sleeps in {@code select()} until
 * in-order data is readable, reads until EAGAIN, and what it copies whole is freed; with no reader
 * the receiver keeps the fixed window and no receive memory.
 */
class TcpRecvmsgTest {

    private static TcpReceiverSocket run(long readBytes, double seconds) throws Exception {
        return run(readBytes, seconds, "");
    }

    private static TcpReceiverSocket run(long readBytes, double seconds, String hosts) throws Exception {
        String json = "{\"name\": \"r\", \"crypto\": {\"kernel\": \"6.18\"}, \"hosts\": {\"cpus\": 2" + hosts + "},"
                + " \"traffic\": [{\"kind\": \"tcp\", \"readBytes\": " + readBytes + "}], \"run\": {\"durationS\": "
                + seconds + "}}";
        Experiment e = Experiments.parse("r.json", json).configurations().get(0).experiment();
        Datapath d = Experiments.wired(e);
        new Replication(d, e.run()).run();
        return (TcpReceiverSocket) d.tcpReceivers().get(0);
    }

    @Test
    void theReaderWakesForInOrderDataReadsUntilEagainAndFreesWhatItCopied() throws Exception {
        TcpReceiverSocket s = run(131072, 0.05);
        TcpReceiver r = s.receiver();
        long[] counts = s.readerCounts();
        assertThat(counts[1]).as("wake-ups").isPositive();
        assertThat(counts[0]).as("each wake-up ends with an EAGAIN read").isGreaterThan(counts[1]);
        assertThat(r.counters().bytesDelivered()).isGreaterThan(1_000_000);
        assertThat(r.unread()).as("left unread at the end").isLessThan(64L << 10);
        if (r.unread() == 0 && r.outOfOrderBytes() == 0) {
            assertThat(r.buffer().rmemAlloc()).isZero();
        }
        assertThat(r.buffer().rcvbuf()).as("autotuned from tcp_rmem[1]").isGreaterThan(131072);
        assertThat(r.buffer().wscale()).isEqualTo(10);
    }

    @Test
    void aWakeupLatencyLetsMoreAccumulateForEachWakeupOfTheReader() throws Exception {
        // the softirq on CPU 0, the reader on CPU 1, idle between its reads; segments arriving one by
        // one (no interrupt moderation, no GRO), so that the prompt reader's reads are small
        String apart = ", \"rxQueues\": 1, \"appCpu\": 1, \"rxUsecs\": 0, \"gro\": false";
        TcpReceiverSocket prompt = run(131072, 0.02, apart);
        TcpReceiverSocket late = run(131072, 0.02,
                apart + ", \"appWakeupMeanUs\": 100, \"appWakeupDistribution\": \"deterministic\"");
        double perWakeupPrompt = (double) prompt.receiver().counters().bytesDelivered() / prompt.readerCounts()[1];
        double perWakeupLate = (double) late.receiver().counters().bytesDelivered() / late.readerCounts()[1];
        assertThat(perWakeupLate).as("100 us of arrivals before each read")
                .isGreaterThan(4 * perWakeupPrompt);
        // the segment that woke the reader waits the whole 100 us, those that came meanwhile less
        assertThat(late.receiver().readDelay().max()).as("the waking segment's delay").isGreaterThanOrEqualTo(100_000);
        assertThat(late.receiver().readDelay().percentile(0.5))
                .isGreaterThan(2 * prompt.receiver().readDelay().percentile(0.5));
        assertThat(prompt.receiver().readDelay().max()).as("read within microseconds of arriving").isLessThan(50_000);
    }

    @Test
    void withoutAReaderTheWindowIsFixedAndNothingIsCharged() throws Exception {
        TcpReceiverSocket s = run(0, 0.01);
        assertThat(s.receiver().buffer()).isNull();
        assertThat(s.readerCounts()).containsExactly(0, 0);
        assertThat(s.receiver().rcvWnd()).isEqualTo(TcpConfig.DEFAULT_RECEIVE_WINDOW);
    }
}
