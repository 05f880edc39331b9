package org.cryptorder.net;

import org.cryptorder.crypto.AeadRequest;
import org.cryptorder.crypto.CryptoApi;
import org.cryptorder.crypto.Tfm;
import org.cryptorder.host.Cpu;
import org.cryptorder.macsec.MacsecFrame;
import org.cryptorder.macsec.SecTag;

/**
 * An AEAD request of a MACsec device: one frame, one direction ({@code aead_request} as
 * {@code macsec_encrypt} and {@code macsec_decrypt} allocate it per skb), with the route the crypto
 * API gave it.
 */
abstract class MacsecRequest extends AeadRequest {
    final Packet packet;
    CryptoApi.Route route;

    /** The request for {@code packet}'s frame, with an ICV of {@code icvLen} octets, {@code encrypted} or only authenticated. */
    MacsecRequest(Tfm tfm, Packet packet, int icvLen, boolean encrypted) {
        super(tfm, encryptedOctets(packet.frame(), icvLen, encrypted), authenticatedOctets(packet.frame(), icvLen, encrypted));
        this.packet = packet;
    }

    /**
     * The octets an AEAD request for {@code f} encrypts: with encryption, the text between the
     * SecTAG and the ICV; without, none.
     */
    private static int encryptedOctets(MacsecFrame f, int icvLen, boolean encrypted) {
        return encrypted ? f.length() - SecTag.headerLen(f.hasSci()) - icvLen : 0;
    }

    /** The octets the same request only authenticates: the SecTAG with encryption, all but the ICV without. */
    private static int authenticatedOctets(MacsecFrame f, int icvLen, boolean encrypted) {
        return encrypted ? SecTag.headerLen(f.hasSci()) : f.length() - icvLen;
    }

    /**
     * Hands this request to the crypto API from {@code cpu}: its route is decided and it becomes
     * its packet's request. Returns the CPU time the submitting context spends on it, ns (the inline
     * AEAD included).
     */
    final double submit(Cpu cpu, CryptoApi crypto) {
        route = crypto.submit(cpu, this);
        packet.request = this;
        return crypto.callerNs(cpu, this, route);
    }

    /** Takes the request off packet {@code p}, which the submitting context has finished with; null when it has none. */
    static MacsecRequest takeFrom(Packet p) {
        MacsecRequest r = p.request;
        p.request = null;
        return r;
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
