package org.cryptorder.net;

import org.cryptorder.host.Cpu;
import org.cryptorder.macsec.RxVerdict;
import org.cryptorder.macsec.TxVerdict;

/**
 * The steps of a frame through a {@link MacsecDevice}, as the device reports them: its trace source.
 * The device never decides what is made of them; {@link MacsecNarration} turns them into
 * {@code explain}'s narration. Each method is called on the replication's thread, at the simulated
 * instant of the step.
 */
interface MacsecObserver {
    /** The sending context entered {@code macsec_start_xmit} with {@code p}. */
    void transmitStarted(Cpu cpu, Packet p);

    /** The SecY decided {@code p} without crypto (sent untagged, or dropped). */
    void transmitDecided(Cpu cpu, Packet p, TxVerdict v);

    /** PN taken and SecTAG written; the encryption request took {@code route}, costing the caller {@code cryptoNs}. */
    void encryptRequested(Cpu cpu, Packet p, MacsecRequest r, double cryptoNs);

    /** The sending context's work on {@code p} ended ({@code r} null when no crypto was asked). */
    void transmitHandedOff(Cpu cpu, Packet p, MacsecRequest r);

    /** The encryption completed on {@code cpu}; the frame goes to TX queue {@code txQueue} (XPS). */
    void encrypted(Cpu cpu, Packet p, int txQueue);

    /** A request that went through cryptd completed in its worker on {@code cpu}. */
    void cryptdCompleted(Cpu cpu, MacsecRequest r);

    /** The NAPI poll entered {@code macsec_handle_frame} with {@code p}. */
    void receiveStarted(Cpu cpu, Packet p);

    /** The SecY decided {@code p} before any crypto. */
    void receiveDecided(Cpu cpu, Packet p, RxVerdict v);

    /** SecTAG and SA accepted; the decryption request took its route, costing the caller {@code cryptoNs}. */
    void decryptRequested(Cpu cpu, Packet p, MacsecRequest r, double cryptoNs);

    /** The NAPI poll's work on {@code p} ended ({@code r} null when no crypto was asked). */
    void receiveHandedOff(Cpu cpu, Packet p, MacsecRequest r);

    /** {@code macsec_post_decrypt} gave {@code v}; {@code lowest} was the lowest acceptable PN before it. */
    void decrypted(Cpu cpu, Packet p, RxVerdict v, long lowest);

    /**
     * The GRO cell of {@code cpu} took {@code p} up the stack to its socket, from {@code startNs}: on
     * its own ({@code segments} 1, {@code flushedBy} null when GRO did not hold it) or in a GRO packet
     * of {@code segments} frames that {@code flushedBy} ended.
     */
    void deliveredUp(Cpu cpu, Packet p, double startNs, int segments, String flushedBy);
}
