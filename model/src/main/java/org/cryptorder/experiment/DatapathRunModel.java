package org.cryptorder.experiment;

import java.util.ArrayList;
import java.util.List;
import org.cryptorder.crypto.Cryptd;
import org.cryptorder.crypto.CryptdWaits;
import org.cryptorder.crypto.OffloadSpec;
import org.cryptorder.engine.CountingEventList;
import org.cryptorder.engine.EventListKind;
import org.cryptorder.engine.StreamRegistry;
import org.cryptorder.engine.Once;
import org.cryptorder.engine.Time;
import org.cryptorder.host.Cpu;
import org.cryptorder.host.SchedulerParams;
import org.cryptorder.macsec.GcmEngine;
import org.cryptorder.macsec.MacsecCounter;
import org.cryptorder.macsec.SecY;
import org.cryptorder.macsec.SecYConfig;
import org.cryptorder.metrics.LatencyHistogram;
import org.cryptorder.metrics.LevelSamples;
import org.cryptorder.net.FrameTrace;
import org.cryptorder.net.Host;
import org.cryptorder.net.HostSpec;
import org.cryptorder.net.Link;
import org.cryptorder.net.Netem;
import org.cryptorder.scenario.BackToBack;
import org.cryptorder.scenario.Contention;
import org.cryptorder.scenario.CpuShares;
import org.cryptorder.scenario.WifiStation;
import org.cryptorder.host.Context;
import org.cryptorder.scenario.TcpFlow;
import org.cryptorder.scenario.CpuProfile;
import org.cryptorder.transport.CongestionControlKind;
import org.cryptorder.transport.Ipv4TcpHeader;
import org.cryptorder.transport.TcpConfig;
import org.cryptorder.transport.TcpMode;
import org.cryptorder.transport.TcpSocket;
import org.cryptorder.transport.UdpSink;
import org.cryptorder.transport.UdpSource;
import umontreal.ssj.rng.RandomStream;
import umontreal.ssj.simevents.Simulator;

/**
 * The model of an experiment: UDP and TCP traffic between two hosts over MACsec. For UDP, the wiring of
 * {@link org.cryptorder.scenario.UdpStreams} (two hosts back to back over MACsec, UDP sources on
 * host a, sinks on host b, kernel FPU contention and optionally a user FPU load on each of b's
 * CPUs, optionally kernel FPU contention on a's and sources that send from softirq), driven from an
 * experiment's records, with three additions: several traffic entries (flow
 * numbers continue from one entry to the next), Poisson sources, and warm-up deletion.
 *
 * <p>Warm-up: at {@code run.warmupS} the sinks forget what they measured (their ordering state is
 * kept, so arrivals after the cut are judged against everything before it), and every counter
 * (MACsec, cryptd, link, NIC, sources) is noted so that the metrics count only what happened after
 * the cut. With no warm-up this model measures exactly what {@code UdpStreams.run} measures for the
 * same configuration; a test holds the two together. Random streams have the names UdpStreams
 * gives them ({@code keys}, {@code b.cpu<i>.kernel-fpu}, {@code a.cpu<i>.kernel-fpu}, {@code
 * a.flow<f>.migration}), plus {@code
 * a.flow<f>.gaps} for Poisson sources.
 *
 * <p>Metrics (in this order): {@link #METRICS}. Goodput counts UDP payload delivered intact after
 * the warm-up, over {@code durationS - warmupS}; sources stop at {@code durationS} and the
 * simulation runs {@value #DRAIN_MS} ms more so that frames in flight arrive. Counters are of the
 * receiving host b, except {@code frames_tx} (frames on the wire from a to b), the cryptd
 * figures (both hosts; in UDP runs a's cryptd stays empty because its sources encrypt in task
 * context) and {@code tx_queue_dropped} (frames a full TX queue of either host's NIC refused: a's
 * data, b's ACKs). {@code udp_decode_errors} are the sequence numbers a media decoder without a
 * reorder buffer jumps over ({@link org.cryptorder.metrics.UdpStreamStats}), over all UDP flows.
 * {@code cpu_ksoftirqd_seconds} is the part of {@code cpu_softirq_seconds} that b's ksoftirqd
 * threads ran ({@code hosts.ksoftirqd}; 0 without).
 *
 * <p>TCP entries ({@code iperf3 -c} on host a, {@code -s} on b) use {@link TcpSocket}s: the MSS
 * follows from the link's MTU, TCP small queues allow 1 MiB per socket, flows are numbered after the
 * entries before them. Goodput adds the octets the TCP receivers delivered in order between the
 * warm-up and {@code durationS}; TCP retransmissions, spurious ones and the receivers' RFC 4737
 * reordering of segments join the UDP figures (reordered ratio and latency over all flows).
 */
