package org.cryptorder.experiment.replication;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.experiment.Experiments;
import org.cryptorder.experiment.output.Metrics;
import org.cryptorder.experiment.records.InvalidExperimentException;
import org.cryptorder.experiment.records.ResolvedRun;
import org.cryptorder.experiment.wiring.DatapathBuilder;
import org.cryptorder.host.SectionLength;
import org.cryptorder.experiment.wiring.CpuProfile;
import org.cryptorder.experiment.wiring.UdpStreams;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The columns give what the UDP sources, sinks and SecYs counted (the UdpStreams fixture reads them
 * directly), the model cuts the warm-up, and runs TCP beside UDP.
 */
public class DatapathRunModelTest {
    private final DatapathRunModel model = new DatapathRunModel(Experiments.PROFILES);

    public static ResolvedRun only(String json) throws InvalidExperimentException {
        return Experiments.parse("m.json", json).configurations().get(0);
    }

    static String udp(String policy, double busy, double durationS, double warmupS, String extraTraffic) {
        return "{\"name\": \"m\", \"hosts\": {\"cpus\": 2}, \"crypto\": {\"policy\": \"" + policy + "\"},"
                + " \"contention\": {\"kernelFpuBusy\": " + busy + "},"
                + " \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 2000" + extraTraffic + "}],"
                + " \"run\": {\"durationS\": " + durationS + ", \"warmupS\": " + warmupS + "}}";
    }

    @ParameterizedTest(name = "softirq senders {0}")
    @ValueSource(booleans = {false, true})
    void withoutWarmUpTheColumnsGiveWhatUdpStreamsReads(boolean fromSoftirq) throws Exception {
        double senderBusy = fromSoftirq ? 0.3 : 0;
        String json = "{\"name\": \"m\", \"hosts\": {\"cpus\": 2}, \"crypto\": {\"policy\": \"async-unordered\"},"
                + " \"contention\": {\"kernelFpuBusy\": 0.3, \"senderKernelFpuBusy\": " + senderBusy + "},"
                + " \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 2000, \"fromSoftirq\": " + fromSoftirq + "}],"
                + " \"run\": {\"durationS\": 0.01}}";
        ResolvedRun run = only(json);
        Metrics m = model.run(run, new StreamRegistry(3), 1);
        CpuProfile profile = Experiments.PROFILES.load("xeon-skylake-sp");
        var host = DatapathBuilder.hostSpec(run.experiment(), profile);
        UdpStreams.Outcome o = UdpStreams.run(new UdpStreams.Config(host, host, run.experiment().macsec(), 10,
                20, 1, 2000, 1400, 0.3, 40, SectionLength.EXPONENTIAL, false, 0.01, 0, fromSoftirq, senderBusy),
                new StreamRegistry(3), 1);
        assertThat(o.reordered()).as("the scenario reorders, so the comparison means something").isPositive();
        assertThat(m.get("udp_sent")).isEqualTo(o.sent());
        assertThat(m.get("udp_received")).isEqualTo(o.received());
        assertThat(m.get("udp_corrupt")).isEqualTo(o.corrupt());
        assertThat(m.get("frames_tx")).isEqualTo(o.framesOnWire());
        assertThat(m.get("reorder_extent_max")).isEqualTo(o.extentMax());
        assertThat(m.get("reordered_ratio")).isEqualTo((double) o.reordered() / o.received());
        assertThat(m.get("udp_lost")).isEqualTo(o.lost());
        assertThat(m.get("udp_out_of_order")).isEqualTo(o.outOfOrder());
        assertThat(m.get("udp_decode_errors")).isEqualTo(o.decodeErrors()).isPositive();
        assertThat(m.get("latency_p50_us")).isEqualTo(o.latencyP50Us());
        assertThat(m.get("latency_p99_us")).isEqualTo(o.latencyP99Us());
        assertThat(m.get("in_pkts_ok")).isEqualTo(o.inPktsOk());
        assertThat(m.get("in_pkts_delayed")).isEqualTo(o.inPktsDelayed());
        assertThat(m.get("in_pkts_late")).isEqualTo(o.inPktsLate());
        assertThat(m.get("in_pkts_not_valid")).isEqualTo(o.inPktsNotValid());
        assertThat(m.get("resequencer_timeouts")).isEqualTo(o.resequencerTimeouts());
        if (!fromSoftirq) {
            // the column counts both hosts' cryptd; from a task, the sender's stays empty
            assertThat(m.get("cryptd_enqueued")).isEqualTo(o.receiverCryptdEnqueued());
            assertThat(m.get("cryptd_dropped")).isEqualTo(o.receiverCryptdRefused());
        } else {
            assertThat(m.get("cryptd_enqueued")).as("both hosts' cryptd").isGreaterThan(o.receiverCryptdEnqueued());
        }
        assertThat(m.names()).isEqualTo(DatapathRunModel.METRICS);
    }

