package org.cryptorder.crypto;

import org.cryptorder.host.CycleCosts;

/**
 * CPU cost of one AEAD request on a given CPU, per implementation, in CPU cycles (converted to ns
 * at {@code ghz}). The values come from a CPU profile, where each one says where it comes from.
 *
 * @param ghz                       core clock, GHz
 * @param aesniCyclesPerByte        AES-NI+PCLMULQDQ GCM, per encrypted octet (CTR and GHASH together)
 * @param aesniAuthCyclesPerByte    the same implementation, per authenticated-only octet (AAD)
 * @param aesniCyclesPerRequest     fixed cost of one request (IV, tag, scatterlist walk)
 * @param simdWrapperCycles         the crypto/simd.c detour an async transform adds to each request
 * @param fpuBeginEndCycles         one kernel_fpu_begin/kernel_fpu_end pair without a state save
 * @param xsaveCycles               saving live user FPU registers at the first kernel_fpu_begin
 * @param fallbackBlockCycles       gcm_base(ctr(aes-aesni),...): one 16-octet AES-NI block through the
 *                                  ctr template and single-block cipher, besides its FPU begin/end
 * @param ghashGenericCyclesPerByte ghash-generic (4 KB table, no carry-less multiply), per octet hashed
 * @param genericAesCyclesPerByte   the portable C AES, per octet (when SIMD is unusable, or no AES-NI)
 * @param fallbackCyclesPerRequest  fixed cost of a request through the gcm template
 * @param cryptdEnqueueCycles       queueing a request on cryptd (enqueue, queue_work)
 * @param cryptdInvocationCycles    the cryptd worker's cost per request besides the AEAD (work item
 *                                  dispatch, completion callback)
 */
public record CryptoCosts(double ghz, double aesniCyclesPerByte, double aesniAuthCyclesPerByte,
                          double aesniCyclesPerRequest, double simdWrapperCycles, double fpuBeginEndCycles,
                          double xsaveCycles, double fallbackBlockCycles, double ghashGenericCyclesPerByte,
                          double genericAesCyclesPerByte, double fallbackCyclesPerRequest,
                          double cryptdEnqueueCycles, double cryptdInvocationCycles) {

    public CryptoCosts {
        CycleCosts.check("crypto costs", ghz, aesniCyclesPerByte, aesniAuthCyclesPerByte, aesniCyclesPerRequest,
                simdWrapperCycles, fpuBeginEndCycles, xsaveCycles, fallbackBlockCycles, ghashGenericCyclesPerByte,
                genericAesCyclesPerByte, fallbackCyclesPerRequest, cryptdEnqueueCycles, cryptdInvocationCycles);
    }

    /** Cycles to ns at this CPU's clock. */
    public double ns(double cycles) {
        return cycles / ghz;
    }

    /**
     * The AES-NI GCM request itself (one FPU section), without the wrapper detour.
     *
     * @param saveUserFpu whether this FPU section first saves a user task's registers
     */
    public double aesniNs(int encBytes, int authBytes, boolean saveUserFpu) {
        return ns(aesniCyclesPerRequest + encBytes * aesniCyclesPerByte + authBytes * aesniAuthCyclesPerByte
                + fpuBeginEndCycles + (saveUserFpu ? xsaveCycles : 0));
    }

    /**
     * {@code gcm_base(ctr(aes-aesni),ghash-generic)}: GHASH by table over everything hashed, and CTR
     * one 16-octet block at a time, each in its own FPU section when SIMD is usable, else in C.
     */
    public double fallbackNs(int encBytes, int authBytes, boolean simdUsable, boolean saveUserFpu) {
        int blocks = (encBytes + 15) / 16;
        double ctr = simdUsable
                ? blocks * (fallbackBlockCycles + fpuBeginEndCycles) + (saveUserFpu && blocks > 0 ? xsaveCycles : 0)
                : encBytes * genericAesCyclesPerByte;
        return ns(fallbackCyclesPerRequest + (encBytes + authBytes) * ghashGenericCyclesPerByte + ctr);
    }

    /** The generic C implementation: no SIMD at all. */
    public double genericNs(int encBytes, int authBytes) {
        return ns(fallbackCyclesPerRequest + (encBytes + authBytes) * ghashGenericCyclesPerByte
                + encBytes * genericAesCyclesPerByte);
    }
}