public final class DatapathRunModel implements RunModel {
    /** TCP small queues limit per socket, octets. */
    static final long TCP_SMALL_QUEUES_BYTES = 1 << 20;

    /** How long the simulation runs after the sources stop, ms (as UdpStreams). */
    public static final int DRAIN_MS = 5;

    /** The metric columns, in order. */
    public static final List<String> METRICS = List.of("sim_seconds", "frames_tx", "goodput_bps", "tcp_retransmits",
            "tcp_spurious_retransmits", "in_pkts_ok", "in_pkts_delayed", "in_pkts_late", "in_pkts_not_valid",
            "reordered_ratio", "reorder_extent_max", "cryptd_enqueued", "cryptd_dropped", "cryptd_wait_mean_us",
            "latency_p50_us", "latency_p99_us", "udp_out_of_order", "udp_lost", "udp_sent", "udp_received",
            "udp_corrupt", "rx_missed", "resequencer_timeouts", "impairment_lost", "impairment_duplicated",
            "impairment_corrupted", "impairment_reordered", "cpu_softirq_seconds", "cpu_kernel_worker_seconds",
            "cpu_user_task_seconds", "tx_queue_dropped", "udp_decode_errors", "cpu_ksoftirqd_seconds");

    private final Profiles profiles;

    /**
     * What a benchmark attaches to one replication without changing what it computes: the kind of
     * event list (every kind executes events in the same order), the AES-GCM engine both hosts
     * share (so that its operations can be observed), and an action at the last simulated instant,
     * with the whole model still live (a heap measurement).
     *
     * @param events the pending-event set
     * @param engine the engine of both hosts, or null for a fresh one
     * @param atEnd  run just before the simulation stops, or null
     * @param counts where to count the events scheduled, cancelled and run, or null
     */
    public record Instruments(EventListKind events, GcmEngine engine, Runnable atEnd, CountingEventList.Counts counts) {
        /** What {@link #run(ResolvedRun, StreamRegistry, int)} uses: the default list, nothing observed. */
        public static final Instruments NONE = new Instruments(EventListKind.DEFAULT, null, null, null);

        public Instruments {
            java.util.Objects.requireNonNull(events, "events");
        }
    }

    /** A model that finds the CPU profiles named by experiments in {@code profiles}. */
    public DatapathRunModel(Profiles profiles) {
        this.profiles = profiles;
    }

    @Override
    public List<String> metricNames() {
        return METRICS;
    }

    @Override
    public List<Unsupported> unsupported(ResolvedRun run) {
        return List.of();
    }

    @Override
    public Metrics run(ResolvedRun run, StreamRegistry streams, int replication) throws ModelException {
        return run(run, streams, replication, (Recording) null);
    }

    /**
     * Runs and records the latency histogram of the delivered frames (after the warm-up) and, when
     * asked, the cryptd queue length of every CPU of b, and of a when a's cryptd queued anything,
     * over the whole run (warm-up and drain included).
     */
    @Override
    public Metrics run(ResolvedRun run, StreamRegistry streams, int replication, Recording recording)
            throws ModelException {
        return run(run, streams, replication, recording, Instruments.NONE);
    }