    @Test
    void aWarmUpCutsTheCountsToTheMeasuredPart() throws Exception {
        Metrics whole = model.run(only(udp("async-unordered", 0.3, 0.02, 0, "")), new StreamRegistry(3), 0);
        Metrics cut = model.run(only(udp("async-unordered", 0.3, 0.02, 0.01, "")), new StreamRegistry(3), 0);
        for (String counter : List.of("udp_sent", "frames_tx", "in_pkts_ok", "in_pkts_delayed", "cryptd_enqueued",
                "udp_received", "udp_out_of_order")) {
            assertThat(cut.get(counter)).as(counter).isPositive().isLessThan(whole.get(counter));
        }
        // about half the datagrams are sent after a warm-up of half the run (constant rate: exactly, give or take one)
        assertThat(cut.get("udp_sent")).isCloseTo(whole.get("udp_sent") / 2, org.assertj.core.data.Offset.offset(1.0));
        // goodput is per measured second either way: 2 Gbit/s offered, all delivered
        assertThat(cut.get("goodput_bps")).isCloseTo(2e9, org.assertj.core.data.Percentage.withPercentage(3));
        assertThat(whole.get("goodput_bps")).isCloseTo(2e9, org.assertj.core.data.Percentage.withPercentage(3));
        assertThat(cut.get("sim_seconds")).isEqualTo(whole.get("sim_seconds")).isEqualTo(0.025);
    }

    /** A newcomer's first file: 5,000 Mbit/s offered into a 1 Gbit/s link. */
    static final String OVERDRIVEN = "{\"name\": \"newcomer\", \"hosts\": {\"cpus\": 4, \"rxQueues\": 4},"
            + " \"link\": {\"rateGbps\": 1}, \"crypto\": {\"policy\": \"async\", \"kernel\": \"6.6\"},"
            + " \"contention\": {\"kernelFpuBusy\": 0.2}, \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 5000}],"
            + " \"run\": {\"durationS\": 0.05, \"warmupS\": 0.01}}";

    @Test
    void goodputNeverExceedsWhatTheLinkCarriedInTheWindow() throws Exception {
        // the sender's qdisc holds a backlog the link drains in the 5 ms after the sources stop; those
        // datagrams are received (udp_received), but not within iperf3's interval, so not in goodput
        Metrics m = model.run(only(OVERDRIVEN), new StreamRegistry(1), 0);
        double window = 0.05 - 0.01;
        // a 1400-octet datagram takes 1400 + 8 + 20 + 14 + 32 (SecTAG and ICV) + 24 (preamble, FCS, gap) on the wire
        double payloadCapacity = 1e9 * 1400.0 / (1400 + 8 + 20 + 14 + 32 + 24);
        assertThat(m.get("goodput_bps")).isLessThanOrEqualTo(payloadCapacity)
                .isGreaterThan(0.95 * payloadCapacity);
        double receivedBits = m.get("udp_received") * 1400 * 8;
        assertThat(receivedBits / window).as("the drain's datagrams are received, over the window they exceed the link")
                .isGreaterThan(payloadCapacity);
    }

    @Test
    void poissonSourcesAndSeveralEntriesRun() throws Exception {
        String json = "{\"name\": \"m\", \"hosts\": {\"cpus\": 2, \"rxQueues\": 2}, \"traffic\": ["
                + "{\"kind\": \"udp\", \"rateMbps\": 500, \"flows\": 2, \"pattern\": \"poisson\"},"
                + "{\"kind\": \"udp\", \"rateMbps\": 300, \"packetBytes\": 200}], \"run\": {\"durationS\": 0.01}}";
        Metrics m = model.run(only(json), new StreamRegistry(1), 0);
        double constantDatagrams = 300e6 / 8 / 200 * 0.01;
        assertThat(m.get("udp_sent")).isGreaterThan(constantDatagrams).isLessThan(constantDatagrams + 2 * 500e6 / 8 / 1400 * 0.01);
        assertThat(m.get("udp_received")).isEqualTo(m.get("udp_sent"));
        Metrics again = model.run(only(json), new StreamRegistry(1), 1);
        assertThat(again.get("udp_sent")).as("Poisson gaps differ between replications").isNotEqualTo(m.get("udp_sent"));
    }

