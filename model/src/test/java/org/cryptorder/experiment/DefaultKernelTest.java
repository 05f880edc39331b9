package org.cryptorder.experiment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;
import org.cryptorder.crypto.KernelEra;
import org.cryptorder.crypto.Policy;
import org.cryptorder.experiment.output.Metrics;
import org.cryptorder.experiment.records.Experiment;
import org.cryptorder.experiment.records.InvalidExperimentException;
import org.cryptorder.experiment.records.KernelRules;
import org.cryptorder.experiment.records.ResolvedRun;
import org.cryptorder.experiment.replication.DatapathRunModel;
import org.cryptorder.experiment.wiring.DatapathBuilder;
import org.cryptorder.experiment.wiring.KernelRulesLine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * With no kernel named, every rule that depends on the kernel version is the rule of the one
 * default version, Linux 6.12.117 ({@link KernelEra#DEFAULT_VERSION}), whether {@code crypto.policy}
 * is given or not; with one named, its rules, whether a policy is given beside it or not. A given
 * policy chooses only the crypto path.
 */
class DefaultKernelTest {
    private static final String HOSTS = "\"hosts\": {\"qdisc\": \"fq_codel\"}, \"link\": {\"mtu\": 9000},"
            + " \"traffic\": [{\"kind\": \"tcp\", \"mode\": \"linux\"}]";

    /** Every versioned rule the model reads (the inventory), by the name kernelRules gives it. */
    static final Map<String, Function<Experiment, Object>> RULES = new LinkedHashMap<>();

    static {
        RULES.put("softirq deferral", e -> e.hosts().softirqDeferral(e.crypto().rules()));
        RULES.put("scheduler (slice rule, deferral, HZ)", e -> hostSpec(e).scheduler());
        RULES.put("scheduler of a WiFi station", e -> e.hosts().scheduler(1, e.crypto().rules()));
        RULES.put("TX path (fq_codel by version)", e -> hostSpec(e).tx());
        RULES.put("TCP config (timer floor, HyStart round, sk_gso_max_size)", e -> DatapathBuilder.tcpConfig(e, tcp(e)));
        RULES.put("TCP GSO (tcp_tso_autosize)", DatapathBuilder::gso);
        RULES.put("TCP send path (skb heads, backlog flush)", e -> DatapathBuilder.sendPath(e, tcp(e), 1.0, 2.0));
    }

    static Experiment parse(String crypto) throws Exception {
        return Experiments.parse("k.json", "{\"name\": \"k\", " + crypto + HOSTS + "}").experiment();
    }

    static org.cryptorder.net.HostSpec hostSpec(Experiment e) {
        try {
            return DatapathBuilder.hostSpec(e, Experiments.PROFILES.load("xeon-skylake-sp"));
        } catch (org.cryptorder.experiment.wiring.CpuProfile.InvalidProfileException ex) {
            throw new IllegalStateException("the bundled profile does not load", ex);
        }
    }

    static Experiment.TcpTraffic tcp(Experiment e) {
        return (Experiment.TcpTraffic) e.traffic().get(0);
    }

    static Stream<Arguments> rulesWithoutAKernel() {
        return RULES.keySet().stream().flatMap(rule -> Stream.of("", "\"crypto\": {\"policy\": \"async\"}, ",
                "\"crypto\": {\"policy\": \"sync-simd\"}, ").map(crypto -> Arguments.of(rule, crypto)));
    }

    @ParameterizedTest(name = "{0} with [{1}]")
    @MethodSource("rulesWithoutAKernel")
    void eachVersionedRuleIsTheDefaultVersions(String rule, String crypto) throws Exception {
        Experiment none = parse(crypto);
        Experiment named = parse("\"crypto\": {\"kernel\": \"" + KernelEra.DEFAULT_VERSION + "\"}, ");
        assertThat(none.crypto().kernel()).isNull();
        assertThat(none.crypto().kernelOrDefault()).isEqualTo("6.12.117");
        assertThat(RULES.get(rule).apply(none)).isEqualTo(RULES.get(rule).apply(named));
    }

    @Test
    void theTableTellsKernelsApart() throws Exception {
        // the rules a 5.10 host follows differ from 6.12's in every row but the TX path (fq_codel
        // changed in 4.7), so equality above says something
        Experiment old = parse("\"crypto\": {\"kernel\": \"5.10\"}, ");
        Experiment none = parse("");
        RULES.forEach((rule, of) -> {
            if (!rule.startsWith("TX path")) {
                assertThat(of.apply(old)).as(rule).isNotEqualTo(of.apply(none));
            }
        });
        Experiment ancient = parse("\"crypto\": {\"kernel\": \"4.6\"}, ");
        assertThat(hostSpec(ancient).tx()).isNotEqualTo(hostSpec(none).tx());
    }

    static Stream<Arguments> rulesWithAKernelAndAPolicy() {
        return RULES.keySet().stream().flatMap(rule -> Stream.of("6.18, sync-simd", "6.15, defer-softirq",
                "6.12.117, sync-simd", "5.10, async", "3.10-rhel7, pcrypt").map(pair -> Arguments.of(rule, pair)));
    }

    @ParameterizedTest(name = "{0} with kernel and policy {1}")
    @MethodSource("rulesWithAKernelAndAPolicy")
    void aPolicyBesideAKernelLeavesEveryVersionedRuleTheKernels(String rule, String pair) throws Exception {
        String kernel = pair.split(", ")[0];
        String policy = pair.split(", ")[1];
        Experiment both = parse("\"crypto\": {\"kernel\": \"" + kernel + "\", \"policy\": \"" + policy + "\"}, ");
        Experiment named = parse("\"crypto\": {\"kernel\": \"" + kernel + "\"}, ");
        assertThat(both.crypto().kernelOrDefault()).isEqualTo(kernel);
        assertThat(RULES.get(rule).apply(both)).isEqualTo(RULES.get(rule).apply(named));
        assertThat(both.crypto().effectivePolicy()).isEqualTo(Policy.fromKey(policy));
        assertThat(hostSpec(both).policy()).isEqualTo(Policy.fromKey(policy));
        assertThat(both.crypto().cryptdQueueLength()).as("the era's queue").isEqualTo(KernelEra.of(kernel).cryptdQueueLength());
    }

    @Test
    void theRhel7QueueStandsBesideAPolicyUnlessOneIsGiven() throws Exception {
        assertThat(parse("\"crypto\": {\"kernel\": \"3.10-rhel7\", \"policy\": \"async\"}, ").crypto().cryptdQueueLength())
                .isEqualTo(100);
        assertThat(parse("\"crypto\": {\"kernel\": \"3.10-rhel7\", \"policy\": \"async\", \"cryptdQueueLength\": 500}, ")
                .crypto().cryptdQueueLength()).isEqualTo(500);
    }

    @Test
    void sixEighteenRunsSixTwelveOneSeventeensRulesSoNamingItMovesNothing() throws Exception {
        // tcp-heavy-reordering models a 6.18 measurement: every rule it reads is the default
        // version's, so naming 6.18 beside its policy leaves its runs as they were
        Experiment named = parse("\"crypto\": {\"kernel\": \"6.18\", \"policy\": \"sync-simd\"}, ");
        Experiment none = parse("\"crypto\": {\"policy\": \"sync-simd\"}, ");
        RULES.forEach((rule, of) -> assertThat(of.apply(named)).as(rule).isEqualTo(of.apply(none)));
        assertThat(hostSpec(named)).isEqualTo(hostSpec(none));
        String rules = KernelRulesLine.of(named);
        String prefix = "kernel 6.18, policy sync-simd given; everything else Linux 6.18's: ";
        assertThat(rules).startsWith(prefix + "crypto policy sync-simd (crypto.policy), cryptd queue 1000,");
        String defaults = KernelRulesLine.of(none);
        assertThat(rules.substring(prefix.length()))
                .isEqualTo(defaults.substring("no kernel named: rules of Linux 6.12.117: ".length()));
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "{0}: {1}")
    @org.junit.jupiter.params.provider.CsvSource({"6.12, false", "6.12.34, false", "6.12.35, true", "6.12.117, true",
        "6.13, false", "6.15, false", "6.15.4, true", "6.16, true", "6.18, true", "6.6.119, false", "6.16+, true"})
    void sixteensReceiveFixesFollowTheStableTreesThatTookThem(String kernel, boolean fixed) {
        assertThat(KernelRules.of(kernel).receiveFixes2025()).isEqualTo(fixed);
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "{0}: {1}")
    @org.junit.jupiter.params.provider.CsvSource({"5.15, CONG_AVOID", "5.16, AFTER_LOW_WINDOW", "6.12, AFTER_LOW_WINDOW",
        "6.12.116, AFTER_LOW_WINDOW", "6.12.117, BEFORE_LOW_WINDOW", "6.13, AFTER_LOW_WINDOW", "6.14, BEFORE_LOW_WINDOW",
        "6.6-6.14, AFTER_LOW_WINDOW", "6.16+, BEFORE_LOW_WINDOW"})
    void hyStartsRoundFollowsTheReleaseAndSixTwelvesStableFix(String kernel,
                                                             org.cryptorder.transport.tcp.HystartRound round) {
        assertThat(KernelRules.of(kernel).hystartRound()).isEqualTo(round);
    }

    @Test
    void theCryptoSideIsSixTwelvesUnlessAPolicyIsGiven() throws Exception {
        Experiment none = parse("");
        assertThat(none.crypto().effectivePolicy()).isEqualTo(KernelEra.of("6.12.117").policy()).isEqualTo(Policy.ASYNC);
        assertThat(none.crypto().cryptdQueueLength()).isEqualTo(KernelEra.of("6.12.117").cryptdQueueLength());
        Experiment simd = parse("\"crypto\": {\"policy\": \"sync-simd\"}, ");
        assertThat(simd.crypto().effectivePolicy()).isEqualTo(Policy.SYNC_SIMD);
        assertThat(hostSpec(simd).policy()).isEqualTo(Policy.SYNC_SIMD);
    }

    @Test
    void kernelRulesSaysWhichVersionRulesAndListsEachRule() throws Exception {
        String none = KernelRulesLine.of(parse(""));
        String given = KernelRulesLine.of(parse("\"crypto\": {\"policy\": \"sync-simd\"}, "));
        String named = KernelRulesLine.of(parse("\"crypto\": {\"kernel\": \"6.12.117\"}, "));
        String prefix = "no kernel named: rules of Linux 6.12.117: ";
        assertThat(none).startsWith(prefix);
        assertThat(named).startsWith("kernel 6.12.117: ");
        assertThat(none.substring(prefix.length())).isEqualTo(named.substring("kernel 6.12.117: ".length()));
        assertThat(given).startsWith(prefix + "crypto policy sync-simd (crypto.policy), cryptd queue 1000,")
                .endsWith(named.substring(named.indexOf(", ksoftirqd ")));
        assertThat(named).contains("ksoftirqd inline_at_irq_exit", "scheduler tick eevdf",
                "TCP timer floor 2 ms before rounding", "tcp_tso_rtt_log", "tcp_grow_skb",
                "defer until the ACK is due", "HyStart round before_low_window",
                "TCP skb heads small-head cache",
                "backlog flush runs tcp_release_cb", "receiver RTT minimum", "fq_codel drop batch 64", "HZ 250");
        assertThat(KernelRulesLine.of(parse("\"crypto\": {\"kernel\": \"5.10\"}, ")))
                .contains("ksoftirqd ksoftirqd_only", "scheduler tick cfs", "2 jiffies after rounding",
                        "HyStart round cong_avoid", "defer after SRTT/2",
                        "TCP skb heads kmalloc", "backlog flush without tcp_release_cb", "receiver RTT smoothed");
        assertThat(KernelRulesLine.of(parse("\"crypto\": {\"kernel\": \"6.12\"}, ")))
                .as("mainline 6.12, before the stable tree took 6.16's receive fixes in 6.12.35")
                .contains("receiver RTT smoothed");
        assertThat(KernelRulesLine.of(parse("\"crypto\": {\"kernel\": \"6.18\"}, ")))
                .contains("receiver RTT minimum");
    }

    @ParameterizedTest(name = "kernel {0}, policy {1}: {2}")
    @org.junit.jupiter.params.provider.CsvSource({"6.18, async, true", "6.15, pcrypt, true", "6.16+, async, true",
        "6.14, async, false", "6.12.117, async, false", ", async, false", ", sync-simd, true", "6.14, defer-softirq, true"})
    void fpuSectionsHoldOffSoftirqsFromSixFifteenWhateverThePolicy(String kernel, String policy, boolean held)
            throws Exception {
        Experiment e = parse("\"crypto\": {" + (kernel == null ? "" : "\"kernel\": \"" + kernel + "\", ")
                + "\"policy\": \"" + policy + "\"}, ");
        assertThat(hostSpec(e).fpuSectionsDisableBh()).isEqualTo(held);
        assertThat(hostSpec(e).policy()).isEqualTo(Policy.fromKey(policy));
        assertThat(KernelRulesLine.of(e)).contains("FPU sections hold off softirqs: " + (held ? "yes" : "no"));
    }

    @Test
    void sixEighteensAsyncReceiverNeverFindsTheFpuTakenWhileSixFourteensDoes() throws Exception {
        // b's kernel FPU users hold the FPU 30% of the time; a NET_RX softirq that interrupted one
        // finds may_use_simd() false and queues to cryptd before 6.15, and waits for the section
        // to end from 6.15 (kernel_fpu_begin_mask disables BH)
        DatapathRunModel model = new DatapathRunModel(Experiments.PROFILES);
        Metrics before = model.run(udpUnderContention("6.14"), new org.cryptorder.engine.StreamRegistry(3), 0);
        Metrics after = model.run(udpUnderContention("6.18"), new org.cryptorder.engine.StreamRegistry(3), 0);
        assertThat(before.get("udp_received")).isPositive();
        assertThat(after.get("udp_received")).isPositive();
        assertThat(before.get("cryptd_enqueued")).isPositive();
        assertThat(after.get("cryptd_enqueued")).isZero();
    }

    private static ResolvedRun udpUnderContention(String kernel) throws InvalidExperimentException {
        return Experiments.parse("f.json", "{\"name\": \"f\", \"hosts\": {\"cpus\": 2}, \"crypto\": {\"kernel\": \""
                + kernel + "\", \"policy\": \"async\"}, \"contention\": {\"kernelFpuBusy\": 0.3},"
                + " \"traffic\": [{\"kind\": \"udp\", \"rateMbps\": 2000}], \"run\": {\"durationS\": 0.01}}")
                .configurations().get(0);
    }
}