    /** Runs replication {@code replication} of {@code run} as {@link #run(ResolvedRun, StreamRegistry, int)}, instrumented. */
    public Metrics run(ResolvedRun run, StreamRegistry streams, int replication, Instruments instruments)
            throws ModelException {
        return run(run, streams, replication, null, instruments);
    }

    private Metrics run(ResolvedRun run, StreamRegistry streams, int replication, Recording recording,
                        Instruments instruments)
            throws ModelException {
        Experiment e = run.experiment();
        CpuProfile profile;
        try {
            profile = profiles.load(e.hosts().profile());
        } catch (CpuProfile.InvalidProfileException ex) {
            throw new ModelException(ex.getMessage(), ex);
        }
        if (e.wifi() != null) {
            return wifi(e, profile, streams, replication, recording);
        }
        HostSpec host = hostSpec(e, profile);
        return new Replication(e, host, secy(e), streams, replication, null, recording, instruments).run();
    }

    /**
     * A WiFi station's download ({@link WifiStation}): the columns it has a value for, zero for the
     * MACsec, TCP and cryptd ones.
     */
    private static Metrics wifi(Experiment e, CpuProfile profile, StreamRegistry streams, int replication,
                                Recording recording) throws ModelException {
        if (!profile.hasWifi()) {
            throw new ModelException("profile " + profile.name() + " gives no WiFi station parameters", null);
        }
        Experiment.UdpTraffic u = (Experiment.UdpTraffic) e.traffic().get(0);
        Experiment.Hosts h = e.hosts();
        WifiStation.Outcome o = WifiStation.run(new WifiStation.Config(profile.wifi(), e.wifi().ccmp(), e.wifi().ccm(),
                u.rateMbps(), u.packetBytes(), e.wifi().airMbps(), h.rxRingSize(), h.napiBudget(),
                e.run().durationS(), e.run().warmupS()), streams.stream("keys", replication));
        if (recording != null) {
            recording.latency(o.latency());  // no cryptd on a station: no queue series
        }
        java.util.Map<String, Double> v = new java.util.HashMap<>();
        v.put("sim_seconds", e.run().durationS());
        v.put("frames_tx", (double) o.sent());
        v.put("goodput_bps", o.goodputBps());
        v.put("latency_p50_us", o.latencyP50Us());
        v.put("latency_p99_us", o.latencyP99Us());
        v.put("udp_lost", (double) (o.sent() - o.received()));
        v.put("udp_sent", (double) o.sent());
        v.put("udp_received", (double) o.received());
        v.put("udp_corrupt", (double) (o.micFailures() + o.payloadErrors()));
        v.put("rx_missed", (double) o.missed());
        v.put("cpu_softirq_seconds", o.softirqSeconds());
        v.put("cryptd_wait_mean_us", Double.NaN);
        double[] values = new double[METRICS.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = v.getOrDefault(METRICS.get(i), 0.0);
        }
        return Metrics.of(METRICS, values);
    }

    /**
     * Runs replication {@code replication} of {@code run} with a frame trace following its first
     * {@code frames} frames (in both directions), and returns the trace.
     */
    public FrameTrace trace(ResolvedRun run, StreamRegistry streams, int replication, int frames)
            throws ModelException {
        Experiment e = run.experiment();
        CpuProfile profile;
        try {
            profile = profiles.load(e.hosts().profile());
        } catch (CpuProfile.InvalidProfileException ex) {
            throw new ModelException(ex.getMessage(), ex);
        }
        if (e.wifi() != null) {
            throw new ModelException("explain follows MACsec frames; a WiFi station experiment has none", null);
        }
        FrameTrace trace = new FrameTrace(frames);
        new Replication(e, hostSpec(e, profile), secy(e), streams, replication, trace, null, Instruments.NONE).run();
        return trace;
    }

