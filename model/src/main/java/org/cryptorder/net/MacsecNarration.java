package org.cryptorder.net;

import org.cryptorder.crypto.CryptoApi;
import org.cryptorder.crypto.Policy;
import org.cryptorder.host.Cpu;
import org.cryptorder.macsec.RxVerdict;
import org.cryptorder.macsec.TxVerdict;

/**
 * {@code explain}'s narration of a MACsec device: what it reports ({@link MacsecObserver}) becomes
 * steps and spans of a {@link FrameTrace}, for the frames the trace follows.
 *
 * @param trace  the trace the steps and spans go to
 * @param host   the host the device is on, as the steps name it
 * @param crypto the host's crypto API, whose routes the steps narrate
 */
record MacsecNarration(FrameTrace trace, String host, CryptoApi crypto) implements MacsecObserver {

    @Override
    public void transmitStarted(Cpu cpu, Packet p) {
        trace.admit(p, cpu.now());
        p.traceStartNs = cpu.now();
    }

    @Override
    public void transmitDecided(Cpu cpu, Packet p, TxVerdict v) {
        if (FrameTrace.follows(trace, p)) {
            trace.step(host, cpu, p, -1, sentBy(p) + "MACsec TX: " + v);
        }
    }

    @Override
    public void encryptRequested(Cpu cpu, Packet p, MacsecRequest r, double cryptoNs) {
        if (FrameTrace.follows(trace, p)) {
            trace.step(host, cpu, p, p.frame().pn(), sentBy(p) + "MACsec TX: PN taken, SecTAG written; "
                    + RouteNarration.of(crypto, cpu, r, r.route, cryptoNs, "encrypt"));
        }
    }

    /** The sending context the frame's sender named, as the start of its first step. */
    private static String sentBy(Packet p) {
        String gso = p.gsoSegments() == 0 ? ""
                : "segment " + p.gsoSegment() + " of " + p.gsoSegments() + " of a GSO skb, cut at the MACsec device; ";
        return (p.sentBy() == null ? "" : "sent by the " + p.sentBy() + "; ") + gso;
    }

    @Override
    public void transmitHandedOff(Cpu cpu, Packet p, MacsecRequest r) {
        if (FrameTrace.follows(trace, p)) {
            trace.span(p, r == null ? -1 : p.frame().pn(), host, cpu, r != null && r.route == CryptoApi.Route.INLINE
                    ? FrameTrace.Kind.ENCRYPT_INLINE : FrameTrace.Kind.SEND, p.traceStartNs, cpu.now());
        }
    }

    @Override
    public void encrypted(Cpu cpu, Packet p, int txQueue) {
        if (FrameTrace.follows(trace, p)) {
            trace.step(host, cpu, p, p.frame().pn(), "encrypted; dev_queue_xmit to TX queue " + txQueue
                    + " (XPS of the sending CPU " + p.senderCpu + ")");
        }
    }

    /** The wait in the queue and the worker's run (padata's and the offload device's queues are not drawn). */
    @Override
    public void cryptdCompleted(Cpu cpu, MacsecRequest r) {
        if (FrameTrace.follows(trace, r.packet) && r.route == CryptoApi.Route.QUEUED && r.startedAt() >= 0
                && crypto.policy() != Policy.PCRYPT) {
            long pn = r.packet.frame().pn();
            trace.span(r.packet, pn, host, cpu, FrameTrace.Kind.QUEUED, r.enqueuedAt(), r.startedAt());
            trace.span(r.packet, pn, host, cpu, FrameTrace.Kind.CRYPTD_WORKER, r.startedAt(), cpu.now());
        }
    }

    @Override
    public void receiveStarted(Cpu cpu, Packet p) {
        if (FrameTrace.follows(trace, p)) {
            p.traceStartNs = cpu.now();
        }
    }

    @Override
    public void receiveDecided(Cpu cpu, Packet p, RxVerdict v) {
        if (FrameTrace.follows(trace, p)) {
            trace.step(host, cpu, p, -1, "MACsec RX: " + RouteNarration.verdict(v, p.frame(), -1));
            if (v == RxVerdict.DELAYED) {
                trace.delayed(p);
            }
        }
    }

    @Override
    public void decryptRequested(Cpu cpu, Packet p, MacsecRequest r, double cryptoNs) {
        if (FrameTrace.follows(trace, p)) {
            trace.step(host, cpu, p, p.frame().pn(), "MACsec RX (NAPI poll): SecTAG ok, RX SA "
                    + p.frame().rxSa().an() + "; " + RouteNarration.of(crypto, cpu, r, r.route, cryptoNs, "decrypt"));
        }
    }

    @Override
    public void receiveHandedOff(Cpu cpu, Packet p, MacsecRequest r) {
        if (FrameTrace.follows(trace, p)) {
            trace.span(p, p.frame().pn(), host, cpu, r != null && r.route == CryptoApi.Route.INLINE
                    ? FrameTrace.Kind.DECRYPT_INLINE : FrameTrace.Kind.SOFTIRQ_RX, p.traceStartNs, cpu.now());
        }
    }

    @Override
    public void decrypted(Cpu cpu, Packet p, RxVerdict v, long lowest) {
        if (FrameTrace.follows(trace, p)) {
            trace.step(host, cpu, p, p.frame().pn(), "decrypted; " + RouteNarration.verdict(v, p.frame(), lowest));
            if (v == RxVerdict.DELAYED) {
                trace.delayed(p);
            }
        }
    }

    @Override
    public void deliveredUp(Cpu cpu, Packet p, double startNs, int segments, String flushedBy) {
        if (FrameTrace.follows(trace, p)) {
            String how = segments > 1 ? "merged into a " + segments + "-segment GRO packet (flushed: " + flushedBy
                    + "), up the stack as one skb: one TCP receive, one ACK decision"
                    : flushedBy != null ? "held by GRO alone (flushed: " + flushedBy + "), up the stack"
                    : "up the stack from the GRO cell to the socket";
            trace.step(host, cpu, p, -1, how);
            trace.span(p, p.frame().pn(), host, cpu, FrameTrace.Kind.DELIVERY, startNs, cpu.now());
        }
    }
}
