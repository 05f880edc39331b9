package org.cryptorder.experiment.wiring;

import java.util.ArrayList;
import java.util.List;
import org.cryptorder.crypto.OffloadSpec;
import org.cryptorder.engine.Streams;
import org.cryptorder.engine.Time;
import org.cryptorder.experiment.records.Experiment;
import org.cryptorder.experiment.records.KernelRules;
import org.cryptorder.host.Cpu;
import org.cryptorder.host.KernelFpuLoad;
import org.cryptorder.host.WakeupLatency;
import org.cryptorder.macsec.GcmEngine;
import org.cryptorder.macsec.SecYConfig;
import org.cryptorder.net.FqCodel;
import org.cryptorder.net.Host;
import org.cryptorder.net.HostSpec;
import org.cryptorder.net.Impairment;
import org.cryptorder.net.Link;
import org.cryptorder.net.NicProfile;
import org.cryptorder.net.PfifoFast;
import org.cryptorder.net.QdiscKind;
import org.cryptorder.net.RxPathSpec;
import org.cryptorder.net.TxPathSpec;
import org.cryptorder.transport.tcp.Gso;
import org.cryptorder.transport.tcp.ReadPath;
import org.cryptorder.transport.tcp.SendPath;
import org.cryptorder.transport.tcp.TcpConfig;
import org.cryptorder.transport.tcp.TcpMode;
import org.cryptorder.transport.tcp.TcpTimers;
import org.cryptorder.transport.tcp.socket.TcpSocket;
import org.cryptorder.transport.udp.UdpSink;
import org.cryptorder.transport.udp.UdpSource;
import org.cryptorder.transport.wire.Ipv4TcpHeader;
import umontreal.ssj.rng.RandomStream;
import umontreal.ssj.simevents.Simulator;

/**
 * The one place where an experiment's records become model objects: the hosts' build
 * ({@link #hostSpec}), the SecY of both hosts ({@link #secy}), each link direction's netem stage
 * ({@link #impairment}), the FPU contention, and the traffic entries. {@link #build} wires one
 * replication's {@link Datapath} on a given simulator from the replication's random streams, so no
 * model class sees a replication number.
 *
 * <p>Random streams (names as the model has always used them): {@code keys} (the two SA keys),
 * {@code b.cpu<i>.kernel-fpu} and {@code a.cpu<i>.kernel-fpu} (kernel FPU users),
 * {@code a->b.impairment.<purpose>} and {@code b->a.impairment.<purpose>} (netem stages),
 * {@code a.flow<f>.gaps} (Poisson sources) and {@code a.flow<f>.migration} (sources that move
 * among a's CPUs).
 *
 * <p>TCP entries ({@code iperf3 -c} on host a, {@code -s} on b) get {@link TcpSocket}s whose MSS
 * follows from the link's MTU, with TCP small queues allowing {@value #TCP_SMALL_QUEUES_BYTES}
 * octets per socket; flows are numbered on from the entries before them.
 */
public final class DatapathBuilder {
    /** TCP small queues limit per socket, octets. */
    public static final long TCP_SMALL_QUEUES_BYTES = 1 << 20;

    private DatapathBuilder() {
    }

    /**
     * The hosts' build with the built-in 82599 profile ({@link NicProfile#ixgbe82599()}), for an
     * experiment that names the default NIC.
     *
     * @throws IllegalArgumentException when the experiment names another NIC profile
     */
    public static HostSpec hostSpec(Experiment e, CpuProfile profile) {
        if (!e.hosts().nic().equals(NicProfile.DEFAULT_NAME)) {
            throw new IllegalArgumentException("NIC profile " + e.hosts().nic() + " must be read from data/nics/");
        }
        return hostSpec(e, profile, NicProfile.ixgbe82599());
    }

