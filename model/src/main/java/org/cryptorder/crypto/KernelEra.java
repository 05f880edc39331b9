package org.cryptorder.crypto;

import org.cryptorder.host.KernelVersion;

/**
 * What MACsec on x86 runs in each Linux era (SEEDS.md, Kernel eras; KERNEL-FACTS.md section 9
 * fact 1). An era fixes the crypto {@link Policy}, which also says whether kernel FPU sections
 * hold off softirqs (6.15 and later), and cryptd's queue length.
 */
public enum KernelEra {
    RHEL7_BACKPORT("3.10-rhel7", Policy.ASYNC_UNORDERED, 100),
    V4_6_TO_5_6("4.6-5.6", Policy.ASYNC, 1000),
    V5_7_TO_6_5("5.7-6.5", Policy.SYNC_FALLBACK, 1000),
    V6_6_TO_6_14("6.6-6.14", Policy.ASYNC, 1000),
    V6_15("6.15", Policy.DEFER_SOFTIRQ, 1000),
    V6_16_ON("6.16+", Policy.SYNC_SIMD, 1000);

    /**
     * The version the model runs when an experiment names none: Linux 6.12.117, the release whose
     * source the TCP model is read from (TCP-AND-PEERS.md). Its era, 6.6 to 6.14, runs {@code async}
     * with cryptd's 1000; every versioned rule reads it as 6.12, except where 6.12's stable tree
     * took a later fix (HyStart's round start).
     */
    public static final String DEFAULT_VERSION = "6.12.117";

    private final String key;
    private final Policy policy;
    private final int cryptdQueueLength;

    KernelEra(String key, Policy policy, int cryptdQueueLength) {
        this.key = key;
        this.policy = policy;
        this.cryptdQueueLength = cryptdQueueLength;
    }

    public String key() {
        return key;
    }

    public Policy policy() {
        return policy;
    }

    /**
     * cryptd's per-CPU queue length: the {@code cryptd_max_cpu_qlen} default 1000, or the old
     * compile-time 100 (the change is dated about 2018, version unverified: KERNEL-FACTS.md 4.2).
     */
    public int cryptdQueueLength() {
        return cryptdQueueLength;
    }

    /**
     * The policy that runs for an experiment's {@code crypto} block: the given one, else the era's
     * of {@code kernel}, or of {@link #DEFAULT_VERSION} when {@code kernel} is null ({@code async}).
     *
     * @throws IllegalArgumentException for a kernel version {@link #of} cannot read
     */
    public static Policy policyFor(Policy policy, String kernel) {
        if (policy != null) {
            return policy;
        }
        return of(kernel == null ? DEFAULT_VERSION : kernel).policy();
    }

    /**
     * The era of a kernel version such as {@code "5.10"}, {@code "6.6"} or {@code "3.10-rhel7"}, read
     * as {@link KernelVersion#code} reads every version (an era key by its first version).
     *
     * @throws IllegalArgumentException for versions before MACsec (4.6) or that cannot be read
     */
    public static KernelEra of(String version) {
        if (version.trim().startsWith("3.10")) {
            return RHEL7_BACKPORT;
        }
        int n = KernelVersion.code(version);
        if (n < 4006) {
            throw new IllegalArgumentException("MACsec appeared in Linux 4.6; '" + version
                    + "' has none (use 3.10-rhel7 for the RHEL7 backport)");
        }
        if (n <= 5006) {
            return V4_6_TO_5_6;
        }
        if (n <= 6005) {
            return V5_7_TO_6_5;
        }
        if (n <= 6014) {
            return V6_6_TO_6_14;
        }
        if (n == 6015) {
            return V6_15;
        }
        return V6_16_ON;
    }
}