    /** The hosts' build, as {@code HostSpec.of} with the experiment's offload device, timeout and steering. */
    static HostSpec hostSpec(Experiment e, CpuProfile profile) {
        Experiment.Hosts h = e.hosts();
        Experiment.Crypto c = e.crypto();
        OffloadSpec defaults = OffloadSpec.defaults();
        OffloadSpec offload = new OffloadSpec(c.offload().engines(), Time.us(c.offload().latencyUs()),
                c.offload().gbpsPerEngine(), c.offload().inOrder(), defaults.submitCycles(), defaults.completionCycles());
        return new HostSpec(h.cpus(), h.rxQueues(), h.txQueues(), h.rxRingSize(), h.txRingSize(), h.napiBudget(),
                c.effectivePolicy(), c.cryptdQueueLength(), profile.crypto(), profile.stack(),
                SchedulerParams.linuxDefaults(h.cpus()).withSoftirqDeferral(h.softirqDeferral(c.kernel())), offload,
                Time.us(c.resequenceTimeoutUs()), h.rxSteering());
    }

    /** The SecY of both hosts (their SCIs are set by {@link BackToBack}). */
    static SecYConfig secy(Experiment e) {
        Experiment.Macsec m = e.macsec();
        return SecYConfig.linuxDefaults(1).withSuite(m.cipherSuite()).withEncrypt(m.encrypt()).withIcvLen(m.icvLen())
                .withSciMode(m.sendSci(), false, false).withReplay(m.replayProtect(), m.replayWindow())
                .withValidate(m.validate()).withLowerMtu(e.link().mtu());
    }

    /** One replication: the wired model, its counters at the end of the warm-up, and its metrics. */
    private static final class Replication {
        private final Experiment e;
        private final Simulator sim;
        private final Runnable lastInstant;
        private final BackToBack net;
        private final List<UdpSource> sources = new ArrayList<>();
        private final List<UdpSink> sinks = new ArrayList<>();
        private final List<TcpSocket> tcpSenders = new ArrayList<>();
        private final List<TcpSocket> tcpReceivers = new ArrayList<>();
        private final long[] tcpAtEnd = new long[3];
        private final java.util.Map<TcpSocket, long[]> tcpReorderAtEnd = new java.util.IdentityHashMap<>();
        private final Counters atWarmup = new Counters();
        private final Counters atEnd = new Counters();
        private final Recording recording;

        Replication(Experiment e, HostSpec host, SecYConfig secy, StreamRegistry streams, int replication,
                    FrameTrace trace, Recording recording, Instruments instruments) {
            this.e = e;
            this.recording = recording;
            if (instruments.counts() == null) {
                sim = instruments.events().newSimulator();
            } else {
                sim = new Simulator(new CountingEventList(instruments.events().newEventList(), instruments.counts()));
                sim.init();
            }
            lastInstant = instruments.atEnd();
            GcmEngine engine = instruments.engine() != null ? instruments.engine() : new GcmEngine();
            net = BackToBack.randomlyKeyed(sim, host, host, secy, streams.stream("keys", replication),
                    e.link().rateGbps() * 1e9, Time.us(e.link().delayUs()), engine);
            if (trace != null) {
                net.a().trace(trace);
                net.b().trace(trace);
            }
            impair(net.aToB(), e.link().impairments().aToB(), "a->b", streams, replication);
            impair(net.bToA(), e.link().impairments().bToA(), "b->a", streams, replication);
            Experiment.Contention c = e.contention();
            int spared = c.userFpuLoadSparesAppCpu() ? e.hosts().appCpu() : Contention.NO_CPU;
            Contention.install(net.b(), "b", c.kernelFpuBusy(), Time.us(c.meanSectionUs()), c.sectionDistribution(),
                    c.userFpuLoad(), spared, streams, replication);
            Contention.install(net.a(), "a", c.senderKernelFpuBusy(), Time.us(c.meanSectionUs()),
                    c.sectionDistribution(), c.senderUserFpuLoad(), spared, streams, replication);
            int flow = 0;
            for (Experiment.Traffic t : e.traffic()) {
                if (t instanceof Experiment.TcpTraffic tcp) {
                    for (int i = 0; i < tcp.flows(); i++, flow++) {
                        addTcp(host, tcp, flow);
                    }
                    continue;
                }
                Experiment.UdpTraffic u = (Experiment.UdpTraffic) t;
                double pps = u.rateMbps() * 1e6 / 8 / u.packetBytes() / u.flows();
                for (int i = 0; i < u.flows(); i++, flow++) {
                    UdpSink sink = new UdpSink(host.stack());
                    net.b().macsec().bind(flow, sink);
                    sinks.add(sink);
                    RandomStream gaps = u.pattern() == Experiment.UdpPattern.POISSON
                            ? streams.stream("a.flow" + flow + ".gaps", replication) : null;
                    UdpSource source = source(host, u, flow, pps, gaps, streams, replication);
                    source.sendFromSoftirq(u.fromSoftirq());
                    sources.add(source);
                }
            }
        }

