package org.cryptorder.net;

import org.cryptorder.crypto.AeadRequest;
import org.cryptorder.crypto.CryptoApi;
import org.cryptorder.crypto.Tfm;
import org.cryptorder.host.Cpu;

/**
 * An AEAD request of a MACsec device: one frame, one direction ({@code aead_request} as
 * {@code macsec_encrypt} and {@code macsec_decrypt} allocate it per skb), with the route the crypto
 * API gave it.
 */
abstract class MacsecRequest extends AeadRequest {
    final Packet packet;
    CryptoApi.Route route;

    MacsecRequest(Tfm tfm, Packet packet, int encBytes, int authBytes) {
        super(tfm, encBytes, authBytes);
        this.packet = packet;
    }

    /**
     * The end of the submitting context's work on this request, in either direction: an inline
     * request completes now ({@code crypto_aead_encrypt}/{@code _decrypt} returned 0), a refused one
     * fails ({@code -EBUSY} without backlog, or {@code -ENOMEM}), a queued one completes later in its
     * worker ({@code -EINPROGRESS}).
     */
    final void submitterDone(Cpu cpu, CryptoApi crypto) {
        switch (route) {
            case INLINE -> crypto.completeInline(cpu, this);
            case REFUSED -> failed(cpu);
            case QUEUED -> { }
        }
    }
}
