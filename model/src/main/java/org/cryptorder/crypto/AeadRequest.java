package org.cryptorder.crypto;

import org.cryptorder.host.Cpu;
import org.cryptorder.macsec.GcmEngine;

/**
 * One AEAD request as MACsec issues it: its transform, how many octets it encrypts and only
 * authenticates (which set its CPU cost), the real cryptographic operation, and the completion
 * callback ({@code macsec_encrypt_done} / {@code macsec_decrypt_done}).
 */
public abstract class AeadRequest {
    private final Tfm tfm;
    private final int encBytes;
    private final int authBytes;
    double enqueuedAt = -1;
    /** When a cryptd worker took the request (ns), or -1. */
    double startedAt = -1;
    /** Submission sequence number, where completions are put back into submission order. */
    long seq;
    /** The CPU that issued the request. */
    Cpu issuedOn;

    protected AeadRequest(Tfm tfm, int encBytes, int authBytes) {
        this.tfm = tfm;
        this.encBytes = encBytes;
        this.authBytes = authBytes;
    }

    public Tfm tfm() {
        return tfm;
    }

    public int encBytes() {
        return encBytes;
    }

    public int authBytes() {
        return authBytes;
    }

    /** When the request was queued on cryptd (ns), or -1. */
    public double enqueuedAt() {
        return enqueuedAt;
    }

    /** When a cryptd worker took the request off its queue (ns), or -1 when it was not queued there. */
    public double startedAt() {
        return startedAt;
    }

    /** Runs the real AES-GCM operation on the frame's bytes. */
    public abstract void perform(GcmEngine engine);

    /** The completion callback, run on {@code cpu} when the request completes (inline or in cryptd). */
    public abstract void complete(Cpu cpu);

    /** The request could not be queued (cryptd full, no backlog flag): the caller drops the frame. */
    public abstract void failed(Cpu cpu);
}