        private void addTcp(HostSpec host, Experiment.TcpTraffic t, int flow) {
            TcpConfig cfg = TcpConfig.of(t.mode() == Experiment.TcpMode.LINUX ? TcpMode.LINUX : TcpMode.TEXTBOOK,
                    Ipv4TcpHeader.mssForLinkMtu(e.link().mtu())).withCongestionControl(
                    t.congestionControl() == Experiment.CongestionControl.CUBIC
                            ? CongestionControlKind.CUBIC : CongestionControlKind.RENO);
            int app = e.hosts().appCpuOf(flow);
            TcpFlow f = TcpFlow.connect(net, flow, cfg, TCP_SMALL_QUEUES_BYTES, app, app);
            tcpSenders.add(f.sender());
            tcpReceivers.add(f.receiver());
        }

        private static void impair(Link link, Experiment.Impairment spec, String name, StreamRegistry streams,
                                   int replication) {
            if (spec.active()) {
                link.impair(spec.toModel(), Netem.Streams.of(streams, name + ".impairment", replication));
            }
        }

        private UdpSource source(HostSpec host, Experiment.UdpTraffic u, int flow, double pps, RandomStream gaps,
                                 StreamRegistry streams, int replication) {
            Cpu[] cpus = new Cpu[net.a().cpuCount()];
            for (int i = 0; i < cpus.length; i++) {
                cpus[i] = net.a().cpu((e.hosts().appCpuOf(flow) + i) % cpus.length);
            }
            if (u.migrateMeanUs() > 0) {
                return new UdpSource(cpus, Time.us(u.migrateMeanUs()), streams.stream("a.flow" + flow + ".migration",
                        replication), net.a().macsec(), host.stack(), flow, u.packetBytes(), pps, gaps, net.a().mac(),
                        net.b().mac());
            }
            return new UdpSource(cpus[0], net.a().macsec(), host.stack(), flow, u.packetBytes(), pps, gaps,
                    net.a().mac(), net.b().mac());
        }

        Metrics run() {
            double end = Time.s(e.run().durationS());
            Once.at(sim, 0, () -> {
                for (UdpSource s : sources) {
                    s.start(end);
                }
                tcpSenders.forEach(TcpSocket::start);
            });
            Once.at(sim, end, () -> {
                for (TcpSocket r : tcpReceivers) {
                    tcpAtEnd[0] += r.receiver().counters().bytesDelivered();
                    tcpReorderAtEnd.put(r, new long[] {r.reordering().packets(), r.reordering().reordered()});
                }
                for (TcpSocket s : tcpSenders) {
                    tcpAtEnd[1] += s.sender().counters().totalRetrans();
                    tcpAtEnd[2] += s.sender().counters().spuriousRetransmits();
                }
            });
            if (e.run().warmupS() > 0) {
                Once.at(sim, Time.s(e.run().warmupS()), () -> {
                    sinks.forEach(UdpSink::reset);
                    tcpSenders.forEach(TcpSocket::resetCounters);
                    tcpReceivers.forEach(TcpSocket::resetCounters);
                    atWarmup.note(net, sources);
                });
            }
            Once.at(sim, end + Time.ms(DRAIN_MS), () -> {
                if (lastInstant != null) {
                    lastInstant.run();
                }
                sim.stop();
            });
            List<LevelSamples> samples = new ArrayList<>();
            if (recording != null && recording.samplesQueues()) {
                int points = LevelSamples.pointsUntil(end + Time.ms(DRAIN_MS), recording.queueIntervalNs());
                for (Host h : List.of(net.b(), net.a())) {
                    for (int c = 0; c < h.cpuCount(); c++) {
                        LevelSamples s = new LevelSamples(recording.queueIntervalNs(), points);
                        h.cryptd(c).lengthSignal().subscribe(s);
                        samples.add(s);
                    }
                }
            }
            sim.start();
            atEnd.note(net, sources);
            if (!samples.isEmpty()) {
                recordQueues(samples);
            }
            return metrics();
        }

