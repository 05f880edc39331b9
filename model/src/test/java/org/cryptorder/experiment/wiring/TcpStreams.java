package org.cryptorder.experiment.wiring;

import java.util.List;
import java.util.function.Consumer;
import java.util.function.ToLongFunction;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.experiment.output.Metrics;
import org.cryptorder.experiment.records.Experiment;
import org.cryptorder.host.SectionLength;
import org.cryptorder.net.HostSpec;
import org.cryptorder.transport.tcp.CongestionControlKind;
import org.cryptorder.transport.tcp.TcpMode;
import org.cryptorder.transport.tcp.send.TcpSenderCounters;
import org.cryptorder.transport.tcp.socket.TcpSocket;

/**
 * A test fixture: bulk TCP flows from host a to host b over MACsec (iperf3 -c on a, -s on b, both
 * on CPU 0), with kernel FPU contention on either host and optionally a prime95-like user load on
 * every CPU but CPU 0, wired by {@code DatapathBuilder} and run by {@code Replication} as an
 * experiment's replication is ({@link FixtureRun}). Everything is measured after the warm-up: the
 * runs.csv columns as the runner gives them, and the senders' and receivers' own counters beside
 * them.
 */
public final class TcpStreams {
    /**
     * @param macsec            SecY settings of both, as an experiment's {@code macsec}
     * @param mtu               the lower device's MTU (the MSS follows from it)
     * @param kernelFpuBusy     kernel FPU contention on each of b's CPUs
     * @param senderKernelFpuBusy the same on a's CPUs
     * @param userFpuLoad       a prime95-like task on every CPU of both hosts except CPU 0 (the applications')
     */
    public record Config(HostSpec a, HostSpec b, Experiment.Macsec macsec, double rateGbps, double delayUs, int mtu,
                         int flows, TcpMode mode, CongestionControlKind congestionControl, double kernelFpuBusy,
                         double senderKernelFpuBusy, double meanSectionUs, SectionLength sections,
                         boolean userFpuLoad, double durationS, double warmupS) {
        /** The same with a warm-up of {@code seconds}. */
        public Config withWarmup(double seconds) {
            return new Config(a, b, macsec, rateGbps, delayUs, mtu, flows, mode, congestionControl, kernelFpuBusy,
                    senderKernelFpuBusy, meanSectionUs, sections, userFpuLoad, durationS, seconds);
        }

        /** The experiment this describes: one TCP entry (the application's writes left out, writeBytes 0: every segment ACK-clocked), every application on CPU 0, one replication. */
        Experiment experiment() {
            Experiment.Hosts hosts = new Experiment.Hosts(a.cpus(), null, null, null, null, null, null, null, 0,
                    null, null, null, null, null, null);
            Experiment.Contention contention = new Experiment.Contention(kernelFpuBusy, meanSectionUs, sections,
                    userFpuLoad, senderKernelFpuBusy, userFpuLoad, true);
            Experiment.TcpTraffic tcp = new Experiment.TcpTraffic(flows, congestionControl, mode, 0L);
            return new Experiment("tcp-streams", null, hosts, new Experiment.Link(rateGbps, delayUs, mtu, null),
                    macsec, null, contention, List.of(tcp), null,
                    new Experiment.RunSettings(durationS, warmupS, 1, null, null), null, null);
        }
    }

    /**
     * What one replication measured after the warm-up. The cryptd figures are both hosts', as
     * runs.csv's {@code cryptd_enqueued}, {@code cryptd_dropped} and {@code cryptd_wait_mean_us}
     * count them; the MACsec counters and {@code receiverSoftirqSeconds} are the receiving host b's.
     */
    public record Outcome(double goodputBps, long framesTx, long retransmits, long spuriousRetransmits,
                          long reorderSeen, long undos, long timeouts, long reordered, long reorderExtentMax,
                          long inPktsOk, long inPktsDelayed, long inPktsLate, long inPktsNotValid,
                          long cryptdEnqueued, long cryptdRefused, double cryptdWaitMeanUs, double latencyP50Us,
                          double latencyP99Us, long payloadErrors, double receiverSoftirqSeconds) {
    }

    private TcpStreams() {
    }

    public static Outcome run(Config c, StreamRegistry streams, int replication) {
        return run(c, streams, replication, net -> { });
    }

    /** The same, with a chance to see or change the wired network before it starts. */
    public static Outcome run(Config c, StreamRegistry streams, int replication, Consumer<BackToBack> customize) {
        FixtureRun r = FixtureRun.of(c.experiment(), c.a(), c.b(), streams, replication, customize);
        return outcome(r.datapath(), r.columns());
    }

    /** The columns, and what the sockets counted since the warm-up reset them. */
    private static Outcome outcome(Datapath d, Metrics m) {
        List<TcpSenderCounters> senders = d.tcpSenders().stream().map(s -> s.sender().counters()).toList();
        List<TcpSocket> receivers = d.tcpReceivers();
        return new Outcome(m.get("goodput_bps"), count(m, "frames_tx"), count(m, "tcp_retransmits"),
                count(m, "tcp_spurious_retransmits"), sum(senders, TcpSenderCounters::reordSeen),
                sum(senders, TcpSenderCounters::undos), sum(senders, TcpSenderCounters::timeouts),
                sum(receivers, r -> r.reordering().reordered()),
                receivers.stream().mapToLong(r -> r.reordering().extentMax()).max().orElse(0),
                count(m, "in_pkts_ok"), count(m, "in_pkts_delayed"), count(m, "in_pkts_late"),
                count(m, "in_pkts_not_valid"), count(m, "cryptd_enqueued"), count(m, "cryptd_dropped"),
                m.get("cryptd_wait_mean_us"), m.get("latency_p50_us"), m.get("latency_p99_us"),
                sum(receivers, r -> r.receiver().counters().payloadErrors()), m.get("cpu_softirq_seconds"));
    }

    private static <T> long sum(List<T> items, ToLongFunction<T> count) {
        return items.stream().mapToLong(count).sum();
    }

    private static long count(Metrics m, String column) {
        return (long) m.get(column);
    }
}
