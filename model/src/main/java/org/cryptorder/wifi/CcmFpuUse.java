package org.cryptorder.wifi;

/**
 * How an implementation of {@code ccm(aes)} uses the FPU: mainline x86's {@code ccm} template over
 * the single-block AES-NI cipher takes one {@code kernel_fpu_begin}/{@code end} section per 16-octet
 * block ({@link #PER_BLOCK}); the out-of-tree AES-NI CCM runs a whole frame in one section
 * ({@link #PER_REQUEST}) (KERNEL-FACTS.md section 6).
 */
public enum CcmFpuUse {
    /** One FPU section per 16-octet block: mainline {@code ccm(aes)}. */
    PER_BLOCK,
    /** One FPU section per frame: the out-of-tree AES-NI CCM. */
    PER_REQUEST
}