        /** b's queues always; a's when its cryptd queued anything in the run. */
        private void recordQueues(List<LevelSamples> samples) {
            int k = 0;
            for (Host h : List.of(net.b(), net.a())) {
                boolean any = false;
                for (int c = 0; c < h.cpuCount(); c++) {
                    samples.get(k + c).finish(sim.time());
                    any |= h.cryptd(c).enqueued() > 0;
                }
                for (int c = 0; c < h.cpuCount(); c++, k++) {
                    if (h == net.b() || any) {
                        recording.queue(h.name(), h.cpu(c).name(), samples.get(k));
                    }
                }
            }
        }

        private Metrics metrics() {
            long received = 0;
            long corrupt = 0;
            long octets = 0;
            long firstCopies = 0;
            long reordered = 0;
            long extentMax = 0;
            long outOfOrder = 0;
            long lost = 0;
            long decodeErrors = 0;
            LatencyHistogram latency = new LatencyHistogram();
            for (UdpSink s : sinks) {
                received += s.iperf().datagrams();
                corrupt += s.corrupt();
                octets += s.octets();
                firstCopies += s.reordering().packets();
                reordered += s.reordering().reordered();
                extentMax = Math.max(extentMax, s.reordering().extentMax());
                outOfOrder += s.iperf().outOfOrderPackets();
                lost += s.iperf().lostPackets();
                decodeErrors += s.iperf().decodeErrors();
                latency.addAll(s.latency());
            }
            for (TcpSocket r : tcpReceivers) {
                long[] at = tcpReorderAtEnd.get(r);
                firstCopies += at[0];
                reordered += at[1];
                extentMax = Math.max(extentMax, r.reordering().extentMax());
                latency.addAll(r.latency());
            }
            octets += tcpAtEnd[0];
            if (recording != null) {
                recording.latency(latency);
            }
            double measuredS = e.run().durationS() - e.run().warmupS();
            return Metrics.of(METRICS, new double[] {
                sim.time() / 1e9,
                atEnd.framesTx - atWarmup.framesTx,
                octets * 8.0 / measuredS,
                tcpAtEnd[1],
                tcpAtEnd[2],
                atEnd.inPktsOk - atWarmup.inPktsOk,
                atEnd.inPktsDelayed - atWarmup.inPktsDelayed,
                atEnd.inPktsLate - atWarmup.inPktsLate,
                atEnd.inPktsNotValid - atWarmup.inPktsNotValid,
                firstCopies == 0 ? 0 : (double) reordered / firstCopies,
                extentMax,
                atEnd.cryptdEnqueued - atWarmup.cryptdEnqueued,
                atEnd.cryptdRefused - atWarmup.cryptdRefused,
                Time.toUs(atEnd.cryptdWaits.minus(atWarmup.cryptdWaits).meanNs()),
                Time.toUs(latency.percentile(0.5)),
                Time.toUs(latency.percentile(0.99)),
                outOfOrder,
                lost,
                atEnd.sent - atWarmup.sent,
                received,
                corrupt,
                atEnd.rxMissed - atWarmup.rxMissed,
                atEnd.resequencerTimeouts - atWarmup.resequencerTimeouts,
                atEnd.impairment[0] - atWarmup.impairment[0],
                atEnd.impairment[1] - atWarmup.impairment[1],
                atEnd.impairment[2] - atWarmup.impairment[2],
                atEnd.impairment[3] - atWarmup.impairment[3],
                (atEnd.busy[Context.SOFTIRQ.ordinal()] - atWarmup.busy[Context.SOFTIRQ.ordinal()]) / 1e9,
                (atEnd.busy[Context.KERNEL_WORKER.ordinal()] - atWarmup.busy[Context.KERNEL_WORKER.ordinal()]) / 1e9,
                (atEnd.busy[Context.USER_TASK.ordinal()] - atWarmup.busy[Context.USER_TASK.ordinal()]) / 1e9,
                atEnd.txQueueDropped - atWarmup.txQueueDropped,
                decodeErrors,
                (atEnd.ksoftirqdNs - atWarmup.ksoftirqdNs) / 1e9,
            });
        }
    }

