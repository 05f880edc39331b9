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
import org.cryptorder.crypto.CryptoParameters;
import org.cryptorder.host.HostParameters;
import org.cryptorder.macsec.SecYParameters;
import org.cryptorder.net.DeviceParameters;
import org.cryptorder.net.ImpairmentParameters;
import org.cryptorder.net.LinkParameters;
import org.cryptorder.params.Parameter;
import org.cryptorder.host.ContentionParameters;
import org.cryptorder.wifi.WifiParameters;
import org.cryptorder.transport.tcp.TcpParameters;
import org.cryptorder.transport.udp.UdpParameters;
import org.cryptorder.crypto.Policy;
import org.cryptorder.host.SchedulerParams;
import org.cryptorder.host.SectionLength;
import org.cryptorder.host.SliceRule;
import org.cryptorder.host.SoftirqDeferral;
import org.cryptorder.macsec.CipherSuite;
import org.cryptorder.macsec.ValidateFrames;
import org.cryptorder.net.InterruptModeration;
import org.cryptorder.net.RxSteering;
import org.cryptorder.transport.tcp.CongestionControlKind;
import org.cryptorder.transport.tcp.TcpMode;

/**
 * One experiment file ({@code experiments/*.json}, described by {@code experiment.schema.json}):
 * a base configuration of two hosts joined by a MACsec link, the traffic from host a to host b,
 * how long and how often to run it, and an optional factorial sweep.
 *
 * <p>Keys are camelCase with their unit in the name ({@code rateGbps}, {@code delayUs}). Every
 * component except {@code name}, {@code traffic} and a UDP entry's {@code rateMbps} is optional: an
 * absent key (Jackson passes {@code null}) takes the default its {@code params.Parameter} declares,
 * beside the component that reads it ({@code net.LinkParameters}, ..., {@link RunParameters}), so
 * the accessors never return {@code null} (except {@link Crypto#policy()} and {@link
 * Crypto#kernel()}, of which one is given). The schema is made from the same declarations. Ranges
 * and cross-field rules are {@code file.ExperimentFile}'s to check; the constructors fill in defaults.
 *
 * @param name        names the results folder {@code results/<name>/} (required)
 * @param description one line for {@code cryptorder list}
 * @param hosts       both hosts; defaults: see {@link Hosts}
 * @param link        the link; see {@link Link}
 * @param macsec      each host's SecY; see {@link Macsec}
 * @param crypto      the crypto policy; see {@link Crypto}
 * @param contention  FPU contention on the receiving (and sending) host; see {@link Contention}
 * @param traffic     one or more traffic entries (required)
 * @param wifi        when present, host b is a WiFi station downloading over CCMP instead of a MACsec
 *                    peer; see {@link Wifi}
 * @param run         duration, warm-up, replications, seed; see {@link RunSettings}
 * @param sweep       dotted path to the values it takes, in file order
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
     * Both hosts, built alike (a sends, b receives). Each component is a key of {@code hosts}, declared
     * with its description, unit, range, default and the default's source beside the component that
     * reads it: {@link HostParameters} (CPUs, profile, tick, ksoftirqd, application placement and
     * wake-up), {@link DeviceParameters} (the NIC, its queues, qdisc and BQL, the MACsec device's GRO)
     * and {@link TcpParameters#GSO}; docs/experiment-keys.md lists them. An absent key takes the declared
     * default, except {@code appCpu}, {@code gso}, {@code appWakeupMeanUs}, {@code appWakeupDistribution},
     * {@code appWakeupParetoShape}, {@code rxUsecs} and {@code gro}, which stay absent (and out of a
     * resolved file), their absence saying what it means: {@code gso} given without Linux-mode TCP, or
     * {@code txRingSize} without {@code qdisc}, is refused ({@link org.cryptorder.experiment.file.ConsistencyChecks}).
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
            qdisc = or(qdisc, DeviceParameters.QDISC.defaultText());
            bql = or(bql, DeviceParameters.BQL.defaultFlag());
            nic = or(nic, DeviceParameters.NIC.defaultText());
            hz = or(hz, HostParameters.HZ.defaultInt());
            ksoftirqd = or(ksoftirqd, HostParameters.KSOFTIRQD.defaultFlag());
            cpus = or(cpus, HostParameters.CPUS.defaultInt());
            rxQueues = or(rxQueues, DeviceParameters.RX_QUEUES.defaultInt());
            txQueues = or(txQueues, DeviceParameters.TX_QUEUES.defaultInt());
            profile = or(profile, HostParameters.PROFILE.defaultText());
            rxRingSize = or(rxRingSize, DeviceParameters.RX_RING_SIZE.defaultInt());
            txRingSize = or(txRingSize, DeviceParameters.TX_RING_SIZE.defaultInt());
            napiBudget = or(napiBudget, DeviceParameters.NAPI_BUDGET.defaultInt());
            rxSteering = or(rxSteering, choice(RxSteering.class, DeviceParameters.RX_STEERING));
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
     * <p>Its keys, units, ranges and defaults, with their sources: {@link org.cryptorder.net.LinkParameters#LINK}.
     *
     * <p>Its keys, units, ranges and defaults, with their sources: {@link org.cryptorder.net.ImpairmentParameters#IMPAIRMENT}.
     *
     * <p>Its keys, units, ranges and defaults, with their sources: {@link org.cryptorder.net.ImpairmentParameters#GILBERT_ELLIOTT}.
     *
     * <p>Its keys, units, ranges and defaults, with their sources: {@link org.cryptorder.net.ImpairmentParameters#DETERMINISTIC_REORDER}.
     *
     * <p>Its keys, units, ranges and defaults, with their sources: {@link org.cryptorder.macsec.SecYParameters#MACSEC}.
     *
     * <p>Its keys, units, ranges and defaults, with their sources: {@link org.cryptorder.crypto.CryptoParameters#CRYPTO}.
     *
     * <p>Its keys, units, ranges and defaults, with their sources: {@link org.cryptorder.crypto.CryptoParameters#OFFLOAD}.
     *
     * <p>Its keys, units, ranges and defaults, with their sources: {@link org.cryptorder.host.ContentionParameters#CONTENTION}.
     *
     * <p>Its keys, units, ranges and defaults, with their sources: {@link org.cryptorder.wifi.WifiParameters#WIFI}.
     *
     * <p>Its keys, units, ranges and defaults, with their sources: {@link org.cryptorder.transport.udp.UdpParameters#UDP}.
     *
     * <p>Its keys, units, ranges and defaults, with their sources: {@link org.cryptorder.transport.tcp.TcpParameters#TCP}.
     *
     * <p>Its keys, units, ranges and defaults, with their sources: {@link RunParameters#RUN}.
     *
     * @param rateGbps line rate, Gbit/s
     * @param delayUs  one-way propagation delay, us
     * @param mtu      MTU of the physical devices, octets
     */
    public record Link(Double rateGbps, Double delayUs, Integer mtu, Impairments impairments) {
        public Link {
            rateGbps = or(rateGbps, LinkParameters.RATE_GBPS.defaultNumber());
            delayUs = or(delayUs, LinkParameters.DELAY_US.defaultNumber());
            mtu = or(mtu, LinkParameters.MTU.defaultInt());
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
     * @param delayUs, jitterUs, delayDistribution, delayCorrelation {@code delay T J C distribution D}
     * @param lossProbability, lossCorrelation {@code loss random P C}
     * @param gilbertElliott {@code loss gemodel p r 1-h 1-k}; off while {@code p} is 0
     * @param duplicateProbability, duplicateCorrelation {@code duplicate P C}
     * @param corruptProbability, corruptCorrelation {@code corrupt P C}: one bit flipped
     * @param reorderProbability, reorderCorrelation, reorderGap {@code reorder P C gap G}
     * @param deterministicReorder every k-th frame held back; off while {@code everyK} is 0
     * @param limitFrames {@code limit}: frames the stage may hold; 0 for no limit
     * @param rateMbps, rateOverheadBytes {@code rate R OVERHEAD}: the stage's output rate, Mbit/s,
     *     each frame counted with the overhead, octets
     */
    public record Impairment(Double delayUs, Double jitterUs, org.cryptorder.net.Impairment.DelayDistribution delayDistribution,
                             Double delayCorrelation, Double lossProbability, Double lossCorrelation,
                             GilbertElliott gilbertElliott, Double duplicateProbability, Double duplicateCorrelation,
                             Double corruptProbability, Double corruptCorrelation, Double reorderProbability,
                             Double reorderCorrelation, Integer reorderGap, DeterministicReorder deterministicReorder,
                             Integer limitFrames, Double rateMbps, Integer rateOverheadBytes) {
        public Impairment {
            delayUs = or(delayUs, ImpairmentParameters.DELAY_US.defaultNumber());
            jitterUs = or(jitterUs, ImpairmentParameters.JITTER_US.defaultNumber());
            delayDistribution = or(delayDistribution,
                    choice(org.cryptorder.net.Impairment.DelayDistribution.class, ImpairmentParameters.DELAY_DISTRIBUTION));
            delayCorrelation = or(delayCorrelation, ImpairmentParameters.DELAY_CORRELATION.defaultNumber());
            lossProbability = or(lossProbability, ImpairmentParameters.LOSS_PROBABILITY.defaultNumber());
            lossCorrelation = or(lossCorrelation, ImpairmentParameters.LOSS_CORRELATION.defaultNumber());
            gilbertElliott = or(gilbertElliott, new GilbertElliott(null, null, null, null));
            duplicateProbability = or(duplicateProbability, ImpairmentParameters.DUPLICATE_PROBABILITY.defaultNumber());
            duplicateCorrelation = or(duplicateCorrelation, ImpairmentParameters.DUPLICATE_CORRELATION.defaultNumber());
            corruptProbability = or(corruptProbability, ImpairmentParameters.CORRUPT_PROBABILITY.defaultNumber());
            corruptCorrelation = or(corruptCorrelation, ImpairmentParameters.CORRUPT_CORRELATION.defaultNumber());
            reorderProbability = or(reorderProbability, ImpairmentParameters.REORDER_PROBABILITY.defaultNumber());
            reorderCorrelation = or(reorderCorrelation, ImpairmentParameters.REORDER_CORRELATION.defaultNumber());
            reorderGap = or(reorderGap, ImpairmentParameters.REORDER_GAP.defaultInt());
            deterministicReorder = or(deterministicReorder, new DeterministicReorder(null, null, null, null));
            limitFrames = or(limitFrames, ImpairmentParameters.LIMIT_FRAMES.defaultInt());
            rateMbps = or(rateMbps, ImpairmentParameters.RATE_MBPS.defaultNumber());
            rateOverheadBytes = or(rateOverheadBytes, ImpairmentParameters.RATE_OVERHEAD_BYTES.defaultInt());
        }

        static Impairment none() {
            return new Impairment(null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                    null, null, null, null);
        }
    }

    /**
     * netem's Gilbert-Elliott loss model ({@code loss gemodel p r 1-h 1-k}); off while p is 0.
     *
     * @param p         chance of going from the good to the bad state
     * @param r         chance of going back
     * @param oneMinusH loss in the bad state
     * @param oneMinusK loss in the good state
     */
    public record GilbertElliott(Double p, Double r, Double oneMinusH, Double oneMinusK) {
        public GilbertElliott {
            p = or(p, ImpairmentParameters.P.defaultNumber());
            r = or(r, ImpairmentParameters.R.defaultNumber());
            oneMinusH = or(oneMinusH, ImpairmentParameters.ONE_MINUS_H.defaultNumber());
            oneMinusK = or(oneMinusK, ImpairmentParameters.ONE_MINUS_K.defaultNumber());
        }
    }

    /**
     * An exact displacement rule: every k-th frame (counted from {@code offset}) is held back until
     * {@code displacementFrames} later frames have passed, or, with no displacement, for {@code
     * holdUs}. Off while everyK is 0.
     */
    public record DeterministicReorder(Integer everyK, Integer offset, Integer displacementFrames, Double holdUs) {
        public DeterministicReorder {
            everyK = or(everyK, ImpairmentParameters.EVERY_K.defaultInt());
            offset = or(offset, ImpairmentParameters.OFFSET.defaultInt());
            displacementFrames = or(displacementFrames, ImpairmentParameters.DISPLACEMENT_FRAMES.defaultInt());
            holdUs = or(holdUs, ImpairmentParameters.HOLD_US.defaultNumber());
        }
    }

    /**
     * Each host's SecY. Linux's defaults, except that encryption is on by default.
     *
     * @param cipherSuite   the cipher suite
     * @param encrypt       confidentiality on
     * @param sendSci       SCI in the SecTAG
     * @param icvLen        ICV octets, 8 or 12 to 16
     * @param replayProtect replay protection on
     * @param replayWindow  in packet numbers
     * @param validate      {@code strict}, {@code check} or {@code disabled}
     */
    public record Macsec(CipherSuite cipherSuite, Boolean encrypt, Boolean sendSci, Integer icvLen,
                         Boolean replayProtect, Long replayWindow, ValidateFrames validate) {
        public Macsec {
            cipherSuite = or(cipherSuite, choice(CipherSuite.class, SecYParameters.CIPHER_SUITE));
            encrypt = or(encrypt, SecYParameters.ENCRYPT.defaultFlag());
            sendSci = or(sendSci, SecYParameters.SEND_SCI.defaultFlag());
            icvLen = or(icvLen, SecYParameters.ICV_LEN.defaultInt());
            replayProtect = or(replayProtect, SecYParameters.REPLAY_PROTECT.defaultFlag());
            replayWindow = or(replayWindow, SecYParameters.REPLAY_WINDOW.defaultLong());
            validate = or(validate, choice(ValidateFrames.class, SecYParameters.VALIDATE));
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
     * @param cryptdQueueLength   cryptd's per-CPU queue length
     * @param resequenceTimeoutUs PN reorder queue timeout of the resequencing policies, us
     * @param offload             the offload device; see {@link Offload}
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Crypto(Policy policy, String kernel, Integer cryptdQueueLength, Double resequenceTimeoutUs,
                         Offload offload) {
        public Crypto {
            cryptdQueueLength = or(cryptdQueueLength,
                    KernelEra.of(kernel == null ? KernelEra.DEFAULT_VERSION : kernel).cryptdQueueLength());
            resequenceTimeoutUs = or(resequenceTimeoutUs, CryptoParameters.RESEQUENCE_TIMEOUT_US.defaultNumber());
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
     * @param engines       parallel engines
     * @param latencyUs     fixed time per request, us
     * @param gbpsPerEngine rate of one engine, Gbit/s
     * @param inOrder       completions in submission order
     */
    public record Offload(Integer engines, Double latencyUs, Double gbpsPerEngine, Boolean inOrder) {
        public Offload {
            engines = or(engines, CryptoParameters.ENGINES.defaultInt());
            latencyUs = or(latencyUs, CryptoParameters.LATENCY_US.defaultNumber());
            gbpsPerEngine = or(gbpsPerEngine, CryptoParameters.GBPS_PER_ENGINE.defaultNumber());
            inOrder = or(inOrder, CryptoParameters.IN_ORDER.defaultFlag());
        }
    }

    /**
     * Other FPU users on each CPU of the receiving host, and optionally of the sending host.
     *
     * @param kernelFpuBusy       fraction of time a task-context kernel FPU user holds the FPU
     * @param meanSectionUs       mean section length, us
     * @param sectionDistribution {@code exponential}, {@code deterministic} or {@code pareto}
     * @param userFpuLoad         a prime95-like user task on each of the receiver's CPUs
     * @param senderKernelFpuBusy the same kernel FPU contention on each of the sender's CPUs
     * @param senderUserFpuLoad   the prime95-like task on each of the sender's CPUs too
     * @param userFpuLoadSparesAppCpu leave the applications' CPUs free of the user load (seed S3 ran
     *                            prime95 on 27 of 28 cores and left iperf3 one)
     */
    public record Contention(Double kernelFpuBusy, Double meanSectionUs, SectionLength sectionDistribution,
                             Boolean userFpuLoad, Double senderKernelFpuBusy, Boolean senderUserFpuLoad,
                             Boolean userFpuLoadSparesAppCpu) {
        public Contention {
            kernelFpuBusy = or(kernelFpuBusy, ContentionParameters.KERNEL_FPU_BUSY.defaultNumber());
            meanSectionUs = or(meanSectionUs, ContentionParameters.MEAN_SECTION_US.defaultNumber());
            sectionDistribution = or(sectionDistribution, choice(SectionLength.class, ContentionParameters.SECTION_DISTRIBUTION));
            userFpuLoad = or(userFpuLoad, ContentionParameters.USER_FPU_LOAD.defaultFlag());
            senderKernelFpuBusy = or(senderKernelFpuBusy, ContentionParameters.SENDER_KERNEL_FPU_BUSY.defaultNumber());
            senderUserFpuLoad = or(senderUserFpuLoad, ContentionParameters.SENDER_USER_FPU_LOAD.defaultFlag());
            userFpuLoadSparesAppCpu = or(userFpuLoadSparesAppCpu,
                    ContentionParameters.USER_FPU_LOAD_SPARES_APP_CPU.defaultFlag());
        }
    }

    /**
     * A WiFi station in software-decrypt mode (seeds S9, S10): host b is a station of the profile
     * {@code hosts.profile} receiving the UDP download of the experiment's one UDP traffic entry
     * from an access point over the air, with mac80211's synchronous CCMP on one CPU; the MACsec
     * link, crypto policy and contention do not apply.
     *
     * @param ccmp       WPA2 (CCMP-128) on, or an open network
     * @param ccm        {@code per-block}: mainline's ccm template over the single-block AES-NI
     *                   cipher, one FPU section per 16-octet block; {@code per-request}: the
     *                   out-of-tree AES-NI CCM, one section per frame
     * @param airMbps    what the air carries at most, in MPDU octets, Mbit/s
     */
    public record Wifi(Boolean ccmp, org.cryptorder.wifi.CcmFpuUse ccm, Double airMbps) {
        public Wifi {
            ccmp = or(ccmp, WifiParameters.CCMP.defaultFlag());
            ccm = or(ccm, choice(org.cryptorder.wifi.CcmFpuUse.class, WifiParameters.CCM));
            airMbps = or(airMbps, WifiParameters.AIR_MBPS.defaultNumber());
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
     * @param flows         streams
     * @param rateMbps      offered UDP payload rate of all the entry's streams together, Mbit/s (required)
     * @param packetBytes   UDP payload per datagram, octets
     * @param pattern       {@code constant} or {@code poisson}
     * @param migrateMeanUs mean time between moves of each sending task among a's CPUs, us
     * @param fromSoftirq   send from softirq context rather than from the task
     */
    @JsonTypeName("udp")
    public record UdpTraffic(Integer flows, @JsonProperty(required = true) Double rateMbps, Integer packetBytes,
                             UdpPattern pattern, Double migrateMeanUs, Boolean fromSoftirq) implements Traffic {
        public UdpTraffic {
            flows = or(flows, UdpParameters.FLOWS.defaultInt());
            packetBytes = or(packetBytes, UdpParameters.PACKET_BYTES.defaultInt());
            pattern = or(pattern, choice(UdpPattern.class, UdpParameters.PATTERN));
            migrateMeanUs = or(migrateMeanUs, UdpParameters.MIGRATE_MEAN_US.defaultNumber());
            fromSoftirq = or(fromSoftirq, UdpParameters.FROM_SOFTIRQ.defaultFlag());
        }
    }

    /**
     * Bulk TCP flows like {@code iperf3}: a sender on host a, a receiver on host b, MSS from the link MTU.
     *
     * @param flows             connections
     * @param congestionControl {@code cubic} or {@code reno}
     * @param mode              {@code linux} or {@code textbook}
     * @param writeBytes        octets of each write of the sending application (iperf3 {@code -l}); 0 for no
     *                          application model
     * @param pacing            {@code none} or {@code internal}: whether TCP paces the sender itself
     *                          ({@code sk_pacing_status}, {@link org.cryptorder.transport.tcp.TcpPacing}; a CUBIC
     *                          socket that BBR initialised, as {@code iperf3 -C cubic} on a host whose default
     *                          is bbr, is paced)
     * @param readBytes         octets each read of the receiving application asks for (iperf3 -s: its
     *                          block, 128 KiB); with it the receiver's socket has Linux's receive memory,
     *                          window and autotuning ({@link org.cryptorder.transport.tcp.ReadPath}); 0:
     *                          in-order data is read as it arrives and the window is fixed
     * @param reverse           whether the flows go the other way, from host b to host a (iperf3 {@code -R}),
     *                          at the same time as the entries that go from a to b: a load on both hosts
     *                          whose own figures are not in the tables, which are of a's traffic to b
     */
    @JsonTypeName("tcp")
    public record TcpTraffic(Integer flows, CongestionControlKind congestionControl, TcpMode mode, Long writeBytes,
                             org.cryptorder.transport.tcp.TcpPacing pacing, Long readBytes,
                             @JsonInclude(JsonInclude.Include.NON_NULL) Boolean reverse)
            implements Traffic {
        public TcpTraffic {
            flows = or(flows, TcpParameters.FLOWS.defaultInt());
            congestionControl = or(congestionControl, choice(CongestionControlKind.class, TcpParameters.CONGESTION_CONTROL));
            mode = or(mode, choice(TcpMode.class, TcpParameters.MODE));
            writeBytes = or(writeBytes, TcpParameters.WRITE_BYTES.defaultLong());
            pacing = or(pacing, choice(org.cryptorder.transport.tcp.TcpPacing.class, TcpParameters.PACING));
            readBytes = or(readBytes, TcpParameters.READ_BYTES.defaultLong());
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
     * @param durationS       simulated seconds of traffic, warm-up included
     * @param warmupS         simulated seconds at the start whose observations are dropped
     * @param replications    replications per configuration
     * @param seed            experiment seed of the random streams
     * @param targetHalfWidth wanted 95% half-width per metric column
     * @param baseline        the configuration {@code paired.csv} compares every other one with: its
     *                        index in the sweep's order, or an object of swept values that names exactly
     *                        one configuration; absent: configuration 0
     */
    public record RunSettings(Double durationS, Double warmupS, Integer replications, Long seed,
                              Map<String, Double> targetHalfWidth,
                              @JsonInclude(JsonInclude.Include.NON_NULL) JsonNode baseline) {
        public RunSettings {
            durationS = or(durationS, RunParameters.DURATION_S.defaultNumber());
            warmupS = or(warmupS, RunParameters.WARMUP_S.defaultNumber());
            replications = or(replications, RunParameters.REPLICATIONS.defaultInt());
            seed = or(seed, RunParameters.SEED.defaultLong());
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

    /** The enum value a declared choice's default names, as files write it ({@link ExperimentJson#key}). */
    private static <E extends Enum<E>> E choice(Class<E> type, Parameter declared) {
        String key = declared.defaultText();
        for (E e : type.getEnumConstants()) {
            if (ExperimentJson.key(e).equals(key)) {
                return e;
            }
        }
        throw new IllegalStateException(declared.key() + "'s default " + key + " is none of " + type.getSimpleName());
    }
}
