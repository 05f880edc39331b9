package org.cryptorder.crypto;

import org.cryptorder.engine.Names;

/**
 * How the AEAD requests of MACsec are executed: the main independent variable of the model. Each
 * Linux kernel era picks one ({@link KernelEra}); the others are alternatives a designer may ask
 * about.
 */
public enum Policy {
    /** 5.7-6.5: a synchronous {@code gcm_base(ctr(aes-aesni),ghash-generic)}, always inline, slow. */
    SYNC_FALLBACK("sync-fallback", false, false, false),
    /**
     * 4.6-5.6 and 6.6-6.14: the SIMD wrapper: inline when the FPU is usable and nothing of this SA is
     * queued or in flight in cryptd on any CPU, otherwise queued on this CPU's cryptd.
     */
    ASYNC("async", true, false, false),
    /** RHEL7-style backport: the SIMD wrapper without the queued check, so frames overtake cryptd. */
    ASYNC_UNORDERED("async-unordered", true, false, false),
    /** 6.15: the async wrapper, but softirqs wait for task FPU sections, so the FPU is always usable. */
    DEFER_SOFTIRQ("defer-softirq", true, true, false),
    /** 6.16 and later: AES-NI/VAES GCM registered as synchronous: always inline, never cryptd. */
    SYNC_SIMD("sync-simd", false, true, false),
    /** A CPU without AES-NI: the generic C AES and GHASH, synchronous, inline. */
    GENERIC("generic", false, false, false),
    /**
     * {@link #ASYNC}, plus the fix proposed in the seed thread: a per-SA reorder queue after
     * decryption that releases frames in PN order, or past a gap once a timeout expires.
     */
    ASYNC_RESEQUENCE("async-resequence", true, false, true),
    /**
     * pcrypt/padata: every request is spread over the CPUs' parallel workers in turn and the
     * completions are serialised back into submission order.
     */
    PCRYPT("pcrypt", false, false, false),
    /** A crypto offload device with several engines that may complete out of order. */
    OFFLOAD("offload", false, false, false),
    /** {@link #OFFLOAD} plus the per-SA PN-order reorder queue of {@link #ASYNC_RESEQUENCE}. */
    OFFLOAD_RESEQUENCE("offload-resequence", false, false, true);

    private final String key;
    private final boolean simdWrapper;
    private final boolean fpuSectionsDisableBh;
    private final boolean resequences;

    Policy(String key, boolean simdWrapper, boolean fpuSectionsDisableBh, boolean resequences) {
        this.key = key;
        this.simdWrapper = simdWrapper;
        this.fpuSectionsDisableBh = fpuSectionsDisableBh;
        this.resequences = resequences;
    }

    /** Whether received frames pass a per-SA reorder queue (PN order, with a timeout) after decryption. */
    public boolean resequences() {
        return resequences;
    }

    /** Whether the kernels of this policy let kernel FPU sections hold off softirqs (6.15 and later). */
    public boolean fpuSectionsDisableBh() {
        return fpuSectionsDisableBh;
    }

    /** The name used in experiment files and output, e.g. {@code async-unordered}. */
    public String key() {
        return key;
    }

    /**
     * Whether MACsec's transform is the SIMD wrapper of {@code crypto/simd.c} ({@code
     * __gcm-aes-aesni} behind cryptd): its per-request check costs the caller cycles, inline or not.
     */
    public boolean simdWrapper() {
        return simdWrapper;
    }

    public static Policy fromKey(String key) {
        return Names.lookup(values(), Policy::key, key, "crypto policy");
    }

    @Override
    public String toString() {
        return key;
    }
}
