package org.cryptorder.experiment.records;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.annotation.JsonTypeName;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.cryptorder.crypto.KernelEra;
import org.cryptorder.crypto.Policy;
import org.cryptorder.host.SchedulerParams;
import org.cryptorder.host.SectionLength;
import org.cryptorder.host.SliceRule;
import org.cryptorder.host.SoftirqDeferral;
import org.cryptorder.macsec.CipherSuite;
import org.cryptorder.macsec.ValidateFrames;
import org.cryptorder.net.InterruptModeration;
import org.cryptorder.net.NicProfile;
import org.cryptorder.net.QdiscKind;
import org.cryptorder.net.RxSteering;
import org.cryptorder.transport.tcp.CongestionControlKind;
import org.cryptorder.transport.tcp.TcpMode;

/**
 * One experiment file ({@code experiments/*.json}, described by {@code experiment.schema.json}):
 * a base configuration of two hosts joined by a MACsec link, the traffic from host a to host b,
 * how long and how often to run it, and an optional factorial sweep.
 *
 * <p>Keys are camelCase with their unit in the name ({@code rateGbps}, {@code delayUs}). Every
 * component except {@code name}, {@code traffic} and a UDP entry's {@code rateMbps} is optional:
 * an absent key (Jackson passes {@code null}) takes the default stated on the component, so the
 * accessors never return {@code null} (except {@link Crypto#policy()} and {@link Crypto#kernel()},
 * of which one is given). The same defaults are in the schema, and a test checks that the two
 * agree. Checking ranges and cross-field rules is {@link org.cryptorder.experiment.ExperimentFile}'s job; the constructors
 * only fill in defaults.
 *
 * @param name        names the results folder {@code results/<name>/} (required)
 * @param description one line for {@code cryptorder list}; default empty
 * @param hosts       both hosts; defaults: see {@link Hosts}
 * @param link        the link; see {@link Link}
 * @param macsec      each host's SecY; see {@link Macsec}
 * @param crypto      the crypto policy; see {@link Crypto}
 * @param contention  FPU contention on the receiving (and sending) host; see {@link Contention}
 * @param traffic     one or more traffic entries (required)
 * @param wifi        when present, host b is a WiFi station downloading over CCMP instead of a MACsec
 *                    peer; see {@link Wifi}
 * @param run         duration, warm-up, replications, seed; see {@link RunSettings}
 * @param sweep       dotted path to the values it takes, in file order; default none
 * @param provenance  written by {@code run} into the resolved {@code experiment.json}; ignored on input
 */