    /**
     * The hosts' build: the profile's costs with the experiment's CPUs, queues, policy, offload
     * device and steering, and its TX path below MACsec on {@code nic} ({@link #txPath}); the
     * scheduler, the FPU rule and the NIC's moderation by the hosts' {@link KernelRules}.
     */
    public static HostSpec hostSpec(Experiment e, CpuProfile profile, NicProfile nic) {
        Experiment.Hosts h = e.hosts();
        Experiment.Crypto c = e.crypto();
        KernelRules rules = c.rules();
        OffloadSpec defaults = OffloadSpec.defaults();
        OffloadSpec offload = new OffloadSpec(c.offload().engines(), Time.us(c.offload().latencyUs()),
                c.offload().gbpsPerEngine(), c.offload().inOrder(), defaults.submitCycles(), defaults.completionCycles());
        TxPathSpec tx = txPath(h, nic, e.link().mtu(), rules.fqCodelOverlimit());
        return HostSpec.builder(c.effectivePolicy(), profile.crypto(), profile.stack())
                .cpus(h.cpus()).rxQueues(h.rxQueues()).txQueues(h.txQueues()).rxRingSize(h.rxRingSize()).tx(tx)
                .napiBudget(h.napiBudget()).fpuSectionsDisableBh(fpuSectionsDisableBh(c))
                .cryptdQueueLength(c.cryptdQueueLength()).scheduler(h.scheduler(h.cpus(), rules)).offload(offload)
                .resequenceTimeoutNs(Time.us(c.resequenceTimeoutUs())).rxSteering(h.rxSteering())
                .rx(new RxPathSpec(h.interruptModeration(rules), h.groEnabled())).build();
    }

    /**
     * Whether the hosts' kernel FPU sections hold off softirqs: when the kernel's {@code
     * kernel_fpu_begin_mask} disables BH ({@link KernelRules#fpuMaskDisablesBh}), whatever the
     * policy; else only under a policy that models it ({@link
     * org.cryptorder.crypto.Policy#fpuSectionsDisableBh()}).
     */
    static boolean fpuSectionsDisableBh(Experiment.Crypto c) {
        return c.effectivePolicy().fpuSectionsDisableBh() || c.rules().fpuMaskDisablesBh();
    }

    /**
     * Each TX queue's build: {@code hosts.txRingSize} descriptors rounded up as
     * {@code ixgbe_set_ringparam} rounds them, {@code hosts.qdisc} (pfifo_fast with
     * {@code tx_queue_len}'s 1000 packets; fq_codel with {@code fq_codel_init}'s defaults on the
     * link's MTU and the kernel's {@code overlimit} rule), {@code hosts.bql}, and BQL's hold time of
     * one second on {@code hosts.hz}.
     */
    static TxPathSpec txPath(Experiment.Hosts h, NicProfile nic, int mtu, FqCodel.OverlimitDrop overlimit) {
        QdiscKind q = QdiscKind.of(h.qdisc());
        if (q == null) {
            throw new IllegalArgumentException("hosts.qdisc " + h.qdisc() + " is not modelled");
        }
        return new TxPathSpec(nic, nic.roundRing(h.txRingSize()), q, PfifoFast.TX_QUEUE_LEN, h.bql(), h.hz(),
                FqCodel.Params.linux(mtu, overlimit));
    }

    /** The SecY of both hosts (their SCIs are set by {@link BackToBack}). */
    public static SecYConfig secy(Experiment e) {
        Experiment.Macsec m = e.macsec();
        return SecYConfig.linuxDefaults(1).withSuite(m.cipherSuite()).withEncrypt(m.encrypt()).withIcvLen(m.icvLen())
                .withSendSci(m.sendSci()).withReplay(m.replayProtect(), m.replayWindow())
                .withValidate(m.validate()).withLowerMtu(e.link().mtu());
    }

