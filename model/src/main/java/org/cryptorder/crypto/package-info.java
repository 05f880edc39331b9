/**
 * The kernel crypto API between MACsec and the CPU: which implementation runs each AEAD request,
 * where, and at what CPU cost.
 *
 * <h2>What is modelled</h2>
 * <ul>
 *   <li>{@link org.cryptorder.crypto.Policy}: the transform MACsec gets, one per kernel era
 *       ({@link org.cryptorder.crypto.KernelEra}) plus alternatives: {@code sync-fallback}
 *       (5.7-6.5), {@code async} (4.6-5.6, 6.6-6.14), {@code async-unordered} (RHEL7 backport),
 *       {@code defer-softirq} (6.15), {@code sync-simd} (6.16+), {@code generic} (no AES-NI),
 *       {@code async-resequence}, {@code pcrypt}, {@code offload}, {@code offload-resequence}.</li>
 *   <li>{@link org.cryptorder.crypto.CryptoApi}: the SIMD wrapper's rule of {@code crypto/simd.c}:
 *       cryptd when the FPU is unusable, or (with the queued check) when any request of the same
 *       transform is queued or in flight in cryptd on any CPU; the request goes to the current
 *       CPU's cryptd. pcrypt spreads requests over the CPUs' padata workers in turn and serialises
 *       completions back into submission order on one callback CPU per transform.</li>
 *   <li>{@link org.cryptorder.crypto.Cryptd}: one bounded FIFO per CPU shared by every transform,
 *       a kworker task bound to the CPU that completes one request per invocation inside a kernel
 *       FPU section and competes with the CPU's other tasks; a full queue refuses at once.</li>
 *   <li>{@link org.cryptorder.crypto.CryptoCosts}: cycles per encrypted and per authenticated-only
 *       octet, per request, the wrapper detour, FPU begin/end and state save, the fallback's
 *       per-block FPU sections and table GHASH, cryptd's enqueue and invocation costs; values come
 *       from a CPU profile in {@code data/profiles/} where each says where it comes from.</li>
 *   <li>{@link org.cryptorder.crypto.OffloadSpec}: engines running requests off the CPU, in or out
 *       of order, completing through softirq work on the issuing CPU.</li>
 * </ul>
 *
 * <h2>Simplifications</h2>
 * The cryptd worker's AEAD and completion callback are one piece of work (one FPU section);
 * MACsec is always in atomic context, so the queued check always applies; the real AES-GCM runs
 * when the modelled request completes, so its wall-clock cost never affects simulated time.
 *
 * <h2>Validation</h2>
 * {@code CryptdQueueingTest}: Poisson arrivals with exponential AEAD cost through cryptd give the
 * M/M/1 mean wait and queue length within the 95% confidence interval of 20 replications, and
 * Little's law on every sample path; a full queue refuses exactly the excess. {@code
 * OffloadDeviceTest}: completion order with and without in-order release. The policies'
 * invariants end to end are in {@code UdpDatapathTest}.
 */
package org.cryptorder.crypto;
