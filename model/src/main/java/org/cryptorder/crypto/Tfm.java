package org.cryptorder.crypto;

/**
 * A crypto transform: one per MACsec SA ({@code tx_sa->key.tfm}, {@code rx_sa->key.tfm}). It counts
 * its requests queued or in flight in cryptd on all CPUs ({@code cryptd_aead_queued}): the count
 * rises at enqueue and falls after the completion callback returns.
 */
public final class Tfm {
    private final String name;
    int inCryptd;
    /** pcrypt: the CPU whose serial worker calls this transform's completions back, or -1. */
    int callbackCpu = -1;

    public Tfm(String name) {
        this.name = name;
    }

    public String name() {
        return name;
    }

    /** Requests of this transform queued or in flight in cryptd, summed over CPUs. */
    public int inCryptd() {
        return inCryptd;
    }

    @Override
    public String toString() {
        return name;
    }
}
