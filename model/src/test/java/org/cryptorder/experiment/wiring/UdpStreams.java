package org.cryptorder.experiment.wiring;

import java.util.List;
import java.util.function.Consumer;
import java.util.function.ToLongFunction;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.engine.Time;
import org.cryptorder.experiment.records.Experiment;
import org.cryptorder.host.Context;
import org.cryptorder.host.SectionLength;
import org.cryptorder.macsec.MacsecCounter;
import org.cryptorder.metrics.LatencyHistogram;
import org.cryptorder.net.Host;
import org.cryptorder.net.HostSpec;
import org.cryptorder.transport.udp.UdpSink;
import org.cryptorder.transport.udp.UdpSource;

/**
 * A test fixture: UDP streams from host a to host b over MACsec on a back-to-back link, with
 * kernel FPU contention (and optionally a user FPU load) on b's CPUs, wired by
 * {@code DatapathBuilder} and run by {@code Replication} as an experiment's replication is
 * ({@link FixtureRun}). What it adds: hosts a and b built differently, a chance to change the wired
 * network before it runs, and what the run measured read straight from the sources, sinks and
 * SecYs (over the whole run).
 */
public final class UdpStreams {
    /**
     * @param a,b          the two hosts
     * @param macsec       SecY settings of both, as an experiment's {@code macsec}
     * @param rateGbps     link rate
     * @param delayUs      one-way propagation delay
     * @param flows        UDP streams (RSS may spread them over b's RX queues)
     * @param offeredMbps  total offered UDP payload rate
     * @param payloadBytes UDP payload per datagram
     * @param kernelFpuBusy fraction of time a kernel FPU user holds the FPU on each of b's CPUs
     * @param meanSectionUs mean length of its FPU sections
     * @param sections     distribution of section lengths
     * @param userFpuLoad  a prime95-like task on each of b's CPUs
     * @param durationS    how long the sources send
     * @param txMigrateMeanUs mean time between moves of each source among a's CPUs (0: never moves)
     * @param txFromSoftirq the sources send from softirq context rather than from a task
     * @param senderKernelFpuBusy kernel FPU contention on a's CPUs, like {@code kernelFpuBusy} on b's
     */
    public record Config(HostSpec a, HostSpec b, Experiment.Macsec macsec, double rateGbps, double delayUs, int flows,
                         double offeredMbps, int payloadBytes, double kernelFpuBusy, double meanSectionUs,
                         SectionLength sections, boolean userFpuLoad, double durationS, double txMigrateMeanUs,
                         boolean txFromSoftirq, double senderKernelFpuBusy) {
        /** Senders that move among a's CPUs every {@code meanUs} on average, sending from softirq or not. */
        public Config withTxMigration(double meanUs, boolean fromSoftirq, double senderBusy) {
            return new Config(a, b, macsec, rateGbps, delayUs, flows, offeredMbps, payloadBytes, kernelFpuBusy,
                    meanSectionUs, sections, userFpuLoad, durationS, meanUs, fromSoftirq, senderBusy);
        }

        /** The same with the hosts built as {@code a} and {@code b}. */
        public Config withHosts(HostSpec a, HostSpec b) {
            return new Config(a, b, macsec, rateGbps, delayUs, flows, offeredMbps, payloadBytes, kernelFpuBusy,
                    meanSectionUs, sections, userFpuLoad, durationS, txMigrateMeanUs, txFromSoftirq,
                    senderKernelFpuBusy);
        }

        /** The same with both SecYs set as {@code macsec}. */
        public Config withMacsec(Experiment.Macsec macsec) {
            return new Config(a, b, macsec, rateGbps, delayUs, flows, offeredMbps, payloadBytes, kernelFpuBusy,
                    meanSectionUs, sections, userFpuLoad, durationS, txMigrateMeanUs, txFromSoftirq,
                    senderKernelFpuBusy);
        }

        /**
         * The experiment this describes: one UDP entry at a constant rate, flow f's source starting
         * on a's CPU f (mod a's CPUs), the user FPU load on b only, no warm-up, one replication.
         */
        Experiment experiment() {
            Experiment.Hosts hosts = new Experiment.Hosts(a.cpus(), null, null, null, null, null, null, null, null,
                    null, null, null, null, null, null);
            Experiment.Contention contention = new Experiment.Contention(kernelFpuBusy, meanSectionUs, sections,
                    userFpuLoad, senderKernelFpuBusy, false, false);
            Experiment.UdpTraffic udp = new Experiment.UdpTraffic(flows, offeredMbps, payloadBytes,
                    Experiment.UdpPattern.CONSTANT, txMigrateMeanUs, txFromSoftirq);
            return new Experiment("udp-streams", null, hosts, new Experiment.Link(rateGbps, delayUs, null, null),
                    macsec, null, contention, List.of(udp), null,
                    new Experiment.RunSettings(durationS, 0.0, 1, null, null), null, null);
        }
    }