    @Test
    void tcpRunsBesideUdpAndReportsItsGoodputAndRetransmissions() throws Exception {
        // without the application model (writeBytes 0) both RX CPUs send what their ACKs clock out, and
        // the flow runs fast enough for the sprayed frames to cost retransmissions; with iperf3's writes
        // its CPU sends nearly everything and is the bottleneck
        ResolvedRun run = only("{\"name\": \"m\", \"hosts\": {\"cpus\": 2, \"rxQueues\": 2, \"rxSteering\": \"per-frame\"},"
                + " \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 100}, {\"kind\": \"tcp\", \"writeBytes\": 0}],"
                + " \"run\": {\"durationS\": 0.04, \"warmupS\": 0.01}}");
        assertThat(model.unsupported(run)).isEmpty();
        Metrics m = model.run(run, new StreamRegistry(1), 0);
        double udpGoodput = 100e6;
        assertThat(m.get("goodput_bps")).as("TCP adds its goodput to UDP's").isGreaterThan(udpGoodput + 1e9);
        assertThat(m.get("tcp_retransmits")).as("frames sprayed over two CPUs reorder the TCP flow").isPositive();
        // (not bounded by tcp_retransmits: a D-SACK after the warm-up cut may prove a retransmission before it spurious)
        assertThat(m.get("tcp_spurious_retransmits")).isPositive();
        assertThat(m.get("reordered_ratio")).isPositive();
    }

    @Test
    void aDeterministicDisplacementOnTheLinkGivesExactCounts() throws Exception {
        // every 10th frame from the 5th held behind 3 successors; sync-simd so crypto keeps order
        ResolvedRun run = only("{\"name\": \"m\", \"crypto\": {\"policy\": \"sync-simd\"},"
                + " \"link\": {\"impairments\": {\"aToB\": {\"deterministicReorder\":"
                + " {\"everyK\": 10, \"offset\": 5, \"displacementFrames\": 3}}}},"
                + " \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 500}], \"run\": {\"durationS\": 0.01}}");
        Metrics m = model.run(run, new StreamRegistry(1), 0);
        double received = m.get("udp_received");
        double reordered = m.get("impairment_reordered");
        assertThat(received).isGreaterThan(400);
        // every displaced frame, and only those, arrives late; the last one held may still wait at the end
        double lateAtSink = Math.rint(m.get("reordered_ratio") * received);
        assertThat(lateAtSink).isBetween(reordered - 1, reordered);
        assertThat(m.get("reorder_extent_max")).isEqualTo(3);
        assertThat(m.get("in_pkts_delayed")).isEqualTo(lateAtSink);
    }

    @Test
    void framesTheSendersTxQueueHadNoRoomForAreCountedAndEveryOtherReachesTheWire() throws Exception {
        // 2 Gbit/s offered to a 1 Gbit/s link: without a qdisc, a's 64-descriptor TX queue stops and
        // what finds it stopped is dropped; the ring and the NIC's 160 KB buffer drain in about 2 ms,
        // well within the 5 ms after the sources stop
        ResolvedRun run = only("{\"name\": \"m\", \"hosts\": {\"cpus\": 2, \"txRingSize\": 64, \"qdisc\": \"noqueue\"},"
                + " \"crypto\": {\"policy\": \"sync-simd\"}, \"link\": {\"rateGbps\": 1},"
                + " \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 2000}], \"run\": {\"durationS\": 0.01}}");
        Metrics m = model.run(run, new StreamRegistry(1), 0);
        double sent = m.get("udp_sent");
        double dropped = m.get("tx_queue_dropped");
        assertThat(dropped).as("about half of what is offered").isBetween(0.4 * sent, 0.6 * sent);
        assertThat(m.get("frames_tx") + dropped).as("every datagram is on the wire or dropped there").isEqualTo(sent);
        assertThat(m.get("udp_received")).isEqualTo(m.get("frames_tx"));
        assertThat(m.get("cryptd_dropped")).isZero();
        assertThat(m.get("tx_ring_dropped")).as("no qdisc: every drop is a stopped queue's").isEqualTo(dropped);
        assertThat(m.get("tx_qdisc_dropped")).isZero();
        assertThat(m.get("qdisc_backlog_p99_packets")).as("no qdisc, no backlog").isNaN();
        Metrics roomy = model.run(only(udp("sync-simd", 0.3, 0.01, 0, "")), new StreamRegistry(1), 0);
        assertThat(roomy.get("tx_queue_dropped")).isZero();
    }

    @Test
    void impairmentsTcWouldRefuseAreRefusedNamingTheDirection() {
        assertThat(Experiments.problems("{\"name\": \"m\", \"link\": {\"impairments\": {\"bToA\":"
                + " {\"reorderProbability\": 0.1}}}, \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 1}]}"))
                .singleElement().asString().contains("link.impairments.bToA", "without specifying some delay");
    }

