package org.cryptorder.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import org.cryptorder.crypto.Policy;
import org.cryptorder.host.KernelFpuLoad;
import org.cryptorder.host.SchedulerParams;
import org.cryptorder.host.SectionLength;
import org.cryptorder.macsec.GcmEngine;
import org.cryptorder.macsec.MacsecCounter;
import org.cryptorder.macsec.SecYConfig;
import org.cryptorder.net.HostSpec;
import org.cryptorder.testing.ProjectFiles;
import org.cryptorder.transport.UdpSink;
import org.cryptorder.transport.UdpSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import umontreal.ssj.rng.MRG32k3a;
import umontreal.ssj.simevents.Event;
import umontreal.ssj.simevents.Simulator;

/** A UDP stream over MACsec between two hosts: the policies' invariants, end to end, real bytes. */
class UdpDatapathTest {
    static final CpuProfile PROFILE = load();

    static CpuProfile load() {
        try {
            return CpuProfile.load(ProjectFiles.resolve("data/profiles/xeon-skylake-sp.json"));
        } catch (CpuProfile.InvalidProfileException e) {
            throw new IllegalStateException(e);
        }
    }

    /** What one run measured. */
    record Outcome(long sent, long received, long corrupt, long reordered, long cryptdEnqueued, long inPktsOk,
                   long inPktsDelayed, long lost) {
    }

    static HostSpec spec(Policy policy, int cpus, int rxQueues) {
        return new HostSpec(cpus, rxQueues, 1, 4096, 1024, 64, policy, 1000, PROFILE.crypto(), PROFILE.stack(),
                SchedulerParams.linuxDefaults(cpus));
    }

    /**
     * UDP from host a to host b at {@code mbps} for {@code ms} milliseconds; on every CPU of b a
     * kernel FPU user is busy {@code busy} of the time with 40 us sections. {@code flows} streams,
     * which RSS spreads over b's RX queues.
     */
    static Outcome run(Policy policy, double busy, int rxCpus, int flows, double mbps, double ms, long seed) {
        Simulator sim = new Simulator();
        GcmEngine engine = new GcmEngine();
        BackToBack net = new BackToBack(sim, spec(policy, 1, 1), spec(policy, rxCpus, rxCpus),
                SecYConfig.linuxDefaults(1).withEncrypt(true), new byte[16], new byte[16], 10e9, 20_000, engine);
        MRG32k3a rng = new MRG32k3a();
        rng.setSeed(new long[] {seed, seed, seed, seed, seed, seed});
        for (int c = 0; c < rxCpus; c++) {
            new KernelFpuLoad(net.b().cpu(c), "dm-crypt", rng, busy, 40_000, SectionLength.EXPONENTIAL).start();
        }
        UdpSink[] sinks = new UdpSink[flows];
        UdpSource[] sources = new UdpSource[flows];
        double pps = mbps * 1e6 / 8 / 1400 / flows;
        for (int f = 0; f < flows; f++) {
            sinks[f] = new UdpSink(PROFILE.stack());
            net.b().macsec().bind(f, sinks[f]);
            sources[f] = new UdpSource(net.a().cpu(0), net.a().macsec(), PROFILE.stack(), f, 1400, pps, null,
                    net.a().mac(), net.b().mac());
        }
        double end = ms * 1e6;
        new Event(sim) {
            @Override
            public void actions() {
                for (UdpSource s : sources) {
                    s.start(end);
                }
            }
        }.schedule(0);
        new Event(sim) {
            @Override
            public void actions() {
                sim.stop();
            }
        }.schedule(end + 5e6);
        sim.start();
        long sent = 0;
        long received = 0;
        long corrupt = 0;
        long reordered = 0;
        long lost = 0;
        for (int f = 0; f < flows; f++) {
            sent += sources[f].sent();
            received += sinks[f].iperf().datagrams();
            corrupt += sinks[f].corrupt();
            reordered += sinks[f].reordering().reordered();
            lost += sinks[f].iperf().lostPackets();
        }
        long enq = 0;
        for (int c = 0; c < rxCpus; c++) {
            enq += net.b().cryptd(c).enqueued();
        }
        var secy = net.b().macsec().secy();
        return new Outcome(sent, received, corrupt, reordered, enq, secy.counter(MacsecCounter.IN_PKTS_OK),
                secy.counter(MacsecCounter.IN_PKTS_DELAYED), lost);
    }

    @Test
    void withoutContentionEveryFrameArrivesInOrderIntactAndNothingEntersCryptd() {
        Outcome o = run(Policy.ASYNC, 0, 1, 1, 2000, 20, 1);
        assertThat(o.sent()).isGreaterThan(3000);
        assertThat(o.received()).isEqualTo(o.sent());
        assertThat(o.corrupt()).isZero();
        assertThat(o.reordered()).isZero();
        assertThat(o.cryptdEnqueued()).isZero();
        assertThat(o.inPktsOk()).isEqualTo(o.sent());
    }

    @ParameterizedTest
    @EnumSource(value = Policy.class, names = {"ASYNC", "DEFER_SOFTIRQ", "SYNC_SIMD", "SYNC_FALLBACK"})
    void oneRxCpuKeepsOrderUnderAnyContentionWithTheseKernels(Policy policy) {
        for (double busy : new double[] {0.1, 0.5, 0.9}) {
            Outcome o = run(policy, busy, 1, 1, policy == Policy.SYNC_FALLBACK ? 300 : 2000, 20, 7);
            assertThat(o.reordered()).as("%s busy %.1f", policy, busy).isZero();
            assertThat(o.inPktsDelayed()).isZero();
            assertThat(o.corrupt()).isZero();
            assertThat(o.received()).as("%s busy %.1f: lossless", policy, busy).isEqualTo(o.sent());
            if (policy == Policy.ASYNC) {
                assertThat(o.cryptdEnqueued()).as("contention sends frames to cryptd").isPositive();
            } else {
                assertThat(o.cryptdEnqueued()).as("%s never uses cryptd", policy).isZero();
            }
        }
    }

    @Test
    void withoutTheQueuedCheckFramesOvertakeCryptdOnOneCpu() {
        Outcome o = run(Policy.ASYNC_UNORDERED, 0.3, 1, 1, 2000, 20, 7);
        assertThat(o.cryptdEnqueued()).isPositive();
        assertThat(o.reordered()).isPositive();
        assertThat(o.inPktsDelayed()).as("MACsec counts each overtaken frame").isEqualTo(o.reordered());
        assertThat(o.received()).isEqualTo(o.sent());
    }

    @Test
    void sameSeedSameRunDifferentSeedDifferentRun() {
        Outcome first = run(Policy.ASYNC_UNORDERED, 0.3, 1, 1, 2000, 10, 11);
        Outcome again = run(Policy.ASYNC_UNORDERED, 0.3, 1, 1, 2000, 10, 11);
        Outcome other = run(Policy.ASYNC_UNORDERED, 0.3, 1, 1, 2000, 10, 12);
        assertThat(again).isEqualTo(first);
        assertThat(other).isNotEqualTo(first);
    }
}
