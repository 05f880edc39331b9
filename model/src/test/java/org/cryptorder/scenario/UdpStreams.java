package org.cryptorder.scenario;

import org.cryptorder.engine.EventListKind;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.engine.Once;
import org.cryptorder.engine.Time;
import org.cryptorder.host.Cpu;
import org.cryptorder.host.SectionLength;
import org.cryptorder.macsec.GcmEngine;
import org.cryptorder.macsec.MacsecCounter;
import org.cryptorder.macsec.SecYConfig;
import org.cryptorder.net.HostSpec;
import org.cryptorder.transport.UdpSink;
import org.cryptorder.transport.UdpSource;
import umontreal.ssj.simevents.Simulator;

/**
 * A programmatic scenario: UDP streams from host a to host b over MACsec on a back-to-back link,
 * with kernel FPU contention (and optionally a user FPU load) on b's CPUs. One call runs one
 * replication on its own simulator and returns what it measured.
 */
public final class UdpStreams {
    /**
     * @param a,b          the two hosts
     * @param secy         SecY settings of both
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
    public record Config(HostSpec a, HostSpec b, SecYConfig secy, double rateGbps, double delayUs, int flows,
                         double offeredMbps, int payloadBytes, double kernelFpuBusy, double meanSectionUs,
                         SectionLength sections, boolean userFpuLoad, double durationS, double txMigrateMeanUs,
                         boolean txFromSoftirq, double senderKernelFpuBusy) {
        /** Senders that move among a's CPUs every {@code meanUs} on average, sending from softirq or not. */
        public Config withTxMigration(double meanUs, boolean fromSoftirq, double senderBusy) {
            return new Config(a, b, secy, rateGbps, delayUs, flows, offeredMbps, payloadBytes, kernelFpuBusy,
                    meanSectionUs, sections, userFpuLoad, durationS, meanUs, fromSoftirq, senderBusy);
        }
    }

    /** What one replication measured, over the whole run. */
    public record Outcome(long sent, long received, long corrupt, long reordered, long extentMax, long lost,
                          long outOfOrder, long decodeErrors, double latencyP50Us, double latencyP99Us,
                          long cryptdEnqueued, long cryptdRefused, long inPktsOk, long inPktsDelayed,
                          long inPktsLate, long inPktsNotValid, long framesOnWire, long cryptoInline,
                          long resequencerTimeouts, CpuShares senderCpu, CpuShares receiverCpu) {
    }

    private UdpStreams() {
    }

    public static Outcome run(Config c, StreamRegistry streams, int replication) {
        return run(c, streams, replication, net -> { });
    }

    /** The same, with a chance to change the assembled network before it starts (tests, impairments). */
    public static Outcome run(Config c, StreamRegistry streams, int replication,
                              java.util.function.Consumer<BackToBack> customize) {
        return run(c, streams, replication, customize, EventListKind.DEFAULT);
    }

    /** The same on a chosen event list (they all give the same trajectory; only speed differs). */
    public static Outcome run(Config c, StreamRegistry streams, int replication,
                              java.util.function.Consumer<BackToBack> customize, EventListKind events) {
        Simulator sim = events.newSimulator();
        GcmEngine engine = new GcmEngine();
        BackToBack net = BackToBack.randomlyKeyed(sim, c.a(), c.b(), c.secy(), streams.stream("keys", replication),
                c.rateGbps() * 1e9, Time.us(c.delayUs()), engine);
        Contention.install(net.b(), "b", c.kernelFpuBusy(), Time.us(c.meanSectionUs()), c.sections(), c.userFpuLoad(), Contention.NO_CPU,
                streams.replication(replication));
        Contention.install(net.a(), "a", c.senderKernelFpuBusy(), Time.us(c.meanSectionUs()), c.sections(), false, Contention.NO_CPU,
                streams.replication(replication));
        customize.accept(net);
        UdpSink[] sinks = new UdpSink[c.flows()];
        UdpSource[] sources = new UdpSource[c.flows()];
        double pps = c.offeredMbps() * 1e6 / 8 / c.payloadBytes() / c.flows();
        for (int f = 0; f < c.flows(); f++) {
            sinks[f] = new UdpSink(c.b().stack());
            net.b().macsec().bind(f, sinks[f]);
            Cpu[] cpus = new Cpu[net.a().cpuCount()];
            for (int i = 0; i < cpus.length; i++) {
                cpus[i] = net.a().cpu((f + i) % cpus.length);
            }
            sources[f] = c.txMigrateMeanUs() > 0
                    ? new UdpSource(cpus, Time.us(c.txMigrateMeanUs()), streams.stream("a.flow" + f + ".migration", replication),
                            net.a().macsec(), c.a().stack(), f, c.payloadBytes(), pps, null, net.a().mac(), net.b().mac())
                    : new UdpSource(cpus[0], net.a().macsec(), c.a().stack(), f, c.payloadBytes(), pps, null,
                            net.a().mac(), net.b().mac());
            sources[f].sendFromSoftirq(c.txFromSoftirq());
        }
        double end = Time.s(c.durationS());
        Once.at(sim, 0, () -> {
            for (UdpSource s : sources) {
                s.start(end);
            }
        });
        Once.at(sim, end + Time.ms(5), sim::stop);
        sim.start();
        return outcome(net, sources, sinks, sim.time());
    }

    private static Outcome outcome(BackToBack net, UdpSource[] sources, UdpSink[] sinks, double elapsedNs) {
        long sent = 0;
        long received = 0;
        long corrupt = 0;
        long reordered = 0;
        long extentMax = 0;
        long lost = 0;
        long ooo = 0;
        long decode = 0;
        org.cryptorder.metrics.LatencyHistogram all = new org.cryptorder.metrics.LatencyHistogram();
        for (int f = 0; f < sources.length; f++) {
            sent += sources[f].sent();
            received += sinks[f].iperf().datagrams();
            corrupt += sinks[f].corrupt();
            reordered += sinks[f].reordering().reordered();
            extentMax = Math.max(extentMax, sinks[f].reordering().extentMax());
            lost += sinks[f].iperf().lostPackets();
            ooo += sinks[f].iperf().outOfOrderPackets();
            decode += sinks[f].iperf().decodeErrors();
            all.addAll(sinks[f].latency());
        }
        long enq = 0;
        long refused = 0;
        for (int c = 0; c < net.b().cpuCount(); c++) {
            enq += net.b().cryptd(c).enqueued();
            refused += net.b().cryptd(c).refused();
        }
        var secy = net.b().macsec().secy();
        return new Outcome(sent, received, corrupt, reordered, extentMax, lost, ooo, decode,
                Time.toUs(all.percentile(0.5)), Time.toUs(all.percentile(0.99)), enq, refused,
                secy.counter(MacsecCounter.IN_PKTS_OK), secy.counter(MacsecCounter.IN_PKTS_DELAYED),
                secy.counter(MacsecCounter.IN_PKTS_LATE), secy.counter(MacsecCounter.IN_PKTS_NOT_VALID),
                net.aToB().frames(), net.b().crypto().inlineCount() + net.a().crypto().inlineCount(),
                net.b().macsec().resequencerTimeouts(),
                CpuShares.since(net.a(), new double[org.cryptorder.host.Context.values().length], elapsedNs),
                CpuShares.since(net.b(), new double[org.cryptorder.host.Context.values().length], elapsedNs));
    }
}
