package org.cryptorder.crypto;

import org.cryptorder.engine.Names;

/**
 * How the AEAD requests of MACsec are executed: the main independent variable of the model. Each
 * Linux kernel era picks one ({@link KernelEra}); the others are alternatives a designer may ask
 * about.
 */
public enum Policy {
    /** 5.7-6.5: a synchronous {@code gcm_base(ctr(aes-aesni),ghash-generic)}, always inline, slow. */
    SYNC_FALLBACK("sync-fallback"),
    /**
     * 4.6-5.6 and 6.6-6.14: the SIMD wrapper: inline when the FPU is usable and nothing of this SA is
     * queued or in flight in cryptd on any CPU, otherwise queued on this CPU's cryptd.
     */
    ASYNC("async"),
    /** RHEL7-style backport: the SIMD wrapper without the queued check, so frames overtake cryptd. */
    ASYNC_UNORDERED("async-unordered"),
    /** 6.15: the async wrapper, but softirqs wait for task FPU sections, so the FPU is always usable. */
    DEFER_SOFTIRQ("defer-softirq"),
    /** 6.16 and later: AES-NI/VAES GCM registered as synchronous: always inline, never cryptd. */
    SYNC_SIMD("sync-simd"),
    /** A CPU without AES-NI: the generic C AES and GHASH, synchronous, inline. */
    GENERIC("generic"),
    /**
     * {@link #ASYNC}, plus the fix proposed in the seed thread: a per-SA reorder queue after
     * decryption that releases frames in PN order, or past a gap once a timeout expires.
     */
    ASYNC_RESEQUENCE("async-resequence"),
    /**
     * pcrypt/padata: every request is spread over the CPUs' parallel workers in turn and the
     * completions are serialised back into submission order.
     */
    PCRYPT("pcrypt"),
    /** A crypto offload device with several engines that may complete out of order. */
    OFFLOAD("offload"),
    /** {@link #OFFLOAD} plus the per-SA PN-order reorder queue of {@link #ASYNC_RESEQUENCE}. */
    OFFLOAD_RESEQUENCE("offload-resequence");

    private final String key;

    Policy(String key) {
        this.key = key;
    }

    /**
     * Whether received frames pass a per-SA reorder queue (PN order, with a timeout) after decryption:
     * {@link #ASYNC_RESEQUENCE} and {@link #OFFLOAD_RESEQUENCE}.
     */
    public boolean resequences() {
        return this == ASYNC_RESEQUENCE || this == OFFLOAD_RESEQUENCE;
    }

    /**
     * Whether the kernels of this policy let kernel FPU sections hold off softirqs (6.15 and later):
     * {@link #DEFER_SOFTIRQ} and {@link #SYNC_SIMD}.
     */
    public boolean fpuSectionsDisableBh() {
        return this == DEFER_SOFTIRQ || this == SYNC_SIMD;
    }

    /** The name used in experiment files and output, e.g. {@code async-unordered}. */
    public String key() {
        return key;
    }

    /**
     * Whether MACsec's transform is the SIMD wrapper of {@code crypto/simd.c} ({@code
     * __gcm-aes-aesni} behind cryptd): its per-request check costs the caller cycles, inline or not.
     * The wrapper's policies: {@link #ASYNC}, {@link #ASYNC_UNORDERED}, {@link #DEFER_SOFTIRQ} and
     * {@link #ASYNC_RESEQUENCE}.
     */
    public boolean simdWrapper() {
        return switch (this) {
            case ASYNC, ASYNC_UNORDERED, DEFER_SOFTIRQ, ASYNC_RESEQUENCE -> true;
            default -> false;
        };
    }

    public static Policy fromKey(String key) {
        return Names.lookup(values(), Policy::key, key, "crypto policy");
    }

    @Override
    public String toString() {
        return key;
    }
}
