package org.cryptorder.experiment.wiring;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.cryptorder.crypto.Policy;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.experiment.records.Experiment;
import org.cryptorder.host.SectionLength;
import org.cryptorder.macsec.ValidateFrames;
import org.cryptorder.net.HostSpec;
import org.cryptorder.net.Impairment;
import org.cryptorder.net.Netem;
import org.cryptorder.net.RxSteering;
import org.cryptorder.testing.ProjectFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** UDP streams over MACsec between two hosts: the policies' invariants, end to end, real bytes. */
class UdpDatapathTest {
    static final CpuProfile PROFILE = load();

    static CpuProfile load() {
        try {
            return CpuProfile.load(ProjectFiles.resolve("data/profiles/xeon-skylake-sp.json"));
        } catch (CpuProfile.InvalidProfileException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Both SecYs as an experiment's defaults: GCM-AES-128, encrypted, SCI sent, validate strict. */
    static final Experiment.Macsec ENCRYPTED = new Experiment.Macsec(null, null, null, null, null, null, null);

    static HostSpec spec(Policy policy, int cpus) {
        return HostSpec.builder(policy, PROFILE.crypto(), PROFILE.stack()).cpus(cpus).rxQueues(cpus)
                .txRingSize(1024).build();
    }

    /** UDP from a (one CPU) to b ({@code rxCpus} CPUs and RX queues), kernel FPU contention on b. */
    static UdpStreams.Config config(Policy policy, double busy, int rxCpus, int flows, double mbps, double seconds) {
        return new UdpStreams.Config(spec(policy, 1), spec(policy, rxCpus), ENCRYPTED, 10, 20, flows, mbps, 1400,
                busy, 40, SectionLength.EXPONENTIAL, false, seconds, 0, false, 0);
    }

    /** The same with b's frames spread over its RX queues frame by frame (one flow on several CPUs). */
    static UdpStreams.Config sprayed(Policy policy, double busy, int rxCpus, double mbps, double seconds) {
        UdpStreams.Config c = config(policy, busy, rxCpus, 1, mbps, seconds);
        return c.withHosts(c.a(), c.b().withRxSteering(RxSteering.PER_FRAME));
    }

    static UdpStreams.Outcome run(UdpStreams.Config c, long seed) {
        return UdpStreams.run(c, new StreamRegistry(seed), 0);
    }

    @Test
    void withoutContentionEveryFrameArrivesInOrderIntactAndNothingEntersCryptd() {
        UdpStreams.Outcome o = run(config(Policy.ASYNC, 0, 1, 1, 2000, 0.02), 1);
        assertThat(o.sent()).isGreaterThan(3000);
        assertThat(o.received()).isEqualTo(o.sent());
        assertThat(o.corrupt()).isZero();
        assertThat(o.reordered()).isZero();
        assertThat(o.receiverCryptdEnqueued()).isZero();
        assertThat(o.inPktsOk()).isEqualTo(o.sent());
    }

    @ParameterizedTest
    @EnumSource(value = Policy.class, names = {"ASYNC", "DEFER_SOFTIRQ", "SYNC_SIMD", "SYNC_FALLBACK"})
    void oneRxCpuKeepsOrderUnderAnyContentionWithTheseKernels(Policy policy) {
        for (double busy : new double[] {0.1, 0.5, 0.9}) {
            UdpStreams.Outcome o = run(config(policy, busy, 1, 1, policy == Policy.SYNC_FALLBACK ? 300 : 2000, 0.02), 7);
            assertThat(o.reordered()).as("%s busy %.1f", policy, busy).isZero();
            assertThat(o.inPktsDelayed()).isZero();
            assertThat(o.corrupt()).isZero();
            assertThat(o.received()).as("%s busy %.1f: lossless", policy, busy).isEqualTo(o.sent());
            if (policy == Policy.ASYNC) {
                assertThat(o.receiverCryptdEnqueued()).as("contention sends frames to cryptd").isPositive();
            } else {
                assertThat(o.receiverCryptdEnqueued()).as("%s never uses cryptd", policy).isZero();
            }
        }
    }

    @Test
    void withoutTheQueuedCheckFramesOvertakeCryptdOnOneCpu() {
        UdpStreams.Outcome o = run(config(Policy.ASYNC_UNORDERED, 0.3, 1, 1, 2000, 0.02), 7);
        assertThat(o.receiverCryptdEnqueued()).isPositive();
        assertThat(o.reordered()).isPositive();
        assertThat(o.inPktsDelayed()).as("MACsec counts each overtaken frame").isEqualTo(o.reordered());
        assertThat(o.received()).isEqualTo(o.sent());
    }

    @Test
    void oneFlowDecryptedOnSeveralCpusIsReorderedEvenWithTheQueuedCheck() {
        UdpStreams.Outcome o = run(sprayed(Policy.ASYNC, 0.3, 2, 2000, 0.02), 3);
        assertThat(o.receiverCryptdEnqueued()).isPositive();
        assertThat(o.reordered()).as("cryptd is FIFO per CPU only").isPositive();
        assertThat(o.received()).isEqualTo(o.sent());
    }

    @ParameterizedTest
    @EnumSource(value = Policy.class, names = {"ASYNC_RESEQUENCE", "OFFLOAD_RESEQUENCE"})
    void aPnReorderQueueRestoresOrderAcrossCpus(Policy policy) {
        UdpStreams.Config c = sprayed(policy, 0.3, 2, 2000, 0.02);
        UdpStreams.Outcome o = run(c.withHosts(c.a(), withTimeout(c.b(), 50e6)), 3);
        assertThat(o.resequencerTimeouts()).isZero();
        assertThat(o.reordered()).isZero();
        assertThat(o.inPktsDelayed()).isZero();
        assertThat(o.received()).isEqualTo(o.sent());
        assertThat(o.corrupt()).isZero();
    }

    @Test
    void aReorderQueueThatGivesUpTooSoonLetsLateFramesThrough() {
        UdpStreams.Config c = sprayed(Policy.ASYNC_RESEQUENCE, 0.3, 2, 2000, 0.02);
        UdpStreams.Outcome o = run(c.withHosts(c.a(), withTimeout(c.b(), 5_000)), 3);
        assertThat(o.resequencerTimeouts()).isPositive();
        assertThat(o.reordered()).isPositive();
    }

    static HostSpec withTimeout(HostSpec h, double ns) {
        return h.toBuilder().resequenceTimeoutNs(ns).build();
    }

    @Test
    void pcryptSpreadsOverTheCpusAndDeliversInOrder() {
        UdpStreams.Config c = config(Policy.PCRYPT, 0.3, 4, 1, 2000, 0.02);
        UdpStreams.Outcome o = run(c, 3);
        assertThat(o.cryptoInline()).as("a's TX and b's RX both go through padata").isZero();
        assertThat(o.reordered()).isZero();
        assertThat(o.received()).isEqualTo(o.sent());
    }

    @Test
    void genericCryptoNeverUsesCryptdAndKeepsOrder() {
        UdpStreams.Outcome o = run(config(Policy.GENERIC, 0.5, 1, 1, 200, 0.02), 3);
        assertThat(o.receiverCryptdEnqueued()).isZero();
        assertThat(o.reordered()).isZero();
        assertThat(o.received()).isEqualTo(o.sent());
    }

    @Test
    void aUdpSenderMovingBetweenCpusStillSendsInOrderFromTaskContext() {
        // the FPU is always usable in task context, so TX from the application never queues in cryptd
        UdpStreams.Config c = config(Policy.ASYNC_UNORDERED, 0.3, 1, 1, 2000, 0.02);
        UdpStreams.Config moving = c.withHosts(c.a().withCpus(2, 1), c.b()).withTxMigration(50, false, 0.3);
        UdpStreams.Outcome o = run(moving, 3);
        assertThat(o.received()).isEqualTo(o.sent());
        assertThat(o.sent()).isGreaterThan(3000);
    }

    @Test
    void everyFrameCorruptedOnTheWireIsCaughtByTheReceivingSecY() {
        long[] corrupted = new long[1];
        UdpStreams.Config c = config(Policy.ASYNC, 0, 1, 1, 2000, 0.02);
        StreamRegistry streams = new StreamRegistry(9);
        Netem[] stage = new Netem[1];
        UdpStreams.Outcome o = UdpStreams.run(c, streams, 0, net -> stage[0] = net.aToB().impair(
                Impairment.NONE.withCorrupt(0.05, 0), streams.replication(0).under("a->b.impairment")));
        corrupted[0] = stage[0].counts().corrupted();
        assertThat(corrupted[0]).isGreaterThan(100);
        assertThat(o.corrupt()).as("no damaged datagram reaches the socket").isZero();
        assertThat(o.received()).isEqualTo(o.sent() - corrupted[0]);
        assertThat(o.inPktsNotValid()).as("most flipped bits fail the ICV").isGreaterThan(corrupted[0] / 2);
    }

    @Test
    void withIntegrityOnlyAndValidateCheckDamagedFramesAreDeliveredAndTheSinkNotices() {
        UdpStreams.Config c = config(Policy.ASYNC, 0, 1, 1, 2000, 0.02);
        UdpStreams.Config check = c.withMacsec(
                new Experiment.Macsec(null, false, null, null, null, null, ValidateFrames.CHECK));
        StreamRegistry streams = new StreamRegistry(9);
        Netem[] stage = new Netem[1];
        UdpStreams.Outcome o = UdpStreams.run(check, streams, 0,
                net -> stage[0] = net.aToB().impair(Impairment.NONE.withCorrupt(0.05, 0),
                        streams.replication(0).under("a->b.impairment")));
        long corrupted = stage[0].counts().corrupted();
        assertThat(corrupted).isGreaterThan(100);
        assertThat(o.inPktsInvalid()).as("most flipped bits fail the ICV, and validate check counts them")
                .isGreaterThan(corrupted / 2).isLessThanOrEqualTo(corrupted);
        assertThat(o.inPktsNotValid()).as("integrity only: nothing is dropped as not valid").isZero();
        assertThat(o.received() + o.corrupt()).as("every frame that passed, valid or not, reaches the socket")
                .isEqualTo(o.inPktsOk() + o.inPktsInvalid());
        assertThat(o.corrupt()).as("payload bit flips reach the socket as InPktsInvalid").isPositive();
    }

    @Test
    void theFrameTraceNarratesEveryStepAndTheBirthOfAReordering() {
        org.cryptorder.net.FrameTrace trace = new org.cryptorder.net.FrameTrace(2000);
        UdpStreams.run(config(Policy.ASYNC_UNORDERED, 0.3, 1, 1, 2000, 0.01), new StreamRegistry(7), 0, net -> {
            net.a().trace(trace);
            net.b().trace(trace);
        });
        List<org.cryptorder.net.FrameTrace.Step> steps = trace.steps();
        assertThat(trace.followed()).as("10 ms at 2 Gbit/s: about 1786 datagrams, all followed").isBetween(1700, 2000);
        for (int i = 1; i < steps.size(); i++) {
            assertThat(steps.get(i).timeNs()).isGreaterThanOrEqualTo(steps.get(i - 1).timeNs());
        }
        // a followed frame's whole path: TX, wire, RX queue, MACsec RX, decrypted, up the stack
        List<String> first = steps.stream().filter(s -> s.frame() == 0).map(org.cryptorder.net.FrameTrace.Step::what).toList();
        assertThat(first).hasSize(8);
        assertThat(first.get(0)).startsWith("MACsec TX: PN taken");
        assertThat(first.get(1)).startsWith("encrypted");
        assertThat(first.get(2)).startsWith("on the wire a->b");
        assertThat(first.get(3)).startsWith("arrives on the RX queue of cpu0");
        assertThat(first.get(4)).startsWith("the NAPI poll on cpu0 takes it: frame 1 of this poll run");
        assertThat(first.get(5)).startsWith("MACsec RX (NAPI poll)");
        assertThat(first.get(6)).contains("InPktsOK");
        assertThat(first.get(7)).startsWith("up the stack");
        assertThat(steps).anySatisfy(s -> assertThat(s.what())
                .startsWith("MACsec RX").contains("FPU unusable: softirq interrupted a kernel FPU section, so cryptd of cpu0, position"));
        assertThat(steps).anySatisfy(s -> assertThat(s.what()).contains("counted InPktsDelayed"));
        assertThat(steps.get(0).format()).matches(" +0\\.000 us  a cpu0 task +frame 0 PN 1: MACsec TX: .*");
    }

    /** Heap in use after a full collection, bytes. */
    static long usedHeapAfterGc() {
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return java.lang.management.ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }

    @Test
    void theHeapDoesNotGrowWithSimulatedTime() {
        long[] heap = new long[2];
        UdpStreams.run(config(Policy.ASYNC_UNORDERED, 0.3, 2, 2, 2000, 0.4), new StreamRegistry(1), 0, net -> {
            var sim = net.a().cpu(0).simulator();
            new umontreal.ssj.simevents.Event(sim) {
                @Override
                public void actions() {
                    heap[0] = usedHeapAfterGc();
                }
            }.schedule(org.cryptorder.engine.Time.s(0.04));
            new umontreal.ssj.simevents.Event(sim) {
                @Override
                public void actions() {
                    heap[1] = usedHeapAfterGc();
                }
            }.schedule(org.cryptorder.engine.Time.s(0.4));
        });
        // 10x the simulated time (about 70,000 frames vs 7,000) must not keep more than 4 MiB more
        assertThat(heap[1] - heap[0]).as("heap at 0.04 s %d, at 0.4 s %d", heap[0], heap[1])
                .isLessThan(4L << 20);
    }

    @Test
    void sendsFromSoftirqOnSeveralCpusPutPnsOnTheWireOutOfOrder() {
        // softirq sends meet interrupted kernel FPU sections, go to cryptd of the CPU they run on,
        // and two CPUs' cryptd queues drain independently: the receiver sees PNs out of order
        UdpStreams.Config c = config(Policy.ASYNC, 0, 1, 1, 2000, 0.02);
        UdpStreams.Config moving = c.withHosts(c.a().withCpus(2, 1), c.b()).withTxMigration(30, true, 0.3);
        UdpStreams.Outcome o = run(moving, 3);
        assertThat(o.reordered()).isPositive();
        assertThat(o.inPktsDelayed()).isPositive();
        assertThat(o.received()).isEqualTo(o.sent());
        UdpStreams.Outcome fromTask = run(moving.withTxMigration(30, false, 0.3), 3);
        assertThat(fromTask.reordered()).as("the same from the application's task").isZero();
    }

    @Test
    void sameSeedSameRunDifferentSeedDifferentRun() {
        UdpStreams.Config c = config(Policy.ASYNC_UNORDERED, 0.3, 1, 1, 2000, 0.01);
        UdpStreams.Outcome first = run(c, 11);
        assertThat(run(c, 11)).isEqualTo(first);
        assertThat(run(c, 12)).isNotEqualTo(first);
    }

    @Test
    void replicationsGiveTheSameResultsAloneOrInParallelThreads() throws Exception {
        UdpStreams.Config c = config(Policy.ASYNC_UNORDERED, 0.3, 2, 2, 2000, 0.01);
        StreamRegistry streams = new StreamRegistry(5);
        List<UdpStreams.Outcome> alone = new ArrayList<>();
        for (int r = 0; r < 4; r++) {
            alone.add(UdpStreams.run(c, streams, r));
        }
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<UdpStreams.Outcome>> futures = new ArrayList<>();
            for (int r = 0; r < 4; r++) {
                int rep = r;
                futures.add(pool.submit(() -> UdpStreams.run(c, streams, rep)));
            }
            for (int r = 0; r < 4; r++) {
                assertThat(futures.get(r).get()).as("replication %d", r).isEqualTo(alone.get(r));
            }
        } finally {
            pool.shutdown();
        }
        assertThat(alone.get(0)).as("replications differ").isNotEqualTo(alone.get(1));
    }
}
