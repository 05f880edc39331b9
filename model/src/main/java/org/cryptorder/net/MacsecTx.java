package org.cryptorder.net;

import org.cryptorder.crypto.CryptoApi;
import org.cryptorder.crypto.Tfm;
import org.cryptorder.host.Cpu;
import org.cryptorder.macsec.GcmEngine;
import org.cryptorder.macsec.MacsecFrame;
import org.cryptorder.macsec.SecY;
import org.cryptorder.macsec.TxVerdict;

/**
 * The transmit half of a {@link MacsecDevice}: {@code macsec_start_xmit} in the sending context
 * (PN, SecTAG, the encryption request), and {@code macsec_encrypt_done} where the request completes,
 * which hands the frame to the lower device ({@code dev_queue_xmit}) from the completing CPU.
 *
 * <p>The sending context's {@code dev_queue_xmit} on the MACsec device sets {@code skb->sender_cpu}
 * ({@code netdev_core_pick_tx}: only when it is not set yet); {@code macsec_encrypt}'s copy
 * ({@code skb_copy_expand}, or {@code skb_unshare} of TCP's clone) keeps it
 * ({@code __copy_skb_header}), and drops the socket. So when the encryption completes
 * asynchronously on another CPU (cryptd's worker, padata, an offload engine) and
 * {@code macsec_encrypt_done} calls {@code dev_queue_xmit} there, {@code netdev_core_pick_tx} finds
 * {@code sender_cpu} set and XPS still picks the TX queue of the CPU that sent
 * ({@link Nic#txQueueOf}).
 *
 * <p>TCP small queues: the copy consumes the original skb ({@code consume_skb} after
 * {@code skb_copy_expand}; {@code skb_unshare} frees the clone), so {@code tcp_wfree} runs there,
 * in the sending context before the AEAD request, for every frame the SecY protects, whatever
 * becomes of it: the frame's {@link Packet#onRelease} listener is told then. A frame sent untagged
 * ({@code protect_frames} off) goes down with its socket and is released when the TX clean frees it.
 * Linux's pure ACKs keep their socket too (linear, not cloned); the model's ACK sender registers no
 * listener, so that case does not arise. TCP's GSO skbs reach this device already cut
 * ({@code skb_gso_segment} in {@code validate_xmit_skb}: the device has no TSO), one call of
 * {@link #start} per segment, in order, each taking its own PN and issuing its own request
 * ({@link Packet#gsoSegment} says which segment of how many).
 */
final class MacsecTx {
    private final MacsecDevice device;
    private final SecY secy;
    private final CryptoApi crypto;
    private final Nic nic;
    private final StackCosts costs;
    private final Tfm tfm = new Tfm("tx-sa");

    MacsecTx(MacsecDevice device, SecY secy, CryptoApi crypto, Nic nic, StackCosts costs) {
        this.device = device;
        this.secy = secy;
        this.crypto = crypto;
        this.nic = nic;
        this.costs = costs;
    }

    /** The sending context's part: PN, SecTAG and the AEAD request; the CPU time it costs, ns (inline AEAD included). */
    double start(Cpu cpu, Packet p) {
        MacsecObserver o = device.observer();
        if (o != null) {
            o.transmitStarted(cpu, p);
        }
        if (device.tap() != null) {
            device.tap().frame(cpu.now(), p, true);
        }
        MacsecFrame f = p.frame();
        if (p.senderCpu < 0) {
            p.senderCpu = cpu.id();
        }
        if (secy.config().protectFrames()) {
            p.release();
        }
        TxVerdict v = secy.transmit(f);
        double ns = costs.ns(costs.macsecTxCycles());
        if (v != TxVerdict.NEEDS_CRYPTO) {
            p.request = null;
            p.verdict = null;
            p.txVerdict = v;
            if (o != null) {
                o.transmitDecided(cpu, p, v);
            }
            return ns;
        }
        Encryption r = new Encryption(p, secy.config().icvLen(), secy.config().encrypt());
        double cryptoNs = r.submit(cpu, crypto);
        if (o != null) {
            o.encryptRequested(cpu, p, r, cryptoNs);
        }
        return ns + cryptoNs;
    }

    /** The end of the sending context's work: an untagged frame goes down, an inline request completes, a refused one fails. */
    void finish(Cpu cpu, Packet p) {
        MacsecRequest r = MacsecRequest.takeFrom(p);
        MacsecObserver o = device.observer();
        if (o != null) {
            o.transmitHandedOff(cpu, p, r);
        }
        if (r == null) {
            if (p.txVerdict == TxVerdict.SENT_UNTAGGED) {
                toLowerDevice(cpu, p);
            } else {
                drop(cpu, p, MacsecDrop.of(p.txVerdict));
            }
            return;
        }
        r.submitterDone(cpu, crypto);
    }

    /** {@code dev_queue_xmit} on the lower device, from {@code cpu}: the XPS queue of the sending CPU, or a drop. */
    private void toLowerDevice(Cpu cpu, Packet p) {
        if (!nic.transmit(p)) {
            drop(cpu, p, MacsecDrop.LOWER_QUEUE_FULL);
        }
    }

    /** A frame dropped on its way down: counted, then released as Linux frees the skb. */
    private void drop(Cpu cpu, Packet p, MacsecDrop why) {
        device.dropped(cpu, p, why);
        p.release();
    }

    /** The encryption of one frame ({@code macsec_encrypt}), completed by {@code macsec_encrypt_done}. */
    private final class Encryption extends MacsecRequest {
        Encryption(Packet p, int icvLen, boolean encrypt) {
            super(tfm, p, icvLen, encrypt);
        }

        @Override
        public void perform(GcmEngine engine) {
            secy.encrypt(packet.frame(), engine);
        }

        @Override
        public void complete(Cpu cpu) {
            packet.txRoute = route;
            packet.txCpu = cpu;
            packet.txWaitNs = startedAt() >= 0 ? startedAt() - enqueuedAt() : -1;
            MacsecObserver o = device.observer();
            if (o != null) {
                o.cryptdCompleted(cpu, this);
            }
            secy.transmitted(packet.frame());
            if (o != null) {
                o.encrypted(cpu, packet, nic.txQueueOf(packet));
            }
            toLowerDevice(cpu, packet);
        }

        @Override
        public void failed(Cpu cpu) {
            secy.transmitFailed(packet.frame());
            drop(cpu, packet, MacsecDrop.TX_CRYPTO_FAILED);
        }
    }
}
