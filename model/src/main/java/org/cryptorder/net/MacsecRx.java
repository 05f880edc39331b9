package org.cryptorder.net;

import java.util.IdentityHashMap;
import java.util.Map;
import org.cryptorder.crypto.CryptoApi;
import org.cryptorder.crypto.Tfm;
import org.cryptorder.host.Cpu;
import org.cryptorder.macsec.GcmEngine;
import org.cryptorder.macsec.MacsecFrame;
import org.cryptorder.macsec.RxSa;
import org.cryptorder.macsec.RxVerdict;
import org.cryptorder.macsec.SecTag;
import org.cryptorder.macsec.SecY;

/**
 * The receive half of a {@link MacsecDevice}: {@code macsec_handle_frame} in the NAPI poll (SecTAG,
 * SA look-up, replay pre-check, the decryption request), and {@code macsec_decrypt_done} /
 * {@code macsec_post_decrypt} where the request completes, after which the frame joins the GRO cell
 * of the completing CPU. The resequencing policies first hold completions in a PN reorder queue per
 * RX SA ({@link PnResequencer}).
 */
final class MacsecRx {
    private final MacsecDevice device;
    private final SecY secy;
    private final CryptoApi crypto;
    private final StackCosts costs;
    private final Map<RxSa, Tfm> tfms = new IdentityHashMap<>();
    private final Map<RxSa, PnResequencer> resequencers = new IdentityHashMap<>();
    private final double resequenceTimeoutNs;

    MacsecRx(MacsecDevice device, SecY secy, CryptoApi crypto, StackCosts costs, double resequenceTimeoutNs) {
        this.device = device;
        this.secy = secy;
        this.crypto = crypto;
        this.costs = costs;
        this.resequenceTimeoutNs = resequenceTimeoutNs;
    }

    /** The NAPI poll's part: the SecY's checks and the AEAD request; the CPU time it costs, ns (inline AEAD included). */
    double start(Cpu cpu, Packet p) {
        MacsecFrame f = p.frame();
        RxVerdict v = secy.receive(f);
        double ns = costs.ns(costs.macsecRxCycles());
        MacsecObserver o = device.observer();
        if (o != null) {
            o.receiveStarted(cpu, p);
        }
        if (v != RxVerdict.NEEDS_CRYPTO) {
            p.request = null;
            p.verdict = v;
            if (o != null) {
                o.receiveDecided(cpu, p, v);
            }
            return ns;
        }
        boolean encrypted = (SecTag.tciAn(f.bytes(), f.offset()) & SecTag.TCI_E) != 0;
        Decryption r = new Decryption(tfm(f.rxSa()), p, secy.config().icvLen(), encrypted);
        double cryptoNs = r.submit(cpu, crypto);
        if (o != null) {
            o.decryptRequested(cpu, p, r, cryptoNs);
        }
        return ns + cryptoNs;
    }

    /** The end of the NAPI poll's work: a frame decided without crypto is delivered or not, a request completes or fails. */
    void finish(Cpu cpu, Packet p) {
        MacsecRequest r = MacsecRequest.takeFrom(p);
        MacsecObserver o = device.observer();
        if (o != null) {
            o.receiveHandedOff(cpu, p, r);
        }
        if (r == null) {
            deliverOrDrop(cpu, p, p.verdict);
            return;
        }
        r.submitterDone(cpu, crypto);
    }

    /** {@code macsec_post_decrypt}, then delivery through {@code cpu}'s GRO cell. */
    void postDecrypt(MacsecRequest r, Cpu cpu) {
        MacsecObserver o = device.observer();
        long lowest = o != null ? r.packet.frame().rxSa().nextPn() - secy.config().replayWindow() : 0;
        RxVerdict v = secy.completeReceive(r.packet.frame());
        r.packet.verdict = v;
        if (o != null) {
            o.decrypted(cpu, r.packet, v, lowest);
        }
        deliverOrDrop(cpu, r.packet, v);
    }

    /** A frame the SecY gave verdict {@code v} goes up through {@code cpu}'s GRO cell, or is dropped for it. */
    private void deliverOrDrop(Cpu cpu, Packet p, RxVerdict v) {
        if (v.delivered()) {
            device.groCell(cpu).receive(cpu, p);
        } else {
            device.dropped(cpu, p, MacsecDrop.of(v));
        }
    }

    /** Gaps the PN reorder queues gave up on. */
    long resequencerTimeouts() {
        return resequencers.values().stream().mapToLong(PnResequencer::timeouts).sum();
    }

    private PnResequencer resequencer(RxSa sa, Cpu cpu) {
        PnResequencer q = resequencers.get(sa);
        if (q == null) {
            q = new PnResequencer(cpu, this, sa.nextPn(), resequenceTimeoutNs);
            resequencers.put(sa, q);
        }
        return q;
    }

    private Tfm tfm(RxSa sa) {
        return tfms.computeIfAbsent(sa, s -> new Tfm("rx-sa" + s.an()));
    }

    /** The decryption of one frame ({@code macsec_decrypt}), completed by {@code macsec_decrypt_done}. */
    private final class Decryption extends MacsecRequest {
        Decryption(Tfm tfm, Packet p, int icvLen, boolean encrypted) {
            super(tfm, p, icvLen, encrypted);
        }

        @Override
        public void perform(GcmEngine engine) {
            secy.decrypt(packet.frame(), engine);
        }

        @Override
        public void complete(Cpu cpu) {
            packet.rxRoute = route;
            packet.rxCpu = cpu;
            packet.rxWaitNs = startedAt() >= 0 ? startedAt() - enqueuedAt() : -1;
            MacsecObserver o = device.observer();
            if (o != null) {
                o.cryptdCompleted(cpu, this);
            }
            if (crypto.policy().resequences()) {
                resequencer(packet.frame().rxSa(), cpu).offer(this);
            } else {
                postDecrypt(this, cpu);
            }
        }

        @Override
        public void failed(Cpu cpu) {
            secy.receiveFailed(packet.frame());
            device.dropped(cpu, packet, MacsecDrop.RX_CRYPTO_FAILED);
        }
    }
}