    /**
     * The netem stage of one link direction; {@link Impairment#NONE} when every knob is off.
     *
     * @throws IllegalArgumentException when the knobs contradict each other as tc would refuse
     */
    public static Impairment impairment(Experiment.Impairment spec) {
        Experiment.GilbertElliott g = spec.gilbertElliott();
        Impairment.GilbertElliott ge = g.p() > 0
                ? new Impairment.GilbertElliott(g.p(), g.r(), g.oneMinusH(), g.oneMinusK()) : null;
        Experiment.DeterministicReorder d = spec.deterministicReorder();
        Impairment.DeterministicReorder rule = d.everyK() == 0 ? null
                : d.displacementFrames() > 0
                        ? Impairment.DeterministicReorder.displace(d.everyK(), d.offset(), d.displacementFrames())
                        : Impairment.DeterministicReorder.hold(d.everyK(), d.offset(), d.holdUs());
        return Impairment.builder()
                .delay(spec.delayUs(), spec.jitterUs(), spec.delayDistribution(), spec.delayCorrelation())
                .loss(spec.lossProbability(), spec.lossCorrelation()).gilbertElliott(ge)
                .duplicate(spec.duplicateProbability(), spec.duplicateCorrelation())
                .corrupt(spec.corruptProbability(), spec.corruptCorrelation())
                .reorder(spec.reorderProbability(), spec.reorderCorrelation(), spec.reorderGap())
                .deterministicReorder(rule).limit(spec.limitFrames()).rate(spec.rateMbps(), spec.rateOverheadBytes())
                .build();
    }

    /**
     * Wires one replication of {@code e} on {@code sim}: both hosts (built as {@code host}) with
     * their SecYs keyed from {@code streams}, the link and its impairments, the contention, and the
     * traffic. Nothing is scheduled to start yet ({@link org.cryptorder.experiment.replication.Replication} does that).
     *
     * @param engine the AES-GCM engine both hosts share
     * @param tcpCopyCyclesPerByte the CPU profile's cost of a TCP write's copy, cycles per octet
     */
    public static Datapath build(Simulator sim, Experiment e, HostSpec host, Streams streams, GcmEngine engine,
                                 double tcpCopyCyclesPerByte) {
        return build(sim, e, host, host, streams, engine, tcpCopyCyclesPerByte);
    }

    /** {@code hosts.appWakeupMeanUs}: each CPU of {@code host} samples its wake-ups from its own stream. */
    private static void appWakeup(Host host, String name, Experiment.Hosts h, Streams streams) {
        if (h.appWakeupMeanUs() == null || h.appWakeupMeanUs() == 0) {
            return;
        }
        for (int i = 0; i < host.cpuCount(); i++) {
            host.cpu(i).wakeupLatency(new WakeupLatency(h.appWakeupKind(), Time.us(h.appWakeupMeanUs()),
                    h.appWakeupParetoShapeOrDefault(), streams.stream(name + ".cpu" + i + ".wakeup")));
        }
    }

