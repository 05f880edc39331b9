package org.cryptorder.crypto;

import org.cryptorder.host.Cpu;
import org.cryptorder.macsec.GcmEngine;

/**
 * The kernel crypto API as MACsec meets it on one host: {@code crypto_aead_encrypt/decrypt} on the
 * transform that the {@link Policy} gives, deciding per request whether it runs inline in the
 * caller's context or goes to this CPU's cryptd (the SIMD wrapper of {@code crypto/simd.c}).
 *
 * <p>MACsec issues every request with softirqs disabled ({@code in_atomic()} true), so the wrapper's
 * queued check always applies under {@link Policy#ASYNC}.
 */
public final class CryptoApi {
    /** Where a request went. */
    public enum Route {
        /** Runs in the caller's context: the caller adds {@link #inlineNs} to its work and completes it. */
        INLINE,
        /** Queued on this CPU's cryptd (-EINPROGRESS); cryptd completes it. */
        QUEUED,
        /** Refused: the cryptd queue was full; the caller drops the frame. */
        REFUSED
    }

    private final Policy policy;
    private final CryptoCosts costs;
    private final Cryptd[] cryptd;
    private final GcmEngine engine;
    private long inline;
    private long queued;

    /** @param cryptd one per CPU of the host, indexed by CPU id */
    public CryptoApi(Policy policy, CryptoCosts costs, Cryptd[] cryptd, GcmEngine engine) {
        this.policy = policy;
        this.costs = costs;
        this.cryptd = cryptd.clone();
        this.engine = engine;
    }

    public Policy policy() {
        return policy;
    }

    public CryptoCosts costs() {
        return costs;
    }

    /** Decides the route of a request issued now on {@code cpu}, and queues it when that is the route. */
    public Route submit(Cpu cpu, AeadRequest r) {
        boolean toCryptd = switch (policy) {
            case SYNC_FALLBACK, SYNC_SIMD -> false;
            case ASYNC, DEFER_SOFTIRQ -> !cpu.simdUsable() || r.tfm().inCryptd > 0;
            case ASYNC_UNORDERED -> !cpu.simdUsable();
        };
        if (!toCryptd) {
            inline++;
            return Route.INLINE;
        }
        if (!cryptd[cpu.id()].enqueue(r)) {
            return Route.REFUSED;
        }
        queued++;
        return Route.QUEUED;
    }

    /**
     * CPU time the caller spends on the request it just submitted: the whole AEAD when inline; the
     * wrapper and the enqueue when it went to cryptd (or was refused).
     */
    public double callerNs(Cpu cpu, AeadRequest r, Route route) {
        double wrapper = policy.async() ? costs.ns(costs.simdWrapperCycles()) : 0;
        if (route != Route.INLINE) {
            return wrapper + costs.ns(costs.cryptdEnqueueCycles());
        }
        return wrapper + switch (policy) {
            case SYNC_FALLBACK -> costs.fallbackNs(r.encBytes(), r.authBytes(), cpu.simdUsable(), cpu.takeUserFpuSave());
            case SYNC_SIMD, ASYNC, ASYNC_UNORDERED, DEFER_SOFTIRQ ->
                    costs.aesniNs(r.encBytes(), r.authBytes(), cpu.takeUserFpuSave());
        };
    }

    /** Completes an inline request: the real AES-GCM, then the callback (in the caller's context). */
    public void completeInline(Cpu cpu, AeadRequest r) {
        r.perform(engine);
        r.complete(cpu);
    }

    /** Requests run inline so far. */
    public long inlineCount() {
        return inline;
    }

    /** Requests queued on cryptd so far. */
    public long queuedCount() {
        return queued;
    }

    public Cryptd cryptd(int cpuId) {
        return cryptd[cpuId];
    }
}
