package org.cryptorder.experiment;


import java.util.ArrayList;
import java.util.List;
import org.cryptorder.crypto.OffloadSpec;
import org.cryptorder.engine.Streams;
import org.cryptorder.engine.Time;
import org.cryptorder.host.Cpu;
import org.cryptorder.host.KernelFpuLoad;
import org.cryptorder.host.WakeupLatency;
import org.cryptorder.macsec.GcmEngine;
import org.cryptorder.macsec.SecYConfig;
import org.cryptorder.net.Host;
import org.cryptorder.net.HostSpec;
import org.cryptorder.net.Impairment;
import org.cryptorder.net.InterruptModeration;
import org.cryptorder.net.Link;
import org.cryptorder.net.NicProfile;
import org.cryptorder.net.FqCodel;
import org.cryptorder.net.PfifoFast;
import org.cryptorder.net.QdiscKind;
import org.cryptorder.net.RxPathSpec;
import org.cryptorder.net.TxPathSpec;
import org.cryptorder.scenario.BackToBack;
import org.cryptorder.scenario.Contention;
import org.cryptorder.scenario.CpuProfile;
import org.cryptorder.scenario.TcpFlow;
import org.cryptorder.transport.Ipv4TcpHeader;
import org.cryptorder.transport.Gso;
import org.cryptorder.transport.HystartRound;
import org.cryptorder.transport.ReadPath;
import org.cryptorder.transport.SendPath;
import org.cryptorder.transport.TcpConfig;
import org.cryptorder.transport.TcpMode;
import org.cryptorder.transport.TcpSocket;
import org.cryptorder.transport.TcpTimers;
import org.cryptorder.transport.UdpSink;
import org.cryptorder.transport.UdpSource;
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
     * device and steering, and its TX path below MACsec on {@code nic} ({@link #txPath}).
     */
    public static HostSpec hostSpec(Experiment e, CpuProfile profile, NicProfile nic) {
        Experiment.Hosts h = e.hosts();
        Experiment.Crypto c = e.crypto();
        OffloadSpec defaults = OffloadSpec.defaults();
        OffloadSpec offload = new OffloadSpec(c.offload().engines(), Time.us(c.offload().latencyUs()),
                c.offload().gbpsPerEngine(), c.offload().inOrder(), defaults.submitCycles(), defaults.completionCycles());
        TxPathSpec tx = txPath(h, nic, e.link().mtu(), c.kernelOrDefault());
        return new HostSpec(h.cpus(), h.rxQueues(), h.txQueues(), h.rxRingSize(), tx, h.napiBudget(), c.effectivePolicy(),
                fpuSectionsDisableBh(c), c.cryptdQueueLength(), profile.crypto(), profile.stack(),
                h.scheduler(h.cpus(), c.kernelOrDefault()),
                offload,
                Time.us(c.resequenceTimeoutUs()), h.rxSteering(),
                new RxPathSpec(h.interruptModeration(c.kernelOrDefault()), h.groEnabled()));
    }

    /**
     * Whether the hosts' kernel FPU sections hold off softirqs: from Linux 6.15 {@code
     * kernel_fpu_begin_mask} disables BH (commit d02198550423, arch/x86/kernel/fpu/core.c), whatever
     * the policy; before it, only a policy that models it ({@link
     * org.cryptorder.crypto.Policy#fpuSectionsDisableBh()}).
     */
    static boolean fpuSectionsDisableBh(Experiment.Crypto c) {
        return c.effectivePolicy().fpuSectionsDisableBh() || KernelRules.of(c.kernelOrDefault()).fpuMaskDisablesBh();
    }

    /**
     * Each TX queue's build: {@code hosts.txRingSize} descriptors rounded up as
     * {@code ixgbe_set_ringparam} rounds them, {@code hosts.qdisc} (pfifo_fast with
     * {@code tx_queue_len}'s 1000 packets; fq_codel with {@code fq_codel_init}'s defaults on the
     * link's MTU in the kernel {@code kernel}), {@code hosts.bql}, and BQL's hold time of one second
     * on {@code hosts.hz}.
     */
    static TxPathSpec txPath(Experiment.Hosts h, NicProfile nic, int mtu, String kernel) {
        QdiscKind q = QdiscKind.of(h.qdisc());
        if (q == null) {
            throw new IllegalArgumentException("hosts.qdisc " + h.qdisc() + " is not modelled");
        }
        return new TxPathSpec(nic, nic.roundRing(h.txRingSize()), q, PfifoFast.TX_QUEUE_LEN, h.bql(), h.hz(),
                FqCodel.Params.linux(mtu, kernel));
    }

    /** The SecY of both hosts (their SCIs are set by {@link BackToBack}). */
    public static SecYConfig secy(Experiment e) {
        Experiment.Macsec m = e.macsec();
        return SecYConfig.linuxDefaults(1).withSuite(m.cipherSuite()).withEncrypt(m.encrypt()).withIcvLen(m.icvLen())
                .withSciMode(m.sendSci(), false, false).withReplay(m.replayProtect(), m.replayWindow())
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
        return new Impairment(spec.delayUs(), spec.jitterUs(), spec.delayDistribution(), spec.delayCorrelation(),
                spec.lossProbability(), spec.lossCorrelation(), ge, spec.duplicateProbability(),
                spec.duplicateCorrelation(), spec.corruptProbability(), spec.corruptCorrelation(),
                spec.reorderProbability(), spec.reorderCorrelation(), spec.reorderGap(), rule, spec.limitFrames(),
                spec.rateMbps(), spec.rateOverheadBytes());
    }

    /**
     * Wires one replication of {@code e} on {@code sim}: both hosts (built as {@code host}) with
     * their SecYs keyed from {@code streams}, the link and its impairments, the contention, and the
     * traffic. Nothing is scheduled to start yet ({@link Replication} does that).
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
                    if (tcp.reversed()) {
                        // iperf3 -R: b sends to a; a load, started with the others, not measured
                        TcpFlow f = TcpFlow.connect(net.b(), net.a(), flow, cfg, TCP_SMALL_QUEUES_BYTES, app, app,
                                sendPath(e, tcp, tcpCopyCyclesPerByte, b.stack().ghz()), read);
                        reverse.add(f.sender());
                        continue;
                    }
                    TcpFlow f = TcpFlow.connect(net, flow, cfg, TCP_SMALL_QUEUES_BYTES, app, app,
                            sendPath(e, tcp, tcpCopyCyclesPerByte, a.stack().ghz()), read);
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
                UdpSource source = source(e, net, a, u, flow, pps, gaps, streams);
                source.sendFromSoftirq(u.fromSoftirq());
                sources.add(source);
            }
        }
        return new Datapath(sim, net, sources, sinks, tcpSenders, tcpReceivers, receiverFpuLoads, reverse);
    }

    /**
     * A TCP entry's configuration: the mode's defaults with the MSS of the link's MTU, the entry's
     * congestion control, and the timers of the hosts' kernel: jiffies of {@code hosts.hz}, and
     * Linux's floor rule of the tail loss probe and RACK reorder timers by the hosts' kernel
     * ({@link #timerFloor}), and in Linux mode the GSO skbs of {@code hosts.gso} by that kernel's
     * {@code tcp_tso_autosize} ({@link #gso}) and its {@code sk_gso_max_size} for HyStart's ACK
     * delay: the device's 65,536 before 5.19, less {@code MAX_TCP_HEADER + 1} from 5.19
     * ({@code sk_dst_gso_max_size}), and where HyStart starts its rounds ({@link HystartRound}).
     */
    static TcpConfig tcpConfig(Experiment e, Experiment.TcpTraffic tcp) {
        TcpConfig cfg = TcpConfig.of(tcp.mode(), Ipv4TcpHeader.mssForLinkMtu(e.link().mtu()))
                .withCongestionControl(tcp.congestionControl())
                .withPacing(tcp.pacing());
        TcpTimers t = cfg.timers().withJiffyNs(1_000_000_000L / e.hosts().hz());
        if (tcp.mode() == TcpMode.LINUX) {
            t = t.withFloor(timerFloor(e.crypto().kernelOrDefault()));
            cfg = cfg.withGso(gso(e));
            KernelRules r = KernelRules.of(e.crypto().kernelOrDefault());
            cfg = cfg.withGsoMaxBytes(r.gsoMaxBytes()).withHystartRound(r.hystartRound());
        }
        return cfg.withTimers(t);
    }

    /**
     * Where HyStart starts its rounds in the kernel {@code kernel}: in {@code cong_avoid} before
     * 5.16, after the low-window test from 5.16 (4e1fddc98d25), before it from 6.14 (25c1a9ca53db),
     * which 6.12's stable tree carries by 6.12.117, the release the TCP model is read from (the
     * first 6.12.y with it is not pinned down here, so an earlier one reads as mainline 6.12).
     */
    static HystartRound hystartRound(String kernel) {
        return KernelRules.of(kernel).hystartRound();
    }

    /**
     * The GSO rules of Linux-mode TCP on these hosts: {@link Gso#OFF} when {@code hosts.gso} is
     * false, else the hosts' kernel's: {@code tcp_tso_autosize}'s min-RTT term from 5.18, {@code
     * tcp_grow_skb} from 6.10, and {@code tcp_tso_should_defer}'s ACK-due test from 6.18, which
     * 6.12's stable tree carries by 6.12.117 (the backport came in October 2025; the first 6.12.y
     * with it is not pinned down here, so an earlier one, and any other stable release, reads as
     * its mainline).
     */
    static Gso gso(Experiment e) {
        if (!e.hosts().gsoEnabled()) {
            return Gso.OFF;
        }
        KernelRules r = KernelRules.of(e.crypto().kernelOrDefault());
        return new Gso(true, r.tsoRttLog(), true, r.growSkb(), r.deferToAckDue());
    }

    /**
     * A TCP entry's application writes ({@code writeBytes}) and the socket layer's rules of the
     * hosts' kernel: skb heads from the small-head cache from 6.3 (commit bf9f1baa279f), {@code
     * tcp_release_cb} in {@code __sk_flush_backlog} from 6.7 (commit 4505dc2a5228).
     */
    static SendPath sendPath(Experiment e, Experiment.TcpTraffic tcp, double copyCyclesPerByte, double ghz) {
        KernelRules r = KernelRules.of(e.crypto().kernelOrDefault());
        return new SendPath(tcp.writeBytes(), copyCyclesPerByte, ghz, r.smallSkbHeads(), r.backlogFlushReleaseCb());
    }

    /**
     * A TCP entry's receiving application ({@code readBytes}) and the receive-buffer rules of the
     * hosts' kernel: {@code tcp_rmem[2]} of 32 MiB from 6.16 (commit 572be9bf9d0d; 6 MiB before),
     * {@code TCP_DEFAULT_SCALING_RATIO} 128 from 6.10 (697a6c8cec03; 64 from 6.5), autotuning's sizing
     * ({@link ReadPath.Drs}: 6.18's growth term, aa251c84636c; 6.16's {@code tcp_rcvbuf_grow},
     * 65c5287892e9; before, the 16-MSS cushion), and ACKs deferred while the socket is owned from
     * 6.7 (133c4c0d3717). The read's copy costs what the write's does (the CPU profile's {@code
     * tcpCopyCyclesPerByte}; assumed). Before 6.5 the window is {@code tcp_adv_win_scale}'s fixed half
     * of the buffer ({@link ReadPath.Drs#ADV_WIN_SCALE}). Validation refuses a modelled reader before
     * 4.20 ({@code tcp_rmem[1]} was 87,380 before a337531b942b) and in textbook mode.
     */
    static ReadPath readPath(Experiment e, Experiment.TcpTraffic tcp, double copyCyclesPerByte, double ghz) {
        KernelRules r = KernelRules.of(e.crypto().kernelOrDefault());
        if (tcp.readBytes() == 0) {
            return ReadPath.INSTANT.withRcvRtt(r.rcvRtt());
        }
        return new ReadPath(tcp.readBytes(), copyCyclesPerByte, ghz, ReadPath.TCP_RMEM_DEFAULT, r.rmemMax(),
                r.defaultScalingRatio(), r.drs(), r.ackDeferred(), r.rcvRtt(), r.receiveFixes2025(),
                r.receiveFixes2025());
    }

    /**
     * Whether kernel {@code k} has the receive-side fixes of Linux 6.16 that went to the stable trees
     * in June 2025 (d59fc95be9d0, b879dcb1aeec, ea33537d8292, cd171461b90a: the receiver's RTT kept
     * at its minimum, what is queued not counted as copied, the passive open's first buffer values):
     * 6.16 on, and by their stable-review mails of 2025-06-23 (linux-6.12.y pushed with all four that
     * day) 6.12.35 and 6.15.4 on in their trees; 6.6.y is not checked and reads as mainline 6.6.
     */
    static boolean receiveFixes2025(String k) {
        return KernelRules.of(k).receiveFixes2025();
    }

    /**
     * The rules the hosts' kernel resolves to, in one line for {@code experiment.json}'s provenance:
     * the version ({@link Experiment.Crypto#kernelOrDefault()}), and when {@code crypto.policy} is
     * given beside a named kernel, that only the policy is not the kernel's ("kernel 6.18, policy
     * sync-simd given; everything else Linux 6.18's"), then the crypto policy (marked when
     * {@code crypto.policy} chose it), cryptd queue and whether FPU sections hold off softirqs
     * ({@link #fpuSectionsDisableBh}), the softirq deferral, the scheduler's tick check, TCP's timer
     * floor, its GSO skbs, HyStart's round start and the send path, the receiver's RTT estimate
     * ({@link #receiveFixes2025}), fq_codel's overlimit batch when
     * it is the qdisc, the tick.
     */
    public static String kernelRules(Experiment e) {
        Experiment.Crypto c = e.crypto();
        Experiment.Hosts h = e.hosts();
        String k = c.kernelOrDefault();
        Gso gso = gso(e);
        java.util.Locale root = java.util.Locale.ROOT;
        String version = c.kernel() == null ? "no kernel named: rules of Linux " + k
                : c.policy() == null ? "kernel " + k
                : "kernel " + k + ", policy " + c.policy().key() + " given; everything else Linux " + k + "'s";
        return version
                + ": crypto policy " + c.effectivePolicy().key() + (c.policy() != null ? " (crypto.policy)" : "")
                + ", cryptd queue " + c.cryptdQueueLength()
                + ", FPU sections hold off softirqs: " + (fpuSectionsDisableBh(c) ? "yes" : "no")
                + ", ksoftirqd " + (h.ksoftirqd() ? h.softirqDeferral(k).name().toLowerCase(root) : "off")
                + ", scheduler tick " + h.scheduler(h.cpus(), k).sliceRule().name().toLowerCase(root)
                + ", TCP timer floor " + (timerFloor(k) == TcpTimers.TimerFloor.TWO_JIFFIES
                        ? "2 jiffies after rounding" : "2 ms before rounding")
                + ", TCP GSO " + (!gso.enabled() ? "off (one MSS per skb)"
                        : (gso.tsoRttLog() ? "on, tcp_tso_autosize with tcp_tso_rtt_log" : "on, tcp_tso_autosize by pacing rate")
                                + (gso.growSkb() ? ", tcp_grow_skb" : "")
                                + (gso.deferToAckDue() ? ", defer until the ACK is due" : ", defer after SRTT/2"))
                + ", HyStart round " + hystartRound(k).name().toLowerCase(root)
                + ", TCP skb heads " + (KernelRules.of(k).smallSkbHeads() ? "small-head cache" : "kmalloc")
                + ", backlog flush " + (KernelRules.of(k).backlogFlushReleaseCb() ? "runs tcp_release_cb"
                        : "without tcp_release_cb")
                + ", receiver RTT " + (receiveFixes2025(k) ? "minimum" : "smoothed")
                + ", NIC moderation " + (h.interruptModeration(k).mode() == InterruptModeration.Mode.ADAPTIVE
                        ? "adaptive (" + h.interruptModeration(k).algorithm().name().toLowerCase(root) + ")"
                        : "rx-usecs " + h.interruptModeration(k).fixedUs())
                + ", GRO at macsec0 " + (h.groEnabled() ? "on" : "off")
                + (QdiscKind.of(h.qdisc()) == QdiscKind.FQ_CODEL
                        ? ", fq_codel drop batch " + FqCodel.Params.linux(e.link().mtu(), k).dropBatchSize() : "")
                + ", HZ " + h.hz();
    }

    /**
     * How the kernel {@code kernel} adds the 2 ms floor of the TLP and RACK reorder timers: 2 jiffies
     * after rounding before 6.6, 2 ms before rounding from 6.6 (Linux commit 1c2709cfff1d).
     */
    static TcpTimers.TimerFloor timerFloor(String kernel) {
        return KernelRules.of(kernel).timerFloor();
    }

    private static void impair(Link link, Experiment.Impairment spec, Streams streams) {
        Impairment stage = impairment(spec);
        if (!stage.equals(Impairment.NONE)) {
            link.impair(stage, streams.under(link.name() + ".impairment"));
        }
    }

    /** A UDP source on a's application CPU of the flow, moving among a's CPUs when the entry asks. */
    private static UdpSource source(Experiment e, BackToBack net, HostSpec host, Experiment.UdpTraffic u, int flow,
                                    double pps, RandomStream gaps, Streams streams) {
        Cpu[] cpus = new Cpu[net.a().cpuCount()];
        for (int i = 0; i < cpus.length; i++) {
            cpus[i] = net.a().cpu((e.hosts().appCpuOf(flow) + i) % cpus.length);
        }
        if (u.migrateMeanUs() > 0) {
            return new UdpSource(cpus, Time.us(u.migrateMeanUs()), streams.stream("a.flow" + flow + ".migration"),
                    net.a().macsec(), host.stack(), flow, u.packetBytes(), pps, gaps, net.a().mac(), net.b().mac());
        }
        return new UdpSource(cpus[0], net.a().macsec(), host.stack(), flow, u.packetBytes(), pps, gaps,
                net.a().mac(), net.b().mac());
    }
}