    /**
     * The same with the sending host built as {@code a} and the receiving one as {@code b}, which
     * an experiment file cannot ask for (test fixtures: a one-CPU sender facing a receiver with
     * several CPUs and RX queues).
     */
    public static Datapath build(Simulator sim, Experiment e, HostSpec a, HostSpec b, Streams streams,
                                 GcmEngine engine, double tcpCopyCyclesPerByte) {
        BackToBack net = BackToBack.randomlyKeyed(sim, a, b, secy(e), streams.stream("keys"),
                e.link().rateGbps() * 1e9, Time.us(e.link().delayUs()), engine);
        impair(net.aToB(), e.link().impairments().aToB(), streams);
        impair(net.bToA(), e.link().impairments().bToA(), streams);
        appWakeup(net.a(), "a", e.hosts(), streams);
        appWakeup(net.b(), "b", e.hosts(), streams);
        Experiment.Contention c = e.contention();
        int spared = c.userFpuLoadSparesAppCpu() ? e.hosts().appCpu() : Contention.NO_CPU;
        List<KernelFpuLoad> receiverFpuLoads = Contention.install(net.b(), "b", c.kernelFpuBusy(), Time.us(c.meanSectionUs()), c.sectionDistribution(),
                c.userFpuLoad(), spared, streams);
        Contention.install(net.a(), "a", c.senderKernelFpuBusy(), Time.us(c.meanSectionUs()),
                c.sectionDistribution(), c.senderUserFpuLoad(), spared, streams);
        List<UdpSource> sources = new ArrayList<>();
        List<UdpSink> sinks = new ArrayList<>();
        List<TcpSocket> tcpSenders = new ArrayList<>();
        List<TcpSocket> tcpReceivers = new ArrayList<>();
        List<TcpSocket> reverse = new ArrayList<>();
        int flow = 0;
        for (Experiment.Traffic t : e.traffic()) {
            if (t instanceof Experiment.TcpTraffic tcp) {
                for (int i = 0; i < tcp.flows(); i++, flow++) {
                    ReadPath read = readPath(e, tcp, tcpCopyCyclesPerByte, b.stack().ghz());
                    TcpConfig cfg = tcpConfig(e, tcp);
                    if (read.modelled()) {
                        cfg = cfg.withWindowScale(read.windowScale());
                    }
                    int app = e.hosts().appCpuOf(flow);
                    TcpFlow.Applications apps = TcpFlow.Applications.onCpus(app, app).withReads(read);
                    if (tcp.reversed()) {
                        // iperf3 -R: b sends to a; a load, started with the others, not measured
                        TcpFlow f = TcpFlow.connect(net.b(), net.a(), flow, cfg, TCP_SMALL_QUEUES_BYTES,
                                apps.withWrites(sendPath(e, tcp, tcpCopyCyclesPerByte, b.stack().ghz())));
                        reverse.add(f.sender());
                        continue;
                    }
                    TcpFlow f = TcpFlow.connect(net, flow, cfg, TCP_SMALL_QUEUES_BYTES,
                            apps.withWrites(sendPath(e, tcp, tcpCopyCyclesPerByte, a.stack().ghz())));
                    tcpSenders.add(f.sender());
                    tcpReceivers.add(f.receiver());
                }
                continue;
            }
            Experiment.UdpTraffic u = (Experiment.UdpTraffic) t;
            double pps = u.rateMbps() * 1e6 / 8 / u.packetBytes() / u.flows();
            for (int i = 0; i < u.flows(); i++, flow++) {
                UdpSink sink = new UdpSink(b.stack());
                net.b().macsec().bind(flow, sink);
                sinks.add(sink);
                RandomStream gaps = u.pattern() == Experiment.UdpPattern.POISSON
                        ? streams.stream("a.flow" + flow + ".gaps") : null;
                UdpSource source = source(e, net, a, u, streams,
                        new UdpSource.Datagrams(flow, u.packetBytes(), pps, gaps, net.a().mac(), net.b().mac()));
                source.sendFromSoftirq(u.fromSoftirq());
                sources.add(source);
            }
        }
        return new Datapath(sim, net, sources, sinks, tcpSenders, tcpReceivers, receiverFpuLoads, reverse);
    }

    /**
     * A TCP entry's configuration: the mode's defaults with the MSS of the link's MTU, the entry's
     * congestion control, and the timers of the hosts' kernel: jiffies of {@code hosts.hz}; in Linux
     * mode the kernel's floor rule of the tail loss probe and RACK reorder timers
     * ({@link KernelRules#timerFloor}), the GSO skbs of {@code hosts.gso} ({@link #gso}), the
     * {@code sk_gso_max_size} HyStart's ACK delay sees ({@link KernelRules#gsoMaxBytes}) and where
     * HyStart starts its rounds ({@link KernelRules#hystartRound}).
     */
    public static TcpConfig tcpConfig(Experiment e, Experiment.TcpTraffic tcp) {
        TcpConfig cfg = TcpConfig.of(tcp.mode(), Ipv4TcpHeader.mssForLinkMtu(e.link().mtu()))
                .withCongestionControl(tcp.congestionControl())
                .withPacing(tcp.pacing());
        TcpTimers t = cfg.timers().withJiffyNs(1_000_000_000L / e.hosts().hz());
        if (tcp.mode() == TcpMode.LINUX) {
            KernelRules r = e.crypto().rules();
            t = t.withFloor(r.timerFloor());
            cfg = cfg.withGso(gso(e)).withGsoMaxBytes(r.gsoMaxBytes()).withHystartRound(r.hystartRound());
        }
        return cfg.withTimers(t);
    }

