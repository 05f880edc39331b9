package org.cryptorder.crypto;

import java.util.Arrays;
import org.cryptorder.params.Parameter;
import org.cryptorder.params.ParameterGroup;

/**
 * The keys of {@code crypto}: the policy MACsec's AEAD requests follow ({@link Policy}), the hosts'
 * kernel ({@link KernelEra}), cryptd's queue and the hypothetical policies' knobs (the resequencing
 * timeout, the offload device).
 */
public final class CryptoParameters {
    private CryptoParameters() {
    }

    /** {@code crypto.policy}. */
    public static final Parameter POLICY = Parameter.choice("policy",
            Arrays.stream(Policy.values()).map(Policy::key).toList(),
            "The crypto path MACsec's AEAD takes (docs/model.md, crypto policies); absent: the one "
                    + "crypto.kernel's era runs.");

    /** {@code crypto.kernel}. */
    public static final Parameter KERNEL = Parameter.text("kernel",
            "A Linux version such as \"5.10\", \"6.6\" or \"3.10-rhel7\", the kernel of both hosts: picks that "
                    + "era's crypto policy and cryptd queue length, what interrupts do while ksoftirqd runs "
                    + "(hosts.ksoftirqd), the scheduler's tick check (CFS's slice before 6.6, EEVDF's deadline from "
                    + "6.6), fq_codel's limits, and TCP's rules (the tail loss probe and RACK reorder timers add 2 "
                    + "jiffies after rounding before 6.6, 2 ms before rounding from 6.6; GSO autosizing, skb heads, "
                    + "backlog flush; CUBIC HyStart's round start, in cong_avoid before 5.16, not below 16 segments "
                    + "from 5.16 to 6.13, whatever cwnd from 6.14, and its sk_gso_max_size, 65,536 up to 5.18, 65,215 "
                    + "from 5.19). Without it every one of these rules is Linux 6.12.117's (policy async, cryptd queue "
                    + "1000, pending softirqs run at interrupt exit, EEVDF, HyStart's round start of 6.14, which 6.12's"
                    + " stable tree carries; a named \"6.12\" is mainline 6.12.0). With or without it, crypto.policy when"
                    + " given replaces only the era's policy; experiment.json's kernelRules lists the rules.")
            .with("minLength", 1);

    /** {@code crypto.cryptdQueueLength}. */
    public static final Parameter CRYPTD_QUEUE_LENGTH = Parameter.integer("cryptdQueueLength", "requests",
            "cryptd's per-CPU queue length (default 1000, or the kernel era's).")
            .range(1, 1000000);

    /** {@code crypto.resequenceTimeoutUs}. */
    public static final Parameter RESEQUENCE_TIMEOUT_US = Parameter.number("resequenceTimeoutUs", "us",
            "How long the PN reorder queue of the resequencing policies waits for a gap, microseconds.")
            .range(0.001, 10000000).byDefault(100,
                    "the model's choice for its hypothetical resequencing policies (no Linux counterpart): a "
                            + "few cryptd round trips");

    /** {@code offload.engines}. */
    public static final Parameter ENGINES = Parameter.integer("engines", "engines",
            "Engines of the offload device, working in parallel.")
            .range(1, 1024).byDefault(4, "the model's choice for its hypothetical offload device");

    /** {@code offload.latencyUs}. */
    public static final Parameter LATENCY_US = Parameter.number("latencyUs", "us",
            "Fixed time per request on an engine, microseconds.")
            .range(0, 1000000).byDefault(2, "the model's choice for its hypothetical offload device");

    /** {@code offload.gbpsPerEngine}. */
    public static final Parameter GBPS_PER_ENGINE = Parameter.number("gbpsPerEngine", "",
            "Throughput of one engine, Gbit/s.")
            .above(0, 10000).byDefault(10,
                    "the model's choice for its hypothetical offload device: one engine keeps up with the "
                            + "10GbE link");

    /** {@code offload.inOrder}. */
    public static final Parameter IN_ORDER = Parameter.flag("inOrder", "Completions released in submission order.")
            .byDefault(false, "the model's choice: engines that complete out of order, the case that reorders");

    /** {@code crypto.offload}. */
    public static final ParameterGroup OFFLOAD = ParameterGroup.of("offload",
            "The crypto offload device of the offload policies.", ENGINES, LATENCY_US, GBPS_PER_ENGINE, IN_ORDER);

    /** The section {@code crypto}. */
    public static final ParameterGroup CRYPTO = ParameterGroup.of("crypto",
            "How AEAD requests run, and the hosts' kernel: a policy, a kernel version, both, or neither (Linux "
                    + KernelEra.DEFAULT_VERSION + ", whose policy is async). The kernel (" + KernelEra.DEFAULT_VERSION
                    + " when none is named) is the version every versioned rule follows; a policy given beside it"
                    + " overrides only the crypto path its era would choose (\"kernel 6.18, policy sync-simd given;"
                    + " everything else Linux 6.18's\"), and cryptd's queue stays the era's unless cryptdQueueLength"
                    + " is given. From 6.15 the kernel's FPU sections hold off softirqs whatever the policy, as its"
                    + " kernel_fpu_begin_mask does (commit d02198550423); before 6.15 only defer-softirq and"
                    + " sync-simd's do.",
            POLICY, KERNEL, CRYPTD_QUEUE_LENGTH, RESEQUENCE_TIMEOUT_US, Parameter.group("offload", OFFLOAD));
}
