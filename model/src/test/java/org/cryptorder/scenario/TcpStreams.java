package org.cryptorder.scenario;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.cryptorder.crypto.Cryptd;
import org.cryptorder.crypto.CryptdWaits;
import org.cryptorder.engine.EventListKind;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.engine.Once;
import org.cryptorder.engine.Time;
import org.cryptorder.host.SectionLength;
import org.cryptorder.macsec.GcmEngine;
import org.cryptorder.macsec.MacsecCounter;
import org.cryptorder.macsec.SecYConfig;
import org.cryptorder.metrics.LatencyHistogram;
import org.cryptorder.net.Host;
import org.cryptorder.net.HostSpec;
import org.cryptorder.transport.CongestionControlKind;
import org.cryptorder.transport.Ipv4TcpHeader;
import org.cryptorder.transport.TcpConfig;
import org.cryptorder.transport.TcpMode;
import org.cryptorder.transport.TcpSenderCounters;
import org.cryptorder.transport.TcpSocket;
import umontreal.ssj.simevents.Simulator;

/**
 * A programmatic scenario: bulk TCP flows from host a to host b over MACsec (iperf3 -c on a,
 * -s on b), with kernel FPU contention on either host and optionally a prime95-like user load on
 * every CPU but the applications'. One call runs one replication; everything measured after the
 * warm-up.
 */
public final class TcpStreams {
    /**
     * @param mtu               the lower device's MTU (the MSS follows from it)
     * @param kernelFpuBusy     kernel FPU contention on each of b's CPUs
     * @param senderKernelFpuBusy the same on a's CPUs
     * @param userFpuLoad       a prime95-like task on every CPU of both hosts except CPU 0 (the applications')
     * @param tsqLimitBytes     TCP small queues limit per socket
     */
    public record Config(HostSpec a, HostSpec b, SecYConfig secy, double rateGbps, double delayUs, int mtu, int flows,
                         TcpMode mode, CongestionControlKind congestionControl, double kernelFpuBusy,
                         double senderKernelFpuBusy, double meanSectionUs, SectionLength sections,
                         boolean userFpuLoad, double durationS, double warmupS, long tsqLimitBytes) {
    }

    /**
     * What one replication measured after the warm-up. The cryptd figures are host b's; the mean
     * wait is over the requests its workers took from their queues (not those still queued), NaN
     * when they took none.
     */
    public record Outcome(double goodputBps, long framesTx, long retransmits, long spuriousRetransmits,
                          long reorderSeen, long undos, long timeouts, long reordered, double reorderedRatio,
                          long reorderExtentMax, long inPktsOk, long inPktsDelayed, long inPktsLate,
                          long inPktsNotValid, long cryptdEnqueued, long cryptdRefused, double cryptdWaitMeanUs,
                          double latencyP50Us, double latencyP99Us, long payloadErrors, CpuShares senderCpu,
                          CpuShares receiverCpu) {
    }

    private TcpStreams() {
    }

    public static Outcome run(Config c, StreamRegistry streams, int replication) {
        return run(c, streams, replication, net -> { }, EventListKind.DEFAULT);
    }

    public static Outcome run(Config c, StreamRegistry streams, int replication, Consumer<BackToBack> customize,
                              EventListKind events) {
        Simulator sim = events.newSimulator();
        GcmEngine engine = new GcmEngine();
        SecYConfig secy = c.secy().withLowerMtu(c.mtu());
        BackToBack net = BackToBack.randomlyKeyed(sim, c.a(), c.b(), secy, streams.stream("keys", replication),
                c.rateGbps() * 1e9, Time.us(c.delayUs()), engine);
        Contention.install(net.a(), "a", c.senderKernelFpuBusy(), Time.us(c.meanSectionUs()), c.sections(),
                c.userFpuLoad(), 0, streams.replication(replication));
        Contention.install(net.b(), "b", c.kernelFpuBusy(), Time.us(c.meanSectionUs()), c.sections(),
                c.userFpuLoad(), 0, streams.replication(replication));
        customize.accept(net);
        int mss = Ipv4TcpHeader.mssForLinkMtu(c.mtu());
        TcpConfig tcp = TcpConfig.of(c.mode(), mss).withCongestionControl(c.congestionControl());
        TcpSocket[] senders = new TcpSocket[c.flows()];
        TcpSocket[] receivers = new TcpSocket[c.flows()];
        for (int f = 0; f < c.flows(); f++) {
            TcpFlow flow = TcpFlow.connect(net, f, tcp, c.tsqLimitBytes(), 0, 0);
            senders[f] = flow.sender();
            receivers[f] = flow.receiver();
        }
        long[] wireAtWarmup = new long[1];
        long[][] secyAtWarmup = new long[1][];
        long[] cryptdAtWarmup = new long[2];
        CryptdWaits[] waitsAtWarmup = {CryptdWaits.NONE};
        double[][] busyAtWarmup = new double[2][];
        Once.at(sim, 0, () -> {
            for (TcpSocket s : senders) {
                s.start();
            }
        });
        Once.at(sim, Time.s(c.warmupS()), () -> {
            for (int f = 0; f < senders.length; f++) {
                senders[f].resetCounters();
                receivers[f].resetCounters();
            }
            wireAtWarmup[0] = net.aToB().frames();
            secyAtWarmup[0] = macsecCounters(net.b());
            cryptdAtWarmup[0] = cryptdEnqueued(net.b());
            cryptdAtWarmup[1] = cryptdRefused(net.b());
            waitsAtWarmup[0] = CryptdWaits.of(cryptds(net.b()));
            busyAtWarmup[0] = CpuShares.busy(net.a());
            busyAtWarmup[1] = CpuShares.busy(net.b());
        });
        Once.at(sim, Time.s(c.durationS()), sim::stop);
        sim.start();
        return outcome(c, net, senders, receivers, wireAtWarmup[0], secyAtWarmup[0], cryptdAtWarmup, waitsAtWarmup[0],
                busyAtWarmup);
    }