    /**
     * The GSO rules of Linux-mode TCP on these hosts: {@link Gso#OFF} when {@code hosts.gso} is
     * false, else the hosts' kernel's ({@link KernelRules#tsoRttLog}, {@link KernelRules#growSkb},
     * {@link KernelRules#deferToAckDue}).
     */
    public static Gso gso(Experiment e) {
        if (!e.hosts().gsoEnabled()) {
            return Gso.OFF;
        }
        KernelRules r = e.crypto().rules();
        return Gso.LINUX.withTsoRttLog(r.tsoRttLog()).withGrowSkb(r.growSkb()).withDeferToAckDue(r.deferToAckDue());
    }

    /**
     * A TCP entry's application writes ({@code writeBytes}) and the socket layer's rules of the
     * hosts' kernel ({@link KernelRules#smallSkbHeads}, {@link KernelRules#backlogFlushReleaseCb}).
     */
    public static SendPath sendPath(Experiment e, Experiment.TcpTraffic tcp, double copyCyclesPerByte, double ghz) {
        KernelRules r = e.crypto().rules();
        return SendPath.writing(tcp.writeBytes(), copyCyclesPerByte, ghz).withSmallSkbHeads(r.smallSkbHeads())
                .withFlushRunsReleaseCb(r.backlogFlushReleaseCb());
    }

    /**
     * A TCP entry's receiving application ({@code readBytes}) and the receive-buffer rules of the
     * hosts' kernel: {@code tcp_rmem[2]} ({@link KernelRules#rmemMax}), {@code
     * TCP_DEFAULT_SCALING_RATIO}, autotuning's sizing ({@link KernelRules#drs}), deferred ACKs,
     * the receiver's RTT ({@link KernelRules#rcvRtt}) and 2025's receive fixes. The read's copy
     * costs what the write's does (the CPU profile's {@code tcpCopyCyclesPerByte}; assumed).
     * Validation refuses a modelled reader where {@link KernelRules#readerModelled} is false and in
     * textbook mode.
     */
    static ReadPath readPath(Experiment e, Experiment.TcpTraffic tcp, double copyCyclesPerByte, double ghz) {
        KernelRules r = e.crypto().rules();
        if (tcp.readBytes() == 0) {
            return ReadPath.INSTANT.withRcvRtt(r.rcvRtt());
        }
        return ReadPath.builder().reader(tcp.readBytes(), copyCyclesPerByte, ghz)
                .rmem(ReadPath.TCP_RMEM_DEFAULT, r.rmemMax()).defaultScalingRatio(r.defaultScalingRatio()).drs(r.drs())
                .ackDeferred(r.ackDeferred()).rcvRtt(r.rcvRtt()).inqAware(r.receiveFixes2025())
                .passiveTsSpace(r.receiveFixes2025()).build();
    }

    private static void impair(Link link, Experiment.Impairment spec, Streams streams) {
        Impairment stage = impairment(spec);
        if (!stage.equals(Impairment.NONE)) {
            link.impair(stage, streams.under(link.name() + ".impairment"));
        }
    }

    /** A UDP source on a's application CPU of the flow, moving among a's CPUs when the entry asks. */
    private static UdpSource source(Experiment e, BackToBack net, HostSpec host, Experiment.UdpTraffic u,
                                    Streams streams, UdpSource.Datagrams datagrams) {
        int flow = datagrams.flow();
        Cpu[] cpus = new Cpu[net.a().cpuCount()];
        for (int i = 0; i < cpus.length; i++) {
            cpus[i] = net.a().cpu((e.hosts().appCpuOf(flow) + i) % cpus.length);
        }
        if (u.migrateMeanUs() > 0) {
            return new UdpSource(cpus, Time.us(u.migrateMeanUs()), streams.stream("a.flow" + flow + ".migration"),
                    net.a().macsec(), host.stack(), datagrams);
        }
        return new UdpSource(cpus[0], net.a().macsec(), host.stack(), datagrams);
    }
}