    /** The monotone counters of one instant, to subtract the warm-up. */
    private static final class Counters {
        long framesTx;
        long inPktsOk;
        long inPktsDelayed;
        long inPktsLate;
        long inPktsNotValid;
        long cryptdEnqueued;
        long cryptdRefused;
        CryptdWaits cryptdWaits = CryptdWaits.NONE;
        long sent;
        long rxMissed;
        long resequencerTimeouts;
        /** Frames dropped because a TX queue of the lower device was full, both hosts. */
        long txQueueDropped;
        /**
         * Frames lost, duplicated, corrupted and reordered (netem's reorder knob and the
         * deterministic rule's holds together) by the link impairments, both directions.
         */
        final long[] impairment = new long[4];
        /** CPU time per context of the receiving host b, ns. */
        double[] busy = new double[Context.values().length];
        /** Of b's softirq time, what its ksoftirqd threads ran, ns. */
        double ksoftirqdNs;

        void note(BackToBack net, List<UdpSource> sources) {
            framesTx = net.aToB().frames();
            SecY secy = net.b().macsec().secy();
            inPktsOk = secy.counter(MacsecCounter.IN_PKTS_OK);
            inPktsDelayed = secy.counter(MacsecCounter.IN_PKTS_DELAYED);
            inPktsLate = secy.counter(MacsecCounter.IN_PKTS_LATE);
            inPktsNotValid = secy.counter(MacsecCounter.IN_PKTS_NOT_VALID);
            cryptdEnqueued = 0;
            cryptdRefused = 0;
            cryptdWaits = CryptdWaits.NONE;
            for (Host h : List.of(net.a(), net.b())) {
                for (int c = 0; c < h.cpuCount(); c++) {
                    Cryptd d = h.cryptd(c);
                    cryptdEnqueued += d.enqueued();
                    cryptdRefused += d.refused();
                    cryptdWaits = cryptdWaits.plus(CryptdWaits.of(d));
                }
            }
            sent = sources.stream().mapToLong(UdpSource::sent).sum();
            rxMissed = net.b().nic().rxMissed();
            txQueueDropped = net.a().macsec().txRingFull() + net.b().macsec().txRingFull();
            resequencerTimeouts = net.b().macsec().resequencerTimeouts();
            busy = CpuShares.busy(net.b());
            ksoftirqdNs = 0;
            for (int c = 0; c < net.b().cpuCount(); c++) {
                ksoftirqdNs += net.b().cpu(c).ksoftirqdBusyNs();
            }
            java.util.Arrays.fill(impairment, 0);
            for (Link link : List.of(net.aToB(), net.bToA())) {
                if (link.impairment() != null) {
                    Netem.Counts n = link.impairment().counts();
                    impairment[0] += n.lost();
                    impairment[1] += n.duplicated();
                    impairment[2] += n.corrupted();
                    impairment[3] += n.reordered() + n.held();
                }
            }
        }
    }

}
