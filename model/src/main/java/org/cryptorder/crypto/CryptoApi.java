package org.cryptorder.crypto;

import java.util.ArrayDeque;
import java.util.function.Consumer;
import org.cryptorder.host.Context;
import org.cryptorder.host.Cpu;
import org.cryptorder.host.Task;
import org.cryptorder.host.Work;
import org.cryptorder.macsec.GcmEngine;

/**
 * The kernel crypto API as MACsec meets it on one host: {@code crypto_aead_encrypt/decrypt} on the
 * transform that the {@link Policy} gives. Per request it decides where the AEAD runs: inline in
 * the caller's context, on this CPU's cryptd (the SIMD wrapper of {@code crypto/simd.c}), on
 * padata's parallel workers (pcrypt), or on an offload device.
 *
 * <p>MACsec issues every request with softirqs disabled ({@code in_atomic()} true), so the
 * wrapper's queued check always applies under the policies that have it.
 */
public final class CryptoApi {
    /** Where a request went. */
    public enum Route {
        /** Runs in the caller's context: the caller adds {@link #callerNs} to its work and then {@link #completeInline}. */
        INLINE,
        /** Accepted elsewhere (-EINPROGRESS): cryptd, padata or the offload device completes it. */
        QUEUED,
        /** Refused: the queue was full (MACsec sets no backlog flag); the caller drops the frame. */
        REFUSED
    }

    private final Policy policy;
    private final CryptoCosts costs;
    private final Cryptd[] cryptd;
    private final Cryptd[] padata;
    private final Task[] serial;
    /** One reusable callback per serial worker, for the completions queued to it in order. */
    private final SerialCallback[] serialCallback;
    private int nextCallbackCpu;
    private final SubmissionOrder padataOrder = new SubmissionOrder();
    private final OffloadDevice offload;
    private final OffloadSpec offloadSpec;
    private final GcmEngine engine;
    private int padataNext;
    private long inline;

    /**
     * @param cpus              the host's CPUs, indexed by id; each gets a cryptd
     * @param cryptdQueueLength cryptd's per-CPU queue length (padata's workers get the same)
     * @param offload           the offload device, used by the offload policies
     */
    public CryptoApi(Policy policy, CryptoCosts costs, Cpu[] cpus, int cryptdQueueLength, OffloadSpec offload,
                     GcmEngine engine) {
        this.policy = policy;
        this.costs = costs;
        this.engine = engine;
        this.offloadSpec = offload;
        this.cryptd = new Cryptd[cpus.length];
        this.padata = new Cryptd[cpus.length];
        this.serial = new Task[cpus.length];
        this.serialCallback = new SerialCallback[cpus.length];
        Consumer<AeadRequest> toSerial = this::serial;
        for (int i = 0; i < cpus.length; i++) {
            cryptd[i] = new Cryptd(cpus[i], cryptdQueueLength, costs, engine);
            if (policy == Policy.PCRYPT) {
                padata[i] = new Cryptd(cpus[i], cryptdQueueLength, costs, engine, "kworker/padata",
                        (c, r) -> padataOrder.completed(r, toSerial));
                serial[i] = cpus[i].newTask("kworker/padata-serial", Context.KERNEL_WORKER, false);
                serialCallback[i] = new SerialCallback();
            }
        }
        this.offload = policy == Policy.OFFLOAD || policy == Policy.OFFLOAD_RESEQUENCE
                ? new OffloadDevice(cpus[0].simulator(), offload, costs, engine) : null;
    }

    public Policy policy() {
        return policy;
    }

    /** Decides the route of a request issued now on {@code cpu}, and hands it over when it goes elsewhere. */
    public Route submit(Cpu cpu, AeadRequest r) {
        r.issuedOn = cpu;
        Route route = switch (policy) {
            case SYNC_FALLBACK, SYNC_SIMD, GENERIC -> Route.INLINE;
            case ASYNC, DEFER_SOFTIRQ, ASYNC_RESEQUENCE ->
                    !cpu.simdUsable() || r.tfm().inCryptd > 0 ? toCryptd(cpu, r) : Route.INLINE;
            case ASYNC_UNORDERED -> !cpu.simdUsable() ? toCryptd(cpu, r) : Route.INLINE;
            case PCRYPT -> toPadata(r);
            case OFFLOAD, OFFLOAD_RESEQUENCE -> {
                offload.submit(r);
                yield Route.QUEUED;
            }
        };
        if (route == Route.INLINE) {
            inline++;
        }
        return route;
    }

    private Route toCryptd(Cpu cpu, AeadRequest r) {
        return cryptd[cpu.id()].enqueue(r) ? Route.QUEUED : Route.REFUSED;
    }

    /** padata_do_parallel: the next CPU in turn; the sequence number is taken only if the request is accepted. */
    private Route toPadata(AeadRequest r) {
        Cryptd target = padata[padataNext];
        padataNext = (padataNext + 1) % padata.length;
        if (!target.enqueue(r)) {
            return Route.REFUSED;
        }
        padataOrder.assign(r);  // read only when the request completes, from a later event
        return Route.QUEUED;
    }

    /**
     * padata_do_serial: a completion back in order goes to the serial worker of its transform's
     * callback CPU, which calls it back there; one CPU per transform keeps the order up the stack.
     */
    private void serial(AeadRequest r) {
        Tfm tfm = r.tfm();
        if (tfm.callbackCpu < 0) {
            tfm.callbackCpu = nextCallbackCpu;
            nextCallbackCpu = (nextCallbackCpu + 1) % serial.length;
        }
        SerialCallback callback = serialCallback[tfm.callbackCpu];
        callback.pending.add(r);
        serial[tfm.callbackCpu].submit(callback);
    }

    /** The serial worker's callback of the oldest completion handed to it (one per submission). */
    private static final class SerialCallback implements Work {
        private final ArrayDeque<AeadRequest> pending = new ArrayDeque<>();

        @Override
        public double start(Cpu cpu) {
            return 0;
        }

        @Override
        public void finish(Cpu cpu) {
            pending.poll().complete(cpu);
        }

        @Override
        public boolean bhDisabled() {
            return true;
        }
    }

    /**
     * CPU time the caller spends on the request it just submitted: the whole AEAD when inline; the
     * wrapper and the hand-over when it went elsewhere (or was refused).
     */
    public double callerNs(Cpu cpu, AeadRequest r, Route route) {
        double wrapper = policy.simdWrapper() ? costs.ns(costs.simdWrapperCycles()) : 0;
        if (route != Route.INLINE) {
            return switch (policy) {
                case OFFLOAD, OFFLOAD_RESEQUENCE -> costs.ns(offloadSpec.submitCycles());
                case PCRYPT -> costs.ns(costs.cryptdEnqueueCycles());
                default -> wrapper + costs.ns(costs.cryptdEnqueueCycles());
            };
        }
        return wrapper + switch (policy) {
            case SYNC_FALLBACK -> costs.fallbackNs(r.encBytes(), r.authBytes(), cpu.simdUsable(), cpu.takeUserFpuSave());
            case GENERIC -> costs.genericNs(r.encBytes(), r.authBytes());
            default -> costs.aesniNs(r.encBytes(), r.authBytes(), cpu.takeUserFpuSave());
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

    public Cryptd cryptd(int cpuId) {
        return cryptd[cpuId];
    }
}