    /**
     * What one replication measured, over the whole run. The cryptd figures are the receiving host
     * b's (runs.csv's {@code cryptd_enqueued} counts both hosts).
     */
    public record Outcome(long sent, long received, long corrupt, long reordered, long extentMax, long lost,
                          long outOfOrder, long decodeErrors, double latencyP50Us, double latencyP99Us,
                          long receiverCryptdEnqueued, long receiverCryptdRefused, long inPktsOk, long inPktsDelayed,
                          long inPktsLate, long inPktsNotValid, long inPktsInvalid, long framesOnWire,
                          long cryptoInline, long resequencerTimeouts, CpuShares senderCpu, CpuShares receiverCpu) {
    }

    private UdpStreams() {
    }

    public static Outcome run(Config c, StreamRegistry streams, int replication) {
        return run(c, streams, replication, net -> { });
    }

    /** The same, with a chance to change the wired network before it starts (taps, impairments, traces). */
    public static Outcome run(Config c, StreamRegistry streams, int replication, Consumer<BackToBack> customize) {
        return outcome(FixtureRun.of(c.experiment(), c.a(), c.b(), streams, replication, customize).datapath());
    }

    private static Outcome outcome(Datapath d) {
        List<UdpSink> sinks = d.sinks();
        LatencyHistogram latency = new LatencyHistogram();
        sinks.forEach(s -> latency.addAll(s.latency()));
        Host b = d.b();
        long cryptdEnqueued = 0;
        long cryptdRefused = 0;
        for (int c = 0; c < b.cpuCount(); c++) {
            cryptdEnqueued += b.cryptd(c).enqueued();
            cryptdRefused += b.cryptd(c).refused();
        }
        var secy = b.macsec().secy();
        double elapsedNs = d.sim().time();
        return new Outcome(d.sources().stream().mapToLong(UdpSource::sent).sum(),
                sum(sinks, s -> s.iperf().datagrams()), sum(sinks, UdpSink::corrupt),
                sum(sinks, s -> s.reordering().reordered()),
                sinks.stream().mapToLong(s -> s.reordering().extentMax()).max().orElse(0),
                sum(sinks, s -> s.iperf().lostPackets()), sum(sinks, s -> s.iperf().outOfOrderPackets()),
                sum(sinks, s -> s.iperf().decodeErrors()),
                Time.toUs(latency.percentile(0.5)), Time.toUs(latency.percentile(0.99)), cryptdEnqueued, cryptdRefused,
                secy.counter(MacsecCounter.IN_PKTS_OK), secy.counter(MacsecCounter.IN_PKTS_DELAYED),
                secy.counter(MacsecCounter.IN_PKTS_LATE), secy.counter(MacsecCounter.IN_PKTS_NOT_VALID),
                secy.counter(MacsecCounter.IN_PKTS_INVALID), d.net().aToB().frames(),
                b.crypto().inlineCount() + d.a().crypto().inlineCount(), b.macsec().resequencerTimeouts(),
                CpuShares.since(d.a(), new double[Context.values().length], elapsedNs),
                CpuShares.since(b, new double[Context.values().length], elapsedNs));
    }

    private static long sum(List<UdpSink> sinks, ToLongFunction<UdpSink> count) {
        return sinks.stream().mapToLong(count).sum();
    }
}