    private static List<Cryptd> cryptds(Host h) {
        List<Cryptd> out = new ArrayList<>();
        for (int cpu = 0; cpu < h.cpuCount(); cpu++) {
            out.add(h.cryptd(cpu));
        }
        return out;
    }

    private static long cryptdEnqueued(Host h) {
        return cryptds(h).stream().mapToLong(Cryptd::enqueued).sum();
    }

    private static long cryptdRefused(Host h) {
        return cryptds(h).stream().mapToLong(Cryptd::refused).sum();
    }

    private static final MacsecCounter[] RX = {MacsecCounter.IN_PKTS_OK, MacsecCounter.IN_PKTS_DELAYED,
        MacsecCounter.IN_PKTS_LATE, MacsecCounter.IN_PKTS_NOT_VALID};

    private static long[] macsecCounters(Host h) {
        long[] v = new long[RX.length];
        for (int i = 0; i < RX.length; i++) {
            v[i] = h.macsec().secy().counter(RX[i]);
        }
        return v;
    }

    private static Outcome outcome(Config c, BackToBack net, TcpSocket[] senders, TcpSocket[] receivers,
                                   long wireAtWarmup, long[] secyAtWarmup, long[] cryptdAtWarmup,
                                   CryptdWaits waitsAtWarmup, double[][] busyAtWarmup) {
        double seconds = c.durationS() - c.warmupS();
        long delivered = 0;
        long retrans = 0;
        long spurious = 0;
        long reordSeen = 0;
        long undos = 0;
        long timeouts = 0;
        long reordered = 0;
        long packets = 0;
        long extentMax = 0;
        long payloadErrors = 0;
        LatencyHistogram latency = new LatencyHistogram();
        for (int f = 0; f < senders.length; f++) {
            TcpSenderCounters s = senders[f].sender().counters();
            delivered += receivers[f].receiver().counters().bytesDelivered();
            payloadErrors += receivers[f].receiver().counters().payloadErrors();
            retrans += s.totalRetrans();
            spurious += s.spuriousRetransmits();
            reordSeen += s.reordSeen();
            undos += s.undos();
            timeouts += s.timeouts();
            reordered += receivers[f].reordering().reordered();
            packets += receivers[f].reordering().packets();
            extentMax = Math.max(extentMax, receivers[f].reordering().extentMax());
            latency.addAll(receivers[f].latency());
        }
        long[] now = macsecCounters(net.b());
        long enq = cryptdEnqueued(net.b()) - cryptdAtWarmup[0];
        long refused = cryptdRefused(net.b()) - cryptdAtWarmup[1];
        CryptdWaits waits = CryptdWaits.of(cryptds(net.b())).minus(waitsAtWarmup);
        return new Outcome(delivered * 8 / seconds, net.aToB().frames() - wireAtWarmup, retrans, spurious, reordSeen,
                undos, timeouts, reordered, packets == 0 ? 0 : (double) reordered / packets, extentMax,
                now[0] - secyAtWarmup[0], now[1] - secyAtWarmup[1], now[2] - secyAtWarmup[2], now[3] - secyAtWarmup[3],
                enq, refused, Time.toUs(waits.meanNs()), Time.toUs(latency.percentile(0.5)),
                Time.toUs(latency.percentile(0.99)), payloadErrors,
                CpuShares.since(net.a(), busyAtWarmup[0], Time.s(seconds)),
                CpuShares.since(net.b(), busyAtWarmup[1], Time.s(seconds)));
    }
}