    private static String tcpPlaced(int txQueues, int appCpu, boolean userLoad) {
        return tcpPlaced(txQueues, appCpu, userLoad, "5.6");
    }

    private static String tcpPlaced(int txQueues, int appCpu, boolean userLoad, String kernel) {
        return "{\"name\": \"m\", \"hosts\": {\"cpus\": 4, \"txQueues\": " + txQueues + ", \"appCpu\": " + appCpu
                + "}, \"link\": {\"mtu\": 9000}, \"crypto\": {\"kernel\": \"" + kernel + "\"},"
                + " \"contention\": {\"userFpuLoad\": " + userLoad + ", \"senderUserFpuLoad\": " + userLoad
                + ", \"userFpuLoadSparesAppCpu\": " + userLoad + "},"
                + " \"traffic\": [{\"kind\": \"tcp\"}], \"run\": {\"durationS\": 0.03, \"warmupS\": 0.005}}";
    }

    @Test
    void lossProbesFireOnTheCpuThatArmedThemSoNothingOvertakesTheAckClock() throws Exception {
        // 6.6 at HZ=250: the loss probe is one tick away and fires when the ACKs pause. It is armed
        // while an ACK is delivered on the RX CPU 0, so it fires there, in TIMER_SOFTIRQ, and its
        // segment joins the ACK-clocked ones on CPU 0's TX ring instead of overtaking them from
        // iperf3's CPU 1 (the model fired every timer on the socket's home CPU before). Without the
        // application model (writeBytes 0), so that every data segment is ACK-clocked from CPU 0: with
        // it, iperf3's CPU sends what the ACKs in its backlog clock out, and those frames do overtake
        Metrics m = model.run(only(tcpPlaced(4, 1, false, "6.6")
                .replace("\"kind\": \"tcp\"", "\"kind\": \"tcp\", \"writeBytes\": 0")), new StreamRegistry(1), 0);
        assertThat(m.get("tcp_loss_probes")).as("probes are sent").isPositive();
        assertThat(m.get("in_pkts_delayed")).as("and none overtakes").isZero();
        assertThat(m.get("reordered_ratio")).isZero();
    }

    @Test
    void theUserLoadSparesTheApplicationsCpuWhenAsked() throws Exception {
        Metrics spared = model.run(only(tcpPlaced(1, 1, true)), new StreamRegistry(1), 0);
        String everyCpu = tcpPlaced(1, 1, true).replace("\"userFpuLoadSparesAppCpu\": true", "\"userFpuLoadSparesAppCpu\": false");
        Metrics loaded = model.run(only(everyCpu), new StreamRegistry(1), 0);
        double measured = 0.03 - 0.005;
        assertThat(spared.get("cpu_user_task_seconds")).as("prime95 on three CPUs, less the softirq time of the RX CPU, plus iperf3")
                .isGreaterThan(2.5 * measured).isLessThan(3.5 * measured);
        assertThat(loaded.get("cpu_user_task_seconds")).isGreaterThan(spared.get("cpu_user_task_seconds"));
    }

    @Test
    void ksoftirqdsShareOfTheSoftirqTimeIsReportedAndIsZeroWithoutIt() throws Exception {
        String json = "{\"name\": \"m\", \"hosts\": {\"cpus\": 2, \"txQueues\": 2, \"appCpu\": 1, \"ksoftirqd\": %s},"
                + " \"link\": {\"mtu\": 9000}, \"macsec\": {\"encrypt\": false}, \"crypto\": {\"kernel\": \"5.4\"},"
                + " \"contention\": {\"userFpuLoad\": true, \"userFpuLoadSparesAppCpu\": true},"
                + " \"traffic\": [{\"kind\": \"tcp\", \"writeBytes\": 0}], \"run\": {\"durationS\": 0.05, \"warmupS\": 0.01}}";
        Metrics off = model.run(only(String.format(json, false)), new StreamRegistry(1), 0);
        Metrics on = model.run(only(String.format(json, true)), new StreamRegistry(1), 0);
        assertThat(off.get("cpu_ksoftirqd_seconds")).isZero();
        // the ACK-receiving CPU saturates (without the application model every segment is sent from its
        // softirq): after 2 ms of softirq, ksoftirqd shares it with the user task
        assertThat(on.get("cpu_ksoftirqd_seconds")).isPositive().isLessThanOrEqualTo(on.get("cpu_softirq_seconds"));
        assertThat(on.get("cpu_user_task_seconds")).isGreaterThan(off.get("cpu_user_task_seconds") + 0.005);
        assertThat(on.get("goodput_bps")).isLessThan(off.get("goodput_bps") * 0.95);
    }
}
