package org.cryptorder.experiment.wiring;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.cryptorder.crypto.Policy;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.host.SectionLength;
import org.cryptorder.net.Host;
import org.cryptorder.net.HostSpec;
import org.cryptorder.net.RxSteering;
import org.cryptorder.transport.tcp.CongestionControlKind;
import org.cryptorder.transport.tcp.TcpMode;
import org.junit.jupiter.api.Test;

/** One TCP flow over MACsec between two hosts: end to end on real bytes, and what reordering costs it. */
class TcpDatapathTest {
    static final CpuProfile PROFILE = UdpDatapathTest.PROFILE;

    static TcpStreams.Config config(Policy policy, RxSteering steering, TcpMode mode, double busy, double seconds) {
        HostSpec h = HostSpec.builder(policy, PROFILE.crypto(), PROFILE.stack()).cpus(2).rxQueues(2)
                .txRingSize(1024).rxSteering(steering).build();
        return new TcpStreams.Config(h, h, UdpDatapathTest.ENCRYPTED, 10, 20, 1500, 1, mode,
                CongestionControlKind.CUBIC, busy, busy, 40, SectionLength.EXPONENTIAL, false, seconds, 0.01);
    }

    @Test
    void aCleanPathCarriesTheStreamIntactWithoutRetransmissions() {
        TcpStreams.Outcome o = TcpStreams.run(config(Policy.SYNC_SIMD, RxSteering.FLOW, TcpMode.LINUX, 0, 0.05),
                new StreamRegistry(1), 0);
        assertThat(o.goodputBps()).isGreaterThan(1e9);
        assertThat(o.retransmits()).isZero();
        assertThat(o.reordered()).isZero();
        assertThat(o.inPktsDelayed()).isZero();
        assertThat(o.payloadErrors()).isZero();
        assertThat(o.receiverSoftirqSeconds()).isPositive();
        assertThat(o.framesTx()).isGreaterThan(1000);
    }

    @Test
    void oneFlowDecryptedOnTwoCpusIsReorderedLinuxSeesItsRetransmissionsWereSpuriousTextbookDoesNot() {
        TcpStreams.Outcome linux = TcpStreams.run(config(Policy.SYNC_SIMD, RxSteering.PER_FRAME, TcpMode.LINUX, 0, 0.05),
                new StreamRegistry(1), 0);
        TcpStreams.Outcome textbook = TcpStreams.run(
                config(Policy.SYNC_SIMD, RxSteering.PER_FRAME, TcpMode.TEXTBOOK, 0, 0.05), new StreamRegistry(1), 0);
        assertThat(linux.reordered()).isPositive();
        assertThat(linux.inPktsDelayed()).isPositive();
        assertThat(linux.retransmits()).isPositive();
        // (measured: 74% with GRO at the receiving MACsec device and adaptive interrupt moderation,
        // over 90% with an interrupt per frame and each segment up alone)
        assertThat(linux.spuriousRetransmits()).as("D-SACK shows most retransmissions were spurious")
                .isGreaterThanOrEqualTo(linux.retransmits() * 2 / 3);
        assertThat(linux.undos()).isPositive();
        assertThat(textbook.retransmits()).isPositive();
        assertThat(textbook.spuriousRetransmits()).as("textbook TCP has no D-SACK detection").isZero();
        assertThat(textbook.undos()).isZero();
        assertThat(linux.payloadErrors()).isZero();
    }

    @Test
    void theMeanCryptdWaitIsOverTheRequestsTheWorkersTookNotThoseStillQueued() {
        TcpStreams.Config c = config(Policy.ASYNC_UNORDERED, RxSteering.PER_FRAME, TcpMode.LINUX, 0.3, 0.03);
        BackToBack[] net = new BackToBack[1];
        TcpStreams.Outcome o = TcpStreams.run(c.withWarmup(0), new StreamRegistry(4), 0, n -> net[0] = n);
        long enqueued = 0;
        long started = 0;
        double waitSumNs = 0;
        for (Host h : List.of(net[0].a(), net[0].b())) {
            for (int cpu = 0; cpu < h.cpuCount(); cpu++) {
                var q = h.cryptd(cpu);
                enqueued += q.enqueued();
                started += q.enqueued() - q.length();
                waitSumNs += q.enqueued() == q.length() ? 0 : q.meanWaitNs() * (q.enqueued() - q.length());
            }
        }
        assertThat(net[0].a().cryptd(0).enqueued()).as("ACKs decrypted on a queue too").isPositive();
        assertThat(started).as("some requests are still queued at the end").isLessThan(enqueued);
        assertThat(o.cryptdEnqueued()).as("both hosts' cryptd, as runs.csv counts it").isEqualTo(enqueued);
        assertThat(o.cryptdWaitMeanUs()).isCloseTo(waitSumNs / started / 1000, org.assertj.core.api.Assertions.within(1e-9));
    }

    @Test
    void sameSeedSameOutcome() {
        TcpStreams.Config c = config(Policy.ASYNC_UNORDERED, RxSteering.PER_FRAME, TcpMode.LINUX, 0.3, 0.03);
        assertThat(TcpStreams.run(c, new StreamRegistry(4), 0)).isEqualTo(TcpStreams.run(c, new StreamRegistry(4), 0));
    }
}