public record Experiment(@JsonProperty(required = true) String name, String description, Hosts hosts, Link link,
                         Macsec macsec, Crypto crypto, Contention contention,
                         @JsonProperty(required = true) List<Traffic> traffic,
                         @JsonInclude(JsonInclude.Include.NON_NULL) Wifi wifi, RunSettings run,
                         Map<String, List<JsonNode>> sweep, Map<String, String> provenance) {

    public Experiment {
        description = description == null ? "" : description;
        hosts = hosts == null ? new Hosts(null, null, null, null, null, null, null, null, null, null, null, null, null,
                null, null) : hosts;
        link = link == null ? new Link(null, null, null, null) : link;
        macsec = macsec == null ? new Macsec(null, null, null, null, null, null, null) : macsec;
        crypto = crypto == null ? new Crypto(null, null, null, null, null) : crypto;
        contention = contention == null ? new Contention(null, null, null, null, null, null, null) : contention;
        traffic = traffic == null ? List.of() : List.copyOf(traffic);
        run = run == null ? new RunSettings(null, null, null, null, null) : run;
        sweep = sweep == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(sweep));
        provenance = provenance == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(provenance));
    }

    /** The same experiment with other provenance notes. */
    public Experiment withProvenance(Map<String, String> notes) {
        return new Experiment(name, description, hosts, link, macsec, crypto, contention, traffic, wifi, run, sweep,
                notes);
    }

    /**
     * Both hosts, built alike (a sends, b receives).
     *
     * @param cpus       CPU cores per host; default 4
     * @param rxQueues   NIC RX queues, queue i served by CPU i mod cpus; default 1
     * @param txQueues   NIC TX queues; XPS puts what CPU c sends on queue c (a CPU with no queue of its own
     *                   by flow hash); default 1
     * @param profile    CPU cost profile {@code data/profiles/<profile>.json}; default {@code xeon-skylake-sp}
     * @param rxRingSize descriptors per RX ring; default 4096
     * @param txRingSize descriptors per TX ring, rounded up to the NIC's multiple; default 512 (ixgbe's
     *                   {@code IXGBE_DEFAULT_TXD}). Until the qdisc was modelled it counted frames of ring
     *                   and qdisc together; a file that gives it without {@code qdisc} is refused
     *                   ({@link org.cryptorder.experiment.ConsistencyChecks})
     * @param napiBudget frames per NAPI poll; default 64
     * @param rxSteering {@code nic} (every MACsec frame on RX queue 0, as the 82599 does), or the
     *                   hypothetical {@code flow} (a queue per flow) and {@code per-frame} (queues in
     *                   turn) ({@link RxSteering}); default {@code nic}
     * @param appCpu     the CPU every application (iperf3 client and server, UDP sources) runs on, as
     *                   {@code taskset -c}; default none: flow i's applications run on CPU i mod cpus
     * @param ksoftirqd  whether a softirq run that lasts 2 ms hands the rest to ksoftirqd, as the
     *                   kernel in {@code crypto.kernel} does ({@link SoftirqDeferral}); default true, as
     *                   every Linux has ksoftirqd ({@code kernel/softirq.c}, {@code __do_softirq}'s
     *                   {@code MAX_SOFTIRQ_TIME}); false is a switch for teaching: softirq work then
     *                   always runs before tasks
     * @param hz         the kernel's tick, {@code CONFIG_HZ}: 100, 250 or 1000 (not 300, whose tick is no whole
     *                   number of ns); the one clock of TCP's
     *                   timers (jiffies), of the softirq deferral's tick and of the scheduler's check of the
     *                   running task ({@link SliceRule}); default 250, Linux's own
     *                   default ({@code kernel/Kconfig.hz}) and Debian's and Ubuntu's (RHEL and Fedora
     *                   build with 1000)
     * @param qdisc      each TX queue's qdisc: {@code pfifo_fast} (Linux's default, 1000 packets),
     *                   {@code fq_codel} ({@code default_qdisc=fq_codel}: 1024 buckets, CoDel 5 ms / 100 ms,
     *                   10240 packets, with the defaults of {@code crypto.kernel}) or {@code noqueue};
     *                   default {@code pfifo_fast}
     * @param bql        byte queue limits on the TX queues; default true (ixgbe uses BQL)
     * @param nic        the NIC profile {@code data/nics/<nic>.json}; default {@code ixgbe-82599}
     * @param gso        whether Linux-mode TCP hands the MACsec device GSO skbs of several MSS, which it
     *                   cuts into frames in software ({@link org.cryptorder.transport.tcp.Gso}); absent: true,
     *                   as Linux's TCP always does ({@code sk_setup_caps}); false: one MSS per skb. Kept
     *                   absent when not given (not written into a resolved file), since a file that gives
     *                   it without Linux-mode TCP is refused ({@link org.cryptorder.experiment.ConsistencyChecks})
     * @param appWakeupMeanUs mean time an application task woken on an idle CPU takes to run, us
     *                   ({@link org.cryptorder.host.WakeupLatency}: the idle exit, the switch, the return
     *                   to user space out of {@code select()}); absent: none, the task runs at once
     * @param appWakeupDistribution the distribution of that time ({@code exponential},
     *                   {@code deterministic} or {@code pareto}); absent: {@code pareto}
     * @param appWakeupParetoShape the pareto distribution's shape, more than 1; absent: 2.5
     * @param rxUsecs    the NIC's interrupt moderation, {@code ethtool -C eth0 rx-usecs}: {@code "adaptive"}
     *                   (ixgbe's default, {@code rx-usecs 1}: {@code ixgbe_update_itr} of {@code crypto.kernel}),
     *                   or a fixed interval in us, 0 (none) or 2-1022; absent: adaptive
     * @param gro        whether the MACsec device's GRO cells merge consecutive in-order TCP segments of a flow
     *                   ({@code ethtool -K macsec0 gro}); absent: true, Linux's default
     */
    public record Hosts(Integer cpus, Integer rxQueues, Integer txQueues, String profile, Integer rxRingSize,
                        Integer txRingSize, Integer napiBudget, RxSteering rxSteering,
                        @JsonInclude(JsonInclude.Include.NON_NULL) Integer appCpu,
                        Boolean ksoftirqd, Integer hz, String qdisc,
                        Boolean bql, String nic, @JsonInclude(JsonInclude.Include.NON_NULL) Boolean gso,
                        @JsonInclude(JsonInclude.Include.NON_NULL) Double appWakeupMeanUs,
                        @JsonInclude(JsonInclude.Include.NON_NULL) SectionLength appWakeupDistribution,
                        @JsonInclude(JsonInclude.Include.NON_NULL) Double appWakeupParetoShape,
                        @JsonInclude(JsonInclude.Include.NON_NULL) Object rxUsecs,
                        @JsonInclude(JsonInclude.Include.NON_NULL) Boolean gro) {

        /** Hosts whose application tasks run at once when woken. */
        public Hosts(Integer cpus, Integer rxQueues, Integer txQueues, String profile, Integer rxRingSize,
                     Integer txRingSize, Integer napiBudget, RxSteering rxSteering, Integer appCpu,
                     Boolean ksoftirqd, Integer hz, String qdisc, Boolean bql, String nic, Boolean gso) {
            this(cpus, rxQueues, txQueues, profile, rxRingSize, txRingSize, napiBudget, rxSteering, appCpu, ksoftirqd,
                    hz, qdisc, bql, nic, gso, null, null, null, null, null);
        }

        /** Whether the MACsec device's GRO cells merge TCP segments ({@code gro}, true when absent). */
        public boolean groEnabled() {
            return gro == null || gro;
        }

        /**
         * The NIC's interrupt moderation under the kernel's {@code rules}: {@code rxUsecs} ("adaptive" or
         * absent: {@link InterruptModeration#adaptive} by {@link KernelRules#itrAlgorithm}; a number: fixed).
         *
         * @throws IllegalArgumentException when {@code rxUsecs} is neither (the consistency checks say so first)
         */
        public InterruptModeration interruptModeration(KernelRules rules) {
            if (rxUsecs == null || "adaptive".equals(rxUsecs)) {
                return InterruptModeration.adaptive(rules.itrAlgorithm());
            }
            if (rxUsecs instanceof Integer n) {
                return InterruptModeration.fixed(n);
            }
            throw new IllegalArgumentException("hosts.rxUsecs: expected \"adaptive\" or a whole number of us, found " + rxUsecs);
        }

        /** The wake-up latency's distribution: {@code appWakeupDistribution}, pareto when absent. */
        public SectionLength appWakeupKind() {
            return appWakeupDistribution == null ? SectionLength.PARETO : appWakeupDistribution;
        }

        /** The pareto wake-up latency's shape: {@code appWakeupParetoShape}, 2.5 when absent. */
        public double appWakeupParetoShapeOrDefault() {
            return appWakeupParetoShape == null ? SectionLength.PARETO_SHAPE : appWakeupParetoShape;
        }
        public Hosts {
            qdisc = or(qdisc, QdiscKind.PFIFO_FAST.key());
            bql = or(bql, true);
            nic = or(nic, NicProfile.DEFAULT_NAME);
            hz = or(hz, SchedulerParams.DEFAULT_HZ);
            ksoftirqd = or(ksoftirqd, true);
            cpus = or(cpus, 4);
            rxQueues = or(rxQueues, 1);
            txQueues = or(txQueues, 1);
            profile = or(profile, "xeon-skylake-sp");
            rxRingSize = or(rxRingSize, 4096);
            txRingSize = or(txRingSize, NicProfile.ixgbe82599().txDescriptors());
            napiBudget = or(napiBudget, 64);
            rxSteering = or(rxSteering, RxSteering.NIC);
        }

        /**
         * How softirq runs move to ksoftirqd on these hosts: as the kernel's {@code rules} say
         * ({@link KernelRules#softirqDeferral}); none when {@code ksoftirqd} is switched off.
         */
        public SoftirqDeferral softirqDeferral(KernelRules rules) {
            return ksoftirqd ? rules.softirqDeferral() : SoftirqDeferral.NONE;
        }

        /**
         * The scheduler of hosts with {@code ncpus} CPUs under the kernel's {@code rules}: Linux's
         * defaults at {@code hz}, with this softirq deferral and the kernel's {@link SliceRule}.
         */
        public SchedulerParams scheduler(int ncpus, KernelRules rules) {
            return SchedulerParams.linuxDefaults(ncpus).withSoftirqDeferral(softirqDeferral(rules)).withHz(hz)
                    .withSliceRule(rules.sliceRule());
        }

        /** Whether TCP's skbs may cover several MSS ({@code gso}, true when absent). */
        public boolean gsoEnabled() {
            return gso == null || gso;
        }

        /** The CPU on which flow {@code flow}'s applications run. */
        public int appCpuOf(int flow) {
            return appCpu != null ? appCpu : flow % cpus;
        }
    }

    /**
     * The full-duplex link between the hosts.
     *
     * @param rateGbps line rate, Gbit/s; default 10
     * @param delayUs  one-way propagation delay, us; default 20
     * @param mtu      MTU of the physical devices, octets; default 1500
     */
    public record Link(Double rateGbps, Double delayUs, Integer mtu, Impairments impairments) {
        public Link {
            rateGbps = or(rateGbps, 10.0);
            delayUs = or(delayUs, 20.0);
            mtu = or(mtu, 1500);
            impairments = or(impairments, new Impairments(null, null));
        }
    }

    /**
     * What the link does to frames on the wire in each direction, as {@code tc netem} would (all
     * off by default); see {@link org.cryptorder.net.Impairment}.
     *
     * @param aToB the data direction (host a to host b)
     * @param bToA the reverse direction (ACKs)
     */
    public record Impairments(Impairment aToB, Impairment bToA) {
        public Impairments {
            aToB = or(aToB, Impairment.none());
            bToA = or(bToA, Impairment.none());
        }
    }

    /**
     * One direction's impairments; probabilities and correlations are fractions (tc takes
     * percentages). Every knob is off by default.
     *
     * @param delayUs, jitterUs, delayDistribution, delayCorrelation {@code delay T J C distribution D}; 0, 0, uniform, 0
     * @param lossProbability, lossCorrelation {@code loss random P C}; 0, 0
     * @param gilbertElliott {@code loss gemodel p r 1-h 1-k}; off while {@code p} is 0
     * @param duplicateProbability, duplicateCorrelation {@code duplicate P C}; 0, 0
     * @param corruptProbability, corruptCorrelation {@code corrupt P C}: one bit flipped; 0, 0
     * @param reorderProbability, reorderCorrelation, reorderGap {@code reorder P C gap G}; 0, 0, 0
     * @param deterministicReorder every k-th frame held back; off while {@code everyK} is 0
     * @param limitFrames {@code limit}: frames the stage may hold; 0 for no limit
     * @param rateMbps, rateOverheadBytes {@code rate R OVERHEAD}: the stage's output rate, Mbit/s,
     *     each frame counted with the overhead, octets; 0, 0 (no rate)
     */
    public record Impairment(Double delayUs, Double jitterUs, org.cryptorder.net.Impairment.DelayDistribution delayDistribution,
                             Double delayCorrelation, Double lossProbability, Double lossCorrelation,
                             GilbertElliott gilbertElliott, Double duplicateProbability, Double duplicateCorrelation,
                             Double corruptProbability, Double corruptCorrelation, Double reorderProbability,
                             Double reorderCorrelation, Integer reorderGap, DeterministicReorder deterministicReorder,
                             Integer limitFrames, Double rateMbps, Integer rateOverheadBytes) {
        public Impairment {
            delayUs = or(delayUs, 0.0);
            jitterUs = or(jitterUs, 0.0);
            delayDistribution = or(delayDistribution, org.cryptorder.net.Impairment.DelayDistribution.UNIFORM);
            delayCorrelation = or(delayCorrelation, 0.0);
            lossProbability = or(lossProbability, 0.0);
            lossCorrelation = or(lossCorrelation, 0.0);
            gilbertElliott = or(gilbertElliott, new GilbertElliott(null, null, null, null));
            duplicateProbability = or(duplicateProbability, 0.0);
            duplicateCorrelation = or(duplicateCorrelation, 0.0);
            corruptProbability = or(corruptProbability, 0.0);
            corruptCorrelation = or(corruptCorrelation, 0.0);
            reorderProbability = or(reorderProbability, 0.0);
            reorderCorrelation = or(reorderCorrelation, 0.0);
            reorderGap = or(reorderGap, 0);
            deterministicReorder = or(deterministicReorder, new DeterministicReorder(null, null, null, null));
            limitFrames = or(limitFrames, 0);
            rateMbps = or(rateMbps, 0.0);
            rateOverheadBytes = or(rateOverheadBytes, 0);
        }

        static Impairment none() {
            return new Impairment(null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                    null, null, null, null);
        }
    }

    /**
     * netem's Gilbert-Elliott loss model ({@code loss gemodel p r 1-h 1-k}); off while p is 0.
     *
     * @param p         chance of going from the good to the bad state; default 0 (off)
     * @param r         chance of going back; default 1
     * @param oneMinusH loss in the bad state; default 1
     * @param oneMinusK loss in the good state; default 0
     */
    public record GilbertElliott(Double p, Double r, Double oneMinusH, Double oneMinusK) {
        public GilbertElliott {
            p = or(p, 0.0);
            r = or(r, 1.0);
            oneMinusH = or(oneMinusH, 1.0);
            oneMinusK = or(oneMinusK, 0.0);
        }
    }

    /**
     * An exact displacement rule: every k-th frame (counted from {@code offset}) is held back until
     * {@code displacementFrames} later frames have passed, or, with no displacement, for {@code
     * holdUs}. Off while everyK is 0.
     */
    public record DeterministicReorder(Integer everyK, Integer offset, Integer displacementFrames, Double holdUs) {
        public DeterministicReorder {
            everyK = or(everyK, 0);
            offset = or(offset, 0);
            displacementFrames = or(displacementFrames, 0);
            holdUs = or(holdUs, 0.0);
        }
    }

    /**
     * Each host's SecY. Linux's defaults, except that encryption is on by default.
     *
     * @param cipherSuite   default GCM-AES-128
     * @param encrypt       confidentiality on; default true
     * @param sendSci       SCI in the SecTAG; default true
     * @param icvLen        ICV octets, 8 or 12 to 16; default 16
     * @param replayProtect default false
     * @param replayWindow  in packet numbers; default 0
     * @param validate      {@code strict}, {@code check} or {@code disabled}; default strict
     */
    public record Macsec(CipherSuite cipherSuite, Boolean encrypt, Boolean sendSci, Integer icvLen,
                         Boolean replayProtect, Long replayWindow, ValidateFrames validate) {
        public Macsec {
            cipherSuite = or(cipherSuite, CipherSuite.GCM_AES_128);
            encrypt = or(encrypt, true);
            sendSci = or(sendSci, true);
            icvLen = or(icvLen, 16);
            replayProtect = or(replayProtect, false);
            replayWindow = or(replayWindow, 0L);
            validate = or(validate, ValidateFrames.STRICT);
        }

        /** Octets MACsec adds to each frame: SecTAG (8, or 16 with the SCI) and ICV. */
        @JsonIgnore
        public int overheadOctets() {
            return (sendSci ? 16 : 8) + icvLen;
        }
    }

    /**
     * How AEAD requests run, and the hosts' kernel: a policy, a kernel version, both, or neither.
     * The kernel is the version every versioned rule follows (softirq deferral, scheduler, TCP,
     * fq_codel); with none named they all follow {@link KernelEra#DEFAULT_VERSION}, 6.12.117
     * ({@link #kernelOrDefault()}). A given {@code policy} overrides only the crypto path the
     * kernel's era would choose; cryptd's queue stays the era's unless {@code cryptdQueueLength} is
     * given. From 6.15 the kernel's FPU sections hold off softirqs whatever the policy, as its
     * {@code kernel_fpu_begin_mask} does ({@link KernelRules#fpuMaskDisablesBh}). {@link #rules()}
     * resolves the versioned rules once ({@link KernelRules}).
     *
     * @param policy              a {@link Policy} key, or null: the kernel era's
     * @param kernel              a Linux version such as "5.10" or "3.10-rhel7", or null: 6.12.117
     * @param cryptdQueueLength   cryptd's per-CPU queue length; default the kernel era's, else 1000
     * @param resequenceTimeoutUs PN reorder queue timeout of the resequencing policies, us; default 100
     * @param offload             the offload device; see {@link Offload}
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Crypto(Policy policy, String kernel, Integer cryptdQueueLength, Double resequenceTimeoutUs,
                         Offload offload) {
        public Crypto {
            cryptdQueueLength = or(cryptdQueueLength,
                    KernelEra.of(kernel == null ? KernelEra.DEFAULT_VERSION : kernel).cryptdQueueLength());
            resequenceTimeoutUs = or(resequenceTimeoutUs, 100.0);
            offload = offload == null ? new Offload(null, null, null, null) : offload;
        }

        /**
         * The kernel version the hosts run, which every versioned rule reads: the named one, else
         * {@link KernelEra#DEFAULT_VERSION} (6.12.117).
         */
        @JsonIgnore
        public String kernelOrDefault() {
            return kernel == null ? KernelEra.DEFAULT_VERSION : kernel;
        }

        /** The rules of every versioned part of the model: those of {@link #kernelOrDefault()}. */
        @JsonIgnore
        public KernelRules rules() {
            return KernelRules.of(kernelOrDefault());
        }

        /** The policy that runs: the given one, else the era's of {@link #kernelOrDefault()}. */
        @JsonIgnore
        public Policy effectivePolicy() {
            return KernelEra.policyFor(policy, kernel);
        }
    }

    /**
     * The crypto offload device of the {@code offload} policies.
     *
     * @param engines       parallel engines; default 4
     * @param latencyUs     fixed time per request, us; default 2
     * @param gbpsPerEngine rate of one engine, Gbit/s; default 10
     * @param inOrder       completions in submission order; default false
     */
    public record Offload(Integer engines, Double latencyUs, Double gbpsPerEngine, Boolean inOrder) {
        public Offload {
            engines = or(engines, 4);
            latencyUs = or(latencyUs, 2.0);
            gbpsPerEngine = or(gbpsPerEngine, 10.0);
            inOrder = or(inOrder, false);
        }
    }

    /**
     * Other FPU users on each CPU of the receiving host, and optionally of the sending host.
     *
     * @param kernelFpuBusy       fraction of time a task-context kernel FPU user holds the FPU; default 0
     * @param meanSectionUs       mean section length, us; default 40
     * @param sectionDistribution {@code exponential}, {@code deterministic} or {@code pareto}; default exponential
     * @param userFpuLoad         a prime95-like user task on each of the receiver's CPUs; default false
     * @param senderKernelFpuBusy the same kernel FPU contention on each of the sender's CPUs; default 0
     * @param senderUserFpuLoad   the prime95-like task on each of the sender's CPUs too; default false
     * @param userFpuLoadSparesAppCpu leave the applications' CPUs free of the user load (seed S3 ran
     *                            prime95 on 27 of 28 cores and left iperf3 one); default false
     */
    public record Contention(Double kernelFpuBusy, Double meanSectionUs, SectionLength sectionDistribution,
                             Boolean userFpuLoad, Double senderKernelFpuBusy, Boolean senderUserFpuLoad,
                             Boolean userFpuLoadSparesAppCpu) {
        public Contention {
            kernelFpuBusy = or(kernelFpuBusy, 0.0);
            meanSectionUs = or(meanSectionUs, 40.0);
            sectionDistribution = or(sectionDistribution, SectionLength.EXPONENTIAL);
            userFpuLoad = or(userFpuLoad, false);
            senderKernelFpuBusy = or(senderKernelFpuBusy, 0.0);
            senderUserFpuLoad = or(senderUserFpuLoad, false);
            userFpuLoadSparesAppCpu = or(userFpuLoadSparesAppCpu, false);
        }
    }

    /**
     * A WiFi station in software-decrypt mode (seeds S9, S10): host b is a station of the profile
     * {@code hosts.profile} receiving the UDP download of the experiment's one UDP traffic entry
     * from an access point over the air, with mac80211's synchronous CCMP on one CPU; the MACsec
     * link, crypto policy and contention do not apply.
     *
     * @param ccmp       WPA2 (CCMP-128) on, or an open network; default true
     * @param ccm        {@code per-block}: mainline's ccm template over the single-block AES-NI
     *                   cipher, one FPU section per 16-octet block; {@code per-request}: the
     *                   out-of-tree AES-NI CCM, one section per frame; default per-block
     * @param airMbps    what the air carries at most, in MPDU octets, Mbit/s; default 1000
     */
    public record Wifi(Boolean ccmp, org.cryptorder.scenario.WifiStation.Ccm ccm, Double airMbps) {
        public Wifi {
            ccmp = or(ccmp, true);
            ccm = or(ccm, org.cryptorder.scenario.WifiStation.Ccm.PER_BLOCK);
            airMbps = or(airMbps, 1000.0);
        }
    }

    /** One traffic entry, told apart by its {@code kind}: {@code udp} or {@code tcp}. */
    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, include = JsonTypeInfo.As.PROPERTY, property = "kind")
    @JsonSubTypes({@JsonSubTypes.Type(UdpTraffic.class), @JsonSubTypes.Type(TcpTraffic.class)})
    public sealed interface Traffic permits UdpTraffic, TcpTraffic {
        /** Flows (streams or connections) of this entry. */
        Integer flows();
    }

    /**
     * UDP streams like {@code iperf3 -u}.
     *
     * @param flows         streams; default 1
     * @param rateMbps      offered UDP payload rate of all the entry's streams together, Mbit/s (required)
     * @param packetBytes   UDP payload per datagram, octets; default 1400
     * @param pattern       {@code constant} or {@code poisson}; default constant
     * @param migrateMeanUs mean time between moves of each sending task among a's CPUs, us; default 0 (never)
     * @param fromSoftirq   send from softirq context rather than from the task; default false
     */
    @JsonTypeName("udp")
    public record UdpTraffic(Integer flows, @JsonProperty(required = true) Double rateMbps, Integer packetBytes,
                             UdpPattern pattern, Double migrateMeanUs, Boolean fromSoftirq) implements Traffic {
        public UdpTraffic {
            flows = or(flows, 1);
            packetBytes = or(packetBytes, 1400);
            pattern = or(pattern, UdpPattern.CONSTANT);
            migrateMeanUs = or(migrateMeanUs, 0.0);
            fromSoftirq = or(fromSoftirq, false);
        }
    }

    /**
     * Bulk TCP flows like {@code iperf3}: a sender on host a, a receiver on host b, MSS from the link MTU.
     *
     * @param flows             connections; default 1
     * @param congestionControl {@code cubic} or {@code reno}; default cubic
     * @param mode              {@code linux} or {@code textbook}; default linux
     * @param writeBytes        octets of each write of the sending application (iperf3 {@code -l}); default
     *                          128 KiB; 0 for no application model
     * @param pacing            {@code none} or {@code internal}: whether TCP paces the sender itself
     *                          ({@code sk_pacing_status}, {@link org.cryptorder.transport.tcp.TcpPacing}; a CUBIC
     *                          socket that BBR initialised, as {@code iperf3 -C cubic} on a host whose default
     *                          is bbr, is paced); default none
     * @param readBytes         octets each read of the receiving application asks for (iperf3 -s: its
     *                          block, 128 KiB); with it the receiver's socket has Linux's receive memory,
     *                          window and autotuning ({@link org.cryptorder.transport.tcp.ReadPath}); default
     *                          0: in-order data is read as it arrives and the window is fixed
     * @param reverse           whether the flows go the other way, from host b to host a (iperf3 {@code -R}),
     *                          at the same time as the entries that go from a to b: a load on both hosts
     *                          whose own figures are not in the tables, which are of a's traffic to b;
     *                          default false
     */
    @JsonTypeName("tcp")
    public record TcpTraffic(Integer flows, CongestionControlKind congestionControl, TcpMode mode, Long writeBytes,
                             org.cryptorder.transport.tcp.TcpPacing pacing, Long readBytes,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Boolean reverse)
            implements Traffic {
        public TcpTraffic {
            flows = or(flows, 1);
            congestionControl = or(congestionControl, CongestionControlKind.CUBIC);
            mode = or(mode, TcpMode.LINUX);
            writeBytes = or(writeBytes, org.cryptorder.transport.tcp.SendPath.IPERF3_TCP_BLOCK);
            pacing = or(pacing, org.cryptorder.transport.tcp.TcpPacing.NONE);
            readBytes = or(readBytes, 0L);
        }

        /** Bulk flows without pacing, read as they arrive. */
        public TcpTraffic(Integer flows, CongestionControlKind congestionControl, TcpMode mode, Long writeBytes) {
            this(flows, congestionControl, mode, writeBytes, null, null, null);
        }

        /** Whether the flows go from b to a ({@code reverse}, false when absent). */
        public boolean reversed() {
            return reverse != null && reverse;
        }
    }

    /** How a UDP source spaces its datagrams. */
    public enum UdpPattern {
        /** Every datagram after the same gap. */
        CONSTANT,
        /** Exponential gaps of the same mean. */
        POISSON
    }

    /**
     * How long and how often each configuration runs.
     *
     * @param durationS       simulated seconds of traffic, warm-up included; default 1
     * @param warmupS         simulated seconds at the start whose observations are dropped; default 0
     * @param replications    replications per configuration; default 5
     * @param seed            experiment seed of the random streams; default 1
     * @param targetHalfWidth wanted 95% half-width per metric column; default none
     * @param baseline        the configuration {@code paired.csv} compares every other one with: its
     *                        index in the sweep's order, or an object of swept values that names exactly
     *                        one configuration; default none: configuration 0
     */
    public record RunSettings(Double durationS, Double warmupS, Integer replications, Long seed,
                              Map<String, Double> targetHalfWidth,
                              @JsonInclude(JsonInclude.Include.NON_NULL) JsonNode baseline) {
        public RunSettings {
            durationS = or(durationS, 1.0);
            warmupS = or(warmupS, 0.0);
            replications = or(replications, 5);
            seed = or(seed, 1L);
            targetHalfWidth = targetHalfWidth == null ? Map.of()
                    : Collections.unmodifiableMap(new LinkedHashMap<>(targetHalfWidth));
        }

        /** Run settings without a named baseline. */
        public RunSettings(Double durationS, Double warmupS, Integer replications, Long seed,
                           Map<String, Double> targetHalfWidth) {
            this(durationS, warmupS, replications, seed, targetHalfWidth, null);
        }
    }

    private static <T> T or(T value, T fallback) {
        return value == null ? fallback : value;
    }
}
